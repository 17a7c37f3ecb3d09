"""The record viewer's replay (no server): every position of a record, drawn frame by frame."""

from __future__ import annotations

from arbiter import i18n
from arbiter.games.go import Game
from arbiter.games.toguz import Position
from arbiter.records.sgf import write_sgf
from arbiter.records.toguz_record import record_from_moves, replay
from arbiter.records.toguz_text import write_federation
from arbiter.server.web.board import toguz_last
from arbiter.server.web.viewer import read_record


def test_toguz_frames_are_the_replayed_positions() -> None:
    moves = [7, 8, 9, 1, 2, 3, 4]
    record = record_from_moves(Position.initial(), moves)
    view = read_record(write_federation(record))
    assert view.game == "toguz" and view.plies == len(moves)
    assert view.positions == replay(record).positions
    for ply in range(view.plies + 1):
        frame = view.frame(ply)
        pos = view.positions[ply]
        assert frame.facts[0][1] == str(pos.kazans[0]) and frame.facts[1][1] == str(pos.kazans[1])
    # the last move's pit and landing pit are highlighted
    mover, pit, side, landing = toguz_last(view.positions[0], 7)
    assert (mover, pit, side, landing) == ("white", 7, "black", 6)
    assert 'data-side="white" data-pit="7"' in str(view.frame(1).board)


def test_a_toguz_record_that_breaks_the_rules_says_where() -> None:
    view = read_record("1. 76 88")  # 8 from Black lands on White's 7, not 8
    assert view.problems and "move 1 (Black" in view.problems[0]


def test_go_frames_follow_moves_and_setup() -> None:
    game = Game.new(9).play("E5").play("C3").edit(black=["G7"]).play("D4").play("pass")
    view = read_record(write_sgf(game).decode())
    assert view.game == "go" and view.plies == 4
    assert view.positions[0].get("E5") is None
    assert view.positions[1].get("E5") == "black"
    assert view.positions[2].get("G7") is None
    assert view.positions[3].get("G7") == "black" and view.positions[3].get("D4") == "black"
    assert view.positions[-1] == game.position
    assert [m.text for m in view.moves] == ["E5", "C3", "D4", "pass"]


def test_frames_speak_the_current_language() -> None:
    view = read_record("1. 76 87")
    with i18n.language("ky"):
        assert view.frame(1).caption == "1. Актар 76"
        assert view.frame(0).caption == "Башталышы"
    assert view.frame(None).ply == 2
    assert view.clamp(-3) == 0 and view.clamp(50) == 2
