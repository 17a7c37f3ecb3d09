"""Event pages: create an event, its overview (settings, rounds, exports), its settings,
publishing and deleting it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from arbiter.events.event import Event
from arbiter.events.settings import DISCIPLINES, GAMES, SYSTEMS
from arbiter.i18n import N_, gettext
from arbiter.server.api.params import EventId
from arbiter.server.auth.roles import Permission
from arbiter.server.services import events
from arbiter.server.services.entries import format_function
from arbiter.server.services.errors import Forbidden, Invalid, NotAvailable, ServiceError
from arbiter.server.services.state import EventState
from arbiter.server.web.forms import Form
from arbiter.server.web.page import FormDep, Page, PageDep, PageRoute, text_fields
from arbiter.server.web.settings_form import groups_of
from arbiter.server.web.settings_reading import read as read_settings

router = APIRouter(route_class=PageRoute, include_in_schema=False)

#: Settings asked for on the new-event form, with their labels; ``games``: where they apply.
MAIN_SETTINGS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("city", N_("City"), GAMES),
    ("country", N_("Country"), GAMES),
    ("start", N_("First day"), GAMES),
    ("end", N_("Last day"), GAMES),
    ("chief_referee", N_("Chief referee"), GAMES),
    ("time_control", N_("Time control"), GAMES),
    ("language", N_("Language of printed tables"), GAMES),
    ("komi", N_("Komi"), ("go",)),
    ("handicap", N_("Handicap"), ("go",)),
    ("bar", N_("McMahon bar"), ("go",)),
    ("floor", N_("McMahon floor"), ("go",)),
    ("korgools", N_("Korgool counts in results"), ("toguz",)),
    ("ruleset", N_("Rules"), GAMES),
)
NOT_YOURS = N_("Only the organiser and the chief referee of the event may change its settings.")
LABELS = {key: label for key, label, _ in MAIN_SETTINGS} | {
    "name": N_("Event name"),
    "rounds": N_("Rounds"),
    "tiebreaks": N_("Tiebreaks"),
}


@dataclass(frozen=True, slots=True)
class Export:
    """A download of the event's results."""

    label: str
    url: str


@dataclass(frozen=True, slots=True)
class RoundLine:
    """A round as the overview lists it."""

    number: int
    published: bool
    games: int
    results: int
    provisional: int
    byes: int


def label(key: str) -> str:
    """A setting's label in the current language (its key when it has none)."""
    return gettext(LABELS[key]) if key in LABELS else key


def _available(module: str, name: str) -> bool:
    try:
        format_function(module, name, module)
    except NotAvailable:
        return False
    return True


def exports_of(state: EventState) -> list[Export]:
    """The files the event can be exported as (those this build can write)."""
    base = f"/api/events/{state.id}"
    found = [
        Export(gettext("Event file (JSON)"), f"{base}/export/json"),
        Export(gettext("Standings (CSV)"), f"{base}/standings?format=csv"),
        Export(gettext("Crosstable (CSV)"), f"{base}/crosstable?format=csv"),
    ]
    if state.event.game == "go":
        if _available("egf", "h9_bytes"):
            found.append(Export(gettext("EGF results (h9)"), f"{base}/export/h9"))
        if _available("opengotha", "write_opengotha"):
            found.append(Export(gettext("OpenGotha (XML)"), f"{base}/export/opengotha"))
    if _available("trf", "write_trf"):
        found.append(Export(gettext("FIDE report (TRF)"), f"{base}/export/trf"))
    return found


def round_lines(state: EventState) -> list[RoundLine]:
    """The rounds the caller sees, with how many results are in."""
    out = []
    for rnd in state.event.rounds:
        results = [g for g in rnd.games if g.result is not None]
        provisional = [g for g in results if g.result is not None and g.result.provisional]
        out.append(
            RoundLine(
                rnd.number,
                state.rounds[rnd.number].published,
                len(rnd.games),
                len(results),
                len(provisional),
                len(rnd.byes),
            )
        )
    return out


def event_context(state: EventState) -> dict[str, Any]:
    """What every page of an event shows in its header and navigation."""
    access = state.access
    planned, finished = events.progress(state)
    return {
        "state": state,
        "event": state.event,
        "planned": planned,
        "finished": finished,
        "staff": access.is_staff,
        "can": {p.value: access.can(p) for p in Permission},
        "next_round": len(state.event.rounds) + 1,
    }


# -- a new event ----------------------------------------------------------------------------------


def _new_form(page: Page, form: Form, status: int = 200) -> Response:
    return page.render(
        "event_new.html",
        status=status,
        form=form,
        games=GAMES,
        systems=SYSTEMS,
        disciplines=DISCIPLINES,
        settings=MAIN_SETTINGS,
        defaults=_defaults(),
    )


def _defaults() -> dict[str, dict[str, str]]:
    """Each main setting's default, per game (shown as placeholders)."""
    out: dict[str, dict[str, str]] = {}
    for game, system in (("go", "mcmahon"), ("toguz", "swiss")):
        cfg = Event.create(game, system).config  # type: ignore[arg-type]
        out[game] = {key: cfg.text(key) for key, _, games in MAIN_SETTINGS if game in games}
    return out


@router.get("/events/new")
def new_event_form(page: PageDep) -> Response:
    """The form that creates an event."""
    page.require_user()
    return _new_form(page, Form({"game": "go", "system": "mcmahon", "discipline": "individual"}))


def _rounds(text: str) -> int | None:
    if not text.strip():
        return None
    try:
        return int(text)
    except ValueError:
        raise Invalid(gettext("Write the number of rounds as a whole number."), "rounds") from None


