"""Double elimination: two losses to go out, the grand final and its reset."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arbiter.events.systems import system_for
from arbiter.events.systems.double_elimination import double_elimination
from arbiter.events.systems.knockout import BracketSystem
from tests.events.helpers import event_with, play_out


def losses(e) -> Counter[int]:
    lost: Counter[int] = Counter()
    for g in e.games():
        assert g.result is not None
        if g.result.winner is not None:
            lost[g.participant_of("white" if g.result.winner == "black" else "black")] += 1
    return lost


@pytest.mark.parametrize("n", range(2, 34))
def test_nobody_is_out_before_two_losses(n: int) -> None:
    e = play_out(event_with("toguz", "double-elimination", n), rng=random.Random(100 + n))
    lost = losses(e)
    rows = e.standings().rows
    champion = rows[0].no
    assert lost[champion] <= 1
    for row in rows[1:]:
        assert lost[row.no] >= 2, (n, row.no, lost[row.no])
    for rnd in e.rounds:
        counts = Counter(x for g in rnd.games for x in (g.black, g.white))
        counts.update(b.no for b in rnd.byes)
        assert not counts or max(counts.values()) == 1


def test_grand_final_reset_is_played_only_when_the_losers_bracket_winner_wins() -> None:
    def favourite(e, r, t, b):
        g = e.game_at(r, t, b)
        return "1-0" if g.white < g.black else "0-1"

    e = play_out(event_with("toguz", "double-elimination", 4), favourite)
    assert [g.slot for g in e.rounds[-1].games] == ["GF"]  # 1 won the final: no reset
    assert [row.no for row in e.standings().rows] == [1, 2, 3, 4]

    def upset(e, r, t, b):
        g = e.game_at(r, t, b)
        if g.slot == "GF":  # the losers' bracket winner (2) wins the first final
            return "1-0" if g.white == 2 else "0-1"
        return favourite(e, r, t, b)

    e = play_out(event_with("toguz", "double-elimination", 4), upset)
    assert [g.slot for g in e.rounds[-1].games] == ["GF2"]
    assert len(e.rounds) == 5


def test_places_of_an_eight_team_bracket() -> None:
    e = play_out(
        event_with("toguz", "double-elimination", 8, discipline="team"), rng=random.Random(5)
    )
    rows = e.standings().rows
    assert [r.shared for r in rows] == [False, False, False, False, True, True, True, True]
    assert [r.place for r in rows] == list(range(1, 9))


def test_bracket_shape() -> None:
    b = double_elimination(8)
    ids = [s.id for s in b.slots]
    assert ids[:7] == ["W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2", "W3-1"]
    assert [s.round for s in b.slots if s.id.startswith("L")] == [2, 2, 3, 3, 4, 5]
    assert [(s.id, s.round) for s in b.slots if s.id.startswith("G")] == [("GF", 6), ("GF2", 7)]
    # the losers of W round 2 drop in crosswise, away from the players they beat before
    l2 = [s for s in b.slots if s.id.startswith("L2")]
    assert [str(s.b.ref) for s in l2] == ["W2-2", "W2-1"]


def test_system_is_a_bracket_system() -> None:
    e = event_with("toguz", "double-elimination", 3)
    assert isinstance(system_for(e), BracketSystem)
    assert system_for(e).planned_rounds(e) == 5
