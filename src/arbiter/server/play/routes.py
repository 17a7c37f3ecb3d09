"""The live-play routes: the HTTP endpoints under ``/api/play`` that create games and read them,
and the WebSocket ``/play/ws/{id}`` (:mod:`arbiter.server.play.ws`).

``router`` carries the lifespan that starts this process's
:class:`~arbiter.server.play.hub.Hub` (``app.state.play_hub``) and stops it
(:mod:`arbiter.server.play.lifespan`).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Request
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from arbiter.match import MatchError, match_to_json
from arbiter.match.export import export
from arbiter.server.api.params import EventId, LiveId, RoundNo
from arbiter.server.api.schemas import error_responses
from arbiter.server.auth.dependencies import UserDep
from arbiter.server.play import ws, your_turn
from arbiter.server.play.casual_steps import guest_name, record_name
from arbiter.server.play.hub import Hub
from arbiter.server.play.lifespan import hub_of, lifespan
from arbiter.server.play.room import Room
from arbiter.server.play.services import (
    GameSpec,
    create_casual,
    create_computer,
    create_round_games,
    event_access,
    join_casual,
)
from arbiter.server.play.snapshot import describe
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Invalid, NotFound

__all__ = ["router"]

router = APIRouter(lifespan=lifespan)
router.include_router(ws.router)
router.include_router(your_turn.router)


class GameRequest(BaseModel):
    """A game outside events."""

    game: Literal["toguz", "go"] = "toguz"
    time_control: str = Field("10m", max_length=40, examples=["10m", "15m+3x30s", "5m+3s"])
    size: int = Field(19, ge=5, le=25)
    handicap: int = Field(0, ge=0, le=9)
    komi: float | None = Field(None, ge=-100, le=100)
    scoring: Literal["japanese", "chinese"] = "japanese"
    handicap_placement: Literal["fixed", "free"] = "fixed"
    variant: Literal["toguz", "bestemshe"] = "toguz"
    pair: bool = False
    side: Literal[
        "white", "black", "random", "black.man", "black.woman", "white.man", "white.woman"
    ] = "white"
    reconnect_window: float = Field(180.0, ge=10, le=3600)

    def spec(self) -> GameSpec:
        """The service's spec."""
        return GameSpec(
            self.game,
            self.time_control,
            self.size,
            self.handicap,
            self.komi,
            self.scoring,
            self.variant,
            self.pair,
            self.side,
            handicap_placement=self.handicap_placement,
        )


class ComputerRequest(GameRequest):
    """A game against the computer."""

    level: int = Field(5, ge=0, le=10)


class JoinRequest(BaseModel):
    """Taking a seat with an invitation code."""

    invite: str = Field(max_length=100)
    seat: str | None = Field(None, max_length=12)
    name: str | None = Field(None, max_length=100, description="a guest's name (no account)")


class RoundRequest(BaseModel):
    """The live games of a round: their start (Unix time; ``null``: the referee starts)."""

    start_at: float | None = None
    tables: list[int] | None = None


@router.post("/api/play/games", tags=["live play"], status_code=201)
async def new_game(
    request: Request, user: UserDep, body: Annotated[GameRequest, Body()]
) -> dict[str, Any]:
    """Create a game outside events; share ``invite`` with the opponent."""
    hub = hub_of(request)
    made = await asyncio.to_thread(
        create_casual, hub, user, body.spec(), reconnect_window=body.reconnect_window
    )
    return made.to_json()


@router.post("/api/play/games/{live_id}/join", tags=["live play"], responses=error_responses(409))
async def join_game(
    request: Request, live_id: LiveId, user: UserDep, body: Annotated[JoinRequest, Body()]
) -> dict[str, Any]:
    """Take a free seat with the invitation code; ``name``: the name a guest plays under
    (an account plays under its own)."""
    hub = hub_of(request)
    name: str | None = user.display_name if user is not None else None
    if user is None and body.name is not None:
        name = guest_name(body.name)
    made = await asyncio.to_thread(join_casual, hub, user, live_id, body.invite, body.seat, name)
    room = await hub.room(live_id)
    if room is not None and name:
        await record_name(room, made.seat, name)
    return made.to_json()


