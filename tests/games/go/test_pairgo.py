"""Pair go (seed 004): the move orders, out-of-turn moves, resignation, points and handicap."""

from fractions import Fraction

import pytest

from arbiter.games.go import (
    DEFAULT_TABLE,
    Game,
    HandicapRow,
    HandicapTable,
    OutOfTurn,
    PairGoError,
    PairOrder,
    Rank,
    Seat,
    pair_handicap,
    pair_points,
)

BW, WW, BM, WM = (
    Seat("black", "woman"),
    Seat("white", "woman"),
    Seat("black", "man"),
    Seat("white", "man"),
)


def seats(game: Game) -> list[Seat | None]:
    return [m.seat for m in game.moves]


def test_even_order() -> None:
    assert [PairOrder.even().seat(n) for n in range(8)] == [BW, WW, BM, WM] * 2


def test_handicap_order() -> None:
    assert [PairOrder.handicap().seat(n) for n in range(8)] == [WW, BM, WM, BW] * 2


def test_the_order_follows_the_handicap() -> None:
    assert PairOrder.for_handicap(0) == PairOrder.for_handicap(1) == PairOrder.even()
    assert PairOrder.for_handicap(2) == PairOrder.handicap()


def test_even_game_records_who_played_and_passes_count() -> None:
    game = Game.new(9, pair=True)
    assert game.turn == BW
    game = game.play("E5").play("C3").pass_move().play("G7").play("C7")
    assert seats(game) == [BW, WW, BM, WM, BW]
    assert [m.color for m in game.moves] == ["black", "white", "black", "white", "black"]
    assert game.turn == WW


def test_handicap_game_starts_with_the_white_woman() -> None:
    game = Game.new(19, handicap=3, pair=True)
    assert game.to_move == "white"
    game = game.play("C16").play("R10").play("C10").play("K3")
    assert seats(game) == [WW, BM, WM, BW]
    assert game.turn == WW


def test_out_of_turn_move_refused_online() -> None:
    game = Game.new(9, pair=True)
    with pytest.raises(OutOfTurn, match="it is the Black woman's turn, not the Black man's"):
        game.play("E5", seat=BM)
    with pytest.raises(OutOfTurn, match="it is Black's move, not White's"):
        game.play("E5", seat=WW)


def test_out_of_turn_move_entered_by_the_referee() -> None:
    game = Game.new(9, pair=True).play("E5").play("C3")
    assert game.turn == BM
    game = game.play("G7", seat=BW, by_referee=True)
    move = game.moves[-1]
    assert move.seat == BW and move.out_of_turn
    # The move stands, the skipped Black man loses his turn, the order goes on.
    assert game.position.get("G7") == "black"
    assert game.turn == WM
    assert game.penalty_points() == (3.0, 0.0)
    assert "Black woman played out of turn instead of the Black man" in str(game.penalties[0])
    game = game.play("C7")
    assert game.turn == BW
    # The penalty counts in the score.
    over = game.pass_move().pass_move().accept("black").accept("white")
    assert over.score().penalties.black == 3


def test_resignation_only_by_the_side_to_move() -> None:
    game = Game.new(9, pair=True).play("E5")
    with pytest.raises(PairGoError, match="only the player whose turn it is may resign"):
        game.resign("black")
    assert str(game.resign("white").result) == "B+R"


def test_seats_only_in_pair_go() -> None:
    with pytest.raises(PairGoError, match="only in pair go"):
        Game.new(9).play("E5", seat=BW)


@pytest.mark.parametrize(
    ("a", "b", "points"),
    [("5d", "1d", 3), ("2d", "5k", -1), ("1d", "8k", -3), ("1d", "1k", Fraction(1, 2))],
)
def test_pair_points_match_seed_004(a: str, b: str, points: Fraction) -> None:
    assert pair_points(Rank.parse(a), Rank.parse(b)) == points


def ranks(*texts: str) -> tuple[Rank, ...]:
    return tuple(Rank.parse(t) for t in texts)


@pytest.mark.parametrize(
    ("pair_a", "pair_b", "black", "stones", "komi", "white_wins_ties"),
    [
        (("2d", "1k"), ("1k", "2d"), None, 0, 6.5, False),  # Δ = 0: nigiri
        (("2d", "1d"), ("2d", "1k"), "b", 0, 6.0, True),  # Δ = 0.5
        (("2d", "1d"), ("1d", "1k"), "b", 0, 0.0, True),  # Δ = 1
        (("2d", "1d"), ("1k", "1k"), "b", 0, 0.0, True),  # Δ = 1.5
        (("5d", "1d"), ("2d", "5k"), "b", 4, 0.0, True),  # Δ = 4
        (("1k", "1k"), ("5d", "4d"), "a", 4, 0.0, True),  # Δ = 4.5: floor
        (("9d", "9d"), ("1d", "1k"), "b", 8, 0.0, True),  # Δ = 8.5
        (("9d", "9d"), ("1d", "1d"), "b", 8, 0.0, True),  # Δ = 8
        (("9d", "9d"), ("1d", "1k"), "b", 8, 0.0, True),
        (("9d", "9d"), ("1k", "1k"), "b", 9, 0.0, True),  # Δ = 9
        (("9d", "9d"), ("1k", "2k"), "b", 9, -6.0, True),  # Δ = 9.5: White gives 6
        (("9d", "9d"), ("20k", "20k"), "b", 9, -6.0, True),  # far apart: never beyond 9
    ],
)
def test_default_table(
    pair_a: tuple[str, str],
    pair_b: tuple[str, str],
    black: str | None,
    stones: int,
    komi: float,
    white_wins_ties: bool,
) -> None:
    h = pair_handicap(ranks(*pair_a), ranks(*pair_b))
    assert (h.black, h.stones, h.komi, h.white_wins_ties) == (black, stones, komi, white_wins_ties)
    assert h.nigiri == (black is None)


def test_a_replacement_table() -> None:
    table = HandicapTable(
        (
            HandicapRow(Fraction(0), False, 0, 7.5, nigiri=True, white_wins_ties=False),
            HandicapRow(Fraction(0), True, 0, 0.5, white_wins_ties=False),
            HandicapRow(Fraction(3), False, 3, 0.5, white_wins_ties=False),
        )
    )
    h = pair_handicap(ranks("5d", "1d"), ranks("2d", "5k"), table)
    assert (h.stones, h.komi, h.white_wins_ties) == (3, 0.5, False)
    assert str(table).splitlines()[1] == "Δ > 0: no stones, komi 0.5"


def test_table_errors() -> None:
    with pytest.raises(PairGoError, match="start with a row for Δ ≥ 0"):
        HandicapTable((HandicapRow(Fraction(1), False, 0, 0.0),))
    with pytest.raises(PairGoError, match="0 or 2 to 9 stones"):
        HandicapRow(Fraction(0), False, 10, 0.0)
    with pytest.raises(PairGoError, match="exactly two players"):
        pair_handicap(ranks("1d"), ranks("1d", "2d"))


def test_default_table_prints() -> None:
    lines = str(DEFAULT_TABLE).splitlines()
    assert lines[0] == "Δ ≥ 0: nigiri, komi 6.5"
    assert lines[-1] == "Δ > 9: 9 stones, komi -6, tie → White"


def test_seat_parsing() -> None:
    assert Seat.parse("Black Woman") == BW
    assert Seat.parse("wm") == WM
    assert str(WM) == "White man"
    with pytest.raises(PairGoError, match="cannot read pair-go seat"):
        Seat.parse("green man")
