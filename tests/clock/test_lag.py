"""Lag compensation: network time credited up to a per-move cap; flags declared after it."""

import pytest

from arbiter.clock import Clock, ClockError, LagCompensation, TimeControl, network_time


def test_network_time_from_the_clients_own_measure() -> None:
    assert network_time(10.0, 9.5) == 0.5
    assert network_time(10.0, 12.0) == 0.0


def test_credit_is_capped_by_the_cap_and_the_move_time() -> None:
    lag = LagCompensation(cap=0.75)
    assert lag.credit(10.0, 0.5) == 0.5
    assert lag.credit(10.0, 3.0) == 0.75
    assert lag.credit(0.25, 3.0) == 0.25
    assert lag.credit(10.0, -1.0) == 0.0
    assert LagCompensation().cap == 1.0
    with pytest.raises(ClockError, match="lag cap"):
        LagCompensation(cap=-1)
    with pytest.raises(ClockError, match="finite"):
        lag.credit(float("inf"), 0.1)


def test_server_flow_move_in_time_thanks_to_the_credit() -> None:
    lag = LagCompensation(cap=1.0)
    clock = Clock(TimeControl.parse("1m")).start(0.0)
    assert clock.deadline() == 60.0
    assert lag.flag_deadline(clock) == 61.0  # the server's timer
    # Black's move reaches the server at 60.5 after 0.8 s on the wire: played at 59.7.
    credit = lag.move_credit(clock, 60.5, network=0.8)
    assert credit == 0.8
    assert clock.flagged(60.5) == "black"
    assert clock.flagged(60.5, lag=credit) is None
    clock = clock.press(60.5, lag=credit)
    assert clock.state("black", 60.5).main == pytest.approx(0.3)
    assert clock.state("white", 70.5).main == 50.0  # the opponent's time runs from receipt


def test_server_flow_flag_at_the_timer() -> None:
    lag = LagCompensation(cap=1.0)
    clock = Clock(TimeControl.parse("1m")).start(0.0)
    fire = lag.flag_deadline(clock)
    assert fire == 61.0
    assert clock.flagged(fire, lag=lag.cap) == "black"
    assert clock.flagged(60.999, lag=lag.cap) is None


def test_move_credit_needs_a_running_clock() -> None:
    with pytest.raises(ClockError, match="cannot credit a move"):
        LagCompensation().move_credit(Clock(TimeControl.parse("1m")), 1.0, 0.1)
