"""The kept parsed events (storage/event_cache.py): a document is parsed once per version, every
change — a result, a new document, another process's write, a deleted event whose id a new one
took — is seen at the next load, and what a rolled-back transaction wrote is never kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from arbiter.events import document
from arbiter.events.event import Event
from arbiter.server.runtime import Runtime
from arbiter.server.storage import event_cache
from arbiter.server.storage import events as store
from arbiter.server.storage.database import Database
from tests.server.test_storage import NOW, toguz_event


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times storage parsed an event document (one entry per parse)."""
    seen: list[int] = []
    real = document.from_document

    def counting(doc: Any) -> Event:
        seen.append(1)
        return real(doc)

    monkeypatch.setattr(store, "from_document", counting)
    return seen


def swiss_event() -> Event:
    """A Swiss event of four (late entries allowed once paired)."""
    event = Event.create("toguz", "swiss", rounds=3, name="Bishkek Cup")
    for name in ["Asanov Bakyt", "Bekova Aida", "Chynybaev Daniyar", "Duishov Emil"]:
        event, _ = event.add_player(name)
    return event


def _insert(db: Database, event: Event) -> int:
    with db.write() as session:
        return store.insert(session, event, user_id=None, now=NOW).row.id


def _read(db: Database, event_id: int) -> Event:
    with db.read() as session:
        row = store.fetch(session, event_id)
        assert row is not None
        return store.load(session, row).event


def _change(db: Database, event_id: int, op: Callable[[Event], Event]) -> None:
    with db.write() as session:
        row = store.fetch(session, event_id, lock="update")
        assert row is not None
        loaded = store.load(session, row)
        store.store(session, loaded, op(loaded.event), user_id=None, now=NOW)


def test_a_document_is_parsed_once_per_version_and_results_are_merged_fresh(
    runtime: Runtime, parses: list[int]
) -> None:
    db = runtime.db
    event_id = _insert(db, swiss_event().pair_next_round())
    first = _read(db, event_id)
    assert len(parses) == 1
    assert _read(db, event_id) == first
    assert len(parses) == 1  # kept

    with db.write() as session:  # a result: the game row only, the document's version stays
        row = store.fetch(session, event_id, lock="share")
        assert row is not None
        loaded = store.load(session, row)
        game = loaded.event.record_result(1, 1, None, "1(82)-0(60)").game_at(1, 1)
        assert store.write_result(
            session, loaded.game_row((1, 1, None)), game, expected_version=1, user_id=None, now=NOW
        )
    after = _read(db, event_id)
    assert len(parses) == 1
    assert str(after.game_at(1, 1).result) == "1(82)-0(60)"
    assert after.game_at(1, 2) == first.game_at(1, 2)

    _change(db, event_id, lambda e: e.add_player("Ergeshova Nur")[0])  # a new document
    changed = _read(db, event_id)
    assert [p.name for p in changed.players][-1] == "Ergeshova Nur"
    assert str(changed.game_at(1, 1).result) == "1(82)-0(60)"
    # Parsed by the writing transaction (not kept: it might have rolled back), then once by
    # the reader, which keeps it.
    assert len(parses) == 3
    _read(db, event_id)
    assert len(parses) == 3


def test_what_a_rolled_back_transaction_wrote_is_not_kept(runtime: Runtime) -> None:
    db = runtime.db
    event_id = _insert(db, toguz_event())
    _read(db, event_id)
    with pytest.raises(RuntimeError, match="boom"), db.write() as session:
        row = store.fetch(session, event_id, lock="update")
        assert row is not None
        loaded = store.load(session, row)
        store.store(
            session, loaded, loaded.event.add_player("Rolled Back")[0], user_id=None, now=NOW
        )
        raise RuntimeError("boom")
    # The version the rolled-back write took is taken again by another change.
    _change(db, event_id, lambda e: e.add_player("Committed")[0])
    names = [p.name for p in _read(db, event_id).players]
    assert "Committed" in names and "Rolled Back" not in names


def test_another_process_s_changes_are_seen(runtime: Runtime) -> None:
    other = Database(runtime.settings)  # its own pool, as another process has
    try:
        event_id = _insert(runtime.db, swiss_event().pair_next_round())
        assert _read(runtime.db, event_id).game_at(1, 1).result is None
        assert _read(other, event_id).game_at(1, 1).result is None
        _change(other, event_id, lambda e: e.record_result(1, 1, None, "0-1"))
        _change(other, event_id, lambda e: e.add_player("Ergeshova Nur")[0])
        seen = _read(runtime.db, event_id)
        assert str(seen.game_at(1, 1).result) == "0-1"
        assert seen.players[-1].name == "Ergeshova Nur"
    finally:
        other.dispose()


def test_a_deleted_event_is_never_taken_for_the_new_one_with_its_id(runtime: Runtime) -> None:
    db = runtime.db
    first = _insert(db, toguz_event())
    assert _read(db, first).config.name == "Bishkek Cup"
    with db.write() as session:
        row = store.fetch(session, first)
        session.delete(row)
    later = Event.create("toguz", "round-robin", name="Osh Open")
    with db.write() as session:
        # A later moment: SQLite gives the new event the freed id, at version 1 again.
        loaded = store.insert(session, later, user_id=None, now=NOW.replace(hour=11))
        new_id = loaded.row.id
    assert _read(db, new_id).config.name == "Osh Open"


def test_the_cache_is_bounded_and_keeps_the_newest_version() -> None:
    cache = event_cache.EventCache(size=2)
    base = toguz_event()
    for event_id in (1, 2, 3):
        cache.remember(event_id, event_cache.Kept(1, NOW, base))
    assert cache.get(1, 1, NOW) is None  # the least recently read went first
    assert cache.get(3, 1, NOW) is not None
    cache.remember(3, event_cache.Kept(5, NOW, base))
    cache.remember(3, event_cache.Kept(4, NOW, base))  # an older read arriving late
    assert cache.get(3, 5, NOW) is not None and cache.get(3, 4, NOW) is None
    assert cache.get(3, 5, NOW.replace(hour=11)) is None  # another event with that id
