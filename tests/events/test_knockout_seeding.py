"""Knockout seeding: the seed's plain pairing by number, and the spread, each named for what it
does.

Seed 002 2.8.2 (Russian): «Участники выписываются в столбик по номерам и на первом этапе
играют: первый со вторым, третий с четвертым и т.д.» — "The participants are written in a
column by their numbers and in the first stage play: the first with the second, the third with
the fourth, and so on." And later: «участники на старте могут рассеиваться по специальным
правилам: два сильнейших получают первый и последний номера двоичной сетки» — "at the start the
participants may be spread by special rules: the two strongest get the first and the last
number of the binary bracket".
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.events.document import dumps, loads
from arbiter.events.errors import SettingError
from arbiter.events.event import Event
from arbiter.events.systems.bracket import bracket_size, in_order_lines
from tests.events.helpers import event_with


def _pairs(e: Event, round_no: int) -> set[frozenset[int]]:
    return {frozenset((g.black, g.white)) for g in e.rounds[round_no - 1].games}


def _win_all(e: Event, round_no: int, winners: set[int]) -> Event:
    for g in e.rounds[round_no - 1].games:
        white_wins = g.white in winners
        e = e.record_result(round_no, g.table, None, "1-0" if white_wins else "0-1")
    return e


def test_in_order_pairs_the_first_with_the_second() -> None:
    """Seed 002 2.8.2: «первый со вторым, третий с четвертым и т.д.» — "the first with the
    second, the third with the fourth, and so on"; «Во второй этап выходят только победители
    первого этапа» — "only the winners of the first stage go on to the second"."""
    e = event_with("toguz", "knockout", 8, ratings=[1500, 1600, 1700, 1800, 1900, 2000, 2100, 2200])
    e = e.set("seeding", "in-order").pair_next_round()
    assert _pairs(e, 1) == {frozenset(p) for p in ((1, 2), (3, 4), (5, 6), (7, 8))}
    e = _win_all(e, 1, {1, 3, 5, 7}).pair_next_round()
    assert _pairs(e, 2) == {frozenset((1, 3)), frozenset((5, 7))}


def test_spread_by_number_keeps_the_spread() -> None:
    """Seed 002 2.8.2: «два сильнейших получают первый и последний номера двоичной сетки» —
    "the two strongest get the first and the last number of the bracket", here the seeds in
    number order: 1–8, 5–4, 3–6, 7–2."""
    e = event_with("toguz", "knockout", 8).set("seeding", "spread-by-number").pair_next_round()
    assert _pairs(e, 1) == {frozenset(p) for p in ((1, 8), (5, 4), (3, 6), (7, 2))}


def test_in_order_with_byes_gives_them_to_the_first_numbers() -> None:
    """Seed 002 2.8.2: «Олимпийская система наиболее предпочтительна для числа участников,
    являющегося степенью двух» — "the Olympic system suits best a number of participants that
    is a power of two": with 6, numbers 1 and 2 go on and 3–4, 5–6 play in order."""
    e = event_with("toguz", "knockout", 6).set("seeding", "in-order").pair_next_round()
    assert _pairs(e, 1) == {frozenset((3, 4)), frozenset((5, 6))}
    assert {b.no for b in e.rounds[0].byes} == {1, 2}


def test_number_is_refused_as_a_name_and_read_from_old_files() -> None:
    """Seed 002 2.8.2 gives two ways to place participants (quoted above); the old name
    ``number`` says neither, so it is refused when typed and read as what it did in a file."""
    with pytest.raises(SettingError, match="spread-by-number"):
        Event.create("toguz", "knockout").set("seeding", "number")
    text = dumps(Event.create("toguz", "knockout").set("seeding", "spread-by-number"))
    old = text.replace('"spread-by-number"', '"number"')
    assert '"number"' in old
    assert loads(old).config.seeding == "spread-by-number"
    strength = loads(text.replace('"spread-by-number"', '"strength"'))
    assert strength.config.seeding == "spread-by-strength"


@given(st.integers(2, 64))
def test_in_order_lines_place_every_seed_once_and_never_two_byes_together(n: int) -> None:
    """Seed 002 2.8.2: «первый со вторым, третий с четвертым» (quoted above), for any number of
    participants: every line holds one seed; a bye (a seed above ``n``) never meets a bye; the
    players without a bye meet their neighbour in number."""
    size = bracket_size(n)
    lines = in_order_lines(size, n)
    assert sorted(lines) == list(range(1, size + 1))
    pairs = [(lines[i], lines[i + 1]) for i in range(0, size, 2)]
    assert all(min(p) <= n for p in pairs)
    playing = [p for p in pairs if max(p) <= n]
    assert all(b == a + 1 for a, b in playing)
    assert [a for a, b in pairs if b > n] == list(range(1, size - n + 1))
