"""Where the lobby keeps its open seeks and its quick-pairing queue: the board.

:class:`LocalBoard` keeps them in this process (one process, or no Redis configured);
:class:`arbiter.server.play.lobby_redis.RedisBoard` keeps them in Redis, one board for every
process of the server. Both offer the same asynchronous operations, so the lobby
(:mod:`arbiter.server.play.lobby_room`) does not know which one it has. A board also tells the
lobby what other processes changed (``start(handler)``); the local board never does.

``seeks`` and ``waiting`` are what this process knows now: the whole board for the local one,
a mirror kept up to date by Redis messages and a periodic reload for the shared one.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from arbiter.server.play.quick import Pair, QuickQueue, Waiting
from arbiter.server.play.seeks import Refusal, Seek, SeekBook, SeekSpec

__all__ = ["Board", "LocalBoard", "Remote", "SeekOwner"]

Remote = Callable[[dict[str, Any]], Awaitable[None]]
"""What the lobby does with a change made by another process (a lobby client message:
``seek-added``, ``seek-removed``, ``waiting``, or ``start`` with ``game``, ``white`` and
``black`` account ids)."""


class SeekOwner:
    """Who opens a seek: the account, its names, its rating for the game, and the
    connection of this process the seek lives with."""

    __slots__ = ("conn", "name", "provisional", "rating", "user_id", "username")

    def __init__(
        self,
        user_id: int,
        username: str,
        name: str,
        rating: float,
        provisional: bool,
        conn: int,
    ) -> None:
        self.user_id = user_id
        self.username = username
        self.name = name
        self.rating = rating
        self.provisional = provisional
        self.conn = conn


class Board:
    """The operations of a board (see the module); :class:`Refusal` for a request that
    cannot be done, nothing changed."""

    distributed = False
    seeks: dict[str, Seek]
    waiting: dict[int, Waiting]

    async def start(self, remote: Remote) -> None:
        """Begin hearing other processes' changes."""

    async def close(self) -> None:
        """Stop, withdrawing this process's seeks and places in the queue."""

    async def add(self, spec: SeekSpec, owner: SeekOwner) -> Seek:
        """Open a seek (``too-many-seeks`` past the limits)."""
        raise NotImplementedError

    async def find(self, seek_id: object) -> Seek | None:
        """The open seek ``seek_id``, if it is open."""
        raise NotImplementedError

    async def cancel(self, seek_id: object, user_id: int) -> Seek:
        """Withdraw one's own seek (``unknown-seek``)."""
        raise NotImplementedError

    async def take(self, seek_id: object, user_id: int, rating: float) -> Seek:
        """Accept a seek, exactly once whoever else accepts it at the same time
        (``unknown-seek``, ``own-seek``, ``out-of-range``)."""
        raise NotImplementedError

    async def drop_connection(self, conn: int) -> list[Seek]:
        """The seeks of a connection of this process that closed, removed."""
        raise NotImplementedError

    async def drop_player(self, user_id: int) -> list[Seek]:
        """Every seek of a player (just paired), removed."""
        raise NotImplementedError

    async def join(self, entry: Waiting, conn: int) -> Pair | None:
        """Put ``entry`` in the queue for connection ``conn``; the pair made at once, if any."""
        raise NotImplementedError

    async def leave(self, user_id: int, conn: int | None = None) -> Waiting | None:
        """Take ``user_id`` out of the queue (only if connection ``conn`` put it there, when
        given); what it was waiting for."""
        raise NotImplementedError

    async def match(self, now: float) -> list[Pair]:
        """The pairs the widened ranges allow at ``now``, out of the queue."""
        raise NotImplementedError

    async def started(self, live_id: int, white: int, black: int) -> None:
        """Tell the other processes that a game between two accounts has started."""


class LocalBoard(Board):
    """The seeks and the queue of this process. Nothing here awaits, so an operation is
    done before another one starts: two players accepting one seek cannot both get it."""

    def __init__(self) -> None:
        self.book = SeekBook()
        self.queue = QuickQueue()
        self.seeks = self.book.seeks
        self.waiting = self.queue.waiting
        self._conns: dict[int, int] = {}  # user → the connection that queued them

    async def add(self, spec: SeekSpec, owner: SeekOwner) -> Seek:
        return self.book.add(
            spec,
            user_id=owner.user_id,
            username=owner.username,
            name=owner.name,
            rating=owner.rating,
            provisional=owner.provisional,
            conn=owner.conn,
        )

    async def find(self, seek_id: object) -> Seek | None:
        return self.seeks.get(seek_id) if isinstance(seek_id, str) else None

    async def cancel(self, seek_id: object, user_id: int) -> Seek:
        return self.book.cancel(seek_id, user_id)

    async def take(self, seek_id: object, user_id: int, rating: float) -> Seek:
        return self.book.take(seek_id, user_id, rating)

    async def drop_connection(self, conn: int) -> list[Seek]:
        return self.book.drop_connection(conn)

    async def drop_player(self, user_id: int) -> list[Seek]:
        return self.book.drop_player(user_id)

    async def join(self, entry: Waiting, conn: int) -> Pair | None:
        self._conns[entry.user_id] = conn
        pair = self.queue.join(entry)
        if pair is not None:
            for who in (pair.first, pair.second):
                self._conns.pop(who.user_id, None)
        return pair

    async def leave(self, user_id: int, conn: int | None = None) -> Waiting | None:
        if conn is not None and self._conns.get(user_id, conn) != conn:
            return None  # queued again since, from another connection
        self._conns.pop(user_id, None)
        return self.queue.leave(user_id)

    async def match(self, now: float) -> list[Pair]:
        pairs = self.queue.match(now)
        for pair in pairs:
            for who in (pair.first, pair.second):
                self._conns.pop(who.user_id, None)
        return pairs


def refuse_unknown() -> Refusal:
    """The refusal of a seek that is not open (any more)."""
    return Refusal("unknown-seek", "this seek is not open any more", "seek")
