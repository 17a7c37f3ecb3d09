"""The two-sided clock: every rule with exact numbers, the referee's corrections, errors."""

import pytest

from arbiter.clock import (
    Absolute,
    Clock,
    ClockError,
    ClockState,
    Fischer,
    TimeControl,
)
from arbiter.errors import ArbiterError
from tests.clock.helpers import started

# ----- start and the first mover


def test_before_start_nothing_runs() -> None:
    clock = Clock(Absolute(3600))
    assert clock.status == "ready"
    assert clock.running_side is None
    assert clock.state("black", 1e6).main == 3600
    assert clock.flagged(1e6) is None
    assert clock.deadline(0) is None


@pytest.mark.parametrize("first", ["black", "white"])
def test_start_runs_the_first_movers_time(first: str) -> None:
    other = "white" if first == "black" else "black"
    clock = started("60m", first=first, t=100.0)
    assert clock.to_move == first
    assert clock.running_side == first
    assert clock.started_at == 100.0
    assert clock.state(first, 160.0).main == 3540  # type: ignore[arg-type]
    assert clock.state(other, 160.0).main == 3600  # type: ignore[arg-type]


def test_default_first_mover_is_black() -> None:
    assert Clock(Absolute(60)).first == "black"


def test_transitions_return_a_new_clock_and_leave_the_old_one() -> None:
    ready = Clock(Absolute(3600))
    running = ready.start(0)
    assert running is not ready and ready.status == "ready"
    moved = running.press(5)
    assert running.to_move == "black" and moved.to_move == "white"
    paused = moved.pause(6)
    assert moved.status == "running" and paused.status == "paused"
    resumed = paused.resume(7)
    assert paused.status == "paused" and resumed.status == "running"
    # A refused transition changes nothing either.
    with pytest.raises(ClockError):
        paused.press(8)
    assert paused.status == "paused"
    assert resumed.press(10).state("white", 10).main == 3600 - 4


# ----- absolute time


def test_absolute_flag_falls_when_main_time_is_out() -> None:
    clock = started("1m")
    clock = clock.press(20)  # black used 20 s
    clock = clock.press(50)  # white used 30 s
    assert clock.state("black", 60) == ClockState(
        main=30.0, periods=0, moves_left=0, period_left=0.0, flagged=False
    )
    assert clock.deadline(60) == 90.0
    assert clock.flagged(89.999) is None
    assert clock.flagged(90) == "black"
    assert clock.state("black", 90) == ClockState(0.0, 0, 0, 0.0, True)
    assert clock.state("white", 90) == ClockState(30.0, 0, 0, 0.0, False)
    with pytest.raises(ClockError, match="black's flag has fallen"):
        clock = clock.press(90)
    clock = clock.press(89.5)  # just in time
    assert clock.state("black", 89.5).main == 0.5


# ----- Japanese byo-yomi


def test_byo_yomi_rules_with_exact_numbers() -> None:
    clock = started("10m+3x30s")
    clock = clock.press(590)  # black: 10 s of main time left
    clock = clock.press(600)  # white: 590 s left
    # Black's main time ends at 610; the first period runs 610..640.
    assert clock.state("black", 609).main == 1
    assert clock.state("black", 610) == ClockState(0.0, 3, 0, 30.0, False)
    assert clock.state("black", 635) == ClockState(0.0, 3, 0, 5.0, False)
    # A move made within a period keeps it, and the next move has the whole period again.
    clock = clock.press(635)
    assert clock.state("black", 635) == ClockState(0.0, 3, 0, 30.0, False)
    clock = clock.press(636)
    # Overrunning a period uses the next one: 45 s = one whole period and 15 s of the next.
    assert clock.state("black", 681) == ClockState(0.0, 2, 0, 15.0, False)
    clock = clock.press(681)
    assert clock.state("black", 681) == ClockState(0.0, 2, 0, 30.0, False)
    clock = clock.press(682)
    # Two periods left: the flag falls after 60 s.
    assert clock.deadline() == 742
    assert clock.state("black", 741.5) == ClockState(0.0, 1, 0, 0.5, False)
    assert clock.flagged(741.5) is None
    assert clock.flagged(742) == "black"
    with pytest.raises(ClockError, match="flag has fallen"):
        clock = clock.press(742)


def test_byo_yomi_without_main_time() -> None:
    clock = started("0+5x30s")
    assert clock.state("black", 0) == ClockState(0.0, 5, 0, 30.0, False)
    assert clock.time_left("black", 0) == 150
    clock = clock.press(29)
    assert clock.state("black", 29) == ClockState(0.0, 5, 0, 30.0, False)
    assert clock.state("white", 100) == ClockState(0.0, 3, 0, 19.0, False)


def test_byo_yomi_period_partly_used_before_a_pause_goes_on_after_it() -> None:
    clock = started("0+2x30s")
    clock = clock.pause(20)
    assert clock.state("black", 500) == ClockState(0.0, 2, 0, 10.0, False)
    clock = clock.resume(500)
    assert clock.deadline() == 500 + 10 + 30


