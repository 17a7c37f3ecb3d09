"""Round robin: the seed's diagonal method against FIDE's Berger tables, colours, odd numbers,
the double round robin, and pairing at event level."""

from __future__ import annotations

import pytest

from arbiter.events.systems.round_robin import berger_round, berger_table, table_size
from tests.events.helpers import event_with, play_out


def fide_berger(n: int) -> list[list[tuple[int, int]]]:
    """FIDE's Berger tables by FIDE's own construction (independent of the source): round 1 is
    1-N, 2-(N-1), ...; each next round moves every number except N by N/2 places (mod N-1)
    and N changes colour on board 1. Pairs are (White, Black) in board order."""
    big = n + n % 2
    half = big // 2

    def move(x: int) -> int:
        return x if x == big else (x - 1 + half) % (big - 1) + 1

    rnd = [(i, big + 1 - i) for i in range(1, half + 1)]
    rounds = [rnd]
    for _ in range(big - 2):
        rnd = [(move(b), move(a)) if k == 0 else (move(a), move(b)) for k, (a, b) in enumerate(rnd)]
        rounds.append(rnd)
    return rounds


# FIDE's published Berger table for 9 or 10 players (Handbook C.05 annex 1), as printed.
FIDE_10 = """
1-10 2-9 3-8 4-7 5-6
10-6 7-5 8-4 9-3 1-2
2-10 3-1 4-9 5-8 6-7
10-7 8-6 9-5 1-4 2-3
3-10 4-2 5-1 6-9 7-8
10-8 9-7 1-6 2-5 3-4
4-10 5-3 6-2 7-1 8-9
10-9 1-8 2-7 3-6 4-5
5-10 6-4 7-3 8-2 9-1
"""


@pytest.mark.parametrize("n", range(3, 17))
def test_seed_method_equals_fide_berger_tables(n: int) -> None:
    ours = [[(a, b) for a, b, _board in rnd] for rnd in berger_table(n)]
    assert ours == fide_berger(n)


def test_published_table_for_ten() -> None:
    published = [
        [tuple(map(int, p.split("-"))) for p in line.split()]
        for line in FIDE_10.split("\n")
        if line
    ]
    assert [[(a, b) for a, b, _ in rnd] for rnd in berger_table(10)] == published
    assert [[(a, b) for a, b, _ in rnd] for rnd in berger_table(9)] == published


@pytest.mark.parametrize("n", range(3, 17))
def test_everyone_meets_everyone_once(n: int) -> None:
    big = table_size(n)
    seen: set[frozenset[int]] = set()
    for rnd in berger_table(n):
        numbers = [x for a, b, _ in rnd for x in (a, b)]
        assert sorted(numbers) == list(range(1, big + 1))  # each plays once per round
        for a, b, _ in rnd:
            assert frozenset((a, b)) not in seen
            seen.add(frozenset((a, b)))
    assert len(seen) == big * (big - 1) // 2


@pytest.mark.parametrize("n", range(3, 17))
def test_seed_colour_rule(n: int) -> None:
    # seed 002 2.8.1: N moves first against the second half; otherwise the lower number moves
    # first exactly when the sum is odd.
    big = table_size(n)
    for rnd in berger_table(n):
        for first, second, _ in rnd:
            if big in (first, second):
                other = second if first == big else first
                assert (first == big) == (other > big // 2)
            else:
                low = min(first, second)
                assert (first == low) == ((first + second) % 2 == 1)


def test_boards_follow_fide_order() -> None:
    # board 1 is always N's game; the table closes up without the dummy's game
    assert [b for _, _, b in berger_round(8, 5)] == [1, 2, 3, 4]
    assert berger_round(8, 5)[0][:2] == (3, 8)


def test_go_event_black_is_fide_white() -> None:
    e = event_with("go", "round-robin", 6)
    e = play_out(e)
    fide = fide_berger(6)
    for rnd in e.rounds:
        assert [(g.black, g.white) for g in rnd.games] == fide[rnd.number - 1]
        assert [g.table for g in rnd.games] == [1, 2, 3]


def test_toguz_event_white_is_fide_white_and_odd_players_rest() -> None:
    e = play_out(event_with("toguz", "round-robin", 5))
    fide = fide_berger(5)
    assert len(e.rounds) == 5
    for rnd in e.rounds:
        expected = [p for p in fide[rnd.number - 1] if 6 not in p]
        assert [(g.white, g.black) for g in rnd.games] == expected
        assert [g.table for g in rnd.games] == [1, 2]
        resting = next(a if b == 6 else b for a, b in fide[rnd.number - 1] if 6 in (a, b))
        assert [(b.no, b.kind, b.points) for b in rnd.byes] == [(resting, "rest", 0)]


def test_double_round_robin_reverses_colours() -> None:
    e = play_out(event_with("go", "double-round-robin", 4))
    assert len(e.rounds) == 6
    for r in range(1, 4):
        first = [(g.black, g.white) for g in e.rounds[r - 1].games]
        second = [(g.white, g.black) for g in e.rounds[r + 2].games]
        assert first == second


def test_round_robin_refuses_a_round_too_many() -> None:
    e = play_out(event_with("toguz", "round-robin", 4))
    with pytest.raises(Exception, match="complete"):
        e.pair_next_round()


def test_draw_of_lots_numbers_participants_reproducibly() -> None:
    a = play_out(event_with("toguz", "round-robin", 6, draw_lots="yes", seed="42"))
    b = play_out(event_with("toguz", "round-robin", 6, draw_lots="yes", seed="42"))
    assert a.draw is not None and a.draw == b.draw and a.draw.seed == 42
    assert a.players == b.players
    assert sorted(a.draw.registered) == [1, 2, 3, 4, 5, 6]
    assert a.draw.registered != (1, 2, 3, 4, 5, 6)  # this seed does shuffle
    # number i is now the player entered as registered[i-1]
    from tests.events.helpers import name

    for new, old in enumerate(a.draw.registered, start=1):
        assert a.player(new).name == name(old - 1)
