"""The participants page: the entries, registering a player (one by one or from a file: CSV,
OpenGotha, TRF), pairs and teams of entered players, withdrawals."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from arbiter.i18n import N_, gettext
from arbiter.server.api.params import EntryNo, EventId
from arbiter.server.services import entries, events
from arbiter.server.services.duplicates import Duplicate, Found
from arbiter.server.services.entries import IMPORT_FORMATS, PlayerFields
from arbiter.server.services.errors import Invalid, ServiceError
from arbiter.server.services.state import EventState
from arbiter.server.web import rating_search
from arbiter.server.web.events import event_context
from arbiter.server.web.forms import EMPTY, Form
from arbiter.server.web.page import (
    FormDep,
    Page,
    PageDep,
    PageRoute,
    read_upload,
    text_fields,
    upload,
)

router = APIRouter(route_class=PageRoute, include_in_schema=False)

PLAYER_INPUTS = (
    "name",
    "rank",
    "rating",
    "title",
    "club",
    "city",
    "country",
    "gender",
    "born",
)


LIKELY = N_(
    "This player is likely entered already (below). Tick “Register anyway” if this is "
    "another person."
)
LIKELY_IN_FILE = N_(
    "The file likely holds players entered already or twice (below). Nobody is registered: "
    "choose the file again and tick “Register them anyway” if they are different people."
)

#: The events core names the detail it refuses in words; these place its message by the input.
PLAYER_WORDS = (
    ("already entered", "name"),
    ("rank", "rank"),
    ("date of birth", "born"),
    ("born", "born"),
    ("gender", "gender"),
    ("rating", "rating"),
    ("title", "title"),
    ("country", "country"),
    ("name", "name"),
)


def player_refusal(exc: ServiceError) -> ServiceError:
    """The refusal with the player's field it concerns, when the core's message names one.

    >>> player_refusal(Invalid("cannot read rank '12x': expected e.g. '5k'")).field
    'rank'
    """
    if exc.field is None:
        head = exc.message.lower()[:40]
        for words, field in PLAYER_WORDS:
            if words in head:
                exc.field = field
                break
    return exc


def _page(
    page: Page,
    state: EventState,
    *,
    player: Form = EMPTY,
    file: Form = EMPTY,
    pair: Form = EMPTY,
    team: Form = EMPTY,
    notes: tuple[str, ...] = (),
    duplicates: tuple[Found, ...] = (),
    file_duplicates: tuple[Found, ...] = (),
    status: int = 200,
) -> Response:
    return page.render(
        "participants.html",
        status=status,
        **event_context(state),
        duplicates=duplicates,
        file_duplicates=file_duplicates,
        player=player if player is not EMPTY else rating_search.prefilled(page.request),
        rating_search=rating_search.search_box(page, state),
        file=file,
        pair=pair,
        team=team,
        notes=notes,
        formats=IMPORT_FORMATS,
        tab="participants",
    )


@router.get("/events/{event_id}/participants")
def participants(event_id: EventId, page: PageDep) -> Response:
    """The entries, with the forms that register more."""
    state = events.get_event(page.rt, page.user, event_id)
    return _page(page, state)


def _optional(values: dict[str, str], key: str) -> str | None:
    text = values.get(key, "").strip()
    return text or None


def player_fields(values: dict[str, str]) -> PlayerFields:
    """A player's entry from the form's fields."""
    rating_text = values.get("rating", "").strip()
    try:
        rating = int(rating_text) if rating_text else None
    except ValueError:
        raise Invalid(gettext("Write the rating as a whole number."), "rating") from None
    return PlayerFields(
        name=values.get("name", "").strip(),
        gender=_optional(values, "gender"),
        born=_optional(values, "born"),
        club=values.get("club", "").strip(),
        city=values.get("city", "").strip(),
        country=values.get("country", "").strip(),
        title=values.get("title", "").strip(),
        rank=_optional(values, "rank"),
        rating=rating,
        ids=rating_search.listed_ids(values),
    )


@router.post("/events/{event_id}/participants")
def add_player(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Register one player."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        force = values.get("force") == "yes"
        entries.add_player(page.rt, user, event_id, player_fields(values), force=force)
    except Duplicate as exc:
        # shown with the candidates and a box to tick: "register anyway"
        state = events.get_event(page.rt, page.user, event_id)
        asked = Form({k: v for k, v in values.items() if k != "force"}, message=gettext(LIKELY))
        return _page(page, state, player=asked, duplicates=exc.found, status=exc.status)
    except ServiceError as exc:
        state = events.get_event(page.rt, page.user, event_id)
        shown = Form(values).refused(player_refusal(exc), PLAYER_INPUTS)
        return _page(page, state, player=shown, status=exc.status)
    return page.redirect(f"/events/{event_id}/participants", done="added", anchor="add")


@router.get("/events/{event_id}/participants/import")
def import_get(event_id: EventId, page: PageDep) -> Response:
    """The import form is on the participants page."""
    return page.redirect(f"/events/{event_id}/participants", anchor="import")


@router.post("/events/{event_id}/participants/import")
def import_file(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Register every player of an uploaded file (all or none)."""
    user = page.check_form(form)
    values = text_fields(form)
    fmt = values.get("format", "csv")
    try:
        chosen = upload(form, "file")
        if chosen is None:
            raise Invalid(gettext("Choose a file to import."), "file")
        data = read_upload(page, chosen)
        force = values.get("force") == "yes"
        added = entries.import_entries(page.rt, user, event_id, fmt, data, force=force)
    except Duplicate as exc:
        state = events.get_event(page.rt, page.user, event_id)
        asked = Form({"format": fmt}, message=gettext(LIKELY_IN_FILE))
        return _page(page, state, file=asked, file_duplicates=exc.found, status=exc.status)
    except ServiceError as exc:
        state = events.get_event(page.rt, page.user, event_id)
        shown = Form({"format": fmt}).refused(exc, ("file", "format"))
        return _page(page, state, file=shown, status=exc.status)
    if added.notes:
        return _page(page, added.state, notes=added.notes)
    return page.redirect(f"/events/{event_id}/participants", done="imported")


