"""Every rule of Toguz Korgool (spec toguz.md) on hand-built positions, with each rule's edge."""

from __future__ import annotations

import pytest

from arbiter.games.toguz import IllegalMove, Position, PositionError, Result


def pos(
    white: list[int],
    black: list[int],
    kazans: tuple[int, int] | None = None,
    *,
    to_move: str = "white",
    tuz: tuple[int | None, int | None] = (None, None),
) -> Position:
    """A position from two rows (each from its owner's pit 1); kazans fill up to 162 if omitted."""
    if kazans is None:
        rest = 162 - sum(white) - sum(black)
        kazans = (rest // 2, rest - rest // 2)
    return Position.setup(white + black, kazans=kazans, tuz=tuz, to_move=to_move)  # type: ignore[arg-type]


def rows(p: Position) -> tuple[list[int], list[int]]:
    return list(p.pits[:9]), list(p.pits[9:])


# -- the start ------------------------------------------------------------------------------


def test_initial_position() -> None:
    p = Position.initial()
    assert p.pits == (9,) * 18
    assert p.kazans == (0, 0)
    assert p.tuz == (None, None)
    assert p.to_move == "white"
    assert p.legal_moves() == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert not p.is_over and p.result is None


def test_first_move_76_sows_from_the_emptied_pit_and_captures_ten() -> None:
    after = Position.initial().play(7)
    white, black = rows(after)
    assert white == [9, 9, 9, 9, 9, 9, 1, 10, 10]
    assert black == [10, 10, 10, 10, 10, 0, 9, 9, 9]
    assert after.kazans == (10, 0)
    assert after.to_move == "black"


def test_positions_are_immutable_values() -> None:
    p = Position.initial()
    p.play(7)
    assert p == Position.initial()
    with pytest.raises(AttributeError):
        p._s = b""  # type: ignore[misc]
    assert hash(p) == hash(Position.initial())
    assert {p, Position.initial()} == {p}


# -- sowing ---------------------------------------------------------------------------------


def test_single_korgool_moves_to_the_next_pit_and_leaves_its_pit_empty() -> None:
    p = pos([1, 0, 5, 0, 0, 0, 0, 0, 0], [3] * 9)
    white, _ = rows(p.play(1))
    assert white[:3] == [0, 1, 5]


def test_single_korgool_from_pit_9_crosses_to_the_opponent_and_can_capture() -> None:
    p = pos([0] * 8 + [1], [1] + [3] * 8, kazans=(60, 76))
    after = p.play(9)
    _, black = rows(after)
    assert black[0] == 0  # 1 + 1 = 2, even: taken
    assert after.kazans == (62, 76)


def test_lapping_the_board_with_twenty_korgools() -> None:
    # 20 korgools from White's pit 1: the first back into pit 1, then 2..9, Black 1..9,
    # and White 1, 2 again; the last falls on White's own row: nothing is taken.
    p = pos([20, 1, 1, 1, 1, 1, 1, 1, 1], [2] * 9, kazans=(58, 58))
    after = p.play(1)
    white, black = rows(after)
    assert white == [2, 3, 2, 2, 2, 2, 2, 2, 2]
    assert black == [3] * 9
    assert after.kazans == (58, 58)


def test_lapping_the_board_ends_with_a_capture_on_the_opponent_row() -> None:
    # 28 korgools: a full lap of 18 plus 10; Black's pit 1 receives two and is taken.
    p = pos([28] + [0] * 8, [0] + [3] * 8, kazans=(55, 55))
    after = p.play(1)
    white, black = rows(after)
    assert white == [2] * 9
    assert black == [0] + [4] * 8
    assert after.kazans == (57, 55)


# -- captures -------------------------------------------------------------------------------


def test_odd_count_on_the_opponent_row_takes_nothing() -> None:
    p = pos([0] * 8 + [9], [9] * 7 + [8, 9])
    after = p.play(9)  # last korgool in Black's pit 8: 8 + 1 = 9
    _, black = rows(after)
    assert black[7] == 9
    assert after.kazans == p.kazans


def test_even_count_on_the_own_row_takes_nothing() -> None:
    after = Position.initial().play(1)  # last korgool in White's own pit 9: 10
    white, _ = rows(after)
    assert white[8] == 10
    assert after.kazans == (0, 0)


def test_black_captures_on_white_row() -> None:
    after = Position.initial().play(7).play(8)  # Black's 87: White's pit 7 holds 1 + 1 = 2
    white, _ = rows(after)
    assert white[6] == 0
    assert after.kazans == (10, 2)


# -- tuz ------------------------------------------------------------------------------------


def test_making_a_tuz() -> None:
    p = pos([0] * 8 + [2], [2] + [5] * 8)
    after = p.play(9)  # White's pit 9 gets 1, Black's pit 1: 2 + 1 = 3
    assert after.tuz == (1, None)
    assert after.kazans == (p.kazans[0] + 3, p.kazans[1])
    assert after.pit("black", 1) == 0


def test_no_second_tuz_for_the_same_player() -> None:
    p = pos([0] * 8 + [2], [2, 5, 5, 5, 0, 5, 5, 5, 5], tuz=(5, None))
    after = p.play(9)
    assert after.tuz == (5, None)
    assert after.pit("black", 1) == 3
    assert after.kazans == p.kazans


def test_no_tuz_on_a_ninth_pit() -> None:
    # White's pit 9 with 10: pit 9, then Black's 1..9; the last makes Black's pit 9 hold 3.
    p = pos([0] * 8 + [10], [4] * 8 + [2])
    after = p.play(9)
    assert after.tuz == (None, None)
    assert after.pit("black", 9) == 3
    assert after.kazans == p.kazans


def test_no_tuz_with_the_same_number_as_the_opponent_tuz() -> None:
    # Black owns White's pit 1; White may not make Black's pit 1 a tuz.
    p = pos([0] * 8 + [2], [2] + [5] * 8, tuz=(None, 1))
    after = p.play(9)
    assert after.tuz == (None, 1)
    assert after.pit("black", 1) == 3
    assert after.kazans == p.kazans


def test_the_other_numbers_stay_open_beside_the_opponent_tuz() -> None:
    p = pos([0] * 7 + [0, 3], [5, 2] + [5] * 7, tuz=(None, 1))
    after = p.play(9)  # pit 9, Black 1, Black 2: 2 + 1 = 3 → tuz on 2
    assert after.tuz == (2, 1)


def test_korgools_falling_into_a_tuz_go_to_its_owner() -> None:
    # White owns Black's pit 3. White sows through it...
    p = pos([0] * 8 + [5], [1, 1, 0, 1, 9, 9, 9, 9, 9], tuz=(3, None))
    after = p.play(9)  # pit 9, Black 1, 2, 3 (tuz: White's kazan), 4: 1 + 1 = 2, even: taken
    assert after.pit("black", 3) == 0
    assert after.kazans == (p.kazans[0] + 1 + 2, p.kazans[1])
    # ...and so does Black, from its own row, into White's kazan.
    q = pos([9] * 9, [4, 3, 0, 5, 5, 5, 5, 5, 5], to_move="black", tuz=(3, None))
    after_q = q.play(1)  # Black 1, 2, 3 (tuz), 4
    assert after_q.kazans == (q.kazans[0] + 1, q.kazans[1])
    assert after_q.pit("black", 4) == 6


def test_last_korgool_into_a_tuz_goes_to_its_owner_and_takes_nothing() -> None:
    p = pos([0] * 8 + [4], [1, 1, 0, 5, 5, 5, 5, 5, 5], tuz=(3, None))
    after = p.play(9)  # pit 9, Black 1 (2), Black 2 (2), Black 3 = tuz: the last one
    assert after.pit("black", 1) == 2 and after.pit("black", 2) == 2
    assert after.kazans == (p.kazans[0] + 1, p.kazans[1])


def test_a_tuz_is_never_played_from() -> None:
    p = pos([9, 9, 9, 0, 9, 9, 9, 9, 9], [9] * 9, kazans=(6, 3), tuz=(None, 4))
    assert 4 not in p.legal_moves()
    with pytest.raises(IllegalMove, match="tuz"):
        p.play(4)


# -- the end of the game --------------------------------------------------------------------


def test_82_wins_at_once_and_the_opponent_kazan_counts_as_it_stands() -> None:
    p = pos([0] * 8 + [1], [1] + [9] * 8, kazans=(80, 8))
    after = p.play(9)
    assert after.is_over
    assert after.result == Result("white", (82, 8))
    assert str(after.result) == "1(82)-0(8)"
    assert after.legal_moves() == ()
    with pytest.raises(IllegalMove, match="over"):
        after.play(1)


def test_the_opponent_can_reach_82_through_a_tuz_on_my_move() -> None:
    # Black owns White's pit 2 and has 81; White's sowing drops one there.
    p = pos([1, 0, 1, 0, 0, 0, 0, 0, 0], [9] * 8 + [7], kazans=(0, 81), tuz=(None, 2))
    after = p.play(1)  # the single korgool goes to pit 2, Black's tuz
    assert after.result == Result("black", (0, 82))


def test_81_81_is_a_draw() -> None:
    p = pos([0] * 8 + [1], [1] + [0] * 8, kazans=(79, 81))
    after = p.play(9)
    assert after.result == Result(None, (81, 81))
    assert str(after.result) == "1/2(81)-1/2(81)"


def test_atsyz_kalu_when_white_must_move_with_nothing_left() -> None:
    # Black's move leaves White to move with an empty row: Black keeps its own row.
    p = pos([0] * 9, [2] + [0] * 7 + [8], kazans=(78, 74), to_move="black")
    after = p.play(1)
    assert after.to_move == "white" and after.atsyz_kalu
    assert after.is_over
    assert after.result == Result("black", (78, 84))
    assert after.kazans == (78, 74)  # the board stays as played; the result counts the rows


def test_atsyz_kalu_when_black_must_move_with_nothing_left() -> None:
    p = pos([2, 0, 0, 0, 0, 0, 0, 0, 5], [0] * 9, kazans=(76, 79))
    after = p.play(1)
    assert after.result == Result("white", (83, 79))


def test_atsyz_kalu_can_be_a_draw() -> None:
    p = Position.setup([2, 0, 0, 0, 0, 0, 0, 0, 4] + [0] * 9, kazans=(75, 81))
    after = p.play(1)
    assert after.result == Result(None, (81, 81))


def test_a_position_set_up_with_nothing_to_move_is_over() -> None:
    p = Position.setup([0] * 9 + [3] * 9, kazans=(60, 75))
    assert p.is_over and p.legal_moves() == ()
    assert p.result == Result("black", (60, 102))


# -- illegal moves --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pit", "reason"),
    [(0, "does not exist"), (10, "does not exist"), (-3, "does not exist"), (2, "empty")],
)
def test_illegal_moves_say_why(pit: int, reason: str) -> None:
    p = pos([5, 0, 5, 5, 5, 5, 5, 5, 5], [9] * 9)
    with pytest.raises(IllegalMove, match=reason):
        p.play(pit)
    assert not p.is_legal(pit)


