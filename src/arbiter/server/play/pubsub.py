"""Fan-out of a game's events between server processes.

In one process the room hands its events to its own connections and nothing more is needed
(:class:`LocalPubSub`). With several processes (``arbiter serve --redis URL``), each process
publishes the events it committed on the game's Redis channel (``<prefix>:game:<id>``) and
every process holding that game applies them in ``seq`` order (:class:`RedisPubSub`); a gap
makes the room reload the missing events from the database, which stays the source of truth.

One task per process publishes, in the order the events were committed, as many queued
messages as are waiting in one round trip; a message that Redis did not take is retried, not
dropped. (Publishing from a task per event opened a Redis connection per event in flight, and
under load redis-py's pool refused the 101st: the move never reached the other process.) Redis
pub/sub itself delivers at most once, so the hub also compares its rooms with the database
every few seconds (:meth:`arbiter.server.play.hub.Hub.catch_up`). The subscriptions and their
renewal after a Redis outage are :class:`arbiter.server.play.redis_listener.RedisListener`'s:
a game opened while Redis was away is subscribed to once Redis answers (the catch-up carries
its events meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from arbiter.server.play.redis_listener import Outage, RedisListener

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
        self._listener = RedisListener(self._redis, origin, self._deliver, "game")
        self._publishing = Outage(self._listener.where, "live game messages to other processes")
        self._task: asyncio.Task[None] | None = None
        self._publisher: asyncio.Task[None] | None = None
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._unsent = 0
        self._handler: Handler | None = None

    def channel(self, live_id: int) -> str:
        """The channel of game ``live_id``."""
        return f"{self.prefix}:game:{live_id}"

    async def start(self, handler: Handler) -> None:
        self._handler = handler
        await self._redis.ping()
        # A placeholder subscription keeps the listener's connection open.
        await self._listener.open(f"{self.prefix}:process:{self.origin}")
        self._task = asyncio.create_task(self._listener.run(), name="arbiter-redis-listener")
        self._publisher = asyncio.create_task(self._publish(), name="arbiter-redis-publisher")

    async def _deliver(self, doc: dict[str, Any]) -> None:
        assert self._handler is not None
        await self._handler(int(doc["live"]), doc)

    async def publish(self, live_id: int, message: dict[str, Any]) -> None:
        doc = {**message, "origin": self.origin, "live": live_id}
        self._outbox.put_nowait((self.channel(live_id), json.dumps(doc, separators=(",", ":"))))
        self._unsent += 1

    async def _publish(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 512:
                batch.append(self._outbox.get_nowait())
            while True:
                try:
                    pipe = self._redis.pipeline(transaction=False)
                    for channel, payload in batch:
                        pipe.publish(channel, payload)
                    await pipe.execute()
                    self._unsent -= len(batch)
                    self._publishing.answered()
                    break
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    self._publishing.failed(exc, "publishing on Redis")
                    await asyncio.sleep(0.5)

    async def flush(self, timeout: float = 5.0) -> None:
        """Wait until every queued message was handed to Redis (or ``timeout``)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self._unsent and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)

    async def subscribe(self, live_id: int) -> None:
        # Redis being away does not keep the game from opening: see RedisListener.subscribe.
        await self._listener.subscribe(self.channel(live_id))

    async def unsubscribe(self, live_id: int) -> None:
        await self._listener.unsubscribe(self.channel(live_id))

    async def close(self) -> None:
        await self.flush(timeout=2.0)
        for task in (self._publisher, self._task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        await self._listener.pubsub.aclose()  # type: ignore[no-untyped-call]
        await self._redis.aclose()
