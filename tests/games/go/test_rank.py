"""Go ranks: parsing, printing, the value scale, pair-go points and EGF ratings."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.errors import ArbiterError
from arbiter.games.go import Rank, RankError

ALL_TEXTS = [f"{k}k" for k in range(30, 0, -1)] + [f"{d}d" for d in range(1, 10)]
ALL_TEXTS += [f"{p}p" for p in range(1, 10)]


def test_every_rank_round_trips_in_strength_order() -> None:
    ranks = [Rank.parse(t) for t in ALL_TEXTS]
    assert [str(r) for r in ranks] == ALL_TEXTS
    assert ranks == sorted(ranks)
    assert [r.value for r in ranks] == list(range(-30, 18))


@pytest.mark.parametrize(
    ("text", "canonical", "value"),
    [
        ("30k", "30k", -30),
        ("1k", "1k", -1),
        ("1d", "1d", 0),
        ("9d", "9d", 8),
        ("1p", "1p", 9),
        ("9p", "9p", 17),
        ("5K", "5k", -5),
        ("2D", "2d", 1),
        ("5 kyu", "5k", -5),
        ("5kyu", "5k", -5),
        ("2 dan", "2d", 1),
        ("2 Dan", "2d", 1),
        ("3 pro", "3p", 11),
        (" 3P ", "3p", 11),
        ("07k", "7k", -7),
    ],
)
def test_parse(text: str, canonical: str, value: int) -> None:
    rank = Rank.parse(text)
    assert str(rank) == canonical
    assert rank.value == value


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "cannot read rank"),
        ("5", "cannot read rank"),
        ("k5", "cannot read rank"),
        ("5x", "cannot read rank"),
        ("5 d d", "cannot read rank"),
        ("-5k", "cannot read rank"),
        ("0k", "kyu ranks go from 30k to 1k"),
        ("31k", "kyu ranks go from 30k to 1k"),
        ("0d", "dan ranks go from 1d to 9d"),
        ("10d", "dan ranks go from 1d to 9d"),
        ("10p", "professional ranks go from 1p to 9p"),
    ],
)
def test_parse_refuses_with_a_clear_message(text: str, fragment: str) -> None:
    with pytest.raises(RankError, match=fragment) as info:
        Rank.parse(text)
    assert isinstance(info.value, ArbiterError)
    assert repr(text) in str(info.value)


def test_parse_refuses_non_text() -> None:
    with pytest.raises(RankError, match="must be text"):
        Rank.parse(5)  # type: ignore[arg-type]


def test_value_out_of_range() -> None:
    with pytest.raises(RankError, match="out of range"):
        Rank(18)
    with pytest.raises(RankError, match="out of range"):
        Rank(-31)


def test_frozen_and_hashable() -> None:
    rank = Rank.parse("4d")
    with pytest.raises(AttributeError):
        rank.value = 1  # type: ignore[misc]
    assert {Rank.parse("4d"), Rank.dan(4)} == {rank}


def test_kind_grade_and_constructors() -> None:
    assert (Rank.kyu(12).kind, Rank.kyu(12).grade) == ("k", 12)
    assert (Rank.dan(3).kind, Rank.dan(3).grade) == ("d", 3)
    assert (Rank.pro(2).kind, Rank.pro(2).grade, Rank.pro(2).is_pro) == ("p", 2, True)
    assert not Rank.dan(9).is_pro
    with pytest.raises(RankError):
        Rank.kyu(0)


@pytest.mark.parametrize(
    ("text", "points"),
    [("5d", 5), ("1d", 1), ("1k", 0), ("5k", -4), ("8k", -7), ("30k", -29), ("9d", 9)],
)
def test_pair_go_points_match_seed_004(text: str, points: int) -> None:
    assert Rank.parse(text).points == points


def test_pro_points_continue_above_9d() -> None:
    assert Rank.parse("1p").points == Rank.parse("9d").points + 1


@pytest.mark.parametrize(
    ("text", "rating"),
    [
        ("1d", 2100),
        ("1k", 2000),
        ("20k", 100),
        ("30k", -900),
        ("7d", 2700),
        ("8d", 2800),
        ("9d", 2900),
        ("1p", 2700),
        ("9p", 2940),
    ],
)
def test_egf_rating(text: str, rating: int) -> None:
    assert Rank.parse(text).egf_rating() == rating


def test_from_egf_rating_rounds_to_nearest_grade() -> None:
    assert Rank.from_egf_rating(2100) == Rank.parse("1d")
    assert Rank.from_egf_rating(2050) == Rank.parse("1d")  # a tie goes up
    assert Rank.from_egf_rating(2049.9) == Rank.parse("1k")
    assert Rank.from_egf_rating(-5000) == Rank.parse("30k")
    assert Rank.from_egf_rating(3299) == Rank.parse("9d")
    assert Rank.from_egf_rating(2700, pro=True) == Rank.parse("1p")
    assert Rank.from_egf_rating(2714, pro=True) == Rank.parse("1p")
    assert Rank.from_egf_rating(2715, pro=True) == Rank.parse("2p")
    assert Rank.from_egf_rating(3299, pro=True) == Rank.parse("9p")
    assert Rank.from_egf_rating(1000, pro=True) == Rank.parse("1p")


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "2100", True])
def test_from_egf_rating_refuses_non_numbers(bad: object) -> None:
    with pytest.raises(RankError):
        Rank.from_egf_rating(bad)  # type: ignore[arg-type]


@given(st.integers(-30, 17))
def test_rating_round_trip(value: int) -> None:
    rank = Rank(value)
    assert Rank.from_egf_rating(rank.egf_rating(), pro=rank.is_pro) == rank
    assert Rank.parse(str(rank)) == rank


@given(st.integers(-30, 16), st.integers(-30, 16))
def test_order_follows_value(a: int, b: int) -> None:
    assert (Rank(a) < Rank(b)) == (a < b)
