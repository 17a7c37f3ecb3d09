"""The live-play routes: the WebSocket ``/play/ws/{id}`` (docs/play-protocol.md) and the HTTP
endpoints under ``/api/play`` that create games and read them.

The router carries a lifespan that starts this process's :class:`~arbiter.server.play.hub.Hub`
(``app.state.play_hub``) and stops it. Redis is used when ``ARBITER_REDIS_URL`` is set
(``arbiter serve --redis URL`` sets it), with channels prefixed by ``ARBITER_REDIS_PREFIX``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, FastAPI, Request, WebSocket
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from arbiter.errors import ArbiterError
from arbiter.match import MatchError, match_to_json
from arbiter.match.export import export
from arbiter.server.api.params import EventId, LiveId, RoundNo
from arbiter.server.api.schemas import error_responses
from arbiter.server.auth.dependencies import UserDep
from arbiter.server.play import protocol
from arbiter.server.play.hub import Hub
from arbiter.server.play.room import Connection, Refused, Room, reason_of
from arbiter.server.play.services import (
    GameSpec,
    create_casual,
    create_computer,
    create_round_games,
    event_access,
    join_casual,
)
from arbiter.server.play.state import describe
from arbiter.server.services.accounts import CurrentUser, resolve
from arbiter.server.services.errors import Invalid, NotFound

__all__ = ["router"]

log = logging.getLogger("arbiter.play")

HELLO_WAIT = 15.0
"""Seconds a new connection has to say hello."""
MAX_RATE = 30
"""Messages a connection may send per second."""
MAX_STRIKES = 10
"""Malformed messages a connection may send per minute before it is closed."""


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    # app.state may name Redis (tests running several apps in one process); else the
    # environment that ``arbiter serve --redis`` sets.
    state = app.state
    hub = Hub(
        state.runtime,
        redis_url=getattr(state, "play_redis_url", None) or os.environ.get("ARBITER_REDIS_URL"),
        redis_prefix=getattr(state, "play_redis_prefix", None)
        or os.environ.get("ARBITER_REDIS_PREFIX")
        or "arbiter",
    )
    await hub.start()
    app.state.play_hub = hub
    try:
        yield
    finally:
        await hub.stop()


router = APIRouter(lifespan=_lifespan)


def _hub(request: Request | WebSocket) -> Hub:
    hub = getattr(request.app.state, "play_hub", None)
    if hub is None:
        raise RuntimeError("live play runs inside the app's lifespan (start the server)")
    assert isinstance(hub, Hub)
    return hub


# ----- the WebSocket


@router.websocket("/play/ws/{live_id}")
async def play_socket(websocket: WebSocket, live_id: LiveId) -> None:
    """A player's, referee's or spectator's connection to a live game."""
    hub = _hub(websocket)
    await websocket.accept()
    conn = Connection(websocket.send_text, lambda code, reason: websocket.close(code, reason))
    conn.start()
    room: Room | None = None
    address = websocket.client.host if websocket.client else "unknown"
    quotas = hub.rt.settings.quotas
    hub.addresses[address] += 1
    try:
        if hub.addresses[address] > quotas.connections_per_address:
            conn.send(
                protocol.error(
                    "too-many-connections",
                    f"at most {quotas.connections_per_address} connections from one address",
                )
            )
            conn.close(1008, "too many connections")
            return
        room = await _greet(hub, websocket, conn, live_id)
        if room is not None:
            await _serve(hub, websocket, conn, room)
    except Exception:
        log.exception("live game %s: connection failed", live_id)
        conn.close(1011, "internal error")
    finally:
        if room is not None:
            try:
                await room.leave(conn)
            except Exception:
                log.exception("live game %s: leaving failed", live_id)
        conn.close()
        await conn.drain()
        hub.addresses[address] -= 1
        if hub.addresses[address] <= 0:
            del hub.addresses[address]


async def _receive(websocket: WebSocket) -> str | bytes | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    return b"" if data is None else bytes(data)


async def _greet(hub: Hub, websocket: WebSocket, conn: Connection, live_id: LiveId) -> Room | None:
    try:
        raw = await asyncio.wait_for(_receive(websocket), HELLO_WAIT)
    except TimeoutError:
        conn.send(protocol.error("timeout", f"say hello within {HELLO_WAIT:g} s"))
        conn.close(1008, "no hello")
        return None
    if raw is None:
        return None
    try:
        hello = protocol.parse(raw)
    except protocol.ProtocolError as exc:
        conn.send(protocol.error(exc.reason, str(exc)))
        conn.close(1009 if exc.reason == "too-large" else 1008, "a hello first")
        return None
    if hello["type"] != "hello":
        conn.send(protocol.error("hello-first", "the first message is hello", hello.get("id")))
        conn.close(1008, "a hello first")
        return None
    rt = hub.rt
    user: CurrentUser | None = None
    secret = hello.get("auth")
    if secret:
        user = await asyncio.to_thread(resolve, rt, secret, "token")
        if user is None:
            conn.send(protocol.error("unauthenticated", "the API token is not valid"))
            conn.close(4401, "unauthenticated")
            return None
    else:
        cookie = websocket.cookies.get(rt.settings.cookie_name)
        if cookie:
            user = await asyncio.to_thread(resolve, rt, cookie, "cookie")
    row = await hub.store.run(hub.store.game, live_id)
    viewer = None if row is None else await hub.identify(row, hello.get("token"), user)
    if row is None or viewer is None:
        conn.send(protocol.error("not-found", f"no live game {live_id} (or not yours to see)"))
        conn.close(4404, "no such game")
        return None
    conn.viewer = viewer
    room = await hub.room(live_id)
    if room is None:  # pragma: no cover - the row was just read
        conn.close(4404, "no such game")
        return None
    most = hub.rt.settings.quotas.connections_per_seat
    if viewer.kind == "player" and viewer.seat and room.local.get(viewer.seat, 0) >= most:
        conn.send(
            protocol.error(
                "too-many-connections",
                f"at most {most} connections to one seat: close another tab or device",
            )
        )
        conn.close(1008, "too many connections to the seat")
        return None
    await room.join(conn, hello.get("last_seq"))
    return room


