"""Handicap placement (seed 002 appendix 1, spec go.md) and handicap games."""

import pytest

from arbiter.games.go import (
    HandicapError,
    Position,
    Rules,
    handicap_points,
    max_fixed_handicap,
)

# Spec go.md, in GTP coordinates, in placing order.
SEED_19 = {
    2: "Q16 D4",
    3: "Q16 D4 Q4",
    4: "Q16 D4 Q4 D16",
    5: "Q16 D4 Q4 D16 K10",
    6: "Q16 D4 Q4 D16 D10 Q10",
    7: "Q16 D4 Q4 D16 D10 Q10 K10",
    8: "Q16 D4 Q4 D16 D10 Q10 K16 K4",
    9: "Q16 D4 Q4 D16 D10 Q10 K16 K4 K10",
}


def names(size: int, stones: int, layout: str = "seed") -> list[str]:
    return [p.gtp() for p in handicap_points(size, stones, layout)]  # type: ignore[arg-type]


@pytest.mark.parametrize(("stones", "expected"), SEED_19.items())
def test_seed_layout_on_19x19(stones: int, expected: str) -> None:
    assert names(19, stones) == expected.split()


def test_seed_layout_on_13x13_uses_the_4_4_points() -> None:
    assert names(13, 2) == ["K10", "D4"]
    assert names(13, 9) == ["K10", "D4", "K4", "D10", "D7", "K7", "G10", "G4", "G7"]


def test_seed_layout_on_9x9_uses_the_3_3_points_and_stops_at_5() -> None:
    assert names(9, 4) == ["G7", "C3", "G3", "C7"]
    assert names(9, 5) == ["G7", "C3", "G3", "C7", "E5"]
    assert max_fixed_handicap(9) == 5
    with pytest.raises(HandicapError, match="at most 5 stones, not 6"):
        handicap_points(9, 6)


def test_handicap_0_and_1_place_no_stones() -> None:
    assert handicap_points(19, 0) == handicap_points(19, 1) == ()


def test_limits() -> None:
    assert max_fixed_handicap(19) == max_fixed_handicap(13) == 9
    assert max_fixed_handicap(10) == 4
    assert max_fixed_handicap(5) == 0
    with pytest.raises(HandicapError, match="at most 9 stones, not 10"):
        handicap_points(19, 10)
    with pytest.raises(HandicapError, match="no fixed handicap on 5×5"):
        handicap_points(5, 2)
    with pytest.raises(HandicapError, match="from 0 to 9"):
        handicap_points(19, -1)


def test_gtp_layout() -> None:
    assert names(19, 3, "gtp") == ["D4", "Q16", "D16"]
    assert names(19, 4, "gtp") == ["D4", "Q16", "D16", "Q4"]
    assert sorted(names(19, 9, "gtp")) == sorted(SEED_19[9].split())
    assert max_fixed_handicap(9, "gtp") == 9
    assert max_fixed_handicap(7, "gtp") == 4


def test_white_moves_first_after_handicap_stones() -> None:
    pos = Position.with_handicap(19, 4)
    assert pos.to_move == "white"
    assert pos.handicap == 4
    assert sorted(p.gtp() for p in pos.stones("black")) == sorted(SEED_19[4].split())
    assert pos.stones("white") == ()


def test_handicap_1_is_black_first() -> None:
    pos = Position.with_handicap(19, 1)
    assert pos.to_move == "black"
    assert pos.handicap == 0
    assert pos.stones("black") == ()


def test_free_placement_with_chinese_counting() -> None:
    pos = Position.with_handicap(19, 3, Rules.chinese(), points=["C3", "R17", "K10"])
    assert [p.gtp() for p in pos.stones("black")] == ["C3", "K10", "R17"]
    assert pos.to_move == "white"


def test_free_placement_refused_with_japanese_counting() -> None:
    with pytest.raises(HandicapError, match="only for Chinese counting"):
        Position.with_handicap(19, 2, Rules.japanese(), points=["C3", "R17"])


def test_free_placement_errors() -> None:
    with pytest.raises(HandicapError, match="needs 3 points, not 2"):
        Position.with_handicap(19, 3, Rules.chinese(), points=["C3", "R17"])
    with pytest.raises(HandicapError, match="must stand on different points"):
        Position.with_handicap(19, 2, Rules.chinese(), points=["C3", "C3"])
    with pytest.raises(HandicapError, match="at most 9"):
        Position.with_handicap(19, 10)
