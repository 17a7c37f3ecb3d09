"""Counting (seed 002 1.11–1.15): territory, prisoners, stones, komi, penalties, ties, seki."""

import pytest

from arbiter.games.go import Position, Result, ResultError, Rules, Tally, count


def finished(pos: Position, dead: tuple[str, ...] = ()) -> Position:
    pos = pos.pass_move().pass_move()
    for point in dead:
        pos = pos.toggle_dead(point)
    return pos.accept("black").accept("white")


def wall(rules: Rules) -> Position:
    """A 5×5 board: a black wall on column B, a white wall on column D, dame on column C."""
    return Position.setup(
        5,
        black=["B1", "B2", "B3", "B4", "B5"],
        white=["D1", "D2", "D3", "D4", "D5"],
        rules=rules,
    )


def invaded(rules: Rules) -> Position:
    """Each side fills one point of its own territory; White's invader A3 is dead."""
    pos = wall(rules).play_as("black", "A1").play_as("white", "E1").play_as("white", "A3")
    return finished(pos, dead=("A3",))


def test_japanese_counts_territory_and_prisoners() -> None:
    score = count(invaded(Rules.japanese(komi=0)))
    # A3 is freed by its dead stone and counts for Black; the stone is Black's prisoner.
    assert score.territory == Tally(4, 4)
    assert score.prisoners == Tally(1, 0)
    assert score.dead == Tally(0, 1)
    assert score.points == Tally(5, 4)
    assert str(score.result) == "B+1"


def test_chinese_counts_territory_and_stones() -> None:
    score = count(invaded(Rules.chinese(komi=0)))
    assert score.territory == Tally(4, 4)
    assert score.stones == Tally(6, 6)
    assert score.points == Tally(10, 10)
    assert str(score.result) == "0"


def test_captures_during_play_count_in_japanese_only() -> None:
    pos = wall(Rules.japanese(komi=0)).play_as("white", "A1").play_as("black", "A2")
    assert pos.captures("black") == 1
    japanese = count(finished(pos))
    chinese = count(finished(pos), rules=Rules.chinese(komi=0))
    assert japanese.prisoners == Tally(1, 0)
    assert japanese.points == Tally(4 + 1, 5)
    assert chinese.points == Tally(4 + 6, 5 + 5)


@pytest.mark.parametrize(
    ("komi", "expected"),
    [(0, "0"), (0.5, "W+0.5"), (-0.5, "B+0.5"), (6, "W+6"), (-6, "B+6"), (6.5, "W+6.5")],
)
def test_komi_is_subtracted_from_black(komi: float, expected: str) -> None:
    # The wall position is symmetric: 5 points each.
    score = count(finished(wall(Rules.japanese(komi=komi))))
    assert score.points == Tally(5, 5)
    assert score.total.black == 5 - komi
    assert str(score.result) == expected


def test_tie_rule() -> None:
    pos = finished(wall(Rules.japanese(komi=0, white_wins_ties=True)))
    result = count(pos).result
    assert result == Result("white", "points", 0.0)
    assert str(result) == "W+0"
    assert str(count(finished(wall(Rules.japanese(komi=0)))).result) == "0"


def test_penalties_are_subtracted_from_the_penalised_side() -> None:
    pos = finished(wall(Rules.japanese(komi=0)))
    score = count(pos, penalties=(3, 0))
    assert score.total == Tally(2, 5)
    assert str(score.result) == "W+3"
    assert str(count(pos, penalties=(0, 3)).result) == "B+3"
    assert "3 penalty" in score.summary()


def test_handicap_compensation_in_chinese_counting() -> None:
    plain = Position.with_handicap(19, 4, Rules.chinese(komi=0))
    settled = Position.with_handicap(19, 4, Rules.chinese(komi=0, handicap_compensation=True))
    assert count(plain).compensation == 0
    assert count(settled).compensation == 3  # one point per stone beyond the first
    assert count(settled).points.white == count(plain).points.white + 3


def test_seki_eyes_count_and_shared_liberties_do_not() -> None:
    #    A B C D E
    #  5 . X . O .     Black's eye A5 and White's eye E5 share the liberty C5: seki.
    #  4 X X X O O
    #  3 O O O X X
    #  2 . . O X .
    #  1 . . O X .
    rules = Rules.japanese(komi=0)
    pos = Position.setup(
        5,
        black=["B5", "A4", "B4", "C4", "D3", "E3", "D2", "D1"],
        white=["D5", "D4", "E4", "A3", "B3", "C3", "C2", "C1"],
        rules=rules,
    )
    # It is a seki: whoever fills C5 puts its own group in atari and is captured.
    assert [p.gtp() for p in pos.play("C5").chain("C5")[1]] == ["A5"]
    assert pos.play("C5").play("A5").get("B5") is None
    assert pos.play_as("white", "C5").play_as("black", "E5").get("D5") is None
    score = count(finished(pos))
    # Territory per seed 1.11: A5 (Black's eye) and E5 (White's eye) count; C5 touches both.
    assert score.territory == Tally(1 + 2, 1 + 4)
    assert str(score.result) == "W+2"
    chinese = count(finished(pos), rules=Rules.chinese(komi=0))
    assert chinese.points == Tally(3 + 8, 5 + 8)


def test_dame_counts_for_nobody() -> None:
    score = count(finished(wall(Rules.japanese())))
    assert score.territory == Tally(5, 5)  # column C touches both colours


def test_empty_board_is_nobodys_territory() -> None:
    assert count(Position.empty(9, Rules.chinese(komi=7.5))).territory == Tally(0, 0)
    assert str(count(Position.empty(9, Rules.chinese(komi=7.5))).result) == "W+7.5"


def test_summary_lists_each_term() -> None:
    text = count(finished(wall(Rules.japanese(komi=6.5)))).summary()
    assert text.splitlines() == [
        "Black: 5 territory + 0 prisoners - 6.5 komi = -1.5",
        "White: 5 territory + 0 prisoners = 5",
        "Result: W+6.5",
    ]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("B+3.5", "B+3.5"),
        ("W+R", "W+R"),
        ("W+Resign", "W+R"),
        ("B+T", "B+T"),
        ("b+time", "B+T"),
        ("W+F", "W+F"),
        ("B+Forfeit", "B+F"),
        ("0", "0"),
        ("Draw", "0"),
        ("Jigo", "0"),
        ("Void", "Void"),
        ("?", "?"),
        ("B+", "B+"),
        ("W+0", "W+0"),
        ("W+12.0", "W+12"),
    ],
)
def test_result_notation(text: str, canonical: str) -> None:
    assert str(Result.parse(text)) == canonical


@pytest.mark.parametrize("text", ["B+x", "X+3", "B-3", "W+-1", "B+nan", "win"])
def test_result_refuses_nonsense(text: str) -> None:
    with pytest.raises(ResultError, match="cannot read result"):
        Result.parse(text)


def test_result_constructors() -> None:
    assert str(Result.resignation("white")) == "W+R"
    assert str(Result.time("black")) == "B+T"
    assert str(Result.forfeit("white")) == "W+F"
    assert str(Result.draw()) == "0"
    assert str(Result.void()) == "Void"
    with pytest.raises(ResultError):
        Result("black", "draw")
    with pytest.raises(ResultError):
        Result(None, "points", 3.0)
