"""Live games in the database: their settings and options, their event streams, and the
heartbeats of the server processes (tables in :mod:`.tables`, migration ``0002``).

Every function here but :meth:`LiveStore.store` is synchronous and runs one transaction; the
hub calls them through :meth:`LiveStore.run`. On PostgreSQL that is a thread pool, so the event
loop never waits on the network. On SQLite a read runs on the event loop's own thread (a
fraction of a millisecond; WAL readers never wait), a write on the live writer's thread, which
may wait for the write lock.

:meth:`LiveStore.store` is the hot path: the events of one accepted action are inserted and
the game's summary row updated, committed before anything is acknowledged or broadcast, by a
group commit — one transaction for every action queued meanwhile: on SQLite on one writing
thread (:mod:`arbiter.server.play.sqlite_append`), on PostgreSQL on the event loop
(:mod:`arbiter.server.play.pg_append`).
Two writers of the same game (two processes) cannot both store event *n*: the second gets
:class:`SeqTaken`, reloads and retries.
"""

from __future__ import annotations

import asyncio
import functools
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from sqlalchemy import Engine, Table, delete, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from arbiter.server.play.pg_append import PgAppend
from arbiter.server.play.sqlite_append import SqliteAppend
from arbiter.server.play.state import Event
from arbiter.server.play.tables import LiveEvent, LiveGame, LiveProcess
from arbiter.server.storage.database import Database
from arbiter.server.storage.models import GameAction

__all__ = ["GameRow", "LiveStore", "SeqTaken", "game_row"]

T = TypeVar("T")

_EVENTS = cast(Table, LiveEvent.__table__)
_GAMES = cast(Table, LiveGame.__table__)
_PROCESSES = cast(Table, LiveProcess.__table__)
_ACTIONS = cast(Table, GameAction.__table__)


_SQLITE_WRITES = frozenset({"create", "set_seats", "register", "beat", "forget"})
"""The writes :meth:`LiveStore.run` sends to SQLite's writing thread (``append`` goes there
by itself)."""


class SeqTaken(Exception):
    """Another writer stored an event with this ``seq`` first."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """A live game's row."""

    id: int
    event_id: int | None
    game_id: int | None
    kind: str
    settings: dict[str, Any]
    options: dict[str, Any]
    seats: dict[str, Any]
    invite_hash: str | None
    epoch: float
    status: str
    result: str | None
    last_seq: int
    created_by: int | None


def game_row(r: Any) -> GameRow:
    """The :class:`GameRow` of a ``live_games`` row."""
    return GameRow(
        r.id,
        r.event_id,
        r.game_id,
        r.kind,
        r.settings,
        r.options,
        r.seats,
        r.invite_hash,
        r.epoch,
        r.status,
        r.result,
        r.last_seq,
        r.created_by,
    )


