"""The computer's thinking on the server: the threads it thinks in, shared by the games
against the computer and the analyses of records, and the quotas on both.

**Threads.** The engines' search is C that runs without the interpreter lock, so each thinking
thread takes a whole core. They are few (``quotas.engine_threads``: one less than the cores)
and run at a lower priority (``nice`` +10, Linux), so that the event loop — every live game's
clock and moves, every page — always finds a core: measured, eight level-10 games on the
default thread pool made a game's creation take 4 s and ``/api/health`` 4.5 s.

Work is queued in order: a game's move waits for the moves and analysis steps before it. An
analysis is done one move at a time (each a queued step of 0.2 s), so a 500-move review never
holds a thread for long, and at most ``engine_threads`` analyses step at once; the others
wait their turn with their place in the queue shown.

**Quotas.** At most ``engine_games`` games against the computer are played at once on this
process, ``engine_games_per_user`` by one account or address; a game counts from its creation
until it ends, or until nobody has been connected to it for a while (it was left). At most
``analyses`` analyses are queued or running, ``analyses_per_user`` by one account or address.
Beyond, the request is refused: 429 for the one who asks too much, 503 when the server is
full.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from arbiter.server.config import Quotas
from arbiter.server.refusals import Busy, TooManyRequests

__all__ = ["LEFT_AFTER", "Thinking"]

T = TypeVar("T")

LEFT_AFTER = 120.0
"""Seconds a game against the computer with nobody connected still counts as being played."""


def _lower_priority() -> None:
    # Linux gives each thread its own nice value; elsewhere the threads keep the default.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)


@dataclass
class _Game:
    owner: str
    since: float
    connected: bool = False
    left_at: float | None = None


@dataclass
class _Queued:
    owner: str
    begin: Callable[[], None]


class Thinking:
    """The computer's threads and quotas for one server (see the module)."""

    def __init__(self, quotas: Quotas, clock: Callable[[], float] = time.monotonic) -> None:
        self.quotas = quotas
        self._clock = clock
        self._executor: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._games: dict[int, _Game] = {}
        self._stepping: dict[str, str] = {}  # analysis key -> owner
        self._waiting: dict[str, _Queued] = {}

    # ----- threads

    @property
    def executor(self) -> ThreadPoolExecutor:
        """The thinking threads (started at the first use)."""
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(
                    self.quotas.engine_threads, "arbiter-engine", initializer=_lower_priority
                )
            return self._executor

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a thinking thread, awaited."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, fn, *args)

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """``fn(*args)`` queued for a thinking thread."""
        return self.executor.submit(fn, *args)

    def close(self) -> None:
        """Stop the threads (queued work is dropped; running work finishes)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    # ----- games against the computer

    def _prune(self, now: float) -> None:
        for live_id, game in list(self._games.items()):
            idle = game.left_at if game.connected else game.since
            if idle is not None and now - idle > LEFT_AFTER:
                del self._games[live_id]

    def admit_game(self, owner: str) -> None:
        """Refuse a new game against the computer for ``owner`` beyond the quotas."""
        q = self.quotas
        with self._lock:
            self._prune(self._clock())
            mine = sum(1 for g in self._games.values() if g.owner == owner)
            if mine >= q.engine_games_per_user:
                raise TooManyRequests(
                    f"you are playing {mine} games against the computer already "
                    f"(at most {q.engine_games_per_user}): finish one first",
                    retry_after=60.0,
                )
            if len(self._games) >= q.engine_games:
                raise Busy(
                    f"the computer is playing {len(self._games)} games, as many as it may: "
                    "try again in a few minutes",
                    retry_after=120.0,
                )

    def game_started(self, live_id: int, owner: str) -> None:
        """A game against the computer was created for ``owner``."""
        with self._lock:
            self._games[live_id] = _Game(owner, self._clock())

    def game_seen(self, live_id: int, connected: bool) -> None:
        """Somebody is connected to the game (``connected``), or nobody any more."""
        with self._lock:
            game = self._games.get(live_id)
            if game is not None:
                game.connected = True
                game.left_at = None if connected else self._clock()

    def game_over(self, live_id: int) -> None:
        """The game ended."""
        with self._lock:
            self._games.pop(live_id, None)

    def games(self) -> int:
        """Games against the computer being played now."""
        with self._lock:
            self._prune(self._clock())
            return len(self._games)

    # ----- analyses

    def queue_analysis(self, key: str, owner: str, begin: Callable[[], None]) -> None:
        """Admit analysis ``key`` for ``owner`` within the quotas: ``begin`` is called now
        when a stepping place is free, else when its turn comes (:meth:`analysis_done`)."""
        q = self.quotas
        with self._lock:
            if key in self._stepping or key in self._waiting:
                return
            everyone = [*self._stepping.values(), *(w.owner for w in self._waiting.values())]
            if everyone.count(owner) >= q.analyses_per_user:
                raise TooManyRequests(
                    f"at most {q.analyses_per_user} analysis at a time: wait for yours to finish",
                    retry_after=30.0,
                )
            if len(everyone) >= q.analyses:
                raise Busy(
                    f"{len(everyone)} analyses are waiting, as many as the server keeps: "
                    "try again in a few minutes",
                    retry_after=60.0,
                )
            now = len(self._stepping) < q.engine_threads
            if now:
                self._stepping[key] = owner
            else:
                self._waiting[key] = _Queued(owner, begin)
        if now:
            begin()

    def place(self, key: str) -> int:
        """Analyses ahead of ``key`` in the queue (0 when it is running or unknown)."""
        with self._lock:
            for i, waiting in enumerate(self._waiting):
                if waiting == key:
                    return i + 1
            return 0

    def analysis_done(self, key: str) -> None:
        """Analysis ``key`` finished (or failed): the next one waiting begins."""
        with self._lock:
            self._stepping.pop(key, None)
            self._waiting.pop(key, None)
            following: _Queued | None = None
            if self._waiting and len(self._stepping) < self.quotas.engine_threads:
                next_key = next(iter(self._waiting))
                following = self._waiting.pop(next_key)
                self._stepping[next_key] = following.owner
        if following is not None:
            following.begin()
