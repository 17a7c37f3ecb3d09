"""A game as played: results beyond the board, penalties, the record of moves, edits."""

import re

import pytest

from arbiter.games.go import (
    Game,
    GameError,
    GameInfo,
    IllegalMove,
    Player,
    Rank,
    Result,
    Rules,
)


def test_moves_are_recorded_with_colour_and_clock() -> None:
    game = Game.new(9).play("E5", time_left=1790.5).play("pass", time_left=1800, periods_left=5)
    assert [(m.color, m.move) for m in game.moves] == [
        ("black", game.moves[0].move),
        ("white", None),
    ]
    assert game.moves[0].move is not None and game.moves[0].move.gtp() == "E5"
    assert game.moves[1].time_left == 1800 and game.moves[1].periods_left == 5
    assert game.start.stones("black") == ()


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (lambda g: g.resign("black"), "W+R"),
        (lambda g: g.lose_on_time("white"), "B+T"),
        (lambda g: g.forfeit("black"), "W+F"),
        (lambda g: g.declare(Result.void()), "Void"),
        (lambda g: g.declare(Result.draw()), "0"),
    ],
)
def test_results_beyond_the_board(action, expected: str) -> None:  # type: ignore[no-untyped-def]
    game = action(Game.new(9).play("E5"))
    assert game.is_over
    assert str(game.result) == expected
    with pytest.raises(GameError, match=re.escape(f"the game is over ({expected})")):
        game.play("A1")


def test_counted_result_after_both_accept() -> None:
    game = Game.new(9, rules=Rules.japanese(komi=6.5)).play("E5").pass_move().pass_move()
    assert game.result is None
    game = game.accept("black").accept("white")
    assert str(game.result) == "B+73.5"  # 80 territory - 6.5
    with pytest.raises(GameError):
        game.resign("white")


def test_dead_stones_through_the_game() -> None:
    game = Game.new(9, rules=Rules.japanese(komi=0)).play("E5").play("A1").pass_move().pass_move()
    game = game.toggle_dead("A1").accept("white").accept("black")
    score = game.score()
    assert score.prisoners.black == 1
    assert str(game.result) == "B+81"


def test_resume_through_the_game() -> None:
    game = Game.new(9).play("E5").pass_move().pass_move().resume().play("C3")
    assert game.position.get("C3") == "white"


def test_penalties() -> None:
    game = Game.new(9, rules=Rules.japanese(komi=0)).play("E5").penalize("black", 2, "talking")
    assert game.penalty_points() == (2.0, 0.0)
    assert str(game.penalties[0]) == "Penalty: 2 points to Black (talking)"
    game = game.pass_move().pass_move().accept("black").accept("white")
    assert game.score().total.black == 80 - 2
    with pytest.raises(GameError, match="positive number of points"):
        Game.new(9).penalize("black", 0)
    with pytest.raises(GameError, match="black or white"):
        Game.new(9).penalize("red", 1)  # type: ignore[arg-type]


def test_illegal_moves_leave_the_game_unchanged() -> None:
    game = Game.new(9).play("E5")
    with pytest.raises(IllegalMove):
        game.play("E5")
    assert len(game.moves) == 1


def test_edit_records_the_change() -> None:
    game = Game.new(9).play("E5").edit(white=["C3"], empty=["E5"], to_move="white")
    assert game.position.get("E5") is None and game.position.get("C3") == "white"
    assert game.edits[0].ply == 1
    assert [p.gtp() for p in game.edits[0].white] == ["C3"]


def test_game_info() -> None:
    info = GameInfo(black=(Player("Ann", Rank.parse("2d")),), white=(Player("Bo"),))
    assert str(info.players("black")[0]) == "Ann 2d"
    with pytest.raises(GameError, match="one player, or two"):
        GameInfo(black=(Player("a"), Player("b"), Player("c")))
