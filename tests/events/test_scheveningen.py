"""Scheveningen: each player of one group meets each of the other exactly once."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arbiter.events.errors import PairingError
from arbiter.events.systems.scheveningen import schedule
from tests.events.helpers import event_with, play_out


@pytest.mark.parametrize(("m1", "m2"), [(1, 1), (2, 3), (3, 3), (4, 6), (5, 5), (3, 7)])
def test_schedule_meets_every_cross_pair_once(m1: int, m2: int) -> None:
    rounds = schedule(m1, m2)
    assert len(rounds) == m2
    pairs = Counter((i, j) for rnd in rounds for i, j, _ in rnd)
    assert set(pairs) == {(i, j) for i in range(1, m1 + 1) for j in range(1, m2 + 1)}
    assert set(pairs.values()) == {1}
    for rnd in rounds:
        assert len({j for _, j, _ in rnd}) == m1  # a group-2 player plays at most once a round


def test_seed_rotation() -> None:
    # seed 002 2.8.3: round 1 equal numbers, then group 2 shifted by one each round
    assert [[(i, j) for i, j, _ in rnd] for rnd in schedule(3, 3)] == [
        [(1, 1), (2, 2), (3, 3)],
        [(1, 2), (2, 3), (3, 1)],
        [(1, 3), (2, 1), (3, 2)],
    ]


@pytest.mark.parametrize("n", [2, 5, 8, 11])
def test_individual_event(n: int) -> None:
    e = play_out(event_with("go", "scheveningen", n), rng=random.Random(n))
    g1, g2 = list(range(1, n // 2 + 1)), list(range(n // 2 + 1, n + 1))
    assert len(e.rounds) == len(g2)
    met = Counter(frozenset((g.black, g.white)) for g in e.games())
    assert set(met) == {frozenset((a, b)) for a in g1 for b in g2}
    assert set(met.values()) == {1}
    for rnd in e.rounds:
        resting = {b.no for b in rnd.byes}
        assert resting <= set(g2) and len(resting) == len(g2) - len(g1)
        assert [g.table for g in rnd.games] == list(range(1, len(g1) + 1))


def test_explicit_groups_and_group_standings() -> None:
    e = event_with("toguz", "scheveningen", 6, groups="1,3,5/2,4,6", group_standings="yes")
    e = play_out(e, rng=random.Random(2))
    met = {frozenset((g.black, g.white)) for g in e.games()}
    assert met == {frozenset((a, b)) for a in (1, 3, 5) for b in (2, 4, 6)}
    rows = e.standings().rows
    assert [r.group for r in rows] == [1, 1, 1, 2, 2, 2]
    assert [r.place for r in rows] == [1, 2, 3, 1, 2, 3]
    assert {r.no for r in rows if r.group == 1} == {1, 3, 5}


def test_groups_must_hold_everyone() -> None:
    e = event_with("toguz", "scheveningen", 6, groups="1,3/2,4,6")
    with pytest.raises(PairingError, match="missing"):
        e.pair_next_round()


def test_team_match() -> None:
    e = event_with("toguz", "scheveningen", 2, discipline="team")
    e = play_out(e, rng=random.Random(4))
    assert len(e.rounds) == 2  # two players a team
    boards = Counter(frozenset((g.black_player, g.white_player)) for g in e.games())
    team1, team2 = e.teams
    assert set(boards) == {frozenset((a, b)) for a in team1.players for b in team2.players}
    assert all(g.table == 1 and g.board in (1, 2) for g in e.games())
    # the match result is the number of games won (seed 002 2.8.3)
    wins = Counter()
    for g in e.games():
        assert g.result is not None and g.result.winner is not None
        wins[g.participant_of(g.result.winner)] += 1
    rows = e.standings().rows
    assert {r.no: r.points for r in rows} == {t.no: wins[t.no] for t in e.teams}
