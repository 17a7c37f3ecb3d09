"""The game room's HTTP API (docs/online.md): opening a round, checking in, the room with its
live games and alerts, protests, decisions and appeals."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Request
from pydantic import BaseModel, Field

from arbiter.server.api.params import MAX_INT, Board, EventId, RoundNo
from arbiter.server.api.schemas import error_responses
from arbiter.server.auth.dependencies import UserDep
from arbiter.server.play.hub import Hub
from arbiter.server.rooms import services
from arbiter.server.rooms.services import LAST_START, MAX_PROTEST, RoomView

__all__ = ["router", "with_live"]

router = APIRouter(tags=["online competitions"])

#: A change that the room's state may refuse (already open, decided, appealed; too late).
CONFLICTS = error_responses(409)

ProtestId = Annotated[int, Path(ge=1, le=MAX_INT, description="the protest's id")]


def hub_of(request: Request) -> Hub:
    """The live-play hub of the app (running in its lifespan)."""
    hub = getattr(request.app.state, "play_hub", None)
    if hub is None:
        raise RuntimeError("online competitions run inside the app's lifespan (start the server)")
    assert isinstance(hub, Hub)
    return hub


async def with_live(hub: Hub, view: RoomView) -> RoomView:
    """``view`` with the live summary of each of its games (loaded into this process)."""
    wall = hub.wall()
    for game in view.games:
        if game.live_id is None:
            continue
        room = await hub.room(game.live_id)
        if room is not None:
            view.live[game.live_id] = services.live_summary(room.state, wall)
    return view


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
    hub = hub_of(request)
    found = await asyncio.to_thread(
        services.file_protest,
        hub.rt,
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
    request: Request,
    event_id: EventId,
    protest_id: ProtestId,
    user: UserDep,
    body: Annotated[DecisionRequest, Body()],
) -> dict[str, Any]:
    """A referee's decision on a protest."""
    hub = hub_of(request)
    found = await asyncio.to_thread(
        services.decide_protest, hub.rt, user, event_id, protest_id, body.upheld, body.text
    )
    return found.to_json()


@router.post("/api/events/{event_id}/protests/{protest_id}/appeal", responses=CONFLICTS)
async def appeal_protest(
    request: Request,
    event_id: EventId,
    protest_id: ProtestId,
    user: UserDep,
    body: Annotated[TextRequest, Body()],
) -> dict[str, Any]:
    """A player's appeal of the decision to the organising committee."""
    hub = hub_of(request)
    found = await asyncio.to_thread(
        services.appeal_protest, hub.rt, user, event_id, protest_id, body.text
    )
    return found.to_json()


@router.post("/api/events/{event_id}/protests/{protest_id}/appeal/decision", responses=CONFLICTS)
async def decide_appeal(
    request: Request,
    event_id: EventId,
    protest_id: ProtestId,
    user: UserDep,
    body: Annotated[DecisionRequest, Body()],
) -> dict[str, Any]:
    """The organising committee's decision on an appeal."""
    hub = hub_of(request)
    found = await asyncio.to_thread(
        services.decide_appeal, hub.rt, user, event_id, protest_id, body.upheld, body.text
    )
    return found.to_json()
