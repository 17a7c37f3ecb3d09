"""The WebSocket ``/play/lobby/ws`` (docs/play-protocol.md, "The lobby"): the lobby's open
seeks, the quick-pairing queue and the games under way, live for everyone on ``/play`` (and
with Redis, for everyone on every process of the server).

The account is the browser session's (its cookie): a visitor sees the lobby, only a signed-in
player seeks, accepts or queues. The site's gate checks the ``Origin`` of the handshake as for
every WebSocket (:mod:`arbiter.server.guard`), and the connections count in the per-address
quota of live play's. A message that is not what the protocol says is refused with an
``error`` and changes nothing; too many of them, or too many messages a second, close the
connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from typing import Any, Final

from fastapi import APIRouter, WebSocket

from arbiter.server.play import protocol
from arbiter.server.play.connection import Connection
from arbiter.server.play.lifespan import hub_of
from arbiter.server.play.lobby_room import Lobby, LobbyClient
from arbiter.server.play.ws import refuse_malformed
from arbiter.server.services.accounts import CurrentUser, resolve

__all__ = ["MAX_BYTES", "MAX_RATE", "MAX_STRIKES", "lobby_of", "router"]

log = logging.getLogger("arbiter.play")

MAX_BYTES: Final = 4096
"""The largest lobby message a client may send."""
MAX_RATE: Final = 20
"""Messages a connection may send per second."""
MAX_STRIKES: Final = 10
"""Refused messages a connection may send per minute before it is closed."""

router = APIRouter()


def lobby_of(websocket: WebSocket) -> Lobby:
    """The app's lobby (made on first use, for the app's running hub)."""
    hub = hub_of(websocket)
    state = websocket.app.state
    lobby = getattr(state, "play_lobby", None)
    if not isinstance(lobby, Lobby) or lobby.hub is not hub:
        lobby = Lobby(hub)
        state.play_lobby = lobby
    return lobby


def parse(raw: str | bytes) -> dict[str, Any]:
    """A lobby message: a JSON object with a string ``type``, at most :data:`MAX_BYTES`;
    :class:`arbiter.server.play.protocol.ProtocolError` otherwise."""
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise protocol.ProtocolError(f"a lobby message is at most {MAX_BYTES} bytes", "too-large")
    try:
        doc = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):  # nested too deep
        raise protocol.ProtocolError("a message is a JSON object") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise protocol.ProtocolError("a message is a JSON object with a type")
    return doc


@router.websocket("/play/lobby/ws")
async def lobby_socket(websocket: WebSocket) -> None:
    """A connection to the lobby (see the module)."""
    hub = hub_of(websocket)
    lobby = lobby_of(websocket)
    await websocket.accept()
    conn = Connection(websocket.send_text, lambda code, reason: websocket.close(code, reason))
    conn.start()
    address = websocket.client.host if websocket.client else "unknown"
    most = hub.rt.settings.quotas.connections_per_address
    hub.addresses[address] += 1
    client: LobbyClient | None = None
    try:
        if hub.addresses[address] > most:
            conn.send(
                protocol.error(
                    "too-many-connections", f"at most {most} connections from one address"
                )
            )
            conn.close(1008, "too many connections")
            return
        user: CurrentUser | None = None
        cookie = websocket.cookies.get(hub.rt.settings.cookie_name)
        if cookie:
            user = await asyncio.to_thread(resolve, hub.rt, cookie, "cookie")
        await lobby.start()
        client = lobby.attach(conn, user)
        await _serve(websocket, lobby, client)
    except Exception:
        log.exception("lobby: connection failed")
        conn.close(1011, "internal error")
    finally:
        if client is not None:
            try:
                await lobby.detach(client)
            except Exception:  # Redis gone (the server stopping): the TTL withdraws them
                log.exception("lobby: cannot withdraw a closed connection's seeks")
        conn.close()
        await conn.drain()
        hub.addresses[address] -= 1
        if hub.addresses[address] <= 0:
            del hub.addresses[address]


async def _serve(websocket: WebSocket, lobby: Lobby, client: LobbyClient) -> None:
    conn = client.conn
    sent: deque[float] = deque()
    strikes: deque[float] = deque()
    while not conn.closed:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw: str | bytes = message.get("text") or message.get("bytes") or b""
        now = time.monotonic()
        sent.append(now)
        while sent and now - sent[0] > 1.0:
            sent.popleft()
        if len(sent) > MAX_RATE:
            conn.send(protocol.error("too-fast", f"at most {MAX_RATE} messages a second"))
            conn.close(1008, "too many messages")
            return
        try:
            msg = parse(raw)
        except protocol.ProtocolError as exc:
            if refuse_malformed(conn, exc, strikes, now):
                return
            continue
        await lobby.handle(client, msg)