@router.post("/events/new")
def create_event(page: PageDep, form: FormDep) -> Response:
    """Create the event (its creator becomes its organiser) and go to its participants."""
    user = page.check_form(form)
    values = text_fields(form)
    shown = Form(values)
    game = values.get("game", "")
    settings = {
        key: values[key].strip()
        for key, _, games in MAIN_SETTINGS
        if game in games and values.get(key, "").strip()
    }
    try:
        state = events.create_event(
            page.rt,
            user,
            game=game,
            system=values.get("system", ""),
            discipline=values.get("discipline", "individual"),
            name=values.get("name", "").strip() or None,
            rounds=_rounds(values.get("rounds", "")),
            settings=settings,
        )
    except ServiceError as exc:
        inputs = ["name", "game", "system", "discipline", "rounds", *LABELS]
        return _new_form(page, shown.refused(exc, inputs), status=exc.status)
    return page.redirect(f"/events/{state.id}/participants", done="created")


# -- the overview ---------------------------------------------------------------------------------


def render_overview(
    page: Page,
    state: EventState,
    *,
    pair_error: str | None = None,
    finalise_error: str | None = None,
    status: int = 200,
) -> Response:
    """The overview page; ``pair_error``: why the next round could not be paired;
    ``finalise_error``: why the event could not be finalised (rated)."""
    from arbiter.server.services.ratings import event_ratings, list_name
    from arbiter.server.web.settings_form import display

    # values in the reader's words (a code such as `japanese` or `none` is never shown)
    facts = [
        (label(key), display(key, state.event.config.value(key)) if text else "")
        for key, _, games in MAIN_SETTINGS
        if state.event.game in games and key != "language"
        for text in (state.event.config.text(key),)
    ]
    return page.render(
        "event.html",
        status=status,
        **event_context(state),
        facts=[(k, v) for k, v in facts if v],
        rounds=round_lines(state),
        exports=exports_of(state),
        pair_error=pair_error,
        rated=event_ratings(page.rt, page.user, state.id),
        list_name=list_name,
        finalise_error=finalise_error,
        tab="overview",
    )


@router.get("/events/{event_id}")
def event_page(event_id: EventId, page: PageDep) -> Response:
    """The event: its main settings, participants, rounds, standings and exports."""
    return render_overview(page, events.get_event(page.rt, page.user, event_id))


@router.get("/events/{event_id}/rounds")
def rounds_list(event_id: EventId, page: PageDep) -> Response:
    """The rounds are listed on the overview."""
    return page.redirect(f"/events/{event_id}", anchor="rounds")


@router.get("/events/{event_id}/publish")
def publish_get(event_id: EventId, page: PageDep) -> Response:
    """Publishing is a button on the overview."""
    return page.redirect(f"/events/{event_id}")


@router.post("/events/{event_id}/publish")
def publish(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Publish the event, or withdraw it (``published=no``)."""
    user = page.check_form(form)
    published = text_fields(form).get("published", "yes") == "yes"
    events.publish_event(page.rt, user, event_id, published)
    return page.redirect(f"/events/{event_id}", done="published" if published else "unpublished")


# -- settings -------------------------------------------------------------------------------------


def _settings_page(
    page: Page,
    state: EventState,
    typed: Mapping[str, str] | None = None,
    errors: Mapping[str, str] | None = None,
    message: str | None = None,
    status: int = 200,
) -> Response:
    groups = groups_of(state.event, typed, errors)
    return page.render(
        "settings.html",
        status=status,
        **event_context(state),
        groups=groups,
        refused=[c for g in groups for c in g.controls if c.error],
        message=message,
        tab="settings",
    )


@router.get("/events/{event_id}/settings")
def settings_page(event_id: EventId, page: PageDep) -> Response:
    """The settings that apply to the event, grouped, as form controls for its organiser and
    chief referee (a table for everybody else)."""
    return _settings_page(page, events.get_event(page.rt, page.user, event_id))


@router.post("/events/{event_id}/settings")
def change_settings(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Save the settings changed on the form: every field is checked, and a refused one comes
    back next to its field with what was typed (422), nothing saved."""
    user = page.check_form(form)
    state = events.get_event(page.rt, user, event_id)
    if not state.access.can(Permission.EDIT_SETTINGS):
        raise Forbidden(gettext(NOT_YOURS))
    fields = text_fields(form)
    reading = read_settings(state.event, fields)
    if reading.errors:
        return _settings_page(page, state, fields, reading.errors, status=422)
    try:
        if reading.changes:
            events.change_settings(page.rt, user, event_id, reading.changes)
    except ServiceError as exc:  # a change made meanwhile that this one no longer fits
        state = events.get_event(page.rt, user, event_id)
        key = (exc.field or "").removeprefix("settings.")
        if key in reading.changes:
            return _settings_page(page, state, fields, {key: exc.message}, status=exc.status)
        return _settings_page(page, state, fields, message=exc.message, status=exc.status)
    return page.redirect(f"/events/{event_id}/settings", done="settings")


@router.get("/events/{event_id}/delete")
def delete_get(event_id: EventId, page: PageDep) -> Response:
    """Deleting is a button on the settings page."""
    return page.redirect(f"/events/{event_id}/settings")


@router.post("/events/{event_id}/delete")
def delete(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Delete the event with everything in it (its organiser only)."""
    user = page.check_form(form)
    events.delete_event(page.rt, user, event_id)
    return page.redirect("/")
