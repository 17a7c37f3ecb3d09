"""The listener of a process's Redis channels, shared by the games' fan-out
(:class:`arbiter.server.play.pubsub.RedisPubSub`) and the lobby's board
(:class:`arbiter.server.play.lobby_redis.RedisBoard`).

One connection per listener holds the process's subscriptions; every message another process
published (its ``origin`` is not this process's) goes to the owner's handler, one at a time,
in the order Redis delivered them.

**Redis going away.** The listener says so once, in one warning line, then tries again and
again, waiting :data:`FIRST_RETRY` seconds doubling up to :data:`LAST_RETRY`, and says in one
info line when Redis answers again. On reconnecting redis-py renews the subscriptions it made;
a channel subscribed to while Redis was away (:meth:`RedisListener.subscribe`) is subscribed
to once Redis answers. Nothing said meanwhile is replayed (Redis pub/sub delivers at most
once): the processes catch up from the database (the hub's catch-up) and from the board's
hashes (the lobby's reload at every beat).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    import redis.asyncio as aioredis

__all__ = ["FIRST_RETRY", "LAST_RETRY", "Handler", "Outage", "RedisListener", "address"]

log = logging.getLogger("arbiter.play")

FIRST_RETRY: Final = 0.5
"""Seconds before the first new try once Redis stopped answering."""
LAST_RETRY: Final = 5.0
"""The longest wait between two tries (the wait doubles from :data:`FIRST_RETRY`)."""

Handler = Callable[[dict[str, Any]], Awaitable[None]]
"""What receives another process's message (its JSON document)."""


def address(client: aioredis.Redis) -> str:
    """Where ``client`` connects, for the log: ``host:port`` (or the socket's path), never the
    URL, which may hold a password."""
    kwargs = client.connection_pool.connection_kwargs
    if "path" in kwargs:
        return str(kwargs["path"])
    return f"{kwargs.get('host', 'localhost')}:{kwargs.get('port', 6379)}"


def outage_errors() -> tuple[type[BaseException], ...]:
    """The errors that mean Redis is away (not a fault of ours)."""
    # Imported here like redis.asyncio by the owners: a server without --redis never loads
    # redis-py.
    import redis.exceptions

    return (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError)


class Outage:
    """What one loop talking to Redis says while Redis is away: one warning line when it stops
    answering (``paused`` says what waits), debug lines while it stays away, one info line when
    it answers again; a failure that is not Redis being away is logged with its traceback."""

    def __init__(self, where: str, paused: str) -> None:
        self.where = where
        self.paused = paused
        self.away = False
        self._kinds = outage_errors()

    def failed(self, exc: BaseException, what: str) -> None:
        """``what`` (a phrase: "the lobby heartbeat") failed with ``exc``."""
        if not isinstance(exc, self._kinds):
            log.error("%s failed; retrying", what, exc_info=exc)
            return
        if self.away:
            log.debug("Redis still unreachable at %s: %s", self.where, exc)
            return
        self.away = True
        log.warning(
            "Redis unreachable at %s: %s are paused; retrying (%s)", self.where, self.paused, exc
        )

    def answered(self) -> None:
        """Redis answered: say so once if it had been away."""
        if self.away:
            self.away = False
            log.info("Redis answers again at %s: %s resume", self.where, self.paused)


class RedisListener:
    """The subscriptions of one process to Redis channels, and the loop (:meth:`run`) that
    hands the other processes' messages to ``handler``. ``topic`` names the messages in the
    log ("game", "lobby")."""

    def __init__(self, client: aioredis.Redis, origin: str, handler: Handler, topic: str) -> None:
        self.origin = origin
        self.topic = topic
        self.where = address(client)
        self.pubsub = client.pubsub(ignore_subscribe_messages=True)
        self._outage = Outage(self.where, f"live {topic} messages between processes")
        self._handler = handler
        self._channels: set[str] = set()
        self._pending: set[str] = set()
        """Channels to subscribe to once Redis answers again."""

    @property
    def away(self) -> bool:
        """Whether Redis stopped answering (the warning was logged, the info line is due)."""
        return self._outage.away

    async def open(self, *channels: str) -> None:
        """Subscribe to ``channels`` now, raising if Redis does not answer: a process starts
        only with Redis (and a listener needs one subscription to read at all)."""
        await self.pubsub.subscribe(*channels)

    async def subscribe(self, channel: str) -> None:
        """Receive ``channel``'s messages: at once, or once Redis answers if it is away."""
        if channel in self._channels:
            return
        self._channels.add(channel)
        try:
            await self.pubsub.subscribe(channel)
        except Exception as exc:
            # redis-py renews only the subscriptions it made: this one waits for the
            # listener, and what the channel carries meanwhile comes from the catch-up.
            log.warning("cannot subscribe to %s yet: %s", channel, exc)
            self._pending.add(channel)

    async def unsubscribe(self, channel: str) -> None:
        """Stop receiving ``channel``'s messages (one subscribed to by :meth:`subscribe`)."""
        if channel not in self._channels:
            return
        self._channels.discard(channel)
        if channel in self._pending:
            self._pending.discard(channel)
            return
        await self.pubsub.unsubscribe(channel)

    async def run(self) -> None:
        """Read and hand over messages until cancelled, through any Redis outage."""
        delay = FIRST_RETRY
        while True:
            try:
                message = await self.pubsub.get_message(timeout=1.0)
            except Exception as exc:  # redis-py reconnects on the next call
                self._outage.failed(exc, f"{self.topic}: the Redis listener")
                await asyncio.sleep(delay)
                delay = min(delay * 2, LAST_RETRY)
                continue
            delay = FIRST_RETRY
            self._outage.answered()
            if self._pending:
                await self._subscribe_pending()
            if message is not None and message.get("type") == "message":
                await self._hand_over(message)

    async def _subscribe_pending(self) -> None:
        pending = sorted(self._pending)
        try:
            await self.pubsub.subscribe(*pending)
        except Exception as exc:
            log.warning("cannot subscribe to %d channels yet: %s", len(pending), exc)
            return
        self._pending.difference_update(pending)

    async def _hand_over(self, message: dict[str, Any]) -> None:
        try:
            doc = json.loads(message["data"])
            if doc.get("origin") != self.origin:
                await self._handler(doc)
        except Exception:
            log.exception("%s: cannot handle a Redis message", self.topic)
