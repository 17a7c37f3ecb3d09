"""Properties of random games, and the compiled core against the plain reference implementation."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.games.toguz import Position
from arbiter.games.toguz.perft import perft, perft_python
from tests.games.toguz.reference import RefGame

# A random game is a list of choices; each picks one of the legal moves (modulo their number).
choices = st.lists(st.integers(min_value=0, max_value=8), min_size=1, max_size=400)


def walk(variant: str, picks: list[int]) -> list[tuple[Position, int]]:
    """The (position, pit played) pairs of a random game that follows ``picks``."""
    p = Position.initial(variant)
    out: list[tuple[Position, int]] = []
    for pick in picks:
        moves = p.legal_moves()
        if not moves:
            break
        pit = moves[pick % len(moves)]
        out.append((p, pit))
        p = p.play(pit)
    out.append((p, 0))
    return out


@given(choices, st.sampled_from(["toguz", "bestemshe"]))
def test_korgools_are_conserved_and_kazans_never_decrease(picks: list[int], variant: str) -> None:
    seq = walk(variant, picks)
    total = seq[0][0].variant.total
    for (before, _), (after, _) in itertools.pairwise(seq):
        assert sum(after.pits) + sum(after.kazans) == total
        assert after.kazans[0] >= before.kazans[0]
        assert after.kazans[1] >= before.kazans[1]


@given(choices)
def test_a_tuz_is_never_played_from_never_holds_korgools_and_never_moves(picks: list[int]) -> None:
    seq = walk("toguz", picks)
    for (before, pit), (after, _) in itertools.pairwise(seq):
        white_tuz, black_tuz = before.tuz
        own_tuz_of_opponent = black_tuz if before.to_move == "white" else white_tuz
        assert pit != own_tuz_of_opponent
        assert own_tuz_of_opponent not in before.legal_moves()
        for side, t in (("black", white_tuz), ("white", black_tuz)):
            if t is not None:
                assert before.pit(side, t) == 0  # type: ignore[arg-type]
        for old, new in zip(before.tuz, after.tuz, strict=True):
            assert old is None or old == new  # once made, a tuz stays
        assert after.tuz[0] != 9 and after.tuz[1] != 9
        assert after.tuz[0] is None or after.tuz[0] != after.tuz[1]


@given(choices, st.sampled_from(["toguz", "bestemshe"]))
def test_every_position_round_trips_through_fen(picks: list[int], variant: str) -> None:
    for p, _ in walk(variant, picks):
        again = Position.from_fen(p.fen())
        assert again == p
        assert again.result == p.result


@given(choices, st.sampled_from([9, 5]))
def test_core_agrees_with_the_reference_implementation(picks: list[int], n: int) -> None:
    variant = "toguz" if n == 9 else "bestemshe"
    p = Position.initial(variant)
    ref = RefGame.start(n)
    for pick in picks:
        assert p.legal_moves() == tuple(ref.moves())
        if not ref.moves():
            break
        pit = ref.moves()[pick % len(ref.moves())]
        p = p.play(pit)
        ref.play(pit)
        assert p.pits == ref.pits()
        assert p.kazans == (ref.kazan["white"], ref.kazan["black"])
        assert p.tuz == (ref.tuz["white"], ref.tuz["black"])
        assert p.to_move == ref.turn
    outcome = ref.outcome()
    if outcome is None:
        assert p.result is None
    else:
        winner, w, b = outcome
        assert p.result is not None
        assert (p.result.winner, p.result.korgools) == (winner, (w, b))


def test_many_whole_games_agree_with_the_reference() -> None:
    """Thousands of complete random games, each to its end, through both implementations."""
    import random

    rng = random.Random(20261129)
    endings = {"kazan": 0, "atsyz": 0, "draw": 0}
    for _ in range(1500):
        p = Position.initial()
        ref = RefGame.start()
        while ref.moves():
            pit = rng.choice(ref.moves())
            p = p.play(pit)
            ref.play(pit)
        assert p.is_over and p.pits == ref.pits()
        outcome = ref.outcome()
        assert outcome is not None and p.result is not None
        assert (p.result.winner, p.result.korgools) == (outcome[0], outcome[1:])
        if outcome[0] is None:
            endings["draw"] += 1
        elif max(p.kazans) >= 82:
            endings["kazan"] += 1
        else:
            endings["atsyz"] += 1
    # The sample must reach every kind of ending, or it proves less than it seems to.
    assert all(endings.values()), endings


@settings(max_examples=20)
@given(choices)
def test_compiled_perft_equals_perft_through_the_public_api(picks: list[int]) -> None:
    start = walk("toguz", picks[:30])[-1][0]
    assert perft(start, 3) == perft_python(start, 3)


def test_reference_perft_matches_the_spec() -> None:
    def ref_perft(g: RefGame, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for m in g.moves():
            child = RefGame(
                g.n, {k: list(v) for k, v in g.rows.items()}, dict(g.kazan), dict(g.tuz), g.turn
            )
            child.play(m)
            total += ref_perft(child, depth - 1)
        return total

    assert [ref_perft(RefGame.start(), d) for d in range(1, 5)] == [9, 73, 613, 5199]
