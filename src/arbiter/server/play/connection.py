"""A client's connection to a live game, as the room sees it: an outgoing queue drained by a
writer task, so that a slow client never holds up the game."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocketDisconnect

from arbiter.server.play import protocol
from arbiter.server.play.viewer import Viewer

__all__ = ["Connection"]

log = logging.getLogger("arbiter.play")


class Connection:
    """A client connection: an outgoing queue drained by a writer task, so that a slow client
    never holds up the game (a client whose queue overflows is disconnected and resumes)."""

    MAX_QUEUE = 512

    def __init__(self, send: Callable[[str], Any], close: Callable[[int, str], Any]) -> None:
        self._send = send
        self._close = close
        self.viewer = Viewer("spectator")
        self.queue: asyncio.Queue[tuple[str, int, str] | str] = asyncio.Queue()
        self.closed = False
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the writer."""
        self.task = asyncio.create_task(self._writer())

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already made)."""
        if self.closed:
            return
        if self.queue.qsize() >= self.MAX_QUEUE:
            self.close(1013, "too slow: reconnect and resume")
            return
        self.queue.put_nowait(message if isinstance(message, str) else protocol.dumps(message))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close with ``code``."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(("close", code, reason))

    async def _writer(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    await self._close(item[1], item[2])
                    return
                await self._send(item)
        except (OSError, RuntimeError, WebSocketDisconnect):
            # The socket is gone (a disconnection, a close already sent): the reader notices
            # and leaves the room.
            self.closed = True
        except Exception:
            # Anything else is a message this connection could not send: said in the log,
            # and the client reconnects and resumes from its last seq.
            log.exception("a live-play message could not be sent: closing the connection")
            self.closed = True
            with contextlib.suppress(Exception):
                await self._close(1011, "a message could not be sent: reconnect")

    async def drain(self) -> None:
        """Wait for the writer to finish (after :meth:`close`)."""
        if self.task is not None:
            try:
                await asyncio.wait_for(self.task, 5.0)
            except (TimeoutError, asyncio.CancelledError, Exception):
                self.task.cancel()
