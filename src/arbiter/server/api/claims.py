"""Entries and accounts: link an entry to an account, a claim link, self-registration and the
players' requests to join."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request

from arbiter.server.api import schemas
from arbiter.server.api.accounts_admin import link_out
from arbiter.server.api.params import EntryNo, EventId
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import claims
from arbiter.server.services.entries import PlayerFields

router = APIRouter(tags=["participants"])
RequestId = Annotated[int, Path(ge=1, le=2**31 - 1, description="the request's id")]


@router.put(
    "/events/{event_id}/participants/{no}/account",
    response_model=schemas.RoleOut,
    responses=schemas.error_responses(401, 403, 404, 409, 422),
)
def link_entry(
    event_id: EventId, no: EntryNo, body: schemas.LinkedEntryIn, user: UserDep, rt: RuntimeDep
) -> schemas.RoleOut:
    """Link entry ``no`` to an account (the organiser): its player's role."""
    return schemas.RoleOut.of(claims.link_entry(rt, user, event_id, no, body.username))


@router.post(
    "/events/{event_id}/participants/{no}/claim-link",
    response_model=schemas.LinkOut,
    status_code=201,
    responses=schemas.error_responses(401, 403, 404, 409, 422),
)
def claim_link(
    event_id: EventId,
    no: EntryNo,
    body: schemas.LinkIn,
    request: Request,
    user: UserDep,
    rt: RuntimeDep,
) -> schemas.LinkOut:
    """A link with which the player of entry ``no`` links it to their own account."""
    return link_out(request, claims.claim_link(rt, user, event_id, no, body.days))


@router.post(
    "/claims",
    response_model=schemas.ClaimedOut,
    responses=schemas.error_responses(401, 404, 409, 422),
)
def claim(body: schemas.ClaimIn, user: UserDep, rt: RuntimeDep) -> schemas.ClaimedOut:
    """Link the signed-in account to the entry of a claim link."""
    event_id, no = claims.claim(rt, user, body.token)
    return schemas.ClaimedOut(event_id=event_id, player_no=no)


@router.get(
    "/events/{event_id}/registration",
    response_model=schemas.WindowOut,
    responses=schemas.error_responses(404),
)
def window(event_id: EventId, user: UserDep, rt: RuntimeDep) -> schemas.WindowOut:
    """Whether players may ask to join the event, and until when."""
    from arbiter.server.services.events import get_event

    get_event(rt, user, event_id)  # 404 for an event the caller may not see
    return schemas.WindowOut.of(claims.window(rt, event_id))


@router.put(
    "/events/{event_id}/registration",
    response_model=schemas.WindowOut,
    responses=schemas.error_responses(401, 403, 404, 422),
)
def set_window(
    event_id: EventId, body: schemas.WindowIn, user: UserDep, rt: RuntimeDep
) -> schemas.WindowOut:
    """Open or close self-registration (the organiser)."""
    return schemas.WindowOut.of(claims.set_window(rt, user, event_id, body.open, body.deadline))


@router.post(
    "/events/{event_id}/join-requests",
    response_model=schemas.JoinRequestOut,
    status_code=201,
    responses=schemas.error_responses(401, 403, 404, 409, 422),
)
def ask_to_join(
    event_id: EventId, body: schemas.PlayerIn, user: UserDep, rt: RuntimeDep
) -> schemas.JoinRequestOut:
    """Ask to be entered in the event (a signed-in player, while registration is open)."""
    fields = PlayerFields(**body.model_dump())
    return schemas.JoinRequestOut.of(claims.ask_to_join(rt, user, event_id, fields))


@router.get(
    "/events/{event_id}/join-requests",
    response_model=list[schemas.JoinRequestOut],
    responses=schemas.error_responses(401, 403, 404),
)
def list_requests(event_id: EventId, user: UserDep, rt: RuntimeDep) -> list[schemas.JoinRequestOut]:
    """The requests to join (the event's organisers)."""
    return [schemas.JoinRequestOut.of(q) for q in claims.requests(rt, user, event_id)]


@router.post(
    "/events/{event_id}/join-requests/{request_id}",
    response_model=schemas.JoinRequestOut,
    responses=schemas.error_responses(401, 403, 404, 409, 422),
)
def decide(
    event_id: EventId,
    request_id: RequestId,
    body: schemas.DecisionIn,
    user: UserDep,
    rt: RuntimeDep,
) -> schemas.JoinRequestOut:
    """Confirm (the player is entered and linked) or refuse a request."""
    decided = claims.decide(rt, user, event_id, request_id, body.confirm, force=body.force)
    return schemas.JoinRequestOut.of(decided)
