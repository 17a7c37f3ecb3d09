"""One entry's page: correct every field of a player (or a pair's, a team's details), delete an
entry that has taken no part in the event, merge a player entered twice.

The forms carry the event's version: a page read before another change refuses to delete or
merge (409, shown on the page) rather than act on what its reader did not see.
"""

from __future__ import annotations

from dataclasses import replace

from fastapi import APIRouter
from fastapi.responses import Response

from arbiter.events.corrections import MERGE_FIELDS, find_entry, first_use
from arbiter.events.duplicates import likely_duplicates
from arbiter.events.participants import Pair, Player, Team
from arbiter.i18n import N_, gettext, pgettext, translate
from arbiter.server.api.params import EntryNo, EventId
from arbiter.server.services import corrections, entries, events
from arbiter.server.services.errors import Invalid, ServiceError, domain
from arbiter.server.services.state import EventState
from arbiter.server.web.events import event_context
from arbiter.server.web.forms import EMPTY, Form
from arbiter.server.web.page import FormDep, Page, PageDep, PageRoute, text_fields
from arbiter.server.web.participants import PLAYER_INPUTS, player_fields, player_refusal

router = APIRouter(route_class=PageRoute, include_in_schema=False)

EDIT_INPUTS = (*PLAYER_INPUTS, "coach", "medical")
#: The fields a merge may take from the other entry, as the merge form names them.
MERGE_LABELS = {
    "name": N_("Name"),
    "gender": N_("Gender"),
    "born": N_("Born"),
    "club": N_("Club"),
    "city": N_("City"),
    "country": N_("Country"),
    "title": N_("Sports title"),
    "rank": "",  # the crosstable's words (pgettext), in _merge_labels
    "rating": "",
    "coach": N_("Coach"),
    "medical": N_("Doctor's clearance"),
    "ids": N_("Rating-list ids"),
}
assert tuple(MERGE_LABELS) == MERGE_FIELDS


def _merge_labels(game: str) -> list[tuple[str, str]]:
    """The merge form's fields with their labels in the request's language (a rank only in
    Go)."""
    labels = {k: gettext(v) for k, v in MERGE_LABELS.items() if v}
    labels["rank"] = pgettext("crosstable", "Rank")
    labels["rating"] = pgettext("crosstable", "Rating")
    return [(k, labels[k]) for k in MERGE_FIELDS if k != "rank" or game == "go"]


def player_values(player: Player) -> dict[str, str]:
    """A player's fields as the edit form shows them."""
    return {
        "name": f"{player.surname}, {player.given}" if player.given else player.surname,
        "rank": str(player.rank) if player.rank is not None else "",
        "rating": str(player.rating) if player.rating is not None else "",
        "title": player.title,
        "club": player.club,
        "city": player.city,
        "country": player.country,
        "gender": player.gender or "",
        "born": player.born.isoformat() if player.born else "",
        "coach": player.coach,
        "medical": {True: "yes", False: "no", None: ""}[player.medical],
    }


def _entry(state: EventState, kind: str, no: int) -> Player | Pair | Team:
    with domain(in_path=True):
        found = find_entry(state.event, kind, no)
    assert isinstance(found, Player | Pair | Team)
    return found


def _page(
    page: Page,
    state: EventState,
    kind: str,
    no: int,
    *,
    edit: Form | None = None,
    delete: Form = EMPTY,
    merge: Form = EMPTY,
    status: int = 200,
) -> Response:
    entry = _entry(state, kind, no)
    if edit is None:
        if isinstance(entry, Player):
            edit = Form(player_values(entry))
        elif isinstance(entry, Team):
            edit = Form({"name": entry.name, "club": entry.club, "country": entry.country})
        else:
            edit = Form({"name": entry.name})
    use = first_use(state.event, kind, no)
    candidates = likely_duplicates(state.event.players, entry) if isinstance(entry, Player) else []
    return page.render(
        "participant.html",
        status=status,
        **event_context(state),
        kind=kind,
        entry=entry,
        edit=edit,
        delete=delete,
        merge=merge,
        use=translate(use.template, use.params) if use is not None else None,
        candidates=candidates,
        merge_fields=_merge_labels(state.event.game),
        tab="participants",
    )


def _show(page: Page, event_id: int, kind: str, no: int) -> Response:
    state = events.get_event(page.rt, page.user, event_id)
    return _page(page, state, kind, no)


@router.get("/events/{event_id}/participants/{no}/edit")
def player_page(event_id: EventId, no: EntryNo, page: PageDep) -> Response:
    """A player's entry, with the forms that correct, delete and merge it."""
    return _show(page, event_id, "player", no)


