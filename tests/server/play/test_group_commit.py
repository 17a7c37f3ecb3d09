"""Group commit of live play (:meth:`LiveStore.store`), on SQLite and PostgreSQL: actions of
many games stored together write exactly what one-by-one appends write; a ``seq`` another
writer took refuses only its own action, the rest of the group is committed, and nothing is
logged for it (the race of two processes is handled, not an error)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from arbiter.server.play.state import Event
from arbiter.server.play.store import LiveStore, SeqTaken
from arbiter.server.runtime import Runtime
from tests.server.play.test_store import event_game, live_game, rows, stream


async def _store_all(store: LiveStore, plan: list[tuple[int, list[Event], Any]]) -> list[Any]:
    async def one(live_id: int, events: list[Event], mirror: Any) -> None:
        await store.store(live_id, events, status="playing", result=None, due_at=7.5, mirror=mirror)

    return await asyncio.gather(*(one(*p) for p in plan), return_exceptions=True)


def test_a_group_stores_what_one_by_one_appends_store(runtime: Runtime) -> None:
    grouped, single = LiveStore(runtime.db), LiveStore(runtime.db)
    try:
        events = stream(5)
        games = []
        for _ in range(6):
            a, b = event_game(runtime), event_game(runtime)
            games.append((live_game(grouped, a), a, live_game(single, b), b))

        async def play() -> None:
            # Six games move at once, three times: each round of actions is one group.
            for part in (events[:1], events[1:4], events[4:]):
                plan = [(g, part, (a, [e.data["entry"] for e in part])) for g, a, _, _ in games]
                assert await _store_all(grouped, plan) == [None] * len(plan)
            await grouped.aclose()

        asyncio.run(play())
        for g, a, s, b in games:
            for part in (events[:1], events[1:4], events[4:]):
                single.append(
                    s,
                    part,
                    status="playing",
                    result=None,
                    due_at=7.5,
                    mirror=(b, [e.data["entry"] for e in part]),
                )
            got, want = rows(grouped, g, a), rows(single, s, b)
            assert got[:3] == want[:3]
            assert [r[:5] for r in got[3]] == [r[:5] for r in want[3]]
        pg = grouped._pg_append
        if pg is not None:
            assert pg.stored == 18 and pg.groups < pg.stored, "actions shared transactions"
    finally:
        single.close()


def test_a_taken_seq_refuses_only_its_action_and_logs_nothing(
    runtime: Runtime, caplog: pytest.LogCaptureFixture
) -> None:
    here, there = LiveStore(runtime.db), LiveStore(runtime.db)  # two processes
    try:
        contested, other = live_game(here, None), live_game(here, None)
        events = stream(3)
        theirs = Event(2, "chat", 9.0, {"text": "first"}, None)

        async def play() -> list[Any]:
            await here.store(contested, events[:2], status="playing", result=None, due_at=None)
            await there.store(contested, [theirs], status="playing", result=None, due_at=None)
            caplog.clear()
            with caplog.at_level(logging.WARNING):
                answers = await _store_all(
                    here, [(contested, events[2:], None), (other, events[:1], None)]
                )
            await here.aclose()
            await there.aclose()
            return answers

        answers = asyncio.run(play())
        assert isinstance(answers[0], SeqTaken) and answers[1] is None
        assert [(e.seq, e.data) for e in here.events(contested)][2] == (2, {"text": "first"})
        assert [e.seq for e in here.events(other)] == [0]
        assert here.game(contested).last_seq == 2  # type: ignore[union-attr]
        assert [r.getMessage() for r in caplog.records] == []
    finally:
        here.close()
        there.close()
