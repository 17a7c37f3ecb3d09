"""The lobby's quick-pairing queue (:mod:`arbiter.server.play.quick`) and seek book
(:mod:`arbiter.server.play.seeks`) as values: pairing by close rating, the range widening
with time, a player in the queue once, leaving; properties over random queues."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.clock import TimeControl
from arbiter.clock.speed import estimated_seconds, speed_of
from arbiter.server.play.quick import (
    BASE_RANGE,
    MAX_RANGE,
    QuickQueue,
    Waiting,
    acceptable,
    tolerance,
)
from arbiter.server.play.seeks import Refusal, SeekBook, SeekSpec, parse_spec

P = "toguz-3m+2s"


def w(user: int, rating: float, since: float = 0.0, preset: str = P) -> Waiting:
    return Waiting(user, f"player {user}", preset, rating, since)


def test_the_closest_rating_is_paired_first() -> None:
    queue = QuickQueue()
    assert queue.join(w(1, 1500)) is None
    pair = queue.join(w(2, 1590))  # 90 apart: within the base range
    assert pair is not None and (pair.first.user_id, pair.second.user_id) == (1, 2)
    queue = QuickQueue()
    queue.join(w(1, 1500))
    queue.join(w(2, 1700))  # 200 from 1: too far at first
    pair = queue.join(w(3, 1560))
    assert pair is not None and {pair.first.user_id, pair.second.user_id} == {1, 3}
    assert list(queue.waiting) == [2]


def test_players_too_far_apart_wait_until_the_range_has_widened() -> None:
    queue = QuickQueue()
    queue.join(w(1, 1500, since=0))
    assert queue.join(w(2, 1750, since=0)) is None  # 250 apart > 100
    assert queue.match(now=10) == []  # both accept 200 after 10 s
    pairs = queue.match(now=15)  # 250 after 15 s
    assert [(p.first.user_id, p.second.user_id) for p in pairs] == [(1, 2)]
    assert len(queue) == 0


def test_the_range_stops_widening() -> None:
    assert tolerance(0) == BASE_RANGE
    assert tolerance(10**6) == MAX_RANGE
    queue = QuickQueue()
    queue.join(w(1, 1000))
    queue.join(w(2, 1000 + MAX_RANGE + 1))
    assert queue.match(now=10**6) == []


def test_both_players_must_accept_the_gap() -> None:
    """A newcomer to the queue does not take a range the old hand has widened to."""
    old, new = w(1, 1500, since=0), w(2, 1750, since=100)
    assert not acceptable(old, new, now=100)  # the new one accepts 100 only
    assert acceptable(old, new, now=115)


def test_a_player_is_in_the_queue_once_and_a_new_preset_replaces_the_old() -> None:
    queue = QuickQueue()
    queue.join(w(1, 1500))
    queue.join(w(1, 1500, preset="toguz-60m"))
    assert len(queue) == 1 and queue.waiting[1].preset == "toguz-60m"
    assert queue.join(w(2, 1500)) is None  # not paired with the other preset


def test_a_player_is_never_paired_with_themselves() -> None:
    queue = QuickQueue()
    queue.join(w(1, 1500))
    assert queue.join(w(1, 1500)) is None
    assert queue.match(now=10**6) == []


def test_leaving_takes_the_player_out() -> None:
    queue = QuickQueue()
    queue.join(w(1, 1500))
    assert queue.leave(1) is not None and 1 not in queue
    assert queue.leave(1) is None
    assert queue.join(w(2, 1500)) is None


entries = st.lists(
    st.builds(
        w,
        st.integers(1, 30),
        st.floats(800, 2400, allow_nan=False),
        st.floats(0, 100, allow_nan=False),
        st.sampled_from([P, "toguz-60m", "go9-5m+3x20s"]),
    ),
    max_size=40,
)
#: Each player joins once (a second join replaces the first: tested above).
distinct = st.lists(
    st.builds(
        w,
        st.integers(1, 60),
        st.floats(800, 2400, allow_nan=False),
        st.floats(0, 100, allow_nan=False),
        st.sampled_from([P, "toguz-60m", "go9-5m+3x20s"]),
    ),
    max_size=40,
    unique_by=lambda e: e.user_id,
)


@settings(max_examples=150, deadline=None)
@given(distinct, st.floats(0, 200, allow_nan=False))
def test_pairing_properties(joins: list[Waiting], later: float) -> None:
    """Whatever the joins: nobody is paired twice or with themselves, every pair is of one
    preset and within both players' tolerance, the queue holds each player once, and after
    :meth:`match` no two players left could be paired."""
    queue = QuickQueue()
    now = max((e.since for e in joins), default=0.0)
    pairs = [p for e in joins if (p := queue.join(e)) is not None]
    pairs += queue.match(now + later)
    seen: list[int] = []
    for pair in pairs:
        a, b = pair.first, pair.second
        assert a.user_id != b.user_id and a.preset == b.preset == pair.preset
        gap = abs(a.rating - b.rating)
        assert gap <= MAX_RANGE
        seen += [a.user_id, b.user_id]
    assert len(seen) == len(set(seen))
    in_pairs = set(seen)
    assert len(in_pairs) + len(queue) == len(joins)
    assert not in_pairs & set(queue.waiting)
    assert all(key == e.user_id for key, e in queue.waiting.items())
    left = list(queue.waiting.values())
    for i, a in enumerate(left):
        for b in left[i + 1 :]:
            assert not acceptable(a, b, now + later)


@settings(max_examples=100, deadline=None)
@given(entries)
def test_every_join_followed_by_a_leave_empties_the_queue(joins: list[Waiting]) -> None:
    queue = QuickQueue()
    for e in joins:
        queue.join(e)
    for e in joins:
        queue.leave(e.user_id)
    assert len(queue) == 0


@pytest.mark.parametrize(
    ("control", "speed"),
    [
        ("1m", "bullet"),
        ("2m+1s", "bullet"),  # 120 + 40 = 160 s
        ("3m+2s", "blitz"),  # 260 s
        ("5m+3s", "blitz"),  # 420 s
        ("8m", "rapid"),
        ("10m+5s", "rapid"),
        ("15m+10s", "rapid"),  # 1300 s
        ("20m+15s", "classical"),  # 1800 s
        ("60m", "classical"),
        ("5m+3x20s", "blitz"),  # 300 + 60 s
        ("10m+5x30s", "rapid"),  # 750 s
        ("30m+5x30s", "classical"),
        ("5m+10/2m", "rapid"),  # Canadian: 300 + 40 × 120 / 10 = 780 s
    ],
)
def test_speed_buckets_by_estimated_duration(control: str, speed: str) -> None:
    assert speed_of(TimeControl.parse(control)) == speed


def test_the_estimate_counts_40_increments_and_the_byo_yomi_periods_once() -> None:
    assert estimated_seconds(TimeControl.parse("3m+2s")) == 180 + 40 * 2
    assert estimated_seconds(TimeControl.parse("10m+5x30s")) == 600 + 5 * 30
    assert estimated_seconds(TimeControl.parse("5m+10/2m")) == 300 + 40 * 120 / 10


def test_a_seek_book_refuses_its_owner_unknown_seeks_and_ranges() -> None:
    book = SeekBook()
    spec = SeekSpec("toguz", "5m+3s", rating_min=1400, rating_max=1600)
    kw = {"username": "a", "name": "A", "rating": 1500.0, "provisional": True}
    seek = book.add(spec, user_id=1, conn=7, **kw)  # type: ignore[arg-type]
    for who, rating, code in ((1, 1500, "own-seek"), (2, 1700, "out-of-range")):
        with pytest.raises(Refusal) as refused:
            book.take(seek.id, who, rating)
        assert refused.value.code == code
    with pytest.raises(Refusal):
        book.take("nope", 2, 1500)
    assert list(book.seeks) == [seek.id]
    assert book.take(seek.id, 2, 1500) == seek and not book.seeks
    for _ in range(3):
        book.add(spec, user_id=1, conn=7, **kw)  # type: ignore[arg-type]
    with pytest.raises(Refusal) as refused:
        book.add(spec, user_id=1, conn=8, **kw)  # type: ignore[arg-type]
    assert refused.value.code == "too-many-seeks"
    assert len(book.drop_connection(7)) == 3 and not book.seeks


def test_a_preset_fills_the_seek() -> None:
    spec = parse_spec({"preset": "go19-10m+5x30s", "rated": False, "colour": "black"})
    assert (spec.game, spec.size, spec.time_control, spec.rated, spec.colour) == (
        "go",
        19,
        "10m+5x30s",
        False,
        "black",
    )
