"""The referee's corrections of the clock, with each rulebook's limits: Go's five-minute floor
(seed 002 2.5.7), Toguz Korgool's faulty clock and clocks introduced late (seed 000 6.7, 6.15),
both players absent or wrong colours (seed 002 2.6.4, 2.6.12), added time."""

import pytest

from arbiter.clock import Absolute, ByoYomi, Canadian, Clock, ClockError, ClockState
from tests.clock.helpers import started

# ----- referee: Go (seed 002 2.5.7)


def test_go_reduction_never_below_five_minutes() -> None:
    clock = started("60m")
    clock = clock.set_remaining("black", 60, 100)  # 3500 s left: a cut to 60 s gives 5 minutes
    assert clock.state("black", 100).main == 300
    clock = clock.set_remaining("white", 600, 100)  # above the floor: as asked
    assert clock.state("white", 100).main == 600
    clock = clock.set_remaining("white", 4000, 100)  # more time is always allowed
    assert clock.state("white", 100).main == 4000
    # The running side's time runs on from the correction.
    assert clock.state("black", 160).main == 240
    clock = clock.set_remaining("black", 100, 160)  # 4 minutes left: no reduction at all
    assert clock.state("black", 160).main == 240
    clock = clock.set_remaining("black", 100, 160, rule="free")
    assert clock.state("black", 160).main == 100


def test_set_remaining_overtime_fields() -> None:
    clock = started("1m+5x30s")
    clock = clock.pause(100)  # black is 40 s into overtime: one period used, 20 s left of the next
    assert clock.state("black", 100) == ClockState(0.0, 4, 0, 20.0, False)
    clock = clock.set_remaining("black", 0, 100, periods=5, period_left=30)
    assert clock.state("black", 100) == ClockState(0.0, 5, 0, 30.0, False)
    clock = clock.set_remaining("black", 120, 100)
    assert clock.state("black", 100) == ClockState(120.0, 5, 0, 30.0, False)
    with pytest.raises(ClockError, match="only when main time is 0"):
        clock = clock.set_remaining("black", 120, 100, period_left=10)
    with pytest.raises(ClockError, match="at most 30s"):
        clock = clock.set_remaining("black", 0, 100, rule="free", period_left=31)
    with pytest.raises(ClockError, match="black would have no time left"):
        clock = clock.set_remaining("black", 0, 100, rule="free", periods=0)
    # The Go floor holds for overtime settings too: 120 s cannot become 0.
    clock = clock.set_remaining("black", 0, 100, periods=1)
    assert clock.state("black", 100) == ClockState(120.0, 1, 0, 30.0, False)


def test_set_remaining_canadian_moves() -> None:
    clock = Clock(Canadian(0, 25, 600))
    clock = clock.set_remaining("white", 0, 0, moves_left=5, period_left=100)
    assert clock.state("white", 0) == ClockState(0.0, 0, 5, 100.0, False)
    with pytest.raises(ClockError, match="no Canadian moves"):
        Clock(ByoYomi(60, 3, 30)).set_remaining("white", 0, 0, moves_left=5)


# ----- referee: Toguz Korgool (seed 000 6.7, 6.15)


def test_toguz_faulty_clock_rule() -> None:
    clock = started("60m", first="white")
    clock = clock.set_remaining("white", 180, 10, rule="toguz")
    assert clock.state("white", 10).main == 300
    assert clock.state("black", 10).main == 3600 + 120
    clock = clock.set_remaining("black", 400, 10, rule="toguz")  # not below 5 minutes: as asked
    assert clock.state("black", 10).main == 400
    assert clock.state("white", 10).main == 300


def test_toguz_both_clocks_set_below_five_minutes_keep_their_difference() -> None:
    clock = started("60m", first="white")
    clock = clock.set_times(0, white=60, black=240, rule="toguz")
    assert clock.state("white", 0).main == 300 + 60
    assert clock.state("black", 0).main == 300 + 240
    with pytest.raises(ClockError, match="needs black's or white's time"):
        clock = clock.set_times(0)


def test_toguz_clocks_introduced_late() -> None:
    clock = Clock(Absolute(3600), first="white")
    clock = clock.introduce_late(40 * 60, round_start=0, to_move="black")
    assert clock.state("white", 2400).main == 40 * 60  # 60 − 40/2 minutes
    assert clock.running_side == "black"
    assert clock.deadline() == 2400 + 2400
    late = Clock(Absolute(3600)).introduce_late(80 * 60, round_start=0, to_move="white")
    assert late.state("black", 4800).main == 25 * 60  # 60 − 40 < 25: the floor
    short = Clock(Absolute(20 * 60)).introduce_late(3600, round_start=0, to_move="white")
    assert short.state("black", 3600).main == 20 * 60  # the floor is at most the main time
    with pytest.raises(ClockError, match="cannot introduce clocks: the clock is running"):
        late = late.introduce_late(5000, round_start=0, to_move="white")
    with pytest.raises(ClockError, match="round cannot start after"):
        Clock(Absolute(3600)).introduce_late(10, round_start=20, to_move="white")


# ----- referee: both absent, wrong colours (seed 002 2.6.4, 2.6.12)


def test_both_absent_reset() -> None:
    clock = started("60m+3x30s", t=1000.0)
    # Nobody came; Black's time ran 20 minutes. One arrives: both lose 10 minutes.
    clock = clock.restart_reduced(1000 + 1200)
    assert clock.state("black", 2200) == ClockState(3000.0, 3, 0, 30.0, False)
    assert clock.state("white", 2200) == ClockState(3000.0, 3, 0, 30.0, False)
    assert clock.running_side == "black"
    assert clock.deadline() == 2200 + 3000 + 90


def test_restart_reduced_after_moves_makes_overtime_whole() -> None:
    clock = started("1m+3x10s", first="white")
    clock = clock.press(75)  # white is 15 s into overtime: one period used, the move keeps the next
    clock = clock.press(76)
    assert clock.state("white", 76) == ClockState(0.0, 2, 0, 10.0, False)
    clock = clock.restart_reduced(100)
    assert clock.to_move == "white"
    assert clock.state("white", 100) == ClockState(10.0, 3, 0, 10.0, False)
    with pytest.raises(ClockError, match="uses up the whole main time"):
        started("1m").restart_reduced(120)
    with pytest.raises(ClockError, match="cannot restart: the clock is not started"):
        Clock(Absolute(60)).restart_reduced(0)
    assert started("1m+3x10s").restart_reduced(500).state("black", 500).main == 0


def test_add_time() -> None:
    clock = started("1m+3x30s")
    clock = clock.add_time("white", 30, 5)
    assert clock.state("white", 5).main == 90
    clock = clock.pause(75)  # black 15 s into the first period
    clock = clock.add_time("black", 120, 75)
    assert clock.state("black", 75) == ClockState(120.0, 3, 0, 30.0, False)
    with pytest.raises(ClockError, match="above zero"):
        clock = clock.add_time("black", 0, 75)
    flagged = started("1m").pause(100)
    flagged = flagged.add_time("black", 60, 100)
    assert flagged.state("black", 100) == ClockState(60.0, 0, 0, 0.0, False)
