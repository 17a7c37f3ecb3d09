"""Ratings: the EGF's check values, handicaps and classes; Glicko-2 against Glickman's example."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.cli import main
from arbiter.clock import TimeControl
from arbiter.events.ratings import Glicko2Rating, GlickoGame, RatingError, speed_class
from arbiter.events.ratings.egf import (
    EgfGame,
    EgfRatingError,
    control_class,
    egf_expected,
    egf_update,
    tournament_class,
)


@pytest.mark.parametrize(
    ("rating", "opponent", "result", "after"),
    [(2100, 2100, 1, 2109.306), (2100, 2100, 0, 2091.725), (1500, 1800, 1, 1528.296)],
)
def test_the_issue_check_values(
    rating: float, opponent: float, result: float, after: float
) -> None:
    assert round(egf_update(rating, [EgfGame(opponent, result)]), 3) == after


def test_a_handicap_moves_the_expectation_by_100_per_stone_less_half() -> None:
    # 3 stones to the weaker player: as if 250 points stronger for the expectation.
    assert egf_expected(2000, 2300, stones=3, received=True) == pytest.approx(
        egf_expected(2250, 2300)
    )
    assert egf_expected(2300, 2000, stones=3, received=False) == pytest.approx(
        egf_expected(2300, 2250)
    )
    # Handicap 1 (no komi) is worth half a stone.
    assert egf_expected(2000, 2050, stones=1, received=True) == pytest.approx(0.5)


def test_class_weights_scale_the_whole_change_including_the_bonus() -> None:
    games = [EgfGame(2100, 1), EgfGame(2200, 0), EgfGame(1900, 0.5)]
    full = egf_update(2000, games, "A") - 2000
    for cls, w in (("B", 0.75), ("C", 0.5), ("D", 0.25)):
        assert egf_update(2000, games, cls) - 2000 == pytest.approx(w * full)
    with pytest.raises(EgfRatingError, match="A, B, C or D"):
        egf_update(2000, games, "E")


def test_games_of_a_tournament_are_rated_from_the_rating_before_it() -> None:
    one = egf_update(2000, [EgfGame(2000, 1)]) - 2000
    assert egf_update(2000, [EgfGame(2000, 1)] * 3) - 2000 == pytest.approx(3 * one)


@given(st.floats(-900, 3290), st.floats(-900, 3290), st.sampled_from([0, 0.5, 1]))
def test_ratings_stay_below_3300_and_expectations_are_symmetric(
    r: float, opp: float, result: float
) -> None:
    assert egf_update(r, [EgfGame(opp, result)]) < 3300
    assert egf_expected(r, opp) + egf_expected(opp, r) == pytest.approx(1)


def test_bad_ratings() -> None:
    for bad in (3300, math.nan):
        with pytest.raises(EgfRatingError):
            egf_update(bad, [EgfGame(2000, 1)])
    with pytest.raises(EgfRatingError, match="0 to 9 stones"):
        egf_expected(2000, 2000, stones=10)
    with pytest.raises(EgfRatingError, match=r"1, 0\.5 or 0"):
        egf_update(2000, [EgfGame(2000, 2)])


@pytest.mark.parametrize(
    ("control", "online", "expected"),
    [
        ("60m+3x30s", False, "A"),  # adjusted 82.5
        ("60m", False, "B"),  # basic 60 but adjusted 60 < 75: not A
        ("45m+3x30s", False, "B"),
        ("45m+5s", False, "B"),  # Fischer: 45 basic, adjusted 45 + 120 × 5 s = 55 < 75
        ("25m+3x30s", False, "C"),
        ("20m+3x30s", False, None),
        ("40m+3x30s", True, "D"),
        ("30m+10s", True, "D"),
    ],
)
def test_egf_class_from_the_time_control(control: str, online: bool, expected: str | None) -> None:
    assert control_class(TimeControl.parse(control), online=online) == expected


def test_class_limits() -> None:
    assert tournament_class(60, 75) == "A" and tournament_class(59.9, 75) == "B"
    assert tournament_class(45, 75, fischer=True) == "A"
    assert tournament_class(30, 50, online=True) is None
    assert tournament_class(30, 50, online=True, fischer=True) == "D"


def test_glicko2_worked_example_of_the_paper() -> None:
    new = Glicko2Rating(1500, 200, 0.06).update(
        [GlickoGame(1400, 30, 1), GlickoGame(1550, 100, 0), GlickoGame(1700, 300, 0)]
    )
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_glicko2_a_period_without_games_only_widens_the_deviation() -> None:
    before = Glicko2Rating(1700, 100, 0.06)
    after = before.update([])
    assert after.rating == 1700 and after.volatility == 0.06
    assert after.rd == pytest.approx(math.sqrt(100**2 + (0.06 * 173.7178) ** 2))
    assert Glicko2Rating(1500, 349.9, 0.06).update([]).rd == 350  # never beyond a newcomer's


@given(st.floats(1000, 2500), st.floats(40, 350), st.floats(1000, 2500), st.floats(40, 350))
def test_glicko2_winning_raises_and_losing_lowers(r: float, rd: float, o: float, od: float) -> None:
    me = Glicko2Rating(r, rd)
    assert me.update([GlickoGame(o, od, 1)]).rating > r
    assert me.update([GlickoGame(o, od, 0)]).rating < r


def test_glicko2_refusals() -> None:
    with pytest.raises(RatingError):
        Glicko2Rating(1500, 0)
    with pytest.raises(RatingError, match=r"1, 0\.5 or 0"):
        Glicko2Rating().update([GlickoGame(1500, 100, 3)])


def test_speed_classes() -> None:
    assert speed_class(TimeControl.parse("5m")) == "blitz"
    assert speed_class(TimeControl.parse("10m")) == "rapid"
    assert speed_class(TimeControl.parse("60m")) == "classical"
    assert speed_class(TimeControl.parse("5m+3x30s")) == "rapid"  # 5 + 45 × 30 s = 27.5 min
    assert speed_class(TimeControl.parse("3m+10/1m")) == "blitz"  # 3 + 60 × 6 s = 9 min


@pytest.mark.parametrize(
    ("args", "out"),
    [
        (["2100", "2100", "win"], "2109.306"),
        (["2100", "2100", "loss"], "2091.725"),
        (["1500", "1800", "win"], "1528.296"),
        (["2000", "2300", "draw", "--handicap", "3", "--receiving"], None),
        (["2100", "2100", "win", "--class", "B"], None),
    ],
)
def test_cli(capsys: pytest.CaptureFixture[str], args: list[str], out: str | None) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["rating", "egf", *args])
    printed = capsys.readouterr().out.strip()
    assert exc.value.code == 0
    if out is not None:
        assert printed == out
    if "--class" in args:
        assert printed == f"{egf_update(2100, [EgfGame(2100, 1)], 'B'):.3f}"
    if "--receiving" in args:
        expected = egf_update(2000, [EgfGame(2300, 0.5, 3, True)])
        assert printed == f"{expected:.3f}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["2100", "2100", "maybe"], "win, loss or draw"),
        (["3300", "2100", "win"], "below 3300"),
        (["2100", "2100", "win", "--class", "Z"], "A, B, C or D"),
        (["2100", "2100", "win", "--receiving"], "--handicap"),
        (["2100", "2100", "win", "--handicap", "12"], "0 to 9 stones"),
        (["abc", "2100", "win"], "'abc' is not a valid"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["rating", "egf", *args])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and message in err and len(err.strip().splitlines()) == 1
