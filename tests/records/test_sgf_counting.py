"""The count of a Go game in SGF (TB/TW on the last node) and where it is shown: written for a
counted game, read back as the counted position (dead stones marked and accepted), shown by
the record viewer and the game sheet as the rules count (seed 002 1.11-1.15)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.games.go import Game
from arbiter.games.go.position import IllegalMove
from arbiter.games.go.rules import Rules
from arbiter.games.go.scoring import count, territory
from arbiter.records.sgf import read_sgf, write_sgf
from arbiter.reports.go_score import score_lines
from arbiter.reports.go_sheet import sheet_html
from arbiter.server.web.viewer import read_record


def walls(rules: Rules, *, counted: bool = True) -> Game:
    """9×9: Black's wall on the D line, White's on the F line, a White stone dead at B5."""
    game = Game.new(9, rules=rules)
    for line in range(1, 10):
        game = game.play(f"D{line}").play(f"F{line}")
    game = game.pass_move().play("B5").pass_move().pass_move()
    if counted:
        game = game.toggle_dead("B5").accept("black").accept("white")
    return game


def test_a_counted_game_keeps_its_count_through_sgf() -> None:
    game = walls(Rules.japanese(komi=6.5))
    data = write_sgf(game).decode()
    assert "TB[" in data and "TW[" in data
    back = read_sgf(data)
    assert back.position.phase == "finished"
    assert [p.gtp() for p in back.position.dead_stones] == ["B5"]
    assert back.score() == game.score()
    assert territory(back.position) == territory(game.position)
    assert str(back.result) == "W+5.5"


def test_a_game_not_counted_writes_no_territory() -> None:
    game = walls(Rules.japanese(komi=6.5), counted=False)  # still marking the dead stones
    data = write_sgf(game).decode()
    assert "TB[" not in data and "TW[" not in data
    assert read_sgf(data).position.phase == "marking"


def test_the_lines_of_the_count_follow_the_rules() -> None:
    """Seed 002 1.14: «коми вычитается из результата черных» (komi is taken from Black's
    score); Japanese counting adds prisoners, Chinese counting the stones on the board."""
    japanese = score_lines(walls(Rules.japanese(komi=6.5)).score())
    assert japanese == (
        "Black: 27 territory + 1 prisoners − 6.5 komi = 21.5",
        "White: 27 territory + 0 prisoners = 27",
    )
    chinese = score_lines(walls(Rules.chinese(komi=7.5)).score())
    assert chinese == (
        "Black: 27 territory + 9 stones − 7.5 komi = 28.5",
        "White: 27 territory + 9 stones = 36",
    )


def test_viewer_and_sheet_show_the_count_of_a_record() -> None:
    game = walls(Rules.japanese(komi=6.5))
    data = write_sgf(game).decode()
    lines = score_lines(game.score())
    view = read_record(data)
    last = view.frame(None)
    assert tuple(v for k, v in last.facts if k == "Count") == lines
    assert str(last.board).count('class="territory black"') == 26  # B5 holds the dead stone
    assert str(last.board).count('class="territory white"') == 27
    # earlier positions show no count
    assert not [k for k, _ in view.frame(5).facts if k == "Count"]
    sheet = sheet_html(read_sgf(data))
    assert all(line in sheet for line in lines)
    assert 'class="territory white"' in sheet


def test_the_count_is_in_the_readers_language() -> None:
    from arbiter.i18n import language

    game = walls(Rules.japanese(komi=6.5))
    with language("ru"):
        lines = score_lines(game.score())
        frame = read_record(write_sgf(game).decode()).frame(None)
    assert "komi" not in lines[0] and "territory" not in lines[0]
    assert all(line in [v for _, v in frame.facts] for line in lines)


@settings(max_examples=60, deadline=None)
@given(
    moves=st.lists(st.sampled_from(["C3", "C4", "D3", "E5", "F6", "G7", "C7", "G3", "E3"]),
                   max_size=12),
    black=st.sets(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=20),
    white=st.sets(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=20),
)  # fmt: skip
def test_any_territory_marks_are_read_or_ignored_never_an_error(
    moves: list[str], black: set[tuple[int, int]], white: set[tuple[int, int]]
) -> None:
    """Territory marks from another program, sensible or not: the record still reads, its
    moves stand, and a count made of them is the engine's count of the marked position."""
    game = Game.new(9, rules=Rules.japanese())
    for move in moves:
        try:
            game = game.play(move)
        except IllegalMove:
            continue  # an occupied point: the move is not made
    game = game.pass_move().pass_move()
    data = write_sgf(game).decode().rstrip()
    assert data.endswith(")")
    data = data[:-1]
    marks = "".join(f"[{'abcdefghi'[c]}{'abcdefghi'[8 - r]}]" for r, c in sorted(black))
    marks_w = "".join(f"[{'abcdefghi'[c]}{'abcdefghi'[8 - r]}]" for r, c in sorted(white))
    data += (f"TB{marks}" if black else "") + (f"TW{marks_w}" if white else "") + ")"
    back = read_sgf(data)
    assert len(back.moves) == len(game.moves)
    if back.position.phase == "finished":
        assert back.score() == count(back.position)
