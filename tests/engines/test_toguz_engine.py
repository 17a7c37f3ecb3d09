"""The full-strength Toguz Korgool engine: exact search values, levels, time, analysis, protocol."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.clock import ClockState, TimeControl
from arbiter.engines import _toguz_search
from arbiter.engines.toguz_engine import (
    WIN,
    EngineError,
    ToguzEngine,
    describe_score,
    level_of,
    review_game,
    think_time,
)
from arbiter.engines.toguz_protocol import EngineProtocol
from arbiter.games.toguz import IllegalMove, Position


def random_position(seed: int, plies: int) -> Position:
    rng = random.Random(seed)
    p = Position.initial()
    for _ in range(plies):
        if p.is_over:
            break
        p = p.play(rng.choice(p.legal_moves()))
    return p


def terminal(p: Position, ply: int) -> int:
    assert p.result is not None
    if p.result.winner is None:
        return 0
    return WIN - ply if p.result.winner == p.to_move else -WIN + ply


def gain(before: Position, after: Position) -> int:
    me = 0 if before.to_move == "white" else 1
    return (after.kazans[me] - before.kazans[me]) - (after.kazans[1 - me] - before.kazans[1 - me])


INF = WIN + 1000


def quiesce(p: Position, alpha: int, beta: int, ply: int) -> int:
    """Alpha-beta over the moves that take korgools, standing pat on the evaluation.

    A plain textbook version (no table, no ordering); alpha-beta returns the minimax value
    at the root, so it must agree with the engine exactly.
    """
    if p.is_over:
        return terminal(p, ply)
    stand = _toguz_search.evaluate(p._s)
    if stand >= beta:
        return stand
    alpha = max(alpha, stand)
    for m in p.legal_moves():
        child = p.play(m)
        if gain(p, child) > 0:
            alpha = max(alpha, -quiesce(child, -beta, -alpha, ply + 1))
            if alpha >= beta:
                break
    return alpha


def minimax(p: Position, depth: int, ply: int = 0, alpha: int = -INF, beta: int = INF) -> int:
    if p.is_over:
        return terminal(p, ply)
    if depth == 0:
        return quiesce(p, alpha, beta, ply)
    for m in p.legal_moves():
        alpha = max(alpha, -minimax(p.play(m), depth - 1, ply + 1, -beta, -alpha))
        if alpha >= beta:
            break
    return alpha


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120), st.integers(1, 3))
def test_search_value_equals_plain_minimax_with_quiescence(
    seed: int, plies: int, depth: int
) -> None:
    """Alpha-beta, the table, move ordering and PVS windows must not change the value."""
    p = random_position(seed, plies)
    if p.is_over:
        return
    found = ToguzEngine().analyse(p, seconds=60, depth=depth)
    assert found.depth == depth or abs(found.score) >= WIN - 100
    assert found.score == minimax(p, found.depth)


def test_takes_a_win_at_once_and_reports_it() -> None:
    p = Position.setup([5, 0, 0, 0, 0, 0, 0, 0, 1] + [1] + [9] * 8, kazans=(80, 3))
    found = ToguzEngine().analyse(p, seconds=1)
    assert found.move == 9
    assert describe_score(found.score) == "win in 1"


def test_all_moves_scores_every_root_move() -> None:
    p = random_position(5, 30)
    found = ToguzEngine().analyse(p, seconds=5, depth=2, all_moves=True)
    assert set(found.root_scores) == set(p.legal_moves())
    assert max(found.root_scores.values()) == found.score
    for move, score in found.root_scores.items():
        assert score == -minimax(p.play(move), 1, 1)


def test_history_is_accepted_and_the_search_stays_legal() -> None:
    game = [random_position(9, n) for n in range(0, 40)]
    found = ToguzEngine().analyse(game[-1], seconds=0.2, history=game[:-1])
    assert found.move in game[-1].legal_moves()
    assert found.pv and found.pv[0] == found.move


@pytest.mark.parametrize("level", range(1, 11))
def test_every_level_plays_legal_moves_reproducibly(level: int) -> None:
    p = random_position(level, 20)
    a = [ToguzEngine(level, seed=3).choose(p, 0.05) for _ in range(2)]
    assert a[0] in p.legal_moves()
    assert a[0] == a[1] or level_of(level).noise > 0


def test_low_levels_are_noisy_and_full_strength_is_not() -> None:
    p = random_position(21, 24)
    beginner = {ToguzEngine(1, seed=s).choose(p, 0.05) for s in range(12)}
    full = {ToguzEngine(10, seed=s).choose(p, 0.05) for s in range(3)}
    assert len(beginner) > 1
    assert len(full) == 1


def test_bad_requests() -> None:
    with pytest.raises(EngineError, match="levels run from 1"):
        ToguzEngine(11)
    with pytest.raises(EngineError, match="positive time"):
        ToguzEngine().analyse(Position.initial(), seconds=0)
    over = Position.setup([0] * 9 + [3] * 9, kazans=(60, 75))
    with pytest.raises(IllegalMove, match="over"):
        ToguzEngine().analyse(over)


@pytest.mark.parametrize(
    ("control", "state", "ply", "expected"),
    [
        ("60m", ClockState(3600, 0, 0, 0, False), 0, 60.0),  # an hour over about 60 moves
        ("60m", ClockState(30, 0, 0, 0, False), 150, 2.0),  # late: at least 15 moves left
        ("60m", ClockState(0.4, 0, 0, 0, False), 150, 0.01),  # never past the flag
        ("5m+3s", ClockState(300, 0, 0, 0, False), 0, 5 + 2.4),
        ("5m+3x30s", ClockState(0, 3, 0, 30, False), 80, 24.0),  # in byo-yomi: most of a period
        ("5m+3x30s", ClockState(150, 3, 0, 30, False), 0, 2.5 + 15),
        ("10m+25/5m", ClockState(0, 0, 10, 120, False), 90, 0.85 * 12),
    ],
)
def test_time_management(control: str, state: ClockState, ply: int, expected: float) -> None:
    assert think_time(TimeControl.parse(control), state, ply) == pytest.approx(expected)


def test_review_marks_a_thrown_away_win() -> None:
    p = Position.setup([5, 0, 0, 0, 0, 0, 0, 0, 1] + [1] + [9] * 8, kazans=(80, 3))
    (review,) = list(review_game(p, [1], seconds=0.2))
    assert review.best == 9 and review.played == 1
    assert review.mark == "??" and review.loss > 0
    (good,) = list(review_game(p, [9], seconds=0.2))
    assert good.mark == "" and good.loss == 0


def test_protocol_session() -> None:
    proto = EngineProtocol()
    assert proto.handle("uci")[-1] == "uciok"
    assert proto.handle("setoption name Level value 4") == []
    assert proto.engine.level.number == 4
    assert proto.handle("position startpos moves 7 87") == []
    assert proto.position == Position.initial().play(7).play(8)
    answer = proto.handle("go depth 2")
    assert answer[0].startswith("info depth 2 ") and " score " in answer[0]
    move = int(answer[-1].split()[1])
    assert move in proto.position.legal_moves()
    fen = proto.position.fen()
    assert proto.handle(f"position fen {fen}") == []
    assert proto.handle("go wtime 60000 btime 60000 winc 1000 binc 1000")[-1].startswith("bestmove")
    assert proto.handle("d")[0] == f"fen {fen}"
    assert proto.handle("position startpos variant bestemshe moves 1") == []
    assert proto.position.variant.name == "bestemshe"
    proto.handle("quit")
    assert proto.finished


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("fly", "unknown command"),
        ("position", "needs 'startpos'"),
        ("position startpos moves 75", "lands in pit 6, not 5"),
        ("position startpos moves 10", "not a move"),
        ("position fen 1,2,3", "malformed FEN"),
        ("go depth", "needs a whole number"),
        ("go depth 99", "depth runs from 1 to 64"),
        ("setoption name Hash value 16", "only Level"),
        ("setoption name Level value 12", "levels run from 1"),
    ],
)
def test_protocol_errors_change_nothing(line: str, message: str) -> None:
    proto = EngineProtocol()
    proto.handle("position startpos moves 7")
    before = proto.position
    (answer,) = proto.handle(line)
    assert answer.startswith("info string error: ") and message in answer
    assert proto.position == before
