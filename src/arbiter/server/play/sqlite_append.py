"""The hot path of live play on SQLite: the events of accepted actions and the games'
summaries stored straight through the driver (``sqlite3``), on one connection kept for it and
one thread that writes (:meth:`arbiter.server.play.store.LiveStore.store` calls it).

The event loop never waits on SQLite: a commit now and then takes tens of milliseconds (a WAL
checkpoint's writes, the disk shared with other work), and an HTTP request that writes (a
result, a registration) holds the write lock for its whole transaction — on the loop's thread,
either stopped every game at once (measured: stalls of 60–160 ms). So the actions queue, and
the writer's thread stores all that is queued in one transaction (each action under its own
savepoint, so a ``seq`` taken by another writer undoes only its action), then wakes each
waiting room — nothing is acknowledged before that commit. While one group is being written
the next one gathers, so there is one hand-off of the interpreter lock per group, not per move.
The connection's ``busy_timeout`` is 0 and the thread tries for the lock every :data:`POLL`
seconds: SQLite's own busy handler sleeps in steps of up to 100 ms. The same thread also runs
SQLite's automatic WAL checkpoints, after its commits.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Engine, Table

from arbiter.server.play.state import Event
from arbiter.server.play.tables import LiveEvent, LiveGame
from arbiter.server.storage.models import GameAction

__all__ = ["GROUP", "POLL", "SqliteAppend"]

GROUP = 256
"""Most actions stored in one transaction."""
POLL = 0.001
"""Seconds between two tries for SQLite's write lock while another writer holds it."""
SQLITE_LOCKED = 6

_Item = tuple[
    int, list[Event], str, str | None, float | None, tuple[int, list[dict[str, Any]]] | None
]

_EVENTS = cast(Table, LiveEvent.__table__)
_GAMES = cast(Table, LiveGame.__table__)
_ACTIONS = cast(Table, GameAction.__table__)


