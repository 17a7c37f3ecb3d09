"""Canadian periods that differ from one another (seed 002 2.5.4).

2.5.4 «…После использования всех отложенных камней в отведенное время процедура повторяется для
следующего периода бе-еми. Регламент может предусматривать ограниченное число последовательных
периодов бе-еми, или они могут докупаться за штраф, а также для каждого периода может быть своя
продолжительность и разное число выставляемых камней.» — "…Once all the stones set aside are
used in the time given, the procedure is repeated for the next byo-yomi period. The regulations
may give a limited number of consecutive periods, or they may be bought for a penalty, and each
period may have its own duration and a different number of stones."
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.clock import Canadian, Clock, ClockState, TimeControl, TimeControlError

from .helpers import started

SEED_EXAMPLE = "60m+25/10m,15/10m"  # the example: first 25 moves in 10 min, then 15


@pytest.mark.parametrize(
    ("text", "control", "canonical"),
    [
        (SEED_EXAMPLE, Canadian(3600, 25, 600, later=((15, 600),)), SEED_EXAMPLE),
        (
            "1h + 25/10m, 20/10m, 15/5m extra 1",
            Canadian(3600, 25, 600, 1, ((20, 600), (15, 300))),
            "60m+25/10m,20/10m,15/5m extra 1",
        ),
    ],
)
def test_the_periods_are_listed_after_the_plus(
    text: str, control: Canadian, canonical: str
) -> None:
    """2.5.4: «для каждого периода может быть своя продолжительность и разное число
    выставляемых камней» — "each period may have its own duration and number of stones"."""
    assert TimeControl.parse(text) == control
    assert str(control) == canonical and TimeControl.parse(canonical) == control
    tm, ot = control.sgf()
    assert TimeControl.from_sgf(tm, ot) == Canadian(control.main, 25, 600, later=control.later)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("60m+25/10m,", "Canadian period 2 is empty"),
        ("60m+25/10m,,15/10m", "Canadian period 2 is empty"),
        ("60m+25/10m,15", "'15' must be MOVES/DURATION"),
        ("60m+25/10m,15/5m/3", "MOVES/DURATION"),
        ("60m+25/10m,x/5m", "number of moves must be a whole number, not 'x'"),
        ("60m+25/10m,0/10m", "moves per Canadian period must be a whole number ≥ 1"),
        ("60m+25/10m,15/0s", "Canadian period must be longer than zero"),
        ("60m+25/10m,15/10", "needs a unit"),
    ],
)
def test_bad_periods_are_refused_on_one_line(text: str, message: str) -> None:
    with pytest.raises(TimeControlError, match=re.escape(message)) as info:
        TimeControl.parse(text)
    assert str(info.value).startswith(f"time control '{text}': ") and "\n" not in str(info.value)


def test_the_second_period_has_its_own_moves_and_the_last_repeats() -> None:
    """2.5.4: «процедура повторяется для следующего периода бе-еми» — "the procedure is repeated
    for the next byo-yomi period", here with 2 moves in 10 s, then 1 move in 4 s, then 1 in 2 s."""
    clock = started("1m+2/10s,1/4s,1/2s", first="black")
    clock = clock.press(61).press(61)  # Black's main time is out at 60: the first of 2 moves
    assert clock.state("black", 61) == ClockState(0.0, 0, 1, 9.0, False)
    clock = clock.press(62).press(62)  # the second: the next period, 1 move in 4 s
    assert clock.state("black", 62) == ClockState(0.0, 0, 1, 4.0, False)
    clock = clock.press(65).press(65)  # 3 s of 4: the third period, 1 move in 2 s
    assert clock.state("black", 65) == ClockState(0.0, 0, 1, 2.0, False)
    clock = clock.press(66).press(66)  # the last period listed repeats
    assert clock.state("black", 66) == ClockState(0.0, 0, 1, 2.0, False)
    assert clock.deadline() == 68
    assert clock.flagged(68) == "black"


def test_an_extra_period_is_the_next_period_with_its_numbers() -> None:
    """2.5.4: periods «могут докупаться за штраф» — "may be bought for a penalty": an overrun
    spends an extra period, which is the next period of the list."""
    clock = started("10s+2/5s,3/20s extra 1")
    assert clock.deadline() == 10 + 5 + 20  # the extra period is the 20-second one
    assert clock.state("black", 16) == ClockState(0.0, 0, 3, 19.0, False, extra_periods=0)
    assert clock.flagged(34.9) is None and clock.flagged(35) == "black"


def test_a_referee_sets_a_period_time_up_to_that_period_s_length() -> None:
    clock = started("1m+2/10s,1/30s")
    clock = clock.press(61).press(61).press(62).press(62)  # Black is in the 30-second period
    corrected = clock.set_remaining("black", 0, 62, rule="free", period_left=25)
    assert corrected.state("black", 62) == ClockState(0.0, 0, 1, 25.0, False)


# ----- properties of the arithmetic

STAGES = st.lists(
    st.tuples(st.integers(1, 4), st.integers(1, 40).map(lambda n: n / 4)), min_size=2, max_size=4
)


@settings(max_examples=200, deadline=None)
@given(
    main=st.integers(0, 20),
    stages=STAGES,
    extra=st.integers(0, 2),
    thinks=st.lists(st.integers(0, 48).map(lambda n: n / 4), max_size=40),
)
def test_time_is_never_negative_and_each_period_restarts_with_its_own_moves(
    main: int, stages: list[tuple[int, float]], extra: int, thinks: list[float]
) -> None:
    """2.5.4, 2.5.5: «Время … новой серии ходов — при канадском, отсчитывается заново» — "the
    time for each new series of moves, in Canadian, is counted afresh": after the last move of a
    period the next period of the list starts whole; no reading is ever negative; the flag falls
    exactly when the budget runs out."""
    (moves, period), *later = stages
    control = Canadian(main, moves, period, extra, tuple(later))
    clock = Clock(control, first="black").start(0)
    t = Fraction(0)
    index = 0  # the period Black is in (or will be in once main time is out)
    for think in thinks:
        before = clock.state("black", float(t))
        left = clock.time_left("black", float(t))
        assert left >= 0 and before.main >= 0 and before.period_left >= 0
        if think >= left:
            assert clock.flagged(float(t) + left) == "black"
            return
        t += Fraction(think)
        during = clock.state("black", float(t))
        assert during.main >= 0 and during.period_left > 0 and during.moves_left >= 1
        # An overrun moved Black on to a later period (an extra one).
        index += before.extra_periods - during.extra_periods
        if during.main == 0:
            moves_now, period_now = control.stage(index)
            assert during.moves_left <= moves_now and during.period_left <= period_now
        clock = clock.press(float(t))
        after = clock.state("black", float(t))
        if during.main == 0 and during.moves_left == 1:
            index += 1
            assert (after.moves_left, after.period_left) == control.stage(index)
        elif during.main == 0:
            assert after.moves_left == during.moves_left - 1
            assert after.period_left == during.period_left
        clock = clock.press(float(t))  # White answers at once
