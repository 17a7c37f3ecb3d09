"""The records of event games played online reaching their events (issue 15): when a live game
of an event ends, its full record — every move with the clock times, the referees' notes, the
result — is stored as the event game's record (SGF for Go, the JSON game record for Toguz
Korgool), so that the event's game page shows it in the viewer and the round's exports hold
it. The record is written from the event game's action log (mirrored as the game is played:
:meth:`arbiter.server.play.store.LiveStore.append`), so that a process that stops between
the end and the record leaves nothing lost: :func:`unstored` finds those games again, as
:mod:`arbiter.server.play.results` does for results.

A record a referee stored by hand first is kept (the event's staff chose it); the live game's
own record is always at ``/api/play/games/{id}/record``.
"""

from __future__ import annotations

import logging
from typing import cast

from sqlalchemy import Table, select

from arbiter.match import LogEntry, Match, MatchSettings, replay
from arbiter.match.export import json_text, sgf
from arbiter.server.play.store import GameRow, LiveStore, game_row
from arbiter.server.play.tables import LiveGame
from arbiter.server.runtime import Runtime
from arbiter.server.services import records
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Conflict, ServiceError
from arbiter.server.storage import actions
from arbiter.server.storage.models import GameRecord, User

__all__ = ["live_game_of", "played_match", "record_of", "store_event_record", "unstored"]

log = logging.getLogger("arbiter.play")

_LIVE = cast(Table, LiveGame.__table__)
_RECORDS = cast(Table, GameRecord.__table__)


def record_of(match: Match) -> tuple[str, str]:
    """The record an event stores of ``match``: ``(format, content)``."""
    if match.kind == "go":
        return "sgf", sgf(match).decode("utf-8")
    return "arbiter-game", json_text(match)


def played_match(rt: Runtime, row: GameRow) -> Match | None:
    """The match of event live game ``row`` rebuilt from the event game's action log
    (``None``: no log)."""
    if row.game_id is None:
        return None
    with rt.db.read() as session:
        stored = actions.entries(session, row.game_id)
    if not stored:
        return None
    entries = (LogEntry.from_json(entry.to_log_json()) for entry in stored)
    return replay(MatchSettings.from_json(row.settings), entries)


def _user(rt: Runtime, user_id: int | None) -> CurrentUser | None:
    if user_id is None:
        return None
    with rt.db.read() as session:
        u = session.get(User, user_id)
        return None if u is None else CurrentUser(u.id, u.username, u.display_name, u.is_admin)


def store_event_record(rt: Runtime, row: GameRow) -> bool:
    """Store finished event game ``row``'s record in its event, as entered by the referee who
    created the live game (the checks of :func:`arbiter.server.services.records.put_record`
    apply). Whether the event now holds a record of the game (``False``: refused, logged)."""
    where = row.options.get("event_game") or {}
    if row.event_id is None or not where:
        return False
    try:
        match = played_match(rt, row)
        if match is None or not match.is_over:
            return False
        fmt, content = record_of(match)
        records.put_record(
            rt,
            _user(rt, row.created_by),
            row.event_id,
            int(where["round"]),
            int(where["table"]),
            where.get("board"),
            fmt,
            content,
        )
    except Conflict:
        return True  # a record is stored already (by a referee, or by another process)
    except (ServiceError, ValueError) as exc:
        log.warning("live game %s: its record was not stored in the event: %s", row.id, exc)
        return False
    return True


def unstored(store: LiveStore) -> list[GameRow]:
    """Finished live games of events whose event game has no stored record."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(_LIVE)
            .outerjoin(_RECORDS, _RECORDS.c.game_id == _LIVE.c.game_id)
            .where(
                _LIVE.c.status == "over",
                _LIVE.c.game_id.is_not(None),
                _RECORDS.c.game_id.is_(None),
            )
            .order_by(_LIVE.c.id)
        )
        return [game_row(r) for r in rows]


def live_game_of(rt: Runtime, game_id: int) -> int | None:
    """The live game (its id) in which event game ``game_id`` is played, if any."""
    with rt.db.read() as session:
        found = session.scalar(select(LiveGame.id).where(LiveGame.game_id == game_id))
        return None if found is None else int(found)