@router.post(
    "/api/play/computer",
    tags=["live play"],
    status_code=201,
    responses=error_responses(429, 501),  # the computer's quotas; GNU Go not installed
)
async def new_computer_game(
    request: Request, user: UserDep, body: Annotated[ComputerRequest, Body()]
) -> dict[str, Any]:
    """Create a game against the computer (within the computer's quotas: 429 when the caller
    plays too many such games, 503 when the server does)."""
    hub = hub_of(request)
    address = request.client.host if request.client else ""
    made = await asyncio.to_thread(create_computer, hub, user, body.spec(), body.level, address)
    return made.to_json()


async def _visible_room(hub: Hub, live_id: LiveId, user: CurrentUser | None) -> Room:
    room = await hub.room(live_id)
    if room is None:
        raise NotFound(f"no live game {live_id}")
    if room.row.event_id is not None:
        seen = await asyncio.to_thread(event_access, hub.rt, room.row.event_id, user)
        if seen is None:
            raise NotFound(f"no live game {live_id}")
    return room


@router.get("/api/play/games/{live_id}", tags=["live play"])
async def game_state(request: Request, live_id: LiveId, user: UserDep) -> dict[str, Any]:
    """The game's state as a spectator sees it now."""
    hub = hub_of(request)
    room = await _visible_room(hub, live_id, user)
    return {
        "id": live_id,
        "event_id": room.row.event_id,
        "game_id": room.row.game_id,
        "state": describe(room.state, hub.wall()),
    }


@router.get("/api/play/games/{live_id}/match", tags=["live play"])
async def game_match(request: Request, live_id: LiveId, user: UserDep) -> dict[str, Any]:
    """The match as settings and log (``arbiter.match.match_from_json`` replays it)."""
    hub = hub_of(request)
    room = await _visible_room(hub, live_id, user)
    return match_to_json(room.state.match)


@router.get(
    "/api/play/games/{live_id}/record", tags=["live play"], response_class=PlainTextResponse
)
async def game_record(
    request: Request,
    live_id: LiveId,
    user: UserDep,
    format: Literal["sgf", "federation", "playok", "json"] = "sgf",
) -> PlainTextResponse:
    """The game record: SGF (Go), the federation's notation, PlayOK or JSON (Toguz Korgool)."""
    hub = hub_of(request)
    room = await _visible_room(hub, live_id, user)
    try:
        text = export(room.state.match, format)
    except MatchError as exc:
        raise Invalid(str(exc), "format") from None
    return PlainTextResponse(text)


@router.post("/api/play/events/{event_id}/rounds/{number}", tags=["live play"])
async def start_round(
    request: Request,
    event_id: EventId,
    number: RoundNo,
    user: UserDep,
    body: Annotated[RoundRequest, Body()],
) -> list[dict[str, Any]]:
    """Create the round's live games (a referee); the server starts them at ``start_at``."""
    hub = hub_of(request)
    made = await asyncio.to_thread(
        create_round_games, hub, user, event_id, number, body.start_at, body.tables
    )
    for item in made:
        await hub.room(item["id"])  # armed for the start
    return made


@router.get("/api/play/events/{event_id}/rounds/{number}", tags=["live play"])
async def round_games(
    request: Request, event_id: EventId, number: RoundNo, user: UserDep
) -> list[dict[str, Any]]:
    """The round's live games now: state, clocks, who is connected, disconnections."""
    hub = hub_of(request)
    seen = await asyncio.to_thread(event_access, hub.rt, event_id, user)
    if seen is None:
        raise NotFound(f"no event {event_id}")
    rows = await hub.store.run(hub.store.games_of_event, event_id)
    out = []
    for row in rows:
        where = row.options.get("event_game") or {}
        if where.get("round") != number:
            continue
        room = await hub.room(row.id)
        assert room is not None
        out.append(
            {
                "id": row.id,
                "table": where.get("table"),
                "board": where.get("board"),
                "state": describe(room.state, hub.wall()),
            }
        )
    return out
