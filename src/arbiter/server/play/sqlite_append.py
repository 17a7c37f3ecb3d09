"""The hot path of live play on SQLite: the events of one accepted action and the game's
summary stored in one transaction straight through the driver (``sqlite3``), on one
connection kept for it (:meth:`arbiter.server.play.store.LiveStore.append` calls it).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Engine, Table

from arbiter.server.play.state import Event
from arbiter.server.play.tables import LiveEvent, LiveGame
from arbiter.server.storage.models import GameAction

__all__ = ["SqliteAppend"]

_EVENTS = cast(Table, LiveEvent.__table__)
_GAMES = cast(Table, LiveGame.__table__)
_ACTIONS = cast(Table, GameAction.__table__)


class SqliteAppend:
    """:meth:`~arbiter.server.play.store.LiveStore.append` on SQLite, straight through the
    driver on one connection kept for it: the same rows and types as the SQLAlchemy statements
    (their own bind processors convert the values), at a fifth of the interpreter time — the
    hot path of every move. A ``seq`` stored first by another writer rolls the transaction
    back and raises :class:`sqlite3.IntegrityError`."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._proxy: Any = None
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
        """The driver's connection (opened on first use)."""
        if self._proxy is None:
            self._proxy = self.engine.raw_connection()
        return self._proxy.driver_connection

    def close(self) -> None:
        """Give the connection back to the engine's pool."""
        if self._proxy is not None:
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
        conn = self.connection()
        js = self.json
        cur = conn.cursor()
        cur.execute("BEGIN IMMEDIATE")
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
                        (game_id, x["seq"], x["t"], at, js(x["actor"]), js(x["action"]), None)
                        for x in entries
                    ],
                )
            cur.execute(self.game_sql, (events[-1].seq, status, result, due_at, live_id))
            cur.execute("COMMIT")
        except sqlite3.IntegrityError:
            # Another writer stored one of these seq first: the store says so (SeqTaken).
            cur.execute("ROLLBACK")
            raise
        except BaseException:
            if conn.in_transaction:
                cur.execute("ROLLBACK")
            raise
        finally:
            cur.close()


def _processor(column: Any, dialect: Any) -> Callable[[Any], Any]:
    process = column.type.dialect_impl(dialect).bind_processor(dialect)
    return process if process is not None else (lambda value: value)