class SqliteAppend:
    """:meth:`~arbiter.server.play.store.LiveStore.append` on SQLite, straight through the
    driver on one connection kept for it: the same rows and types as the SQLAlchemy statements
    (their own bind processors convert the values), at a fifth of the interpreter time — the
    hot path of every move. A ``seq`` stored first by another writer rolls the transaction
    back and raises :class:`sqlite3.IntegrityError`."""

    def __init__(self, engine: Engine, busy: float = 30.0) -> None:
        self.engine = engine
        self.busy = busy
        self._proxy: Any = None
        self._queue: list[tuple[_Item, asyncio.Future[bool]]] = []
        self._task: asyncio.Task[None] | None = None
        self.thread = ThreadPoolExecutor(1, "arbiter-live-sqlite")
        """The writer's thread (the live store's other writes run on it too)."""
        dialect = engine.dialect

        def sql(table: Table, columns: list[str]) -> str:
            marks = ", ".join("?" for _ in columns)
            return f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES ({marks})"

        self.events_sql = sql(_EVENTS, ["live_id", "seq", "kind", "at", "data", "user_id"])
        self.actions_sql = sql(
            _ACTIONS, ["game_id", "seq", "t", "at", "actor", "action", "user_id"]
        )
        self.game_sql = (
            f"UPDATE {_GAMES.name} SET last_seq = ?, status = ?, result = ?, due_at = ? "
            "WHERE id = ?"
        )
        self.json = _processor(_EVENTS.c.data, dialect)
        self.datetime = _processor(_ACTIONS.c.at, dialect)

    def connection(self) -> Any:
        """The driver's connection (opened on first use). It never waits inside SQLite for
        the write lock (``busy_timeout`` 0): the writer's thread tries again instead."""
        if self._proxy is None:
            self._proxy = self.engine.raw_connection()
            self._proxy.driver_connection.execute("PRAGMA busy_timeout = 0")
        return self._proxy.driver_connection

    async def drain(self) -> None:
        """Wait until every queued action is stored (or refused)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait({self._task})

    def close(self) -> None:
        """Stop the writer's thread and give the connection back to the engine's pool (with
        the pool's busy timeout)."""
        self.thread.shutdown(wait=True)
        if self._proxy is not None:
            self._proxy.driver_connection.execute(f"PRAGMA busy_timeout = {int(self.busy * 1000)}")
            self._proxy.close()
            self._proxy = None

    def __call__(
        self,
        live_id: int,
        events: list[Event],
        status: str,
        result: str | None,
        due_at: float | None,
        mirror: tuple[int, list[dict[str, Any]]] | None,
    ) -> None:
        """Store one action now (on the writer's thread, waiting for it)."""
        item = (live_id, events, status, result, due_at, mirror)
        if not self.thread.submit(self._write_when_free, [item]).result()[0]:
            raise sqlite3.IntegrityError(f"event {events[0].seq} of live game {live_id} is taken")

    async def store(
        self,
        live_id: int,
        events: list[Event],
        status: str,
        result: str | None,
        due_at: float | None,
        mirror: tuple[int, list[dict[str, Any]]] | None,
    ) -> bool:
        """Store one action from the event loop with the next group, once committed;
        ``False`` when another writer stored the first of these ``seq`` first."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bool] = loop.create_future()
        self._queue.append(((live_id, events, status, result, due_at, mirror), done))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._writer(), name="arbiter-live-sqlite-writer")
        return await done

    async def _writer(self) -> None:
        loop = asyncio.get_running_loop()
        while self._queue:
            group, self._queue = self._queue[:GROUP], self._queue[GROUP:]
            items = [item for item, _ in group]
            try:
                stored = await loop.run_in_executor(self.thread, self._write_when_free, items)
            except Exception as exc:  # the disk, the lock never freed: these actions only
                for _, done in group:
                    if not done.done():
                        done.set_exception(exc)
                continue
            for (_, done), ok in zip(group, stored, strict=True):
                if not done.done():
                    done.set_result(ok)

    def _write_when_free(self, items: list[_Item]) -> list[bool]:
        """On the writer's thread: wait for the write lock, then :meth:`_write`."""
        deadline = time.monotonic() + self.busy
        while not self._begin():
            if time.monotonic() > deadline:
                raise sqlite3.OperationalError("database is locked")
            time.sleep(POLL)
        return self._write(items)

    def _begin(self) -> bool:
        """Take the write lock (``BEGIN IMMEDIATE``) if it is free."""
        try:
            self.connection().execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, SQLITE_LOCKED):
                return False
            raise
        return True

    def _write(self, items: list[_Item]) -> list[bool]:
        """Store ``items`` in the transaction just begun, each under its own savepoint (a
        ``seq`` taken by another writer undoes that one only), and commit; which were stored."""
        conn = self.connection()
        js = self.json
        cur = conn.cursor()
        stored = []
        try:
            for live_id, events, status, result, due_at, mirror in items:
                cur.execute("SAVEPOINT live_action")
                try:
                    cur.executemany(
                        self.events_sql,
                        [(live_id, e.seq, e.kind, e.at, js(e.data), e.user_id) for e in events],
                    )
                    if mirror is not None and mirror[1]:
                        game_id, entries = mirror
                        at = self.datetime(datetime.now(UTC))
                        cur.executemany(
                            self.actions_sql,
                            [
                                (
                                    game_id,
                                    x["seq"],
                                    x["t"],
                                    at,
                                    js(x["actor"]),
                                    js(x["action"]),
                                    None,
                                )
                                for x in entries
                            ],
                        )
                    cur.execute(self.game_sql, (events[-1].seq, status, result, due_at, live_id))
                except sqlite3.IntegrityError:
                    # Another writer stored one of these seq first: the store says so (SeqTaken).
                    cur.execute("ROLLBACK TO live_action")
                    stored.append(False)
                else:
                    stored.append(True)
                cur.execute("RELEASE live_action")
            cur.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                cur.execute("ROLLBACK")
            raise
        finally:
            cur.close()
        return stored


def _processor(column: Any, dialect: Any) -> Callable[[Any], Any]:
    process = column.type.dialect_impl(dialect).bind_processor(dialect)
    return process if process is not None else (lambda value: value)
