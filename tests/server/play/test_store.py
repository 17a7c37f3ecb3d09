"""The live store on SQLite: the driver-level append writes exactly what the SQLAlchemy
statements write (a differential test), refuses a taken ``seq`` leaving nothing behind, and
the WAL stays bounded under a stream of commits; the collector recovers frozen cycles and
keeps no request's garbage."""

from __future__ import annotations

import gc
import os
import weakref
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import select

from arbiter.events.event import Event as TournamentEvent
from arbiter.server.guard import InFlight
from arbiter.server.play.collector import MEMORY_FLOOR, Collector, resident_bytes
from arbiter.server.play.state import Event
from arbiter.server.play.store import LiveStore, SeqTaken
from arbiter.server.play.tables import LiveEvent, LiveGame
from arbiter.server.runtime import Runtime
from arbiter.server.storage import actions
from arbiter.server.storage import events as tournament_store

NOW = datetime(2026, 9, 1, 10, 0, tzinfo=UTC)


def event_game(rt: Runtime) -> int:
    """An event's game (``games.id``), for the mirrored action log."""
    event = TournamentEvent.create("toguz", "round-robin", name="Store Cup")
    for name in ("Asanov Bakyt", "Bekova Aida"):
        event, _ = event.add_player(name)
    with rt.db.write() as session:
        loaded = tournament_store.insert(session, event.pair_next_round(), user_id=None, now=NOW)
        return int(loaded.game_row((1, 1, None)).id)


def live_game(store: LiveStore, game_id: int | None) -> int:
    return store.create(
        kind="toguz",
        settings={"game": "toguz"},
        options={},
        seats={},
        epoch=1_790_000_000.0,
        due_at=None,
        game_id=game_id,
    )


def stream(n: int) -> list[Event]:
    """``n`` events with the kinds of data a game stores: nested JSON, text, nulls, floats."""
    out = []
    for seq in range(n):
        data: dict[str, Any] = {
            "entry": {
                "seq": seq,
                "t": seq * 1.25,
                "actor": {"kind": "player", "side": "white" if seq % 2 else "black"},
                "action": {"type": "move", "move": 1 + seq % 9},
            },
            "note": "Бишкек — Ulaanbaatar ✓" if seq % 3 == 0 else None,
        }
        out.append(Event(seq, "action", 1_790_000_000.0 + seq / 3, data, None))
    return out


def rows(store: LiveStore, live_id: int, game_id: int | None) -> tuple[Any, ...]:
    """What is stored for a live game, without its ids."""
    events = [(e.seq, e.kind, e.at, e.data, e.user_id) for e in store.events(live_id)]
    game = store.game(live_id)
    assert game is not None
    summary = (game.last_seq, game.status, game.result)
    with store.engine.connect() as conn:
        due = conn.execute(select(LiveGame.due_at).where(LiveGame.id == live_id)).scalar_one()
    logged: list[Any] = []
    if game_id is not None:
        with store.db.read() as session:
            logged = [
                (a.seq, a.t, a.actor, a.action, a.user_id, a.at.replace(tzinfo=None))
                for a in actions.entries(session, game_id)
            ]
    return events, summary, due, logged


def test_the_driver_append_stores_what_the_sqlalchemy_append_stores(
    sqlite_runtime: Runtime,
) -> None:
    rt = sqlite_runtime
    fast = LiveStore(rt.db)
    slow = LiveStore(rt.db)
    slow._sqlite_append = None  # the SQLAlchemy statements, as on PostgreSQL
    try:
        assert fast._sqlite_append is not None
        results = []
        for store in (fast, slow):
            game_id = event_game(rt)
            live_id = live_game(store, game_id)
            events = stream(7)
            steps = []
            store.append(live_id, events[:1], status="ready", result=None, due_at=None)
            steps.append(rows(store, live_id, game_id))
            entries = [e.data["entry"] for e in events[1:4]]
            store.append(
                live_id,
                events[1:4],
                status="playing",
                result=None,
                due_at=1_790_000_100.5,
                mirror=(game_id, entries),
            )
            steps.append(rows(store, live_id, game_id))
            store.append(
                live_id, events[4:], status="over", result="1-0", due_at=None, mirror=(game_id, [])
            )
            steps.append(rows(store, live_id, game_id))
            results.append(steps)
        for got, want in zip(*results, strict=True):
            assert got[:3] == want[:3]
            # The action log's wall-clock instant differs by when each ran; the rest is equal.
            assert [r[:5] for r in got[3]] == [r[:5] for r in want[3]]
            assert all(isinstance(r[5], datetime) for r in got[3])
        last = results[0][-1]
        assert last[0][0][3]["note"] == "Бишкек — Ulaanbaatar ✓"
        assert last[1] == (6, "over", "1-0")
        assert results[0][1][2] == 1_790_000_100.5
        assert len(last[3]) == 3
    finally:
        fast.close()
        slow.close()