# ----- Canadian byo-yomi


def test_canadian_rules_with_exact_numbers() -> None:
    clock = started("1m+3/30s")
    clock = clock.press(70)  # black's main time ran out at 60: this move is the first of three
    assert clock.state("black", 70) == ClockState(0.0, 0, 2, 20.0, False)
    clock = clock.press(71)
    clock = clock.press(81)
    assert clock.state("black", 81) == ClockState(0.0, 0, 1, 10.0, False)
    clock = clock.press(82)
    # The third move in the period: a fresh period of 3 moves in 30 s.
    clock = clock.press(90)
    assert clock.state("black", 90) == ClockState(0.0, 0, 3, 30.0, False)
    clock = clock.press(91)
    # Overrunning the period loses, whatever the moves made in it.
    clock = clock.press(92)
    clock = clock.press(93)
    assert clock.state("black", 93) == ClockState(0.0, 0, 2, 29.0, False)
    assert clock.deadline() == 93 + 29
    assert clock.flagged(121.9) is None
    assert clock.flagged(122) == "black"
    assert clock.state("black", 122) == ClockState(0.0, 0, 0, 0.0, True)


def test_canadian_in_main_time_shows_the_coming_period() -> None:
    clock = started("60m+25/10m")
    assert clock.state("black", 5) == ClockState(3595.0, 0, 25, 600.0, False)
    clock = clock.press(5)
    assert clock.state("black", 5).moves_left == 25  # moves in main time do not count


def test_canadian_extra_periods() -> None:
    clock = started("10s+2/5s extra 1")
    assert clock.state("black", 0) == ClockState(10.0, 0, 2, 5.0, False, extra_periods=1)
    assert clock.deadline() == 20
    clock = clock.press(14)  # main out at 10, one move made in the period
    assert clock.state("black", 14) == ClockState(0.0, 0, 1, 1.0, False, extra_periods=1)
    clock = clock.press(15)
    # Black's turn began at 15 with 1 s of the period left: at 16 an extra period starts.
    assert clock.state("black", 17) == ClockState(0.0, 0, 2, 4.0, False, extra_periods=0)
    assert clock.deadline() == 21
    clock = clock.press(18)
    assert clock.state("black", 18) == ClockState(0.0, 0, 1, 3.0, False, extra_periods=0)
    clock = clock.press(18)
    assert clock.flagged(20.999) is None
    assert clock.flagged(21) == "black"


# ----- Fischer


def test_fischer_increment_after_every_move() -> None:
    clock = started("5m+3s")
    clock = clock.press(10)
    assert clock.state("black", 10).main == 293
    clock = clock.press(12)
    assert clock.state("white", 12).main == 301  # time can grow above the start
    assert clock.state("black", 20).main == 285


def test_fischer_cap() -> None:
    clock = started("5m+10s cap 5m5s")
    clock = clock.press(1)
    assert clock.state("black", 1).main == 305  # 299 + 10 would be 309: capped
    clock = clock.press(1)
    clock = clock.press(1)  # no time used: already at the cap, nothing added
    assert clock.state("black", 1).main == 305
    clock = clock.press(1)
    assert clock.state("white", 1).main == 305
    assert clock.deadline() == 306


# ----- pause, resume, stop


def test_pause_and_resume_charge_nobody_in_between() -> None:
    clock = started("60m")
    clock = clock.press(100)
    clock = clock.pause(130)
    assert clock.status == "paused"
    assert clock.running_side is None
    assert clock.deadline(5000) is None
    assert clock.state("white", 5000).main == 3570
    clock = clock.resume(5000)
    assert clock.to_move == "white"
    assert clock.state("white", 5010).main == 3560
    assert clock.deadline() == 5000 + 3570


def test_stop_freezes_the_readings() -> None:
    clock = started("60m")
    clock = clock.press(100)
    clock = clock.stop(150)
    assert clock.status == "stopped"
    assert clock.state("white", 10_000).main == 3550
    assert clock.state("black", 10_000).main == 3500
    for action in (lambda: clock.press(200), lambda: clock.pause(200), lambda: clock.stop(200)):
        with pytest.raises(ClockError, match="stopped"):
            action()
    with pytest.raises(ClockError, match="stopped"):
        clock = clock.set_remaining("black", 600, 200)


def test_stop_after_a_flag_fall_keeps_the_flag() -> None:
    clock = started("1m")
    clock = clock.stop(100)
    assert clock.flagged(100) == "black"
    assert clock.state("black", 100).flagged


# ----- errors


