"""Time controls: the text form, its errors, SGF TM/OT and the EGF adjusted time."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.clock import (
    Absolute,
    ByoYomi,
    Canadian,
    Fischer,
    TimeControl,
    TimeControlError,
    format_duration,
    parse_duration,
)
from arbiter.errors import ArbiterError


@pytest.mark.parametrize(
    ("text", "control", "canonical"),
    [
        ("60m", Absolute(3600), "60m"),
        ("1h", Absolute(3600), "60m"),
        ("90m", Absolute(5400), "90m"),
        ("1h30m", Absolute(5400), "90m"),
        ("45s", Absolute(45), "45s"),
        ("2m30s", Absolute(150), "2m30s"),
        ("1h1m1s", Absolute(3661), "61m1s"),
        ("2.5s", Absolute(2.5), "2.5s"),
        ("0.5m", Absolute(30), "30s"),
        ("60m+3x30s", ByoYomi(3600, 3, 30), "60m+3x30s"),
        ("0+5x30s", ByoYomi(0, 5, 30), "0s+5x30s"),
        ("60m+25/10m", Canadian(3600, 25, 600), "60m+25/10m"),
        ("60m+25/10m extra 2", Canadian(3600, 25, 600, extra=2), "60m+25/10m extra 2"),
        ("5m+3s", Fischer(300, 3), "5m+3s"),
        ("5m+3s cap 10m", Fischer(300, 3, cap=600), "5m+3s cap 10m"),
        # Lenient on case, blanks and the multiplication sign.
        ("60M + 3X30S", ByoYomi(3600, 3, 30), "60m+3x30s"),
        ("60m+3×30s", ByoYomi(3600, 3, 30), "60m+3x30s"),
        ("  1h 30m  +  25 / 10m  ", Canadian(5400, 25, 600), "90m+25/10m"),
        ("5m+3s  CAP  10m", Fischer(300, 3, cap=600), "5m+3s cap 10m"),
    ],
)
def test_text_form(text: str, control: TimeControl, canonical: str) -> None:
    parsed = TimeControl.parse(text)
    assert parsed == control
    assert type(parsed) is type(control)
    assert str(parsed) == canonical
    assert TimeControl.parse(canonical) == control


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty time control"),
        ("60", "needs a unit"),
        ("60m+30", "needs a unit"),
        ("abc", "not a duration"),
        ("60q", "not a duration"),
        ("0", "main time above zero"),
        ("0s+3s", "main time above zero"),
        ("60m+", "not a duration"),
        ("60m+3x", "not a duration"),
        ("60m+x30s", "number of byo-yomi periods must be a whole number"),
        ("60m+0x30s", "byo-yomi periods must be a whole number ≥ 1"),
        ("60m+3x0s", "byo-yomi period must be longer than zero"),
        ("60m+0/10m", "moves per Canadian period must be a whole number ≥ 1"),
        ("60m+25/0s", "Canadian period must be longer than zero"),
        ("60m+2.5/10m", "number of moves must be a whole number"),
        ("5m+0s", "increment must be above zero"),
        ("5m+3s cap 4m", "cap 4m is below the main time 5m"),
        ("60m+25/10m cap 5m", "did you mean 'extra'"),
        ("5m+3s extra 2", "did you mean 'cap'"),
        ("60m+3x30s extra 1", "byo-yomi takes no 'extra'"),
        ("60m cap 5m", "'cap' needs an overtime"),
        ("60m+25/10m extra x", "number of extra periods must be a whole number"),
        ("60m+3x30s+5s", "only one '+'"),
    ],
)
def test_bad_text_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(TimeControlError) as caught:
        TimeControl.parse(text)
    assert problem in str(caught.value)
    assert isinstance(caught.value, ArbiterError)
    if text:
        assert f"'{text}'" in str(caught.value)


def test_parse_on_a_subclass_checks_the_system() -> None:
    assert ByoYomi.parse("60m+3x30s") == ByoYomi(3600, 3, 30)
    with pytest.raises(TimeControlError, match="is canadian, not byo-yomi"):
        ByoYomi.parse("60m+25/10m")


def test_constructors_validate() -> None:
    with pytest.raises(TypeError, match="abstract"):
        TimeControl(60)
    with pytest.raises(TimeControlError, match="main time must be a finite"):
        Absolute(-1)
    with pytest.raises(TimeControlError, match="main time must be a finite"):
        Absolute(float("inf"))
    with pytest.raises(TimeControlError, match="main time must be a number"):
        Absolute("60m")  # type: ignore[arg-type]
    with pytest.raises(TimeControlError, match="periods must be a whole number"):
        ByoYomi(60, 2.5, 30)  # type: ignore[arg-type]
    with pytest.raises(TimeControlError, match="extra periods must be a whole number ≥ 0"):
        Canadian(60, 25, 600, extra=-1)
    # Whole numbers and floats make the same value.
    assert Fischer(300, 3) == Fischer(300.0, 3.0)
    assert hash(Fischer(300, 3)) == hash(Fischer(300.0, 3.0))
    assert Absolute(60) != ByoYomi(60, 1, 30)


def test_durations() -> None:
    assert parse_duration("1h30m15s") == 5415
    assert parse_duration("1.5h") == 5400
    assert parse_duration("0.1s") == 0.1
    assert format_duration(5415) == "90m15s"
    assert format_duration(59) == "59s"
    assert format_duration(0.1) == "0.1s"
    assert format_duration(1e-5) == "0.00001s"
    assert parse_duration(format_duration(1e-5)) == 1e-5


@pytest.mark.parametrize(
    ("control", "tm", "ot"),
    [
        (Absolute(3600), 3600, None),
        (ByoYomi(3600, 3, 30), 3600, "3x30 byo-yomi"),
        (Canadian(3600, 25, 600), 3600, "25/600 Canadian"),
        (Fischer(300, 3), 300, "fischer 3"),
        (Fischer(300, 3, cap=600), 300, "fischer 3 cap 600"),
        (ByoYomi(0, 5, 2.5), 0, "5x2.5 byo-yomi"),
    ],
)
def test_sgf_tm_ot(control: TimeControl, tm: float, ot: str | None) -> None:
    assert control.sgf() == (tm, ot)
    assert TimeControl.from_sgf(tm, ot) == control
    assert TimeControl.from_sgf(str(tm), ot) == control


@pytest.mark.parametrize(
    ("tm", "ot", "control"),
    [
        ("1800", "", Absolute(1800)),
        ("1800", "none", Absolute(1800)),
        ("3600", "5x30 byo-yomi", ByoYomi(3600, 5, 30)),
        ("3600", "5X30 Byoyomi", ByoYomi(3600, 5, 30)),
        ("3600", "5x30", ByoYomi(3600, 5, 30)),
        ("3600", "5 x 30 sec byo yomi", ByoYomi(3600, 5, 30)),
        ("3600", "25/600 canadian", Canadian(3600, 25, 600)),
        ("3600", "25/600", Canadian(3600, 25, 600)),
        ("3600", "25 moves / 10 min", Canadian(3600, 25, 600)),
        ("3600", "15 moves / 300 sec", Canadian(3600, 15, 300)),
        ("600", "Fischer 10", Fischer(600, 10)),
        ("600", "10 fischer", Fischer(600, 10)),
        ("600", "fischer +10s", Fischer(600, 10)),
    ],
)
def test_sgf_forms_read(tm: str, ot: str, control: TimeControl) -> None:
    assert TimeControl.from_sgf(tm, ot) == control


def test_sgf_errors() -> None:
    with pytest.raises(TimeControlError, match=r"OT\[3 periods of 30\]"):
        TimeControl.from_sgf(3600, "3 periods of 30")
    with pytest.raises(TimeControlError, match=r"TM\[an hour\] is not a number"):
        TimeControl.from_sgf("an hour", None)
    with pytest.raises(TimeControlError, match=r"TM\[-5\]"):
        TimeControl.from_sgf(-5, None)


def test_sgf_loses_canadian_extra_periods() -> None:
    assert Canadian(3600, 25, 600, extra=1).sgf() == (3600, "25/600 Canadian")


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("60m", 60),
        ("60m+3x30s", 82.5),  # 60 + 45 × 0.5
        ("60m+25/10m", 84),  # 60 + 60 × 10/25
        ("5m+3s", 11),  # 5 + 120 × 0.05
        ("40m+5x30s", 62.5),
        ("45m+15/5m", 65),
    ],
)
def test_egf_adjusted_minutes(text: str, minutes: float) -> None:
    assert TimeControl.parse(text).adjusted_minutes() == pytest.approx(minutes, abs=1e-12)


# ----- properties

seconds = st.one_of(
    st.integers(0, 10**7).map(float),
    st.floats(0, 1e9, allow_nan=False, allow_infinity=False),
)
positive = seconds.filter(lambda s: s > 0)


@st.composite
def controls(draw: st.DrawFn) -> TimeControl:
    kind = draw(st.sampled_from(["absolute", "byo-yomi", "canadian", "fischer"]))
    if kind == "absolute":
        return Absolute(draw(positive))
    if kind == "byo-yomi":
        return ByoYomi(draw(seconds), draw(st.integers(1, 100)), draw(positive))
    if kind == "canadian":
        return Canadian(
            draw(seconds), draw(st.integers(1, 100)), draw(positive), draw(st.integers(0, 5))
        )
    main = draw(positive)
    cap = draw(st.none() | seconds.map(lambda s: main + s))
    return Fischer(main, draw(positive), cap)


@given(controls())
def test_text_round_trip(control: TimeControl) -> None:
    text = str(control)
    assert TimeControl.parse(text) == control
    assert str(TimeControl.parse(text)) == text
    assert TimeControl.parse(text.upper()) == control


@given(controls())
def test_sgf_round_trip(control: TimeControl) -> None:
    if isinstance(control, Canadian) and control.extra:
        control = Canadian(control.main, control.moves, control.period)
    tm, ot = control.sgf()
    assert TimeControl.from_sgf(tm, ot) == control
