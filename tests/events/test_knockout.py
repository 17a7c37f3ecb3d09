"""Knockout brackets: seeding, byes, the variants, ties broken by extra games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arbiter.events.errors import EventError, PairingError
from arbiter.events.systems.bracket import bracket_lines, bracket_size
from arbiter.events.systems.knockout import Knockout
from tests.events.helpers import event_with, play_out


def test_bracket_lines_follow_the_seed() -> None:
    # seed 002 2.8.2: the two strongest on the first and last lines, the next two at the start
    # of the second half and the end of the first half
    lines = bracket_lines(16)
    assert lines[0] == 1 and lines[-1] == 2
    assert lines[8] == 3 and lines[7] == 4
    # every first-round pair adds up to N + 1 (the strongest meets the weakest)
    assert all(lines[i] + lines[i + 1] == 17 for i in range(0, 16, 2))
    # seeds 1..4 in four different quarters, 1..8 in eight different eighths
    for k in (2, 4, 8):
        size = 16 // k
        blocks = {min(lines[b * size : (b + 1) * size]) for b in range(k)}
        assert blocks == set(range(1, k + 1))


@pytest.mark.parametrize("n", range(2, 34))
def test_knockout_for_2_to_33(n: int) -> None:
    ratings = [3000 - 10 * i for i in range(n)]  # entry order = strength order
    e = play_out(event_with("go", "knockout", n, ratings=ratings), rng=random.Random(n))
    size = bracket_size(n)
    assert len(e.rounds) == size.bit_length() - 1
    for rnd in e.rounds:
        counts = Counter(x for g in rnd.games for x in (g.black, g.white))
        counts.update(b.no for b in rnd.byes)
        assert max(counts.values()) == 1  # nobody plays twice in a round
        for g in rnd.games:
            if {g.black, g.white} == {1, 2}:
                assert rnd.number == len(e.rounds)  # the top two seeds meet only in the final
    # byes go to the top seeds, all in round 1
    byes = [b.no for b in e.rounds[0].byes]
    assert sorted(byes) == list(range(1, size - n + 1))
    assert all(not r.byes for r in e.rounds[1:])
    rows = e.standings().rows
    assert rows[0].place == 1 and not rows[0].shared and not rows[1].shared
    assert Knockout().finished(e)


def test_top_two_meet_in_the_final_when_they_win() -> None:
    def favourite(e, r, t, b):  # the stronger (lower number) wins
        g = e.game_at(r, t, b)
        return "B+R" if g.black < g.white else "W+R"

    for n in (5, 8, 13, 32, 33):
        e = play_out(event_with("go", "knockout", n), favourite)
        final = e.rounds[-1].games
        assert len(final) == 1 and {final[0].black, final[0].white} == {1, 2}
        assert [row.no for row in e.standings().rows[:2]] == [1, 2]


def _places(e) -> list[tuple[int, int, bool]]:
    return [(row.place, row.no, row.shared) for row in e.standings().rows]


def favourite(e, r, t, b):
    g = e.game_at(r, t, b)
    first_wins = g.white < g.black  # Toguz: White first in the grammar
    return "1-0" if first_wins else "0-1"


def test_third_place_match() -> None:
    e = play_out(event_with("toguz", "knockout", 8, third_place="yes"), favourite)
    assert [g.slot for g in e.rounds[-1].games] == ["R3-1", "P3"]
    assert _places(e)[:4] == [(1, 1, False), (2, 2, False), (3, 3, False), (4, 4, False)]
    assert [s for _, _, s in _places(e)[4:]] == [True] * 4  # quarter-final losers share 5-8


def test_consolation_bracket_places_first_round_losers() -> None:
    e = play_out(event_with("toguz", "knockout", 8, consolation="yes"), favourite)
    places = _places(e)
    assert [no for _, no, _ in places] == [1, 2, 3, 4, 5, 6, 7, 8]
    # winners of the first round: 1-2 decided, 3-4 shared; the consolation decides 5 and 6
    assert [shared for _, _, shared in places] == [
        False,
        False,
        True,
        True,
        False,
        False,
        True,
        True,
    ]
    assert {g.slot for g in e.rounds[1].games} == {"R2-1", "R2-2", "C1-1", "C1-2"}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 8, 11, 16])
def test_full_placement_places_everyone(n: int) -> None:
    e = play_out(event_with("toguz", "knockout", n, full_placement="yes"), favourite)
    places = _places(e)
    assert [no for _, no, _ in places] == list(range(1, n + 1))  # favourites always win
    assert not any(shared for _, _, shared in places)


def test_full_placement_with_upsets_is_still_a_total_order() -> None:
    e = play_out(event_with("toguz", "knockout", 16, full_placement="yes"), rng=random.Random(3))
    places = _places(e)
    assert sorted(no for _, no, _ in places) == list(range(1, 17))
    assert not any(shared for _, _, shared in places)
    # everyone plays every round in a power of two
    assert all(len(r.games) == 8 for r in e.rounds)


def test_drawn_knockout_game_needs_an_extra_game() -> None:
    e = event_with("toguz", "knockout", 2).pair_next_round()
    e = e.record_result(1, 1, None, "1/2(81)-1/2(81)")
    with pytest.raises(PairingError, match="extra"):
        e.pair_next_round()
    assert not Knockout().finished(e)
    e = e.record_result(1, 1, None, "0-1", extra=True)
    g = e.rounds[0].games[0]
    assert [row.no for row in e.standings().rows] == [g.black, g.white]
    assert Knockout().finished(e)
    with pytest.raises(EventError, match="decided already"):
        e.record_result(1, 1, None, "1-0", extra=True)


def test_correction_that_changes_who_went_on_is_refused() -> None:
    e = event_with("go", "knockout", 4).pair_next_round()
    e = e.record_result(1, 1, None, "B+R").record_result(1, 2, None, "B+R").pair_next_round()
    with pytest.raises(PairingError, match="unpair"):
        e.record_result(1, 1, None, "W+R")
    e = e.record_result(1, 1, None, "B+3.5")  # same winner: fine
    assert str(e.rounds[0].games[0].result) == "B+3.5"