@router.get("/events/{event_id}/participants/pairs/{no}/edit")
def pair_page(event_id: EventId, no: EntryNo, page: PageDep) -> Response:
    """A pair's entry: its name, deleting it."""
    return _show(page, event_id, "pair", no)


@router.get("/events/{event_id}/participants/teams/{no}/edit")
def team_page(event_id: EventId, no: EntryNo, page: PageDep) -> Response:
    """A team's entry: its name, club and country, deleting it."""
    return _show(page, event_id, "team", no)


def _medical(text: str) -> bool | None:
    return {"yes": True, "no": False}.get(text.strip())


@router.post("/events/{event_id}/participants/{no}/edit")
def correct_player(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """Correct every field of a player's entry."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        fields = replace(
            player_fields(values),
            coach=values.get("coach", "").strip(),
            medical=_medical(values.get("medical", "")),
        )
        entries.update_player(page.rt, user, event_id, no, fields)
    except ServiceError as exc:
        state = events.get_event(page.rt, page.user, event_id)
        shown = Form(values).refused(player_refusal(exc), EDIT_INPUTS)
        return _page(page, state, "player", no, edit=shown, status=exc.status)
    return page.redirect(f"/events/{event_id}/participants", done="corrected")


def _group_edit(page: Page, event_id: int, kind: str, no: int, form: FormDep) -> Response:
    user = page.check_form(form)
    values = text_fields(form)
    name = values.get("name", "").strip()
    try:
        if not name:
            raise Invalid(gettext("Give the name."), "name")
        if kind == "pair":
            corrections.update_pair(page.rt, user, event_id, no, name)
        else:
            corrections.update_team_details(
                page.rt,
                user,
                event_id,
                no,
                name,
                values.get("club", "").strip(),
                values.get("country", "").strip(),
            )
    except ServiceError as exc:
        state = events.get_event(page.rt, page.user, event_id)
        shown = Form(values).refused(exc, ("name", "club", "country"))
        return _page(page, state, kind, no, edit=shown, status=exc.status)
    return page.redirect(f"/events/{event_id}/participants", done="corrected")


@router.post("/events/{event_id}/participants/pairs/{no}/edit")
def correct_pair(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """Rename a pair."""
    return _group_edit(page, event_id, "pair", no, form)


@router.post("/events/{event_id}/participants/teams/{no}/edit")
def correct_team(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """Correct a team's name, club and country."""
    return _group_edit(page, event_id, "team", no, form)


def _version(values: dict[str, str]) -> int | None:
    text = values.get("version", "").strip()
    return int(text) if text.isdigit() and len(text) < 10 else None


def _delete(page: Page, event_id: int, kind: str, no: int, form: FormDep) -> Response:
    user = page.check_form(form)
    values = text_fields(form)
    try:
        corrections.delete_entry(
            page.rt,
            user,
            event_id,
            kind,  # type: ignore[arg-type]
            no,
            version=_version(values),
        )
    except ServiceError as exc:
        if exc.status == 404:
            raise
        state = events.get_event(page.rt, page.user, event_id)
        return _page(page, state, kind, no, delete=Form().refused(exc, ()), status=exc.status)
    return page.redirect(f"/events/{event_id}/participants", done="deleted")


@router.post("/events/{event_id}/participants/{no}/delete")
def delete_player(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """Delete a player who has taken no part in the event."""
    return _delete(page, event_id, "player", no, form)


@router.post("/events/{event_id}/participants/pairs/{no}/delete")
def delete_pair(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """Delete a pair that has taken no part in the event."""
    return _delete(page, event_id, "pair", no, form)


@router.post("/events/{event_id}/participants/teams/{no}/delete")
def delete_team(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """Delete a team that has taken no part in the event."""
    return _delete(page, event_id, "team", no, form)


@router.post("/events/{event_id}/participants/{no}/merge")
def merge_player(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """Merge a player entered twice: the entry that has played stays."""
    user = page.check_form(form)
    values = text_fields(form)
    take = [k for k in MERGE_FIELDS if form.get(f"take_{k}") == "yes"]
    other_text = values.get("other", "").strip()
    try:
        if not other_text.isdigit() or len(other_text) > 9:
            raise Invalid(gettext("Give the other entry's number."), "other")
        _, kept, _ = corrections.merge_players(
            page.rt, user, event_id, no, int(other_text), take, version=_version(values)
        )
    except ServiceError as exc:
        if exc.status == 404:
            raise
        state = events.get_event(page.rt, page.user, event_id)
        shown = Form({**values}).refused(exc, ("other",))
        return _page(page, state, "player", no, merge=shown, status=exc.status)
    return page.redirect(f"/events/{event_id}/participants/{kept.no}/edit", done="merged")