def test_a_taken_seq_is_refused_and_leaves_nothing(sqlite_runtime: Runtime) -> None:
    store = LiveStore(sqlite_runtime.db)
    try:
        game_id = event_game(sqlite_runtime)
        live_id = live_game(store, game_id)
        events = stream(3)
        store.append(live_id, events[:2], status="playing", result=None, due_at=5.0)
        before = rows(store, live_id, game_id)
        clash = [events[2], Event(1, "action", 9.0, {"late": True}, None)]
        with pytest.raises(SeqTaken, match="event 2 of live game"):
            store.append(
                live_id,
                clash,
                status="over",
                result="0-1",
                due_at=None,
                mirror=(game_id, [events[2].data["entry"]]),
            )
        assert rows(store, live_id, game_id) == before
        store.append(live_id, events[2:], status="over", result="0-1", due_at=None)
        assert [e.seq for e in store.events(live_id)] == [0, 1, 2]
    finally:
        store.close()


def test_the_wal_stays_bounded_under_a_stream_of_commits(sqlite_runtime: Runtime) -> None:
    """Without checkpoints that complete, every commit grows the WAL (about 12 kB a move)."""
    store = LiveStore(sqlite_runtime.db)
    try:
        live_ids = [live_game(store, None) for _ in range(50)]
        for seq in range(60):
            for live_id in live_ids:
                event = Event(seq, "action", float(seq), {"move": seq % 9 + 1}, None)
                store.append(live_id, [event], status="playing", result=None, due_at=None)
        path = sqlite_runtime.db.engine.url.database
        assert path is not None
        wal = os.path.getsize(path + "-wal")
        assert 0 < wal < 8 * 2**20, f"the WAL grew to {wal} bytes"
        with store.engine.connect() as conn:
            assert conn.execute(select(LiveEvent.seq).limit(1)).first() is not None
    finally:
        store.close()


def _cycle() -> tuple[Any, Any]:
    """A pair of objects that hold each other (only the cycle collector frees them), and a weak
    reference that says whether they are still alive."""

    class Node:
        other: Any = None

    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(a)


def test_the_collector_freezes_survivors_and_a_full_collection_frees_frozen_cycles() -> None:
    collector = Collector(InFlight(), memory=lambda: None)
    a, gone = _cycle()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        del a
        collector.tick()
        gc.collect()
        assert gone() is not None, "a frozen cycle is out of the collector's sight"
        assert gc.get_freeze_count() >= frozen - 2
        collector.collected = -1e9  # no timer: only memory brings a full collection
        collector.tick()
        assert gone() is not None, "no full collection stops the games on a schedule"
        collector.full()
        assert gone() is None, "the full collection frees it"
        assert gc.get_freeze_count() > 0, "and freezes the survivors again"
    finally:
        gc.unfreeze()


def test_garbage_of_the_last_seconds_requests_is_collected_before_the_freeze() -> None:
    inflight = InFlight()
    collector = Collector(inflight, memory=lambda: None)
    gc.freeze()
    try:
        ticket = inflight.enter()
        a, gone = _cycle()
        del a  # garbage a request made since the last heartbeat
        inflight.leave(ticket)
        collector.tick()
        assert gone() is None
    finally:
        gc.unfreeze()


def test_the_freeze_waits_for_a_long_request_so_its_garbage_is_not_kept() -> None:
    inflight = InFlight()
    collector = Collector(inflight, memory=lambda: None)
    gc.freeze()
    try:
        ticket = inflight.enter()
        inflight._began[ticket] -= 10.0  # a request (an 800 kB record's parse) running 10 s
        parsed, gone = _cycle()  # what it is building
        collector.tick()  # a heartbeat while it runs: no freeze now
        del parsed  # the request is refused: what it built is garbage
        inflight.leave(ticket)
        collector.tick()
        assert gone() is None, "the request's garbage was frozen: kept until a full collection"
    finally:
        gc.unfreeze()


def test_memory_doubling_brings_the_full_collection_forward() -> None:
    used = [MEMORY_FLOOR // 2]
    collector = Collector(InFlight(), memory=lambda: used[0])
    a, gone = _cycle()
    gc.freeze()  # frozen: only a full collection frees it
    try:
        del a
        collector.tick()
        assert gone() is not None  # memory is low: no full collection
        used[0] = MEMORY_FLOOR + 1  # the process grew past the floor
        collector.tick()
        assert gone() is None
        assert collector.memory_limit == 2 * used[0]  # the next one when it doubles again
        assert resident_bytes() is None or resident_bytes() > 0
    finally:
        gc.unfreeze()
