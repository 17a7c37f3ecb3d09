"""Finished event games' results reaching their events: when the game ends, and again from
every finished live game whose event game still has no result.

A live game ends in the live tables (its stream, committed before the players are told);
the event's result is then written by the results service in a transaction of its own. A
process that dies between the two leaves the event without the result the players were
shown. So besides recording at the end, every process looks, when it starts and then every
:data:`LOOK_AGAIN` seconds, for finished live games of events whose game has no result (or a
referee's provisional one) and records them: the result is never lost, and never written
twice (the event game's version decides between processes). The game's record follows its
result into the event the same way (:mod:`arbiter.server.play.event_records`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import cast

from sqlalchemy import Table, or_, select

from arbiter.server.play.event_records import store_event_record, unstored
from arbiter.server.play.store import GameRow, LiveStore, game_row
from arbiter.server.play.tables import LiveGame
from arbiter.server.runtime import Runtime
from arbiter.server.services import results
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Conflict, ServiceError
from arbiter.server.storage.models import GameRow as EventGame
from arbiter.server.storage.models import User

__all__ = ["LOOK_AGAIN", "Recorder", "record_event_result", "unrecorded"]

log = logging.getLogger("arbiter.play")

LOOK_AGAIN = 5.0
"""Seconds between two looks for finished event games whose result did not reach the event."""

_LIVE = cast(Table, LiveGame.__table__)
_GAMES = cast(Table, EventGame.__table__)


def unrecorded(store: LiveStore) -> list[GameRow]:
    """Finished live games of events whose event game has no result, or a provisional one."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(_LIVE)
            .join(_GAMES, _GAMES.c.id == _LIVE.c.game_id)
            .where(
                _LIVE.c.status == "over",
                _LIVE.c.result.is_not(None),
                or_(_GAMES.c.result.is_(None), _GAMES.c.result.like("%?")),
            )
            .order_by(_LIVE.c.id)
        )
        return [game_row(r) for r in rows]


def _user(rt: Runtime, user_id: int | None) -> CurrentUser | None:
    if user_id is None:
        return None
    with rt.db.read() as session:
        u = session.get(User, user_id)
        if u is None:
            return None
        return CurrentUser(u.id, u.username, u.display_name, u.is_admin)


def record_event_result(rt: Runtime, row: GameRow, result: str | None) -> bool:
    """A finished event game's result (the match result's text) goes into the event through
    :func:`arbiter.server.services.results.record_result`, as entered by the referee who
    created the live game (so versions and checks stay in one place). A referee's provisional
    result of the unfinished game (seed 002 7.2.11) is replaced by the real one. Whether the
    event now holds it (``False``: refused, and logged)."""
    if row.event_id is None or not result:
        return False
    where = row.options.get("event_game") or {}
    user = _user(rt, row.created_by)

    def enter(version: int | None) -> None:
        results.record_result(
            rt,
            user,
            cast(int, row.event_id),
            int(where["round"]),
            int(where["table"]),
            where.get("board"),
            result,
            version=version,
        )

    try:
        try:
            enter(None)
        except Conflict as exc:
            current = exc.current if isinstance(exc.current, dict) else {}
            shown = current.get("result")
            if shown == result:
                return True  # recorded already (by another process)
            if not (isinstance(shown, str) and shown.endswith("?")):
                log.info(
                    "live game %s ended %s; the event keeps the referee's %s", row.id, result, shown
                )
                return True
            enter(int(current["version"]))
    except ServiceError as exc:
        log.warning("live game %s: result %s not recorded: %s", row.id, result, exc)
        return False
    return True


class Recorder:
    """A process's recording of event results (see the module): one attempt at a time per
    game; a result the event refuses is logged once and not tried again by this process."""

    def __init__(self, rt: Runtime, store: LiveStore) -> None:
        self.rt = rt
        self.store = store
        self._busy: set[int] = set()
        self._refused: set[int] = set()
        self._unrecordable: set[int] = set()

    async def record(self, row: GameRow, result: str | None) -> None:
        """Record ``result`` of live game ``row`` in its event (in a worker thread)."""
        if row.id in self._busy or row.id in self._refused:
            return
        self._busy.add(row.id)
        try:
            done = await asyncio.to_thread(record_event_result, self.rt, row, result)
            if not done:
                self._refused.add(row.id)
            await self._store_record(row)
        except Exception:
            log.exception("game %s: the result did not reach the event", row.id)
        finally:
            self._busy.discard(row.id)

    async def _store_record(self, row: GameRow) -> None:
        """Store the game's record in its event (:mod:`arbiter.server.play.event_records`)."""
        if row.id in self._unrecordable:
            return
        if not await asyncio.to_thread(store_event_record, self.rt, row):
            self._unrecordable.add(row.id)

    async def sweep(self) -> int:
        """Record every result that has not reached its event; how many were found."""
        found = await self.store.run(unrecorded, self.store)
        for row in found:
            if row.id not in self._busy and row.id not in self._refused:
                log.warning("game %s ended %s: recording it in the event now", row.id, row.result)
                await self.record(row, row.result)
        for row in await self.store.run(unstored, self.store):
            if row.id not in self._busy and row.id not in self._unrecordable:
                self._busy.add(row.id)
                try:
                    await self._store_record(row)
                except Exception:
                    log.exception("game %s: the record did not reach the event", row.id)
                finally:
                    self._busy.discard(row.id)
        return len(found)