@router.post("/events/{event_id}/participants/pairs")
def add_pair(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Register a pair-go pair of two entered players (by number or name)."""
    user = page.check_form(form)
    values = text_fields(form)
    man, woman = values.get("man", "").strip(), values.get("woman", "").strip()
    try:
        entries.add_pair(
            page.rt,
            user,
            event_id,
            int(man) if man.isdigit() else man,
            int(woman) if woman.isdigit() else woman,
            values.get("pair_name", "").strip() or None,
        )
    except ServiceError as exc:
        state = events.get_event(page.rt, page.user, event_id)
        shown = Form(values).refused(exc, ("man", "woman", "pair_name"))
        return _page(page, state, pair=shown, status=exc.status)
    return page.redirect(f"/events/{event_id}/participants", done="added")


def _refs(text: str) -> list[str | int]:
    items = [part.strip() for part in text.replace(";", ",").split(",")]
    return [int(x) if x.isdigit() else x for x in items if x]


@router.post("/events/{event_id}/participants/teams")
def add_team(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Register a team of entered players in board order, with reserves."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        entries.add_team(
            page.rt,
            user,
            event_id,
            values.get("team_name", "").strip(),
            _refs(values.get("players", "")),
            _refs(values.get("reserves", "")),
        )
    except ServiceError as exc:
        state = events.get_event(page.rt, page.user, event_id)
        shown = Form(values).refused(exc, ("team_name", "players", "reserves"))
        return _page(page, state, team=shown, status=exc.status)
    return page.redirect(f"/events/{event_id}/participants", done="added")


@router.post("/events/{event_id}/participants/{no}/withdraw")
def withdraw(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """Withdraw a participant from the next round on."""
    user = page.check_form(form)
    entries.withdraw(page.rt, user, event_id, no)
    return page.redirect(f"/events/{event_id}/participants", done="withdrawn")


@router.get("/events/{event_id}/participants/{path:path}")
def participants_get(event_id: EventId, page: PageDep) -> Response:
    """The forms of the participants page post here; reading goes to the page."""
    return page.redirect(f"/events/{event_id}/participants")
