"""Events in the database: the document without results, plus one row per round and per game.

:func:`load` merges the document and the game rows into one :class:`~arbiter.events.Event`;
:func:`store` writes an event changed by an operation of the events core back, touching only
the rows that changed. Results are written either here (by event-level operations, under the
event's exclusive lock) or by :func:`write_result` (one game, under the shared lock).

Locks (PostgreSQL; SQLite's write transactions are serial anyway): every operation that changes
the document takes the event row ``FOR UPDATE``; result entry takes it ``FOR SHARE``, so that
results of different games are written side by side while no pairing, withdrawal or other change
of the document runs, and a pairing waits for the results being written and then sees them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, Table, bindparam, delete, select, true, update
from sqlalchemy import insert as sql_insert
from sqlalchemy.orm import Session

from arbiter.events.document import from_document, to_document
from arbiter.events.event import Event
from arbiter.events.results import Result
from arbiter.events.rounds import Game, GameKey, Round
from arbiter.server.storage.event_cache import Kept, cache_for
from arbiter.server.storage.models import (
    EventRow,
    GameAction,
    GameRecord,
    GameRow,
    ParticipantRow,
    RoundRow,
)


class IntegrityError(RuntimeError):
    """The stored document and the stored rows disagree: a bug, never bad input."""


def game_key(row: GameRow) -> GameKey:
    """The events core's key of a game row (board 0 stands for no board)."""
    return (row.round, row.table_no, row.board or None)


@dataclass(frozen=True, slots=True)
class Loaded:
    """An event as loaded: the merged :class:`Event` and the rows it came from."""

    row: EventRow
    event: Event
    rounds: Mapping[int, RoundRow]
    games: Mapping[GameKey, GameRow]

    def game_row(self, key: GameKey) -> GameRow:
        """The row of the game with ``key`` (which the event has)."""
        return self.games[key]


# -- locking and loading --------------------------------------------------------------------------


def fetch(session: Session, event_id: int, *, lock: str | None = None) -> EventRow | None:
    """The event row, optionally locked ``"update"`` (exclusive) or ``"share"``."""
    query = select(EventRow).where(EventRow.id == event_id)
    if lock == "update":
        query = query.with_for_update()
    elif lock == "share":
        query = query.with_for_update(read=True)
    return session.scalars(query).one_or_none()


def strip_results(doc: dict[str, Any]) -> dict[str, Any]:
    """The document with every game's result and extra games taken out (they live in rows)."""
    rounds = []
    for rnd in doc.get("rounds", []):
        games = [{**g, "result": None, "extra": []} for g in rnd["games"]]
        rounds.append({**rnd, "games": games})
    return {**doc, "rounds": rounds}


def load(session: Session, row: EventRow, *, remember: bool = True) -> Loaded:
    """The event of ``row`` with the results of its game rows. The parsed document and the
    merged event are taken from, and (``remember``: what the transaction read is committed)
    kept in, the database's :class:`~arbiter.server.storage.event_cache.EventCache`."""
    cache = cache_for(session)
    kept = cache.get(row.id, row.version, row.created_at)
    if kept is None:
        # The document with its version in one statement: at READ COMMITTED another writer
        # may have committed a newer one since ``row`` was read.
        doc, version = session.execute(
            select(EventRow.document, EventRow.version).where(EventRow.id == row.id)
        ).one()
        kept = Kept(version, row.created_at, from_document(doc))
        remember = remember and version == row.version
    base = kept.base
    round_rows = {
        r.number: r for r in session.scalars(select(RoundRow).where(RoundRow.event_id == row.id))
    }
    game_rows = {
        game_key(g): g for g in session.scalars(select(GameRow).where(GameRow.event_id == row.id))
    }
    texts = {key: (g.result, tuple(g.extra)) for key, g in game_rows.items()}
    if kept.merged is not None and kept.texts == texts:
        return Loaded(row, kept.merged, round_rows, game_rows)
    doc_keys = {g.key for g in base.games()}
    if doc_keys != set(game_rows) or set(round_rows) != {r.number for r in base.rounds}:
        raise IntegrityError(f"event {row.id}: the stored games do not match its document")
    # Only the games whose result changed since the kept merge are parsed again.
    before = {g.key: g for g in kept.merged.games()} if kept.merged is not None else {}
    was = kept.texts or {}
    total = base.config.korgool_total
    rounds = []
    for rnd in base.rounds:
        games = tuple(
            before[g.key]
            if g.key in before and was.get(g.key) == texts[g.key]
            else _with_row(g, game_rows[g.key], base.game, total)
            for g in rnd.games
        )
        rounds.append(replace(rnd, games=games))
    event = replace(base, rounds=tuple(rounds))
    if remember:
        cache.remember(row.id, replace(kept, texts=texts, merged=event))
    return Loaded(row, event, round_rows, game_rows)


