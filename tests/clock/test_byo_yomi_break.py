"""The break before the first byo-yomi period, where the regulations give it (seed 002 3.17.3).

3.17 «Игрок в ходе соревнования имеет право: … 3.17.3. получить 3-минутный перерыв перед
первым отсчетом у него бе-еми» — "During the competition a player has the right … 3.17.3. to a
3-minute break before his first byo-yomi count."
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.clock import ByoYomi, Canadian, Clock, ClockState, TimeControl, TimeControlError

from .helpers import started


@pytest.mark.parametrize(
    ("text", "control", "canonical"),
    [
        ("60m+3x30s break 3m", ByoYomi(3600, 3, 30, rest=180), "60m+3x30s break 3m"),
        ("60m + 25/10m extra 1 break 3m", Canadian(3600, 25, 600, 1, rest=180), None),
        (
            "60m+25/10m,15/10m break 180s",
            Canadian(3600, 25, 600, later=((15, 600),), rest=180),
            None,
        ),
    ],
)
def test_the_break_is_written_after_the_overtime(
    text: str, control: TimeControl, canonical: str | None
) -> None:
    """3.17.3: «3-минутный перерыв перед первым отсчетом у него бе-еми» — "a 3-minute break
    before his first byo-yomi count", written ``break 3m``."""
    assert TimeControl.parse(text) == control
    assert TimeControl.parse(str(control)) == control
    if canonical is not None:
        assert str(control) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("60m break 3m", "only byo-yomi (Japanese or Canadian) has a break"),
        ("5m+3s break 3m", "only byo-yomi (Japanese or Canadian) has a break"),
        ("60m+3x30s break", "write the break last, with its length"),
        ("60m+25/10m break 3m extra 1", "write the break last, with its length"),
        ("60m+3x30s break 0", "must last longer than zero"),
        ("60m+3x30s break 3", "needs a unit"),
        ("60m+3x30s break 3m break 1m", "only one 'break'"),
    ],
)
def test_a_bad_break_is_refused_on_one_line(text: str, message: str) -> None:
    with pytest.raises(TimeControlError, match=re.escape(message)) as info:
        TimeControl.parse(text)
    assert str(info.value).startswith(f"time control '{text}': ") and "\n" not in str(info.value)


def test_the_break_runs_between_main_time_and_the_first_period() -> None:
    """3.17.3: the break comes «перед первым отсчетом … бе-еми» — "before the first byo-yomi
    count": main time, then 3 minutes in which no period is spent, then the periods."""
    clock = started("1m+3x30s break 3m")
    assert clock.state("black", 0) == ClockState(60.0, 3, 0, 30.0, False, rest=180.0)
    assert clock.deadline() == 60 + 180 + 3 * 30
    assert clock.state("black", 100) == ClockState(0.0, 3, 0, 30.0, False, rest=140.0)
    assert str(clock.state("black", 100)) == "0s (break 2m20s)"
    assert clock.state("black", 250) == ClockState(0.0, 3, 0, 20.0, False, rest=0.0)
    assert clock.flagged(329.9) is None and clock.flagged(330) == "black"


def test_the_break_is_given_once() -> None:
    """3.17.3: before the *first* count only: a move made in the break ends it, and the next
    turn counts the period at once."""
    clock = started("1m+3x30s break 3m").press(100).press(100)  # Black moved 40 s into it
    assert clock.state("black", 100) == ClockState(0.0, 3, 0, 30.0, False)
    assert clock.deadline() == 100 + 90


def test_a_canadian_break_comes_before_the_first_period_s_moves() -> None:
    clock = started("1m+5/5m break 3m").press(200).press(200)  # a move in the break
    assert clock.state("black", 200) == ClockState(0.0, 0, 5, 300.0, False)


@settings(max_examples=150, deadline=None)
@given(
    main=st.integers(0, 30),
    rest=st.integers(1, 200),
    thinks=st.lists(st.integers(0, 400), max_size=12),
)
def test_the_break_only_adds_its_length_once(main: int, rest: int, thinks: list[int]) -> None:
    """The break adds its length to the time before the flag, and is spent once: after a move
    made with the main time gone no break is left; no reading is ever negative."""
    with_break = Clock(ByoYomi(main, 2, 30, rest=rest), first="black").start(0)
    assert with_break.time_left("black", 0) == main + rest + 2 * 30
    t = 0
    rested = False
    for think in thinks:
        left = with_break.time_left("black", t)
        assert left >= 0
        if think >= left:
            assert with_break.flagged(t + left) == "black"
            return
        reading = with_break.state("black", t + think)
        assert reading.main >= 0 and reading.rest >= 0 and reading.period_left > 0
        if rested:
            assert reading.rest == 0
        t += think
        with_break = with_break.press(t)
        rested = rested or with_break.state("black", t).main == 0
        with_break = with_break.press(t)
