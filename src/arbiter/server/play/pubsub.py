"""Fan-out of a game's events between server processes.

In one process the room hands its events to its own connections and nothing more is needed
(:class:`LocalPubSub`). With several processes (``arbiter serve --redis URL``), each process
publishes the events it committed on the game's Redis channel (``<prefix>:game:<id>``) and
every process holding that game applies them in ``seq`` order (:class:`RedisPubSub`); a gap
makes the room reload the missing events from the database, which stays the source of truth.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["LocalPubSub", "PubSub", "RedisPubSub"]

log = logging.getLogger("arbiter.play")

Handler = Callable[[int, dict[str, Any]], Awaitable[None]]


class PubSub:
    """In-process fan-out: nothing crosses processes (the default)."""

    distributed = False

    async def start(self, handler: Handler) -> None:
        """Begin delivering other processes' messages to ``handler(live_id, message)``."""

    async def publish(self, live_id: int, message: dict[str, Any]) -> None:
        """Send ``message`` about game ``live_id`` to the other processes."""

    async def subscribe(self, live_id: int) -> None:
        """Receive game ``live_id``'s messages."""

    async def unsubscribe(self, live_id: int) -> None:
        """Stop receiving game ``live_id``'s messages."""

    async def close(self) -> None:
        """Stop."""


LocalPubSub = PubSub


class RedisPubSub(PubSub):
    """Redis pub/sub: one channel per game, prefixed so that several servers (or test runs)
    share a Redis without hearing each other."""

    distributed = True

    def __init__(self, url: str, prefix: str, origin: str) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.prefix = prefix
        self.origin = origin
        self._redis = aioredis.from_url(url)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        self._task: asyncio.Task[None] | None = None
        self._handler: Handler | None = None
        self._channels: set[str] = set()

    def channel(self, live_id: int) -> str:
        """The channel of game ``live_id``."""
        return f"{self.prefix}:game:{live_id}"

    async def start(self, handler: Handler) -> None:
        self._handler = handler
        await self._redis.ping()
        # A placeholder subscription keeps the listener's connection open.
        await self._pubsub.subscribe(f"{self.prefix}:process:{self.origin}")
        self._task = asyncio.create_task(self._listen(), name="arbiter-redis-listener")

    async def _listen(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:  # the connection dropped: redis-py reconnects on the next call
                log.exception("Redis listener error; retrying")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                doc = json.loads(message["data"])
                if doc.get("origin") == self.origin:
                    continue
                assert self._handler is not None
                await self._handler(int(doc["live"]), doc)
            except Exception:
                log.exception("cannot handle a Redis message")

    async def publish(self, live_id: int, message: dict[str, Any]) -> None:
        doc = {**message, "origin": self.origin, "live": live_id}
        await self._redis.publish(self.channel(live_id), json.dumps(doc, separators=(",", ":")))

    async def subscribe(self, live_id: int) -> None:
        name = self.channel(live_id)
        if name not in self._channels:
            self._channels.add(name)
            await self._pubsub.subscribe(name)

    async def unsubscribe(self, live_id: int) -> None:
        name = self.channel(live_id)
        if name in self._channels:
            self._channels.discard(name)
            await self._pubsub.unsubscribe(name)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        await self._redis.aclose()