def _with_row(game: Game, row: GameRow, name: str, total: int) -> Game:
    if row.result is None and not row.extra:
        return game  # the document's games have no result
    result = Result.parse(row.result, name, total=total) if row.result is not None else None  # type: ignore[arg-type]
    extra = tuple(Result.parse(x, name, total=total) for x in row.extra)  # type: ignore[arg-type]
    return replace(game, result=result, extra=extra)


# -- writing ------------------------------------------------------------------------------------


def _result_text(game: Game) -> str | None:
    return str(game.result) if game.result is not None else None


def _extra_texts(game: Game) -> list[str]:
    return [str(r) for r in game.extra]


def _pairing(game: Game) -> tuple[object, ...]:
    return (
        game.black,
        game.white,
        game.black_player,
        game.white_player,
        game.handicap,
        game.komi,
        game.slot,
    )


def _new_game_row(
    event_id: int, round_row: RoundRow, game: Game, user_id: int | None, now: datetime
) -> GameRow:
    return GameRow(
        event_id=event_id,
        round_id=round_row.id,
        round=game.round,
        table_no=game.table,
        board=game.board or 0,
        black=game.black,
        white=game.white,
        result=_result_text(game),
        extra=_extra_texts(game),
        version=1,
        updated_at=now,
        updated_by=user_id,
    )


def insert(session: Session, event: Event, *, user_id: int | None, now: datetime) -> Loaded:
    """Store a new event (its rounds and games too, for an imported event)."""
    row = EventRow(
        name=event.config.name,
        game=event.game,
        system=event.system,
        discipline=event.discipline,
        document=strip_results(to_document(event)),
        version=1,
        published=False,
        created_by=user_id,
        created_at=now,
        updated_at=now,
    )
    session.add(row)
    session.flush()
    empty = Loaded(row, replace(event, rounds=()), {}, {})
    _write_participants(session, row.id, Event(event.game, event.system, event.discipline), event)
    _write_rounds(session, empty, event, user_id=user_id, now=now)
    session.flush()
    # The rows just written, not the document parsed again: reading back what was written
    # gives ``event`` itself (from_document(to_document(e)) == e), and parsing 10,000 entries
    # would hold the write lock for nothing.
    rounds = {
        r.number: r for r in session.scalars(select(RoundRow).where(RoundRow.event_id == row.id))
    }
    games = {
        game_key(g): g for g in session.scalars(select(GameRow).where(GameRow.event_id == row.id))
    }
    return Loaded(row, event, rounds, games)


def store(
    session: Session, loaded: Loaded, new: Event, *, user_id: int | None, now: datetime
) -> Loaded:
    """Write ``new`` (the loaded event after an operation) back: the document, its version, the
    rounds, games and entries that changed. The caller holds the event's exclusive lock."""
    row = loaded.row
    row.document = strip_results(to_document(new))
    row.version += 1
    row.name = new.config.name
    row.updated_at = now
    _write_participants(session, row.id, loaded.event, new)
    _write_rounds(session, loaded, new, user_id=user_id, now=now)
    session.flush()
    return load(session, row, remember=False)  # not committed yet: it may roll back


def store_document(
    session: Session, row: EventRow, old: Event, new: Event, *, now: datetime
) -> None:
    """Write ``new``, which differs from ``old`` only in what the document holds besides its
    rounds (entries, settings): the document, its version and the entries. The caller holds
    the event's exclusive lock and has checked that ``row``'s version is ``old``'s, so that
    nothing is loaded or parsed here: the write transaction stays short."""
    if new.rounds != old.rounds:
        raise IntegrityError(f"event {row.id}: store_document() cannot change rounds")
    row.document = strip_results(to_document(new))
    row.version += 1
    row.name = new.config.name
    row.updated_at = now
    _write_participants(session, row.id, old, new)
    session.flush()


def _entries(event: Event) -> dict[tuple[str, int], tuple[str, int | None]]:
    out: dict[tuple[str, int], tuple[str, int | None]] = {}
    for kind, items in (("player", event.players), ("pair", event.pairs), ("team", event.teams)):
        for p in items:
            out[(kind, p.no)] = (p.name, p.withdrawn)
    return out