class LiveStore:
    """The live tables of one database, with an executor for the hub."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.engine: Engine = db.engine
        self.sqlite = db.is_sqlite
        self._write = (
            self.engine.execution_options(sqlite_begin="IMMEDIATE") if self.sqlite else self.engine
        )
        # SQLite's writer also checkpoints the WAL (SQLite's default, every 1000 pages), on
        # its own thread: a checkpoint on a thread that does not commit never catches up with
        # a steady stream of commits, and the WAL then grows without end (200 MB in 30 s
        # under bench/load.py), slowing every read and write.
        self.executor: ThreadPoolExecutor | None = (
            None
            if self.sqlite
            else ThreadPoolExecutor(max(2, db.settings.pool_size), "arbiter-live-db")
        )

        self._sqlite_append = (
            SqliteAppend(self.engine, db.settings.sqlite_busy_seconds) if self.sqlite else None
        )
        self._pg_append = None if self.sqlite else PgAppend(self.engine)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run ``fn``: on the thread pool on PostgreSQL; on SQLite a read inline, a write on
        the live writer's thread (see the module)."""
        loop = asyncio.get_running_loop()
        call = functools.partial(fn, *args, **kwargs)
        if self.executor is not None:
            return await loop.run_in_executor(self.executor, call)
        if self._sqlite_append is not None and getattr(fn, "__name__", "") in _SQLITE_WRITES:
            # An HTTP request holding SQLite's write lock would stop the loop inside SQLite's
            # busy handler (the heartbeat, each second); the writer's thread waits instead.
            return await loop.run_in_executor(self._sqlite_append.thread, call)
        return call()

    async def store(
        self,
        live_id: int,
        events: list[Event],
        *,
        status: str,
        result: str | None,
        due_at: float | None,
        mirror: tuple[int, list[dict[str, Any]]] | None = None,
    ) -> None:
        """:meth:`append` from the event loop, returning once committed (see the module):
        at once on SQLite when its write lock is free, else with the group waiting for it; with
        the next group commit on PostgreSQL. :class:`SeqTaken` likewise."""
        if not events:
            return
        if self._sqlite_append is not None:
            stored = await self._sqlite_append.store(
                live_id, events, status, result, due_at, mirror
            )
        elif self._pg_append is not None:
            stored = await self._pg_append(live_id, events, status, result, due_at, mirror)
        else:  # a test took the driver's path away: the SQLAlchemy statements
            self.append(live_id, events, status=status, result=result, due_at=due_at, mirror=mirror)
            return
        if not stored:
            raise SeqTaken(f"event {events[0].seq} of live game {live_id} is taken")

    async def aclose(self) -> None:
        """:meth:`close`, after the group commit's last transaction."""
        if self._sqlite_append is not None:
            await self._sqlite_append.drain()
        if self._pg_append is not None:
            await self._pg_append.close()
        self.close()

    def close(self) -> None:
        """Stop the thread pool (the database is the runtime's to dispose)."""
        if self.executor is not None:
            self.executor.shutdown(wait=True)
        if self._sqlite_append is not None:
            self._sqlite_append.close()

    # ----- games

    def create(
        self,
        *,
        kind: str,
        settings: dict[str, Any],
        options: dict[str, Any],
        seats: dict[str, Any],
        epoch: float,
        due_at: float | None,
        invite_hash: str | None = None,
        event_id: int | None = None,
        game_id: int | None = None,
        created_by: int | None = None,
    ) -> int:
        """Store a new live game with an empty stream; its id."""
        with self._write.begin() as conn:
            found = conn.execute(
                insert(_GAMES)
                .values(
                    event_id=event_id,
                    game_id=game_id,
                    kind=kind,
                    settings=settings,
                    options=options,
                    seats=seats,
                    invite_hash=invite_hash,
                    epoch=epoch,
                    status="ready",
                    result=None,
                    last_seq=-1,
                    due_at=due_at,
                    created_by=created_by,
                    created_at=datetime.now(UTC),
                )
                .returning(_GAMES.c.id)
            )
            return int(found.scalar_one())

    def game(self, live_id: int) -> GameRow | None:
        """A live game's row."""
        with self.engine.connect() as conn:
            r = conn.execute(select(_GAMES).where(_GAMES.c.id == live_id)).first()
            return None if r is None else game_row(r)

    def game_of(self, game_id: int) -> GameRow | None:
        """The live game of an event's game (``games.id``), if one was created."""
        with self.engine.connect() as conn:
            r = conn.execute(select(_GAMES).where(_GAMES.c.game_id == game_id)).first()
            return None if r is None else game_row(r)

    def games_of_event(self, event_id: int) -> list[GameRow]:
        """The live games of an event."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_GAMES).where(_GAMES.c.event_id == event_id).order_by(_GAMES.c.id)
            )
            return [game_row(r) for r in rows]

    def set_seats(self, live_id: int, seats: dict[str, Any], invite_hash: str | None) -> None:
        """Replace a game's seats (a player took the invitation)."""
        with self._write.begin() as conn:
            conn.execute(
                update(_GAMES)
                .where(_GAMES.c.id == live_id)
                .values(seats=seats, invite_hash=invite_hash)
            )

    def events(self, live_id: int, since: int = 0) -> list[Event]:
        """The game's events from ``seq`` ``since`` on."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    _EVENTS.c.seq, _EVENTS.c.kind, _EVENTS.c.at, _EVENTS.c.data, _EVENTS.c.user_id
                )
                .where(_EVENTS.c.live_id == live_id, _EVENTS.c.seq >= since)
                .order_by(_EVENTS.c.seq)
            )
            return [Event(r.seq, r.kind, r.at, r.data, r.user_id) for r in rows]

    def append(
        self,
        live_id: int,
        events: list[Event],
        *,
        status: str,
        result: str | None,
        due_at: float | None,
        mirror: tuple[int, list[dict[str, Any]]] | None = None,
    ) -> None:
        """Store ``events`` (consecutive, the next of the stream) and the game's summary, in
        one committed transaction. ``mirror``: an event game's ``games.id`` and the match log
        entries among the events, also stored in the server core's ``game_actions`` log.
        :class:`SeqTaken` when another writer stored one of these ``seq`` first."""
        if not events:
            return
        if self._sqlite_append is not None:
            try:
                self._sqlite_append(live_id, events, status, result, due_at, mirror)
            except sqlite3.IntegrityError:
                raise SeqTaken(f"event {events[0].seq} of live game {live_id} is taken") from None
            return
        at = datetime.now(UTC)
        try:
            with self._write.begin() as conn:
                conn.execute(
                    insert(_EVENTS),
                    [
                        {
                            "live_id": live_id,
                            "seq": e.seq,
                            "kind": e.kind,
                            "at": e.at,
                            "data": e.data,
                            "user_id": e.user_id,
                        }
                        for e in events
                    ],
                )
                if mirror is not None and mirror[1]:
                    game_id, entries = mirror
                    conn.execute(
                        insert(_ACTIONS),
                        [
                            {
                                "game_id": game_id,
                                "seq": x["seq"],
                                "t": x["t"],
                                "at": at,
                                "actor": x["actor"],
                                "action": x["action"],
                                "user_id": None,
                            }
                            for x in entries
                        ],
                    )
                conn.execute(
                    update(_GAMES)
                    .where(_GAMES.c.id == live_id)
                    .values(last_seq=events[-1].seq, status=status, result=result, due_at=due_at)
                )
        except IntegrityError:
            raise SeqTaken(f"event {events[0].seq} of live game {live_id} is taken") from None

    def due(self, now: float, limit: int = 200) -> list[int]:
        """Games with something due by Unix time ``now``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_GAMES.c.id)
                .where(_GAMES.c.due_at.is_not(None), _GAMES.c.due_at <= now)
                .order_by(_GAMES.c.due_at)
                .limit(limit)
            )
            return [int(r) for r in rows.scalars()]

    def last_seqs(self, live_ids: list[int]) -> dict[int, int]:
        """The last stored ``seq`` of each of these games."""
        if not live_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_GAMES.c.id, _GAMES.c.last_seq).where(_GAMES.c.id.in_(live_ids))
            )
            return {int(r.id): int(r.last_seq) for r in rows}

    def unfinished(self) -> list[int]:
        """Every live game without a result."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(_GAMES.c.id).where(_GAMES.c.status != "over"))
            return [int(r) for r in rows.scalars()]

    # ----- processes

    def heartbeats(self) -> dict[str, float]:
        """Each registered process's last heartbeat."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(_PROCESSES.c.id, _PROCESSES.c.alive_at))
            return {r.id: r.alive_at for r in rows}

    def register(self, pid: str, now: float, dead: set[str]) -> float | None:
        """Register process ``pid`` (alive at ``now``) and forget the ``dead`` ones. Returns
        the last heartbeat of the dead when no other process is alive — the server as a whole
        was down since then, and this process recovers the games — else ``None``. Processes
        starting together register one after the other (a lock), so one of them recovers."""
        with self._write.begin() as conn:
            if not self.sqlite:
                conn.execute(text("SELECT pg_advisory_xact_lock(720201)"))
            rows = {r.id: r.alive_at for r in conn.execute(select(_PROCESSES))}
            alive = [p for p in rows if p not in dead]
            down_since = max((rows[p] for p in dead if p in rows), default=None)
            if dead:
                conn.execute(delete(_PROCESSES).where(_PROCESSES.c.id.in_(sorted(dead))))
            conn.execute(insert(_PROCESSES).values(id=pid, started_at=now, alive_at=now))
            return None if alive else down_since

    def beat(self, pid: str, now: float) -> None:
        """Process ``pid`` is alive at ``now``."""
        with self._write.begin() as conn:
            done = conn.execute(
                update(_PROCESSES).where(_PROCESSES.c.id == pid).values(alive_at=now)
            )
            if getattr(done, "rowcount", 1) == 0:
                conn.execute(insert(_PROCESSES).values(id=pid, started_at=now, alive_at=now))

    def forget(self, pids: list[str]) -> None:
        """Remove processes found dead (their connections were closed in the streams)."""
        with self._write.begin() as conn:
            conn.execute(delete(_PROCESSES).where(_PROCESSES.c.id.in_(pids)))
