"""The GTP client, against GNU Go (installed by .ci/run) and against arbiter's own GTP engine."""

from __future__ import annotations

import sys

import pytest

from arbiter.engines.gtp_client import (
    GameSetup,
    GtpEngine,
    GtpError,
    GtpPlayer,
    gnugo_available,
    gnugo_command,
)
from arbiter.games.go import Point, Position, Rules

needs_gnugo = pytest.mark.skipif(not gnugo_available(), reason="GNU Go is not installed")
ARBITER_GTP = [sys.executable, "-m", "arbiter", "go", "gtp", "--seed", "3"]


@needs_gnugo
def test_gnugo_plays_legal_moves_that_our_rules_accept() -> None:
    setup = GameSetup(size=9, komi=7.0)
    pos = Position.empty(9, Rules.chinese(komi=7))
    moves: list[tuple[str, Point | None]] = []
    with GtpEngine(gnugo_command(level=1)) as engine:
        assert "GNU Go" in engine.name()
        player = GtpPlayer(engine)
        for _ in range(12):
            colour = pos.to_move
            answer = player.genmove(setup, moves, colour)  # type: ignore[arg-type]
            if answer == "resign":
                break
            point = None if answer == "pass" else answer
            assert point is None or pos.is_legal(point)
            pos = pos.play("pass" if point is None else point)  # type: ignore[arg-type]
            moves.append((colour, point))  # type: ignore[arg-type]


@needs_gnugo
def test_the_engine_follows_a_game_that_went_another_way() -> None:
    setup = GameSetup(size=9, komi=6.5)
    with GtpEngine(gnugo_command(level=1)) as engine:
        player = GtpPlayer(engine)
        first = [("black", Point.from_gtp("E5", 9)), ("white", Point.from_gtp("C3", 9))]
        player.genmove(setup, first, "black")
        other = [("black", Point.from_gtp("D4", 9))]
        answer = player.genmove(setup, other, "white")  # type: ignore[arg-type]
        assert answer != Point.from_gtp("D4", 9)
        assert engine.send("list_stones black").split() == ["D4"]


@needs_gnugo
def test_dead_stones_from_gnugo() -> None:
    # Black walls off the corner A1-B2; White's stone on A1 has no room to live.
    setup = GameSetup(size=9, komi=6.5)
    black = ["A3", "B3", "C3", "C2", "C1", "E5"]
    white = ["A1", "pass", "pass", "pass", "pass", "pass"]
    moves: list[tuple[str, Point | None]] = []
    for b, w in zip(black, white, strict=True):
        moves.append(("black", Point.from_gtp(b, 9)))
        moves.append(("white", None if w == "pass" else Point.from_gtp(w, 9)))
    with GtpEngine(gnugo_command()) as engine:
        dead = GtpPlayer(engine).dead_stones(setup, moves)  # type: ignore[arg-type]
    assert dead == (Point.from_gtp("A1", 9),)


def test_refusals_and_failures_are_gtp_errors() -> None:
    with GtpEngine(ARBITER_GTP) as engine:
        assert engine.send("boardsize 9") == ""
        with pytest.raises(GtpError, match="refused 'play black Z99'"):
            engine.send("play black Z99")
        assert engine.send("play black E5") == ""
    with pytest.raises(GtpError, match="cannot start"):
        GtpEngine(["/nonexistent/engine"])
    silent = GtpEngine([sys.executable, "-c", "import time; time.sleep(30)"], timeout=0.3)
    with silent, pytest.raises(GtpError, match="no answer"):
        silent.send("name")
    with GtpEngine([sys.executable, "-c", "print('hello')"]) as chatty, pytest.raises(GtpError):
        chatty.send("name")
    with pytest.raises(GtpError, match="levels run from 0 to 10"):
        gnugo_command(11)
