"""The hot path of live play on PostgreSQL: group commit on the event loop.

Every accepted action of every game of this process is queued here; one writer task takes all
that is queued and stores it in one transaction, sent in one round trip (psycopg 3's pipeline
mode on an asynchronous connection: ``BEGIN``, one prepared statement per action, ``COMMIT``),
then wakes each waiting room — only after the commit, so nothing is acknowledged before it is
stored. While one transaction is on its way, the next actions queue, so the group grows with
the load by itself and no action waits for a timer: under load several actions share a
commit (one WAL flush; about two at 500 moves/s on a 2-core machine, where a commit takes
about 2 ms) instead of each paying its own, and no thread pool hands the interpreter lock back
and forth (docs/decisions.md, "Live play at scale").

Each action is one statement that cannot fail because of another writer: it updates the game's
row only where ``last_seq`` is still the one the room built on, and inserts the events (and the
event game's log entries) only when that row was updated. Another process that stored event
*n* first leaves the update matching no row — the room gets
:class:`~arbiter.server.play.store.SeqTaken`, as before, and
the other actions of the group are committed. (PostgreSQL's row lock orders two writers of the
same game; the group takes the rows in ascending id, so two processes' groups never deadlock.)
A group that fails for another reason (a unique key of ``game_actions``) is rolled back and its
actions stored one by one, so only the faulty one is refused.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from sqlalchemy import Engine

from arbiter.server.play.state import Event

__all__ = ["GROUP", "PgAppend"]

log = logging.getLogger("arbiter.play")

GROUP = 256
"""Most actions stored in one transaction."""

_APPEND = """
WITH g AS (
    UPDATE live_games
    SET last_seq = %(last)s, status = %(status)s, result = %(result)s, due_at = %(due)s
    WHERE id = %(id)s AND last_seq = %(prev)s
    RETURNING id
), e AS (
    INSERT INTO live_events (live_id, seq, kind, at, data, user_id)
    SELECT g.id, x.seq, x.kind, x.at, x.data, x.user_id
    FROM g, jsonb_to_recordset(%(events)s) AS x(
        seq integer, kind text, at double precision, data jsonb, user_id integer)
), a AS (
    INSERT INTO game_actions (game_id, seq, t, at, actor, action, user_id)
    SELECT %(game)s::integer, x.seq, x.t, %(now)s, x.actor, x.action, NULL
    FROM g, jsonb_to_recordset(%(actions)s) AS x(
        seq integer, t double precision, actor jsonb, action jsonb)
)
SELECT count(*) FROM g
"""
"""One action: the game's row if it is still at ``prev``, then its events and log entries."""


@dataclass(slots=True)
class _Pending:
    live_id: int
    params: dict[str, Any]
    done: asyncio.Future[bool] = field(default_factory=lambda: _future())


def _future() -> asyncio.Future[bool]:
    return asyncio.get_running_loop().create_future()


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class PgAppend:
    """:meth:`arbiter.server.play.store.LiveStore.append` on PostgreSQL (see the module)."""

    def __init__(self, engine: Engine) -> None:
        url = engine.url.set(drivername="postgresql")
        self.conninfo = url.render_as_string(hide_password=False)
        self._queue: list[_Pending] = []
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._conn: psycopg.AsyncConnection[Any] | None = None
        self.groups = 0
        """Transactions committed (the benchmark divides the actions by it)."""
        self.stored = 0
        """Actions committed."""

    async def __call__(
        self,
        live_id: int,
        events: list[Event],
        status: str,
        result: str | None,
        due_at: float | None,
        mirror: tuple[int, list[dict[str, Any]]] | None,
    ) -> bool:
        """Store one action's events with the next group, once committed; ``False`` when
        another writer stored the first of these ``seq`` first (nothing was stored)."""
        entries = mirror[1] if mirror is not None else []
        params = {
            "id": live_id,
            "prev": events[0].seq - 1,
            "last": events[-1].seq,
            "status": status,
            "result": result,
            "due": due_at,
            "events": Jsonb(
                [
                    {"seq": e.seq, "kind": e.kind, "at": e.at, "data": e.data, "user_id": e.user_id}
                    for e in events
                ],
                dumps=_dumps,
            ),
            "game": mirror[0] if mirror is not None and entries else None,
            "now": datetime.now(UTC),
            "actions": Jsonb(
                [
                    {"seq": x["seq"], "t": x["t"], "actor": x["actor"], "action": x["action"]}
                    for x in entries
                ],
                dumps=_dumps,
            ),
        }
        pending = _Pending(live_id, params)
        self._queue.append(pending)
        if self._task is None or self._task.done():
            self._wake = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(
                self._writer(), name="arbiter-live-writer"
            )
        assert self._wake is not None
        self._wake.set()
        return await pending.done

    async def _writer(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                group, self._queue = self._queue[:GROUP], self._queue[GROUP:]
                try:
                    await self._store(group)
                except Exception as exc:  # a bug: the rooms raise it, the writer goes on
                    log.exception("live writer: a group of %d actions failed", len(group))
                    for p in group:
                        _fail(p, exc)

    async def _connection(self) -> psycopg.AsyncConnection[Any]:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self._conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        return self._conn

    async def _store(self, group: list[_Pending]) -> None:
        group.sort(key=lambda p: p.live_id)  # row locks in one order: no deadlock
        try:
            counts = await self._group(group)
        except psycopg.OperationalError as exc:
            # The connection broke (a restart): nothing of the group is acknowledged.
            for p in group:
                _fail(p, exc)
            return
        except psycopg.Error:
            await self._one_by_one(group)
            return
        self.groups += 1
        self.stored += len(group)
        for p, count in zip(group, counts, strict=True):
            _settle(p, count)

    async def _group(self, group: list[_Pending]) -> list[int]:
        conn = await self._connection()
        cursors = []
        async with conn.pipeline(), conn.transaction():
            for p in group:
                cursors.append(await conn.execute(_APPEND, p.params, prepare=True))
        counts = []
        for cur in cursors:
            row = await cur.fetchone()
            counts.append(int(row[0]) if row else 0)
        return counts

    async def _one_by_one(self, group: list[_Pending]) -> None:
        for p in group:
            try:
                counts = await self._group([p])
            except psycopg.IntegrityError:
                counts = [0]
            except psycopg.Error as exc:
                _fail(p, exc)
                continue
            _settle(p, counts[0])

    async def close(self) -> None:
        """Store what is queued, stop the writer and close the connection."""
        if self._task is not None:
            while self._queue and not self._task.done():
                await asyncio.sleep(0.001)
            self._task.cancel()
            self._task = None
        if self._conn is not None:
            await self._conn.close()
            self._conn = None


def _settle(p: _Pending, count: int) -> None:
    if not p.done.done():
        p.done.set_result(count > 0)


def _fail(p: _Pending, exc: BaseException) -> None:
    if not p.done.done():
        p.done.set_exception(exc)
