"""A small Python client of the live-play protocol, for tests, the load benchmark and
scripts (a browser speaks the same protocol from JavaScript; docs/play-protocol.md).

::

    client = await PlayClient.connect("ws://127.0.0.1:8000", game_id, token=seat_token)
    await client.act({"type": "move", "move": 7})      # waits for the ack (or raises)
    state = client.game                                 # the latest state the server sent
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection

from arbiter.errors import ArbiterError

__all__ = ["PlayClient", "ServerError"]


class ServerError(ArbiterError):
    """The server answered a request with an ``error`` message."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(f"{message.get('reason')}: {message.get('message')}")
        self.reason = str(message.get("reason"))
        self.doc = message


class PlayClient:
    """One connection to one live game. Every message received is kept in ``received``;
    ``seq`` is the last event's seq, ``game`` the latest state."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self.seq = -1
        self.game: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self._ids = itertools.count(1)
        self._waiters: dict[Any, asyncio.Future[dict[str, Any]]] = {}
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())
        self.closed: asyncio.Future[tuple[int | None, str | None]] = (
            asyncio.get_running_loop().create_future()
        )
        self.gaps: list[tuple[int, int]] = []
        self.on_event: Callable[[dict[str, Any]], None] | None = None

    @classmethod
    async def connect(
        cls,
        base: str,
        game: int,
        *,
        token: str | None = None,
        auth: str | None = None,
        last_seq: int | None = None,
        timeout: float = 10.0,
        origin: str | None = None,
        cookie: str | None = None,
    ) -> PlayClient:
        """Connect to game ``game`` on ``base`` (``ws://host:port``) and say hello; returns
        once the server's state has arrived. ``origin`` and ``cookie``: the headers a browser
        would send (a page of ``origin``, signed in with the ``cookie``)."""
        headers = {"Cookie": cookie} if cookie else None
        ws = await websockets.connect(
            f"{base}/play/ws/{game}",
            max_size=2**22,
            compression=None,
            origin=origin,  # type: ignore[arg-type]
            additional_headers=headers,
        )
        client = cls(ws)
        hello: dict[str, Any] = {"type": "hello", "v": 1}
        if token:
            hello["token"] = token
        if auth:
            hello["auth"] = auth
        if last_seq is not None:
            hello["last_seq"] = last_seq
            client.seq = last_seq
        try:
            await client.send(hello)
            await client.wait(lambda m: m["type"] in ("state", "error"), timeout)
        except (websockets.ConnectionClosed, ConnectionError):
            # Refused before the hello was read (too many connections): the error came first.
            await asyncio.wait_for(asyncio.shield(client.closed), timeout)
        if client.game is None:
            errors = [m for m in client.received if m["type"] == "error"]
            raise ServerError(errors[-1] if errors else {"reason": "closed", "message": ""})
        return client

    async def _read(self) -> None:
        code: int | None = None
        reason: str | None = None
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                self.received.append(msg)
                kind = msg.get("type")
                if kind == "event":
                    if msg["seq"] != self.seq + 1:
                        self.gaps.append((self.seq, msg["seq"]))
                    self.seq = msg["seq"]
                    if "state" in msg:
                        self.game = msg["state"]
                    if self.on_event is not None:
                        self.on_event(msg)
                elif kind == "state":
                    self.seq = msg["seq"]
                    self.game = msg["game"]
                elif kind == "welcome":
                    self.welcome = msg
                if kind in ("ack", "error", "pong", "turn") and msg.get("id") in self._waiters:
                    fut = self._waiters.pop(msg["id"])
                    if not fut.done():
                        fut.set_result(msg)
                self._changed.set()
        except websockets.ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
            reason = exc.rcvd.reason if exc.rcvd else None
        finally:
            if code is None and self.ws.close_code is not None:
                code, reason = self.ws.close_code, self.ws.close_reason
            if not self.closed.done():
                self.closed.set_result((code, reason))
            for fut in self._waiters.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("the connection closed"))
            self._changed.set()

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict, or raw text for tests of malformed input)."""
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def request(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send ``message`` with a fresh ``id`` and return the server's answer to it."""
        mid = next(self._ids)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiters[mid] = fut
        await self.send({**message, "id": mid})
        return await asyncio.wait_for(fut, timeout)

    async def act(
        self, action: dict[str, Any], *, think: float | None = None, timeout: float = 10.0
    ) -> int:
        """Send an action; its event's seq, or :class:`ServerError`."""
        message: dict[str, Any] = {"type": "act", "action": action}
        if think is not None:
            message["think"] = think
        answer = await self.request(message, timeout)
        if answer["type"] == "error":
            raise ServerError(answer)
        return int(answer["seq"])

    async def wait(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10.0
    ) -> dict[str, Any]:
        """The first message received (so far or next) that satisfies ``predicate``."""

        async def scan() -> dict[str, Any]:
            seen = 0
            while True:
                for msg in self.received[seen:]:
                    if predicate(msg):
                        return msg
                seen = len(self.received)
                if self.closed.done():
                    raise ConnectionError("the connection closed")
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(scan(), timeout)

    async def wait_state(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10.0
    ) -> dict[str, Any]:
        """Wait until the latest game state satisfies ``predicate``; that state."""

        async def scan() -> dict[str, Any]:
            while True:
                if self.game is not None and predicate(self.game):
                    return self.game
                if self.closed.done():
                    raise ConnectionError("the connection closed")
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(scan(), timeout)

    def events(self) -> list[dict[str, Any]]:
        """The events received, in order."""
        return [m for m in self.received if m.get("type") == "event"]

    async def close(self) -> None:
        """Close the connection."""
        await self.ws.close()
        try:
            await asyncio.wait_for(self._reader, 5)
        except (TimeoutError, Exception):
            self._reader.cancel()
