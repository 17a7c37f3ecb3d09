"""Correspondence time (days per move, optional banking): the text form, the clock's arithmetic
on injected instants, the exact deadline, and what a move does to the time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.clock import Clock, Correspondence, TimeControl, TimeControlError, is_correspondence
from arbiter.clock.correspondence import DAY

H = 3600.0


@pytest.mark.parametrize(
    ("text", "control", "canonical"),
    [
        ("1d/move", Correspondence(DAY), "1d/move"),
        ("3d/move", Correspondence(3 * DAY), "3d/move"),
        ("7D / Move", Correspondence(7 * DAY), "7d/move"),
        ("3d/move max 10d", Correspondence(3 * DAY, 10 * DAY), "3d/move max 10d"),
        ("0.5d/move", Correspondence(DAY / 2), "0.5d/move"),
    ],
)
def test_text_form(text: str, control: TimeControl, canonical: str) -> None:
    assert TimeControl.parse(text) == control
    assert str(control) == canonical
    assert TimeControl.parse(canonical) == control
    assert TimeControl.from_sgf(*control.sgf()) == control  # the SGF form reads back
    assert is_correspondence(control) and not is_correspondence(TimeControl.parse("10m"))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("1/move", "days per move"),
        ("1h/move", "days per move"),
        ("0d/move", "above zero"),
        ("3d/move max 1d", "cannot be below the days per move"),
        ("3d/move max", "days per move"),
    ],
)
def test_bad_text_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(TimeControlError, match=problem):
        TimeControl.parse(text)


def test_one_day_per_move_refills_and_flags_at_the_exact_instant() -> None:
    clock = Clock(TimeControl.parse("1d/move"), first="white").start(0.0)
    assert clock.deadline() == DAY
    clock = clock.press(20 * H)  # White used 20 hours: Black now has a full day
    assert clock.state("black", 20 * H).main == DAY
    assert clock.state("white", 20 * H).main == DAY  # refilled, not 4 h left
    clock = clock.press(20 * H + DAY - 1)  # Black moves one second before the deadline
    assert clock.deadline() == 20 * H + 2 * DAY - 1
    end = clock.deadline()
    assert end is not None
    assert clock.flagged(end - 0.001) is None
    assert clock.flagged(end) == "white"


def test_banked_days_carry_over_up_to_the_maximum() -> None:
    clock = Clock(TimeControl.parse("3d/move max 5d"), first="white").start(0.0)
    clock = clock.press(1 * DAY)  # 2 days left + 3 = 5 (the maximum)
    assert clock.state("white", DAY).main == 5 * DAY
    clock = clock.press(1.5 * DAY).press(1.5 * DAY)  # Black, then White at once: White stays at 5
    assert clock.state("white", 1.5 * DAY).main == 5 * DAY
    assert clock.state("black", 1.5 * DAY).main == 5 * DAY  # 2.5 left + 3, capped at 5


@given(
    days=st.integers(1, 14),
    bank=st.one_of(st.none(), st.integers(0, 30)),
    spent=st.lists(st.floats(0, 0.99), min_size=1, max_size=20),  # in time, with float room
)
def test_the_time_after_a_move_never_exceeds_the_bank_nor_falls_below_the_days_per_move_left(
    days: int, bank: int | None, spent: list[float]
) -> None:
    """Property: each side's time after its move is the days per move (no bank), or the time
    left plus the days per move capped at the maximum; the deadline is exactly the time left."""
    control = Correspondence(days * DAY, None if bank is None else (days + bank) * DAY)
    clock = Clock(control, first="white").start(0.0)
    t = 0.0
    for fraction in spent:
        side = clock.to_move
        left = clock.time_left(side, t)
        assert clock.deadline() == pytest.approx(t + left, abs=1e-6)
        used = fraction * left
        t += used
        clock = clock.press(t)
        after = clock.state(side, t).main
        if control.bank is None:
            assert after == control.main
        else:
            assert after == pytest.approx(min(left - used + control.main, control.bank))
            assert control.main <= after + 1e-6 and after <= control.bank
