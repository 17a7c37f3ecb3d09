"""The storage suite, on SQLite and on PostgreSQL: migrations, events as document plus rows,
versions, the action log, and transactions that leave nothing half-written."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import func, select, text

from arbiter.events.document import dumps
from arbiter.events.event import Event
from arbiter.server.migrate import current, downgrade, head, upgrade
from arbiter.server.migrations import metadata
from arbiter.server.runtime import Runtime
from arbiter.server.storage import actions
from arbiter.server.storage import events as store
from arbiter.server.storage.database import Database
from arbiter.server.storage.models import EventRow, GameRow, ParticipantRow, RoundRow

NOW = datetime(2026, 9, 1, 10, 0, tzinfo=UTC)


def toguz_event(players: int = 4) -> Event:
    event = Event.create("toguz", "round-robin", name="Bishkek Cup")
    names = ["Asanov Bakyt", "Bekova Aida", "Chynybaev Daniyar", "Duishov Emil", "Ergeshova Nur"]
    for name in names[:players]:
        event, _ = event.add_player(name)
    return event


def test_migrations_make_the_models_tables_and_go_back(database_url: str) -> None:
    from arbiter.server.config import Settings

    db = Database(Settings(database_url=database_url))
    try:
        assert current(db.engine) is None
        assert upgrade(db.engine) == head()
        with db.engine.connect() as conn:
            diff = compare_metadata(
                MigrationContext.configure(conn, opts={"compare_type": True}), metadata
            )
        assert diff == []
        assert upgrade(db.engine) == head()  # a second upgrade changes nothing
        assert downgrade(db.engine, "base") is None
        with db.engine.connect() as conn:
            tables = set(
                conn.execute(
                    text("SELECT name FROM sqlite_master WHERE type='table'")
                    if db.is_sqlite
                    else text("SELECT tablename FROM pg_tables WHERE schemaname='public'")
                ).scalars()
            )
        assert tables <= {"alembic_version"}
    finally:
        db.dispose()


def test_sqlite_runs_in_wal_mode(sqlite_runtime: Runtime) -> None:
    with sqlite_runtime.db.read() as session:
        assert session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert session.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_an_event_round_trips_through_document_and_rows(runtime: Runtime) -> None:
    event = toguz_event().pair_next_round()
    event = event.record_result(1, 1, None, "1(82)-0(60)")
    with runtime.db.write() as session:
        loaded = store.insert(session, event, user_id=None, now=NOW)
        event_id = loaded.row.id
    with runtime.db.read() as session:
        row = store.fetch(session, event_id)
        assert row is not None
        back = store.load(session, row)
        assert back.event == event
        assert dumps(back.event) == dumps(event)
        # Results live in the game rows only; the document holds none.
        assert all(g["result"] is None for r in row.document["rounds"] for g in r["games"])
        results = {store.game_key(g): g.result for g in back.games.values()}
        assert results[(1, 1, None)] == "1(82)-0(60)"
        entries = session.scalars(
            select(ParticipantRow.name)
            .where(ParticipantRow.event_id == event_id)
            .order_by(ParticipantRow.no)
        ).all()
        assert entries == [p.name for p in event.players]


def test_storing_an_operation_bumps_only_what_changed(runtime: Runtime) -> None:
    event = toguz_event().pair_next_round()
    with runtime.db.write() as session:
        loaded = store.insert(session, event, user_id=None, now=NOW)
        event_id = loaded.row.id
        assert loaded.row.version == 1
        assert {g.version for g in loaded.games.values()} == {1}
    with runtime.db.write() as session:
        row = store.fetch(session, event_id, lock="update")
        assert row is not None
        loaded = store.load(session, row)
        changed = loaded.event.record_result(1, 2, None, "1/2-1/2")
        after = store.store(session, loaded, changed, user_id=None, now=NOW)
        versions = {store.game_key(g): g.version for g in after.games.values()}
        assert versions[(1, 2, None)] == 2
        assert versions[(1, 1, None)] == 1
        assert after.row.version == 2
        assert after.rounds[1].version == 1  # a result is not a change of the pairing
    with runtime.db.write() as session:
        row = store.fetch(session, event_id, lock="update")
        assert row is not None
        loaded = store.load(session, row)
        with pytest.raises(Exception, match="round 1 has 1 result"):
            loaded.event.unpair_last_round()
        cleared = loaded.event.with_game(loaded.event.game_at(1, 2).with_result(None))
        after = store.store(session, loaded, cleared.unpair_last_round(), user_id=None, now=NOW)
        assert after.rounds == {} and after.games == {}
        assert session.scalar(select(func.count(GameRow.id))) == 0
        assert session.scalar(select(func.count(RoundRow.id))) == 0


def test_write_result_refuses_a_stale_version(runtime: Runtime) -> None:
    event = toguz_event().pair_next_round()
    with runtime.db.write() as session:
        event_id = store.insert(session, event, user_id=None, now=NOW).row.id
    with runtime.db.write() as session:
        row = store.fetch(session, event_id, lock="share")
        assert row is not None
        loaded = store.load(session, row)
        game_row = loaded.game_row((1, 1, None))
        game = loaded.event.record_result(1, 1, None, "1-0").game_at(1, 1)
        assert store.write_result(
            session, game_row, game, expected_version=1, user_id=None, now=NOW
        )
        assert not store.write_result(
            session, game_row, game, expected_version=1, user_id=None, now=NOW
        )
    with runtime.db.read() as session:
        stored = session.scalars(select(GameRow).where(GameRow.table_no == 1)).one()
        assert (stored.result, stored.version) == ("1-0", 2)


def test_load_refuses_rows_that_disagree_with_the_document(runtime: Runtime) -> None:
    event = toguz_event().pair_next_round()
    with runtime.db.write() as session:
        event_id = store.insert(session, event, user_id=None, now=NOW).row.id
    with runtime.db.write() as session:
        session.execute(GameRow.__table__.delete().where(GameRow.table_no == 2))
    with runtime.db.read() as session:
        row = store.fetch(session, event_id)
        assert row is not None
        with pytest.raises(store.IntegrityError, match="do not match its document"):
            store.load(session, row)


def test_a_failed_transaction_leaves_nothing(runtime: Runtime) -> None:
    event = toguz_event()
    with pytest.raises(RuntimeError, match="boom"), runtime.db.write() as session:
        store.insert(session, event.pair_next_round(), user_id=None, now=NOW)
        raise RuntimeError("boom")
    with runtime.db.read() as session:
        for model in (EventRow, ParticipantRow, RoundRow, GameRow):
            assert session.scalar(select(func.count()).select_from(model)) == 0


def test_the_action_log_is_append_only_in_order(runtime: Runtime) -> None:
    with runtime.db.write() as session:
        loaded = store.insert(session, toguz_event().pair_next_round(), user_id=None, now=NOW)
        game_id = loaded.game_row((1, 1, None)).id
    entry = {"seq": 0, "t": 0.0, "actor": {"kind": "referee"}, "action": {"type": "start"}}
    move = {"seq": 1, "t": 12.5, "actor": {"kind": "player", "side": "white"},
            "action": {"type": "move", "move": 7}}  # fmt: skip
    with runtime.db.write() as session:
        assert actions.next_seq(session, game_id) == 0
        actions.append(session, game_id, entry, user_id=None, at=NOW)
        with pytest.raises(actions.SeqTaken):
            actions.append(session, game_id, entry, user_id=None, at=NOW)
        with pytest.raises(ValueError, match="next entry is 1, not 5"):
            actions.append(session, game_id, {**move, "seq": 5}, user_id=None, at=NOW)
        actions.append(session, game_id, move, user_id=None, at=NOW)  # still usable
    with runtime.db.read() as session:
        stored = actions.entries(session, game_id)
        assert [a.to_log_json() for a in stored] == [entry, move]
        assert [a.seq for a in actions.entries(session, game_id, since=1)] == [1]


def test_the_action_log_replays_a_real_match(runtime: Runtime) -> None:
    from arbiter.match import Actor, LogEntry, Match, MatchSettings, Move, Start, replay

    match = Match.new(MatchSettings.toguz("60m"))
    match = match.apply(Start(), 0, Actor.referee())
    match = match.apply(Move(7), 3.5, Actor.player("white"))
    match = match.apply(Move(9), 8.0, Actor.player("black"))
    with runtime.db.write() as session:
        loaded = store.insert(session, toguz_event().pair_next_round(), user_id=None, now=NOW)
        game_id = loaded.game_row((1, 1, None)).id
    for entry in match.log:
        with runtime.db.write() as session:
            actions.append(session, game_id, entry.to_json(), user_id=None, at=NOW)
    with runtime.db.read() as session:
        log = tuple(LogEntry.from_json(a.to_log_json()) for a in actions.entries(session, game_id))
    assert replay(match.settings, log) == match


def test_the_action_log_services(runtime: Runtime) -> None:
    from arbiter.server.services.errors import Conflict, Invalid
    from arbiter.server.services.records import action_log, append_action

    with runtime.db.write() as session:
        loaded = store.insert(session, toguz_event().pair_next_round(), user_id=None, now=NOW)
        game_id = loaded.game_row((1, 1, None)).id
    start = {"seq": 0, "t": 0.0, "actor": {"kind": "referee"}, "action": {"type": "start"}}
    append_action(runtime, game_id, start, user_id=None)
    with pytest.raises(Conflict, match="stored already") as taken:
        append_action(runtime, game_id, start, user_id=None)
    assert taken.value.field == "seq"
    with pytest.raises(Invalid, match="next entry is 1"):
        append_action(runtime, game_id, {**start, "seq": 3}, user_id=None)
    with pytest.raises(Invalid, match="a log entry"):
        append_action(runtime, game_id, {"seq": 1}, user_id=None)
    assert [a.to_log_json() for a in action_log(runtime, game_id)] == [start]
    assert action_log(runtime, game_id, since=1) == []
