"""GNU Go plays whole 9×9 games through the match layer; its dead-stone proposal is GNU Go's own."""

from __future__ import annotations

import sys

import pytest

from arbiter.engines.go_player import EngineSeat, game_setup, marking_actions, moves_of
from arbiter.engines.gtp_client import GtpEngine, GtpPlayer, gnugo_available, gnugo_command
from arbiter.games.go import Point, Position, Rules
from arbiter.match import AcceptMarking, Actor, Match, MatchSettings, Start, replay

pytestmark = pytest.mark.skipif(not gnugo_available(), reason="GNU Go is not installed")


# White: arbiter's own GTP engine, whose genmove is a random legal move that fills no eye of
# its own; its stray stones inside GNU Go's area give the dead-stone phase something to judge.
RANDOM_PLAYER = [sys.executable, "-m", "arbiter", "go", "gtp", "--seed", "11"]


def play_out(black_level: int) -> tuple[Match, EngineSeat]:
    settings = MatchSettings.go("10m", size=9, rules=Rules.chinese(komi=7))
    m = Match.new(settings).apply(Start(), 0, Actor.referee())
    t = 0.0
    with GtpEngine(gnugo_command(black_level)) as b, GtpEngine(RANDOM_PLAYER) as w:
        seats = {"black": EngineSeat(GtpPlayer(b)), "white": EngineSeat(GtpPlayer(w))}
        while m.status == "playing" and len(m.moves) < 200:
            side = m.to_move
            assert side is not None
            t += 1.0
            m = m.apply(seats[side].next_action(m), t, Actor.player(side))
    return m, seats["black"]


def test_gnugo_plays_a_whole_9x9_game_and_proposes_the_dead_stones() -> None:
    m, _ = play_out(black_level=1)
    assert m.status == "marking", m.result
    # A fresh GNU Go, told the same moves, judges the dead stones.
    with GtpEngine(gnugo_command()) as judge:
        proposal_seat = EngineSeat(GtpPlayer(judge))
        proposed = proposal_seat.propose_marking(m)
        with GtpEngine(gnugo_command()) as referee_engine:
            for command in _replay_commands(m):
                referee_engine.send(command)
            expected = sorted(
                Point.from_gtp(v, 9) for v in referee_engine.send("final_status_list dead").split()
            )
    assert expected, "the game should leave dead stones for the test to mean something"
    t = 1000.0
    for action in proposed:
        t += 1
        m = m.apply(action, t, Actor.player("black"))
    assert sorted(m.go.position.dead_stones) == expected
    m = m.apply(AcceptMarking(), t + 1, Actor.player("black"))
    m = m.apply(AcceptMarking(), t + 2, Actor.player("white"))
    assert m.is_over and m.result is not None and m.result.termination == "points"
    assert replay(m.settings, m.log) == m


def _replay_commands(m: Match) -> list[str]:
    setup = game_setup(m)
    commands = [f"boardsize {setup.size}", "clear_board", f"komi {setup.komi:g}"]
    for colour, point in moves_of(m):
        commands.append(f"play {colour} {'pass' if point is None else point.gtp()}")
    return commands


def test_marking_actions_mark_each_chain_once() -> None:
    pos = Position.empty(9)
    for move in ["A1", "E5", "B1", "pass", "pass", "pass"]:
        if pos.phase != "playing":
            break
        pos = pos.play(move)
    dead = (Point.from_gtp("A1", 9), Point.from_gtp("B1", 9))
    actions = marking_actions(pos, dead)
    assert [a.point for a in actions] == ["A1"]
