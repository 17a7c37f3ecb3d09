"""The arithmetic of the time systems on one side's exact time: how main time runs out, how
byo-yomi and Canadian periods are spent and refilled, how a Fischer increment is added.

>>> from arbiter.clock.control import TimeControl
>>> rules = TimeArithmetic(TimeControl.parse("1m+3x30s"))
>>> time = rules.consume(rules.fresh(), Fraction(75))
>>> time.main, time.periods, time.period_left
(Fraction(0, 1), 3, Fraction(15, 1))
>>> rules.after_move(time).period_left
Fraction(30, 1)
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

from arbiter.clock.control import ByoYomi, Canadian, Fischer, TimeControl
from arbiter.clock.correspondence import Correspondence
from arbiter.clock.reading import FLAGGED, ZERO, ClockError, ClockState, SideTime


class TimeArithmetic:
    """The arithmetic of one time control, on exact fractions."""

    __slots__ = (
        "cap",
        "control",
        "extra",
        "increment",
        "kind",
        "moves",
        "period",
        "periods",
        "rest",
    )

    def __init__(self, control: TimeControl) -> None:
        if not isinstance(control, TimeControl):
            raise ClockError(f"a clock needs a TimeControl, not {control!r}")
        self.control = control
        self.kind = control.system
        self.periods = control.periods if isinstance(control, ByoYomi) else 0
        self.moves = control.moves if isinstance(control, Canadian) else 0
        self.extra = control.extra if isinstance(control, Canadian) else 0
        period = control.period if isinstance(control, ByoYomi | Canadian) else 0.0
        self.period = Fraction(period)
        self.increment = Fraction(control.increment) if isinstance(control, Fischer) else ZERO
        cap = control.cap if isinstance(control, Fischer) else None
        if isinstance(control, Correspondence):
            # Days per move: a move made refills the time (or banks it, up to the maximum).
            self.increment, cap = Fraction(control.main), control.bank
        self.cap = None if cap is None else Fraction(cap)
        rest = control.rest if isinstance(control, ByoYomi | Canadian) else 0.0
        self.rest = Fraction(rest)

    def __eq__(self, other: object) -> bool:
        # Everything else is derived from the control.
        if not isinstance(other, TimeArithmetic):
            return NotImplemented
        return self.control == other.control

    __hash__ = None  # type: ignore[assignment]

    def fresh(self, main: Fraction | None = None) -> SideTime:
        """A side's time at the start of the game (with ``main`` instead of the control's)."""
        main = Fraction(self.control.main) if main is None else main
        return SideTime(main, self.periods, self.moves, self.period, self.extra, rest=self.rest)

    def stage(self, index: int) -> tuple[int, Fraction]:
        """Canadian period ``index`` (0: the first) as moves and exact seconds; in the other
        systems the one period (and no moves)."""
        if isinstance(self.control, Canadian):
            moves, period = self.control.stage(index)
            return moves, Fraction(period)
        return self.moves, self.period

    def with_main(self, time: SideTime, main: Fraction) -> SideTime:
        """``time`` with its main time set to ``main``. Periods used stay used; with main time
        left the overtime fields show the full period that follows it; a side that enters
        overtime now (or had lost on time) starts a full period; one already in overtime goes
        on with its current period."""
        if main > 0 or time.main > 0 or time.flagged:
            moves, period = self.stage(time.stage)
            return replace(time, main=main, moves_left=moves, period_left=period, flagged=False)
        return time

    def budget(self, time: SideTime) -> Fraction:
        """Seconds until the flag falls if this side's time runs without a move."""
        if time.flagged:
            return ZERO
        if self.kind == "byo-yomi":
            overtime = time.period_left + (time.periods - 1) * self.period if time.periods else 0
            return time.main + time.rest + overtime
        if self.kind == "canadian":
            later = sum((self.stage(time.stage + i)[1] for i in range(1, time.extra + 1)), ZERO)
            return time.main + time.rest + time.period_left + later
        return time.main

    def consume(self, time: SideTime, elapsed: Fraction) -> SideTime:
        """``time`` after its clock ran ``elapsed`` seconds with no move made."""
        if time.flagged or elapsed <= 0:
            return time
        if elapsed < time.main:
            return replace(time, main=time.main - elapsed)
        over = elapsed - time.main
        if time.rest:
            # The break before the first period (seed 002 3.17.3) runs before any period does.
            if over < time.rest:
                return replace(time, main=ZERO, rest=time.rest - over)
            over -= time.rest
            time = replace(time, main=ZERO, rest=ZERO)
        if self.kind == "byo-yomi" and time.periods:
            if over < time.period_left:
                return replace(time, main=ZERO, period_left=time.period_left - over)
            over -= time.period_left
            used = math.floor(over / self.period)
            periods = time.periods - 1 - used
            if periods <= 0:
                return FLAGGED
            return replace(
                time,
                main=ZERO,
                periods=periods,
                period_left=self.period - (over - used * self.period),
            )
        if self.kind == "canadian":
            if over < time.period_left:
                return replace(time, main=ZERO, period_left=time.period_left - over)
            over -= time.period_left
            # Each overrun spends an extra period and starts the next period afresh; periods
            # may differ (2.5.4), so they are walked one by one (at most ``extra`` of them).
            stage, extra = time.stage, time.extra
            while extra:
                stage, extra = stage + 1, extra - 1
                moves, period = self.stage(stage)
                if over < period:
                    return replace(
                        time,
                        main=ZERO,
                        moves_left=moves,
                        period_left=period - over,
                        extra=extra,
                        stage=stage,
                    )
                over -= period
            return FLAGGED
        return FLAGGED

    def after_move(self, time: SideTime) -> SideTime:
        """``time`` once its side has made a move (stopped its clock in time)."""
        if self.kind == "fischer":
            if self.cap is None:
                return replace(time, main=time.main + self.increment)
            if time.main < self.cap:
                return replace(time, main=min(time.main + self.increment, self.cap))
            return time
        if self.kind == "correspondence":
            if self.cap is None:
                return replace(time, main=self.increment)
            return replace(time, main=min(time.main + self.increment, self.cap))
        if time.main > 0:
            return time
        if time.rest:
            # A move made in the break ends it; the first period starts whole at the next turn.
            return replace(time, rest=ZERO)
        if self.kind == "byo-yomi":
            # A move made within a period keeps it, and the next move gets the whole period.
            return replace(time, period_left=self.period)
        if self.kind == "canadian":
            if time.moves_left > 1:
                return replace(time, moves_left=time.moves_left - 1)
            # The period's moves are made: the next period begins, with its own numbers.
            moves, period = self.stage(time.stage + 1)
            return replace(time, moves_left=moves, period_left=period, stage=time.stage + 1)
        return time

    def reading(self, time: SideTime) -> ClockState:
        """What the clock shows for ``time``: only the fields of this time system."""
        if time.flagged:
            return ClockState(0.0, 0, 0, 0.0, True, 0)
        return ClockState(
            main=float(time.main),
            periods=time.periods if self.kind == "byo-yomi" else 0,
            moves_left=time.moves_left if self.kind == "canadian" else 0,
            period_left=float(time.period_left) if self.kind in ("byo-yomi", "canadian") else 0.0,
            flagged=False,
            extra_periods=time.extra if self.kind == "canadian" else 0,
            rest=float(time.rest),
        )