def test_invalid_operations() -> None:
    clock = Clock(Absolute(60))
    with pytest.raises(ClockError, match="cannot press: the clock is not started"):
        clock = clock.press(1)
    with pytest.raises(ClockError, match="cannot pause: the clock is not started"):
        clock = clock.pause(1)
    with pytest.raises(ClockError, match="cannot resume"):
        clock = clock.resume(1)
    clock = clock.start(10)
    with pytest.raises(ClockError, match="cannot start: the clock is running"):
        clock = clock.start(11)
    with pytest.raises(ClockError, match=r"time 9\.0 is before the clock's last event at 10\.0"):
        clock = clock.press(9.0)
    with pytest.raises(ClockError, match="before the clock's last event"):
        clock.state("white", 5)
    with pytest.raises(ClockError, match="time must be finite"):
        clock = clock.press(float("nan"))
    with pytest.raises(ClockError, match="lag cannot be negative"):
        clock = clock.press(12, lag=-1)
    with pytest.raises(ClockError, match="side must be 'black' or 'white', not 'red'"):
        clock.state("red", 12)  # type: ignore[arg-type]
    with pytest.raises(ClockError, match="black's time cannot be negative"):
        clock = clock.set_remaining("black", -5, 12)
    with pytest.raises(ClockError, match="rule must be"):
        clock = clock.set_remaining("black", 50, 12, rule="chess")  # type: ignore[arg-type]
    with pytest.raises(ClockError, match="needs a TimeControl"):
        Clock("60m")  # type: ignore[arg-type]
    with pytest.raises(ClockError, match="side must be"):
        Clock(Absolute(60), first="red")  # type: ignore[arg-type]
    assert issubclass(ClockError, ArbiterError)


def test_a_refused_transition_changes_nothing() -> None:
    clock = started("1m")
    clock = clock.press(10)
    before = clock.copy()
    with pytest.raises(ClockError):
        clock = clock.press(1000)  # white flagged at 70
    with pytest.raises(ClockError):
        clock = clock.set_remaining("white", -1, 20)
    with pytest.raises(ClockError):
        clock = clock.set_remaining("white", 60, 20, periods=2)  # absolute time has no periods
    assert clock == before


def test_resume_refuses_a_fallen_flag_until_the_referee_sets_the_time() -> None:
    clock = started("1m")
    clock = clock.pause(100)
    assert clock.flagged(100) == "black"
    with pytest.raises(ClockError, match="black's flag has fallen"):
        clock = clock.resume(100)
    clock = clock.set_remaining("black", 120, 100)
    assert clock.flagged(100) is None
    clock = clock.resume(110)
    assert clock.deadline() == 230


def test_correcting_the_other_side_while_a_flag_is_down_needs_a_pause() -> None:
    clock = started("1m")
    with pytest.raises(ClockError, match="pause the clock"):
        clock = clock.set_remaining("white", 120, 100)


# ----- replay and snapshots


def play(clock: Clock) -> Clock:
    return (
        clock.start(0.25)
        .press(3.5)
        .press(7.125, lag=0.5)
        .pause(9)
        .set_remaining("black", 1000, 10)
        .resume(12)
        .press(20)
    )


def test_replay_rebuilds_an_equal_clock() -> None:
    control = TimeControl.parse("10m+3x30s")
    first, second = play(Clock(control)), play(Clock(control))
    assert first == second
    assert first.state("black", 30) == second.state("black", 30)
    assert first != Clock(control)
    assert first != play(Clock(control, first="white"))


def test_copy_is_independent() -> None:
    clock = started("60m")
    snapshot = clock.copy()
    clock = clock.press(10)
    assert snapshot.to_move == "black"
    assert snapshot.state("black", 10).main == 3590
    assert clock.state("black", 10).main == 3590
    assert clock.to_move == "white"
    assert snapshot != clock


def test_repr_and_readings_as_text() -> None:
    clock = started("1m+3x30s")
    assert (
        repr(clock) == "<Clock 1m+3x30s running, black to move, black 1m (3×30s), white 1m (3×30s)>"
    )
    assert str(clock.state("black", 75)) == "0s (3×15s)"
    assert str(started("1m+25/10m").state("black", 60)) == "0s (25/10m)"
    assert str(started("1m").state("black", 60)) == "flag"


def test_lag_credit_is_not_charged() -> None:
    clock = started("1m")
    clock = clock.press(10, lag=0.5)
    assert clock.state("black", 10).main == 50.5
    clock = clock.press(10.25)  # black has 50.5 s from 10.25: the flag falls at 60.75
    assert clock.deadline() == 60.75
    assert clock.deadline(grace=0.5) == 61.25
    # A move that arrives after the flag is in time if the credited lag brings it back.
    assert clock.flagged(61) == "black"
    assert clock.flagged(61, lag=0.5) is None
    assert clock.flagged(61.25, lag=0.5) == "black"
    clock = clock.press(61, lag=0.5)
    assert clock.state("black", 61) == ClockState(0.25, 0, 0, 0.0, False)
    # Credit never turns into a gain: at most the time the move took is not charged.
    clock = clock.press(62, lag=5)
    assert clock.state("white", 62).main == 59.75


def test_fischer_control_from_constructor() -> None:
    clock = Clock(Fischer(60, 1)).start(0)
    assert clock.control == Fischer(60, 1)
    assert clock.time_left("black", 30) == 30
