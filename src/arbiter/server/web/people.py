"""An event's people: who holds which role (appoint, remove), which entry is linked to which
account (link by account name, claim links), self-registration and the players' requests to
join; the claim page a player opens with a claim link."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter
from fastapi.responses import Response

from arbiter.i18n import gettext
from arbiter.server.api.params import EntryNo, EventId
from arbiter.server.auth.roles import Permission
from arbiter.server.services import accounts, claims, events, roles
from arbiter.server.services.errors import Invalid, ServiceError
from arbiter.server.services.state import EventState
from arbiter.server.web.accounts import link_address
from arbiter.server.web.events import event_context
from arbiter.server.web.forms import EMPTY, Form
from arbiter.server.web.page import FormDep, Page, PageDep, PageRoute, text_fields
from arbiter.server.web.participants import player_fields, player_refusal

router = APIRouter(route_class=PageRoute, include_in_schema=False)

#: The roles given on this page (players are linked to entries instead).
STAFF_ROLES = ("organiser", "chief-referee", "referee", "spectator", "committee")
REQUEST_INPUTS = ("name", "rank", "rating", "club", "city", "country", "gender", "born")


def _people_page(
    page: Page,
    state: EventState,
    *,
    form: Form = EMPTY,
    join: Form = EMPTY,
    link: str | None = None,
    status: int = 200,
) -> Response:
    access = state.access
    manage = access.can(Permission.MANAGE_REFEREES)
    grants = roles.list_roles(page.rt, page.user, state.id) if access.is_staff else []
    by_entry = {g.player_no: g for g in grants if g.role == "player"}
    query = page.request.query_params.get("q", "")[:64].strip()
    return page.render(
        "event_people.html",
        status=status,
        **event_context(state),
        tab="people",
        form=form,
        join=join,
        link=link,
        manage=manage,
        staff_grants=[g for g in grants if g.role != "player"],
        by_entry=by_entry,
        staff_roles=STAFF_ROLES,
        window=claims.window(page.rt, state.id),
        requests=(
            claims.requests(page.rt, page.user, state.id)
            if access.can(Permission.MANAGE_ENTRIES)
            else []
        ),
        mine=claims.my_request(page.rt, page.user, state.id),
        query=query,
        found=accounts.search_users(page.rt, page.user, query) if query and manage else [],
        now=datetime.now(UTC),
    )


def _state(page: Page, event_id: int) -> EventState:
    return events.get_event(page.rt, page.user, event_id)


@router.get("/events/{event_id}/people")
def people(event_id: EventId, page: PageDep) -> Response:
    """Roles, linked accounts, self-registration (``q``: find accounts by name)."""
    return _people_page(page, _state(page, event_id))


def _done(event_id: int, page: Page, done: str, anchor: str = "") -> Response:
    return page.redirect(f"/events/{event_id}/people", done=done, anchor=anchor)


@router.post("/events/{event_id}/people/roles")
def give_role(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Appoint an account by name to a role."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        if values.get("role") not in STAFF_ROLES:
            raise Invalid(gettext("Choose a role."), "role")
        roles.grant_role(page.rt, user, event_id, values.get("username", ""), values["role"])
    except ServiceError as exc:
        shown = Form(values).refused(exc, ("username", "role"))
        return _people_page(page, _state(page, event_id), form=shown, status=exc.status)
    return _done(event_id, page, "role-given", "roles")


@router.post("/events/{event_id}/people/roles/{role_id}/remove")
def take_role(event_id: EventId, role_id: int, page: PageDep, form: FormDep) -> Response:
    """Take a role back (a player's: the entry is no longer linked)."""
    user = page.check_form(form)
    try:
        roles.revoke_role(page.rt, user, event_id, role_id)
    except ServiceError as exc:
        shown = Form({}).refused(exc, ())
        return _people_page(page, _state(page, event_id), form=shown, status=exc.status)
    return _done(event_id, page, "role-taken", "roles")


@router.post("/events/{event_id}/people/entries/{no}/account")
def link_entry(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """Link an entry to an account by the account's name."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        claims.link_entry(page.rt, user, event_id, no, values.get("username", ""))
    except ServiceError as exc:
        shown = Form({**values, "entry": str(no)}).refused(exc, ())
        return _people_page(page, _state(page, event_id), form=shown, status=exc.status)
    return _done(event_id, page, "linked", "entries")


@router.post("/events/{event_id}/people/entries/{no}/claim-link")
def claim_link(event_id: EventId, no: EntryNo, page: PageDep, form: FormDep) -> Response:
    """A claim link for the entry: its address is shown once, to hand to the player."""
    user = page.check_form(form)
    try:
        made = claims.claim_link(page.rt, user, event_id, no)
    except ServiceError as exc:
        shown = Form({}).refused(exc, ())
        return _people_page(page, _state(page, event_id), form=shown, status=exc.status)
    return _people_page(page, _state(page, event_id), link=link_address(page, made))


def _deadline(text: str) -> datetime | None:
    text = text.strip()
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text[:32])
    except ValueError:
        raise Invalid(gettext("Write the deadline as a date and time."), "deadline") from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@router.post("/events/{event_id}/people/registration")
def set_window(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Open or close self-registration."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        deadline = _deadline(values.get("deadline", ""))
        claims.set_window(page.rt, user, event_id, values.get("open") == "1", deadline)
    except ServiceError as exc:
        shown = Form(values).refused(exc, ("deadline",))
        return _people_page(page, _state(page, event_id), form=shown, status=exc.status)
    return _done(event_id, page, "window", "registration")


@router.post("/events/{event_id}/people/join")
def ask_to_join(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """A signed-in player asks to be entered."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        claims.ask_to_join(page.rt, user, event_id, player_fields(values))
    except ServiceError as exc:
        shown = Form(values).refused(player_refusal(exc), REQUEST_INPUTS)
        return _people_page(page, _state(page, event_id), join=shown, status=exc.status)
    return _done(event_id, page, "asked", "join")


@router.post("/events/{event_id}/people/requests/{request_id}")
def decide(event_id: EventId, request_id: int, page: PageDep, form: FormDep) -> Response:
    """Confirm or refuse a request to join (``force``: enter a likely duplicate)."""
    user = page.check_form(form)
    values = text_fields(form)
    confirm = values.get("decision") == "confirm"
    try:
        claims.decide(
            page.rt, user, event_id, request_id, confirm, force=values.get("force") == "1"
        )
    except ServiceError as exc:
        shown = Form({"request": str(request_id)}).refused(exc, ())
        return _people_page(page, _state(page, event_id), form=shown, status=exc.status)
    return _done(event_id, page, "request-confirmed" if confirm else "request-refused", "requests")


# -- the claim page -------------------------------------------------------------------------------


@router.get("/claim")
def claim_form(page: PageDep) -> Response:
    """The page a claim link opens: sign in (or up) first, then one button."""
    token = page.request.query_params.get("token", "")[:200]
    return page.render("claim.html", form=Form({"token": token}))


@router.post("/claim")
def claim(page: PageDep, form: FormDep) -> Response:
    """Link the signed-in account to the entry of the claim link."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        event_id, _no = claims.claim(page.rt, user, values.get("token", "").strip())
    except ServiceError as exc:
        return page.render("claim.html", status=exc.status, form=Form(values).refused(exc, ()))
    return page.redirect(f"/events/{event_id}", done="claimed")
