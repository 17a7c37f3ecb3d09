"""The WebSocket ``/play/ws/{id}`` (docs/play-protocol.md): a player's, referee's or
spectator's connection to a live game, within the quotas — connections per address and per
seat, messages per second, malformed messages per minute. The first message is ``hello``;
what follows is answered by :func:`arbiter.server.play.requests.dispatch`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque

from fastapi import APIRouter, WebSocket

from arbiter.server.api.params import LiveId
from arbiter.server.play import protocol
from arbiter.server.play.connection import Connection
from arbiter.server.play.hub import Hub
from arbiter.server.play.lifespan import hub_of
from arbiter.server.play.refused import UNAVAILABLE, database_unavailable
from arbiter.server.play.requests import dispatch
from arbiter.server.play.room import Room
from arbiter.server.services.accounts import CurrentUser, resolve

__all__ = ["HELLO_WAIT", "MAX_RATE", "MAX_STRIKES", "refuse_malformed", "router"]

log = logging.getLogger("arbiter.play")

HELLO_WAIT = 15.0
"""Seconds a new connection has to say hello."""
MAX_RATE = 30
"""Messages a connection may send per second."""
MAX_STRIKES = 10
"""Malformed messages a connection may send per minute before it is closed."""

router = APIRouter()


@router.websocket("/play/ws/{live_id}")
async def play_socket(websocket: WebSocket, live_id: LiveId) -> None:
    """A player's, referee's or spectator's connection to a live game."""
    hub = hub_of(websocket)
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
            await _serve(websocket, conn, room)
    except Exception as exc:
        if database_unavailable(exc):  # a greeting while the database restarts
            log.warning("live game %s: the database is not answering: %s", live_id, exc)
            conn.send(protocol.error("unavailable", UNAVAILABLE))
            conn.close(1013, "try again later")
        else:
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


async def _serve(websocket: WebSocket, conn: Connection, room: Room) -> None:
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
            if refuse_malformed(conn, exc, strikes, now):
                return
            continue
        await dispatch(conn, room, msg)


def refuse_malformed(
    conn: Connection, exc: protocol.ProtocolError, strikes: deque[float], now: float
) -> bool:
    """Answer a message that cannot be read; ``True`` when the connection is closed for it (a
    message too large, or more than ``MAX_STRIKES`` malformed ones within a minute)."""
    conn.send(protocol.error(exc.reason, str(exc), exc.mid))
    if exc.reason == "too-large":
        conn.close(1009, "message too large")
        return True
    strikes.append(now)
    while strikes and now - strikes[0] > 60.0:
        strikes.popleft()
    if len(strikes) > MAX_STRIKES:
        conn.close(1008, "too many malformed messages")
        return True
    return False
