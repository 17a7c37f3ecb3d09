"""The game room's HTTP API (docs/online.md): opening a round, checking in, the room with its
live games and alerts, protests, decisions and appeals."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Path, Query, Request
from pydantic import BaseModel, Field

from arbiter.server.api.params import MAX_INT, Board, EventId, RoundNo
from arbiter.server.api.schemas import error_responses
from arbiter.server.auth.dependencies import UserDep
from arbiter.server.play.lifespan import hub_of
from arbiter.server.rooms import services
from arbiter.server.rooms.live import with_live
from arbiter.server.rooms.services import LAST_START, MAX_PROTEST, ProtestView
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser

__all__ = ["router", "with_live"]

router = APIRouter(tags=["online competitions"])

#: A change that the room's state may refuse (already open, decided, appealed; too late).
CONFLICTS = error_responses(409)

ProtestId = Annotated[int, Path(ge=1, le=MAX_INT, description="the protest's id")]


@dataclass(frozen=True, slots=True)
class ProtestCall:
    """A protest named by the route (``event_id``, ``protest_id``), and who asks."""

    rt: Runtime
    user: CurrentUser | None
    event_id: int
    protest_id: int

    async def answer(self, act: Callable[..., ProtestView], *args: Any) -> dict[str, Any]:
        """``act(rt, user, event_id, protest_id, *args)`` in a worker thread, as JSON."""
        found = await asyncio.to_thread(
            act, self.rt, self.user, self.event_id, self.protest_id, *args
        )
        return found.to_json()


def _protest_call(
    request: Request, event_id: EventId, protest_id: ProtestId, user: UserDep
) -> ProtestCall:
    return ProtestCall(hub_of(request).rt, user, event_id, protest_id)


ProtestDep = Annotated[ProtestCall, Depends(_protest_call)]


class OpenRequest(BaseModel):
    """When the round starts (Unix seconds): the server starts every game's clock then."""

    start_at: float = Field(ge=0, le=LAST_START, examples=[1_767_225_600])


class ProtestRequest(BaseModel):
    """A protest about a game of a round."""

    round: int = Field(ge=1, le=9999)
    table: int = Field(ge=1, le=9999)
    board: int | None = Field(None, ge=1, le=99)
    text: str = Field(min_length=1, max_length=MAX_PROTEST)


class TextRequest(BaseModel):
    """An appeal's text."""

    text: str = Field(min_length=1, max_length=MAX_PROTEST)


class DecisionRequest(BaseModel):
    """A decision: upheld or rejected, with the reasons."""

    upheld: bool
    text: str = Field(min_length=1, max_length=MAX_PROTEST)


@router.post("/api/events/{event_id}/room/rounds/{number}", responses=CONFLICTS)
async def open_round(
    request: Request,
    event_id: EventId,
    number: RoundNo,
    user: UserDep,
    body: Annotated[OpenRequest, Body()],
) -> dict[str, Any]:
    """Open a paired, published round (a referee): its live games are created and the server
    starts their clocks at ``start_at``."""
    hub = hub_of(request)
    opened = await asyncio.to_thread(
        services.open_round, hub, user, event_id, number, body.start_at
    )
    for item in opened.games:
        await hub.room(item["id"])  # armed for the start
    return opened.to_json()


@router.get("/api/events/{event_id}/room/rounds/{number}")
async def room(
    request: Request, event_id: EventId, number: RoundNo, user: UserDep
) -> dict[str, Any]:
    """The round's room: start, check-ins (staff: everybody's; a player: their own), games with
    their live state and the referee's alerts."""
    hub = hub_of(request)
    view = await asyncio.to_thread(services.room_view, hub, user, event_id, number)
    return (await with_live(hub, view)).to_json()


@router.post("/api/events/{event_id}/room/rounds/{number}/checkin", responses=CONFLICTS)
async def check_in(
    request: Request, event_id: EventId, number: RoundNo, user: UserDep
) -> list[dict[str, Any]]:
    """Report present for the round (a player, before its start)."""
    hub = hub_of(request)
    found = await asyncio.to_thread(services.check_in, hub.rt, user, event_id, number)
    return [p.to_json() for p in found]


@router.get("/api/events/{event_id}/protests")
async def protests(
    request: Request,
    event_id: EventId,
    user: UserDep,
    number: Annotated[int | None, Query(ge=1, le=9999, alias="round")] = None,
    table: Annotated[int | None, Query(ge=1, le=9999)] = None,
    board: Board = None,
) -> list[dict[str, Any]]:
    """The protests the caller may read (staff: all; players: their games')."""
    hub = hub_of(request)
    _state, found = await asyncio.to_thread(
        services.protests_of, hub.rt, user, event_id, number, table, board
    )
    return [p.to_json() for p in found]


@router.post("/api/events/{event_id}/protests", status_code=201, responses=CONFLICTS)
async def file_protest(
    request: Request, event_id: EventId, user: UserDep, body: Annotated[ProtestRequest, Body()]
) -> dict[str, Any]:
    """File a protest about one's game (before the next round starts)."""
    found = await asyncio.to_thread(
        services.file_protest,
        hub_of(request).rt,
        user,
        event_id,
        body.round,
        body.table,
        body.board,
        body.text,
    )
    return found.to_json()


@router.post("/api/events/{event_id}/protests/{protest_id}/decision", responses=CONFLICTS)
async def decide_protest(
    protest: ProtestDep, body: Annotated[DecisionRequest, Body()]
) -> dict[str, Any]:
    """A referee's decision on a protest."""
    return await protest.answer(services.decide_protest, body.upheld, body.text)


@router.post("/api/events/{event_id}/protests/{protest_id}/appeal", responses=CONFLICTS)
async def appeal_protest(
    protest: ProtestDep, body: Annotated[TextRequest, Body()]
) -> dict[str, Any]:
    """A player takes the referee's decision to the chief referee (seed 002 3.7, 3.10)."""
    return await protest.answer(services.appeal_protest, body.text)


@router.post("/api/events/{event_id}/protests/{protest_id}/appeal/decision", responses=CONFLICTS)
async def decide_appeal(
    protest: ProtestDep, body: Annotated[DecisionRequest, Body()]
) -> dict[str, Any]:
    """The chief referee's decision on an appeal (the chief referee's role only)."""
    return await protest.answer(services.decide_appeal, body.upheld, body.text)


@router.post("/api/events/{event_id}/protests/{protest_id}/under-protest", responses=CONFLICTS)
async def continue_under_protest(protest: ProtestDep) -> dict[str, Any]:
    """The protesting player goes on playing under protest after the chief referee's decision
    (seed 002 3.10): the game and the round protocol are marked."""
    return await protest.answer(services.mark_under_protest)


@router.post("/api/events/{event_id}/protests/{protest_id}/committee", responses=CONFLICTS)
async def appeal_to_committee(
    protest: ProtestDep, body: Annotated[TextRequest, Body()]
) -> dict[str, Any]:
    """A player takes the chief referee's decision to the appeals committee (seed 002 3.8)."""
    return await protest.answer(services.appeal_to_committee, body.text)


@router.post("/api/events/{event_id}/protests/{protest_id}/committee/decision", responses=CONFLICTS)
async def decide_committee(
    protest: ProtestDep, body: Annotated[DecisionRequest, Body()]
) -> dict[str, Any]:
    """The appeals committee's decision (one of its members records it; with fewer than three
    members, the organiser: seed 002 3.8)."""
    return await protest.answer(services.decide_committee, body.upheld, body.text)