def _write_participants(session: Session, event_id: int, old: Event, new: Event) -> None:
    # Set-wise statements (one INSERT of many rows, one UPDATE executed for many), not one ORM
    # object a row: an import of 10,000 players is a few statements, not 10,000 flushes.
    before, after = _entries(old), _entries(new)
    if before == after:
        return
    table = cast(Table, ParticipantRow.__table__)
    stored = {
        (kind, no): (name, withdrawn)
        for kind, no, name, withdrawn in session.execute(
            select(table.c.kind, table.c.no, table.c.name, table.c.withdrawn).where(
                table.c.event_id == event_id
            )
        )
    }
    gone: dict[str, list[int]] = {}
    for kind, no in stored.keys() - after.keys():
        gone.setdefault(kind, []).append(no)
    for kind, numbers in gone.items():
        session.execute(
            delete(table).where(
                table.c.event_id == event_id, table.c.kind == kind, table.c.no.in_(numbers)
            )
        )
    changed = [
        {"p_kind": kind, "p_no": no, "p_name": name, "p_withdrawn": withdrawn}
        for (kind, no), (name, withdrawn) in after.items()
        if (kind, no) in stored and stored[(kind, no)] != (name, withdrawn)
    ]
    if changed:
        session.execute(
            update(table)
            .where(
                table.c.event_id == event_id,
                table.c.kind == bindparam("p_kind"),
                table.c.no == bindparam("p_no"),
            )
            .values(name=bindparam("p_name"), withdrawn=bindparam("p_withdrawn")),
            changed,
        )
    added = [
        {"event_id": event_id, "kind": kind, "no": no, "name": name, "withdrawn": withdrawn}
        for (kind, no), (name, withdrawn) in after.items()
        if (kind, no) not in stored
    ]
    if added:
        session.execute(sql_insert(table), added)


def _write_rounds(
    session: Session, loaded: Loaded, new: Event, *, user_id: int | None, now: datetime
) -> None:
    event_id = loaded.row.id
    old_rounds = {r.number: r for r in loaded.event.rounds}
    new_rounds = {r.number: r for r in new.rounds}
    for number in sorted(set(old_rounds) - set(new_rounds), reverse=True):
        round_row = loaded.rounds[number]
        session.execute(delete(GameRow).where(GameRow.round_id == round_row.id))
        session.delete(round_row)
    session.flush()
    for number in sorted(new_rounds):
        rnd = new_rounds[number]
        if number not in old_rounds:
            round_row = RoundRow(
                event_id=event_id, number=number, version=1, published=False, paired_at=now
            )
            session.add(round_row)
            session.flush()
            session.add_all(_new_game_row(event_id, round_row, g, user_id, now) for g in rnd.games)
            continue
        _write_games(session, loaded, old_rounds[number], rnd, user_id=user_id, now=now)


def _write_games(
    session: Session,
    loaded: Loaded,
    old: Round,
    new: Round,
    *,
    user_id: int | None,
    now: datetime,
) -> None:
    round_row = loaded.rounds[new.number]
    old_games = {g.key: g for g in old.games}
    new_games = {g.key: g for g in new.games}
    repaired = old.byes != new.byes or set(old_games) != set(new_games)
    for key in set(old_games) - set(new_games):
        session.delete(loaded.games[key])
    for key, game in new_games.items():
        before = old_games.get(key)
        if before is None:
            session.add(_new_game_row(loaded.row.id, round_row, game, user_id, now))
            continue
        grow = loaded.games[key]
        if _pairing(before) != _pairing(game):
            repaired = True
            grow.black, grow.white = game.black, game.white
        if (_result_text(before), _extra_texts(before)) != (
            _result_text(game),
            _extra_texts(game),
        ):
            grow.result, grow.extra = _result_text(game), _extra_texts(game)
            grow.version += 1
            grow.updated_at, grow.updated_by = now, user_id
    if repaired:
        round_row.version += 1


def write_result(
    session: Session,
    row: GameRow,
    game: Game,
    *,
    expected_version: int,
    user_id: int | None,
    now: datetime,
    only_if: ColumnElement[bool] | None = None,
) -> bool:
    """Write one game's result and extra games if its version is still ``expected_version``
    (and ``only_if`` holds, checked in the same statement); ``False`` when another writer
    changed it first (the caller answers 409)."""
    done = session.execute(
        update(GameRow)
        .where(GameRow.id == row.id, GameRow.version == expected_version)
        .where(only_if if only_if is not None else true())
        .values(
            result=_result_text(game),
            extra=_extra_texts(game),
            version=expected_version + 1,
            updated_at=now,
            updated_by=user_id,
        )
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(done, "rowcount", 0) == 1)


def games_with_activity(session: Session, game_ids: Iterable[int]) -> set[int]:
    """The games among ``game_ids`` that have a stored record or logged actions."""
    ids = list(game_ids)
    if not ids:
        return set()
    recorded = set(session.scalars(select(GameRecord.game_id).where(GameRecord.game_id.in_(ids))))
    logged = set(
        session.scalars(select(GameAction.game_id).where(GameAction.game_id.in_(ids)).distinct())
    )
    return recorded | logged