async def _serve(hub: Hub, websocket: WebSocket, conn: Connection, room: Room) -> None:
    sent: deque[float] = deque()
    strikes: deque[float] = deque()
    while not conn.closed:
        raw = await _receive(websocket)
        if raw is None:
            return
        now = time.monotonic()
        sent.append(now)
        while sent and now - sent[0] > 1.0:
            sent.popleft()
        if len(sent) > MAX_RATE:
            conn.send(protocol.error("too-fast", f"at most {MAX_RATE} messages a second"))
            conn.close(1008, "too many messages")
            return
        try:
            msg = protocol.parse(raw)
        except protocol.ProtocolError as exc:
            conn.send(protocol.error(exc.reason, str(exc), exc.mid))
            if exc.reason == "too-large":
                conn.close(1009, "message too large")
                return
            strikes.append(now)
            while strikes and now - strikes[0] > 60.0:
                strikes.popleft()
            if len(strikes) > MAX_STRIKES:
                conn.close(1008, "too many malformed messages")
                return
            continue
        await _dispatch(hub, conn, room, msg)


async def _dispatch(hub: Hub, conn: Connection, room: Room, msg: dict[str, Any]) -> None:
    kind = msg["type"]
    mid = msg.get("id")
    viewer = conn.viewer
    try:
        if kind == "act":
            seq = await room.act(viewer, msg["action"], msg.get("think"))
            conn.send({"type": "ack", "id": mid, "seq": seq})
        elif kind == "chat":
            seq = await room.chat(viewer, msg)
            conn.send({"type": "ack", "id": mid, "seq": seq})
        elif kind == "postpone":
            seq = await room.postpone(viewer, msg)
            conn.send({"type": "ack", "id": mid, "seq": seq})
        elif kind == "hold":
            seq = await room.hold(viewer, msg["seat"], bool(msg.get("release", False)))
            conn.send({"type": "ack", "id": mid, "seq": seq})
        elif kind == "ping":
            conn.send({"type": "pong", "id": mid, "t": msg.get("t"), "server_time": hub.wall()})
        elif kind == "whose-turn":
            conn.send({"type": "turn", "id": mid, **room.whose_turn()})
        elif kind == "resync":
            await room.resync(conn, int(msg["last_seq"]))
        else:
            conn.send(protocol.error("hello-once", "hello is the first message only", mid))
    except MatchError as exc:
        conn.send(protocol.error(reason_of(exc), str(exc), mid))
    except Refused as exc:
        conn.send(protocol.error(exc.reason, str(exc), mid))
    except ArbiterError as exc:
        conn.send(protocol.error("malformed", str(exc), mid))


# ----- HTTP


class GameRequest(BaseModel):
    """A game outside events."""

    game: Literal["toguz", "go"] = "toguz"
    time_control: str = Field("10m", max_length=40, examples=["10m", "15m+3x30s", "5m+3s"])
    size: int = Field(19, ge=5, le=25)
    handicap: int = Field(0, ge=0, le=9)
    komi: float | None = Field(None, ge=-100, le=100)
    scoring: Literal["japanese", "chinese"] = "japanese"
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
        )


class ComputerRequest(GameRequest):
    """A game against the computer."""

    level: int = Field(5, ge=0, le=10)


class JoinRequest(BaseModel):
    """Taking a seat with an invitation code."""

    invite: str = Field(max_length=100)
    seat: str | None = Field(None, max_length=12)


class RoundRequest(BaseModel):
    """The live games of a round: their start (Unix time; ``null``: the referee starts)."""

    start_at: float | None = None
    tables: list[int] | None = None


@router.post("/api/play/games", tags=["live play"], status_code=201)
async def new_game(
    request: Request, user: UserDep, body: Annotated[GameRequest, Body()]
) -> dict[str, Any]:
    """Create a game outside events; share ``invite`` with the opponent."""
    hub = _hub(request)
    made = await asyncio.to_thread(
        create_casual, hub, user, body.spec(), reconnect_window=body.reconnect_window
    )
    return made.to_json()


@router.post("/api/play/games/{live_id}/join", tags=["live play"], responses=error_responses(409))
async def join_game(
    request: Request, live_id: LiveId, user: UserDep, body: Annotated[JoinRequest, Body()]
) -> dict[str, Any]:
    """Take a free seat with the invitation code."""
    hub = _hub(request)
    made = await asyncio.to_thread(join_casual, hub, user, live_id, body.invite, body.seat)
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
    hub = _hub(request)
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
    hub = _hub(request)
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
    hub = _hub(request)
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
    hub = _hub(request)
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
    hub = _hub(request)
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
    hub = _hub(request)
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
