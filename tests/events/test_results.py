"""The result grammar: canonical forms, accepted spellings, refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter.events.errors import ResultError
from arbiter.events.results import Result


@pytest.mark.parametrize(
    ("text", "canonical", "winner", "kind"),
    [
        ("1-0", "1-0", "white", "played"),
        ("0-1", "0-1", "black", "played"),
        ("1/2-1/2", "1/2-1/2", None, "played"),
        ("=", "1/2-1/2", None, "played"),
        ("½-½", "1/2-1/2", None, "played"),
        ("1(82)-0(60)", "1(82)-0(60)", "white", "played"),
        ("1 (82) – 0 (60)", "1(82)-0(60)", "white", "played"),
        ("1-0(76)", "1-0(76)", "white", "played"),
        ("1/2(81)-1/2(81)", "1/2(81)-1/2(81)", None, "played"),
        ("+-", "+-", "white", "forfeit"),
        ("-+", "-+", "black", "forfeit"),
        ("--", "--", None, "double-forfeit"),
        ("1(82)-0(60)?", "1(82)-0(60)?", "white", "played"),
    ],
)
def test_toguz(text: str, canonical: str, winner: str | None, kind: str) -> None:
    r = Result.parse(text, "toguz")
    assert (str(r), r.winner, r.kind) == (canonical, winner, kind)
    assert r.provisional == text.endswith("?")
    assert Result.parse(str(r), "toguz") == r


@pytest.mark.parametrize(
    ("text", "canonical", "winner", "kind"),
    [
        ("B+R", "B+R", "black", "played"),
        ("W+Resign", "W+R", "white", "played"),
        ("b+time", "B+T", "black", "played"),
        ("W+F", "W+F", "white", "played"),
        ("B+3.5", "B+3.5", "black", "played"),
        ("W+0.5", "W+0.5", "white", "played"),
        ("B+12", "B+12", "black", "played"),
        ("B+", "B+", "black", "played"),
        ("0", "0", None, "played"),
        ("Jigo", "0", None, "played"),
        ("Void", "Void", None, "void"),
        ("+-", "+-", "black", "forfeit"),
        ("-+", "-+", "white", "forfeit"),
        ("--", "--", None, "double-forfeit"),
        ("W+R?", "W+R?", "white", "played"),
    ],
)
def test_go(text: str, canonical: str, winner: str | None, kind: str) -> None:
    r = Result.parse(text, "go")
    assert (str(r), r.winner, r.kind) == (canonical, winner, kind)
    assert Result.parse(str(r), "go") == r


def test_points_and_meaning() -> None:
    assert Result.parse("1/2-1/2", "toguz").points("white") == Fraction(1, 2)
    assert Result.parse("+-", "toguz").points("white") == 1
    assert not Result.parse("+-", "toguz").played
    assert Result.parse("W+F", "go").played  # lost by forfeit during play: a game
    assert Result.parse("--", "go").points("black") == 0
    assert Result.parse("Void", "go").points("white") == 0
    assert Result.parse("0(70)-1(85)", "toguz").korgools_of("white") == 70
    assert Result.parse("B+R?", "go").confirmed() == Result.parse("B+R", "go")


@pytest.mark.parametrize(
    ("text", "game", "message"),
    [
        ("1-1", "toguz", "not a Toguz Korgool result"),
        ("2-0", "toguz", "not a Toguz Korgool result"),
        ("B+R", "toguz", "not a Toguz Korgool result"),
        ("1-0", "go", "not a Go result"),
        ("B+3.25", "go", "multiple of 0.5"),
        ("B+0", "go", "multiple of 0.5"),
        ("0(82)-1(70)", "toguz", "cannot have lost"),
        ("1(100)-0(90)", "toguz", "cannot hold more than 162"),
        ("1/2(80)-1/2(82)", "toguz", "cannot have lost or drawn"),
        ("1/2(100)-1/2(62)", "toguz", "cannot have lost or drawn"),
        ("Void", "toguz", "not a Toguz Korgool result"),
        ("", "go", "not a Go result"),
    ],
)
def test_refusals_name_the_problem(text: str, game: str, message: str) -> None:
    with pytest.raises(ResultError, match=message):
        Result.parse(text, game)  # type: ignore[arg-type]


def test_bestemshe_counts() -> None:
    assert str(Result.parse("1(26)-0(24)", "toguz", total=50)) == "1(26)-0(24)"
    with pytest.raises(ResultError, match="50"):
        Result.parse("1(30)-0(30)", "toguz", total=50)