def test_illegal_move_is_a_value_error_and_not_a_pit_number() -> None:
    with pytest.raises(ValueError, match="pit number"):
        Position.initial().play("7")  # type: ignore[arg-type]


# -- Bestemshe ------------------------------------------------------------------------------


def test_bestemshe_start_and_no_tuz() -> None:
    p = Position.initial("bestemshe")
    assert p.pits == (5,) * 10 and p.variant.to_win == 26
    # Black's pit 2 gets to 3 but Bestemshe has no tuz: nothing is taken.
    q = Position.setup([0, 0, 0, 0, 3, 4, 2, 5, 5, 5], kazans=(12, 14))
    after = q.play(5)  # White 5, Black 1 (5), Black 2 (3)
    assert after.tuz == (None, None)
    assert after.pits[6] == 3
    with pytest.raises(PositionError, match="no tuz"):
        Position.setup([5] * 4 + [0] + [5] * 5, kazans=(5, 0), tuz=(None, 5))


def test_bestemshe_26_wins() -> None:
    p = Position.setup([0, 0, 0, 0, 1, 1, 0, 0, 0, 0], kazans=(24, 24))
    after = p.play(5)
    assert after.result == Result("white", (26, 24))


# -- setting up positions -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pits": [9] * 18, "kazans": (1, 0)}, "163 korgools"),
        ({"pits": [9] * 17}, "18 pits"),
        ({"pits": [9] * 17 + [-1], "kazans": (10, 0)}, "whole number"),
        ({"pits": [9] * 8 + [0] + [9] * 9, "kazans": (9, 0), "tuz": (None, 9)}, "9th pit"),
        (
            {"pits": [9, 0] + [9] * 7 + [9, 0] + [9] * 7, "kazans": (9, 9), "tuz": (2, 2)},
            "share a number",
        ),
        ({"pits": [9] * 9 + [0] + [9] * 8, "kazans": (9, 0), "tuz": (2, None)}, "holds korgools"),
        ({"pits": [9] * 9 + [0] + [9] * 8, "kazans": (0, 9), "tuz": (1, None)}, "only 0"),
    ],
)
def test_setup_refuses_impossible_positions(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.setup(**kwargs)  # type: ignore[arg-type]


def test_unknown_variant() -> None:
    with pytest.raises(PositionError, match="unknown variant"):
        Position.initial("oware")


def test_first_mover_is_a_setting() -> None:
    p = Position.initial(first="black")
    assert p.to_move == "black"
    assert p.play(7).kazans == (0, 10)
