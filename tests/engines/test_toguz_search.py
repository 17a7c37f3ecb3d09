"""The first Toguz Korgool computer player: legal, sensible, and within its time."""

from __future__ import annotations

import random

import pytest

from arbiter.engines.toguz_search import AlphaBetaPlayer, best_move
from arbiter.games.toguz import IllegalMove, Position


def test_takes_a_winning_capture() -> None:
    # White's pit 9 with one korgool makes Black's pit 1 even (2): 80 + 2 = 82 wins at once.
    p = Position.setup([5, 0, 0, 0, 0, 0, 0, 0, 1] + [1] + [9] * 8, kazans=(80, 3))
    found = best_move(p, seconds=0.2)
    assert found.move == 9
    assert found.score > 1000  # a won game, not a material count


def test_avoids_giving_the_opponent_a_win() -> None:
    # Black has 80; White's pit 1 (1 korgool) would leave Black's capture of 2 open...
    rng = random.Random(1)
    for _ in range(30):
        p = Position.initial()
        for _ in range(rng.randrange(0, 60)):
            if p.is_over:
                break
            p = p.play(rng.choice(p.legal_moves()))
        if p.is_over:
            continue
        found = best_move(p, seconds=0.02)
        assert found.move in p.legal_moves()
        assert found.depth >= 1 and found.nodes > 0


def test_depth_and_time_limits() -> None:
    found = best_move(Position.initial(), seconds=5.0, max_depth=4)
    assert found.depth == 4 and found.seconds < 5.0
    quick = best_move(Position.initial(), seconds=0.05)
    assert quick.seconds < 1.0


def test_no_search_after_the_end_or_without_time() -> None:
    over = Position.setup([0] * 9 + [3] * 9, kazans=(60, 75))
    with pytest.raises(IllegalMove, match="over"):
        best_move(over)
    with pytest.raises(ValueError, match="positive"):
        best_move(Position.initial(), seconds=0)


def test_beats_random_play() -> None:
    rng = random.Random(11)
    engine = AlphaBetaPlayer(seconds=0.005, max_depth=4)
    score = 0.0
    for game in range(6):
        p = Position.initial()
        engine_side = "white" if game % 2 == 0 else "black"
        while not p.is_over:
            pit = engine.choose(p) if p.to_move == engine_side else rng.choice(p.legal_moves())
            p = p.play(pit)
        assert p.result is not None
        score += 1 if p.result.winner == engine_side else 0.5 if p.result.winner is None else 0
    assert score >= 5.5
