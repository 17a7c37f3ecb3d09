"""The two-sided game clock: pure arithmetic on a monotonic time that the caller passes in.

Nothing here sleeps or reads a clock: every operation takes the instant ``t`` (seconds on any
monotonic scale, e.g. ``time.monotonic()``), and times must never go back. Only one side's time
runs at a time, as on a two-face tournament clock (seed 002 2.5, seed 000 6.1).

:class:`Clock` is an immutable value with explicit transitions: ``start``, ``press``,
``pause``, ``resume``, ``stop`` and the referee's corrections each return a new clock and leave
the old one as it was (a refused transition raises and changes nothing), so a clock is used as
``clock = clock.press(t)``. Replaying the same transitions with the same times rebuilds an equal
clock (``==``), which is how the match layer restores a game from its log.

>>> from arbiter.clock import TimeControl
>>> clock = Clock(TimeControl.parse("10m+3x30s"), first="black")
>>> clock = clock.start(0.0)
>>> clock = clock.press(12.5)           # Black moved after 12.5 s; White's time runs
>>> clock.state("black", 20.0).main
587.5
>>> clock.state("white", 20.0).main
592.5
>>> clock.deadline(20.0)                # White's flag falls at 600 + 3 × 30 s after 12.5
702.5
>>> clock.flagged(702.5)
'white'

The clock's states and play are in :mod:`arbiter.clock.machine`, the time systems' arithmetic
in :mod:`arbiter.clock.arithmetic`, one side's reading in :mod:`arbiter.clock.reading`; this
module adds the referee's corrections.

Internally times are exact fractions (every float is one), so a flag falls exactly at
:meth:`Clock.deadline` and replay is exact; readings are returned as floats.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Literal, Self, TypeAlias

from arbiter.clock.durations import format_duration
from arbiter.clock.machine import DESCRIBE, ClockMachine, Status, transition
from arbiter.clock.reading import (
    SIDES,
    ZERO,
    ClockError,
    ClockState,
    Side,
    SideTime,
    check_side,
    duration,
    exact,
    other,
)

__all__ = [
    "GO_FLOOR",
    "LATE_CLOCK_FLOOR",
    "SIDES",
    "TOGUZ_FLOOR",
    "Clock",
    "ClockError",
    "ClockState",
    "Rule",
    "Side",
    "Status",
]

Rule: TypeAlias = Literal["go", "toguz", "free"]

GO_FLOOR = 300.0
"""Seed 002 2.5.7: a referee who reduces a player's time leaves at least 5 minutes."""
TOGUZ_FLOOR = 300.0
"""Seed 000 6.7: a corrected clock showing less than 5 minutes is brought up to 5 minutes."""
LATE_CLOCK_FLOOR = 1500.0
"""Seed 000 6.15: clocks introduced into a running game never give less than 25 minutes."""

_GO_FLOOR = Fraction(GO_FLOOR)
_TOGUZ_FLOOR = Fraction(TOGUZ_FLOOR)


class Clock(ClockMachine):
    """A two-face clock for one game under ``control``; ``first`` is the side whose clock the
    start runs (Black in even Go games, White in handicap Go and in Toguz Korgool).

    States: ``ready`` (before :meth:`start`), ``running`` (the side to move's time runs),
    ``paused`` (by a referee), ``stopped`` (the game is over). Transitions return a new clock.

    >>> from arbiter.clock import Absolute
    >>> clock = Clock(Absolute(3600), first="white").start(100.0)
    >>> clock.to_move, clock.status
    ('white', 'running')
    >>> clock.pause(160.0).resume(1000.0).state("white", 1000.0).main
    3540.0
    """

    __slots__ = ()

    # ----- referee

    @transition
    def set_remaining(
        self,
        side: Side,
        seconds: float,
        t: float,
        *,
        rule: Rule = "go",
        periods: int | None = None,
        moves_left: int | None = None,
        period_left: float | None = None,
    ) -> Self:
        """A referee sets ``side``'s main time to ``seconds`` at ``t``.

        ``rule`` applies the rulebook's limit:

        - ``"go"`` (seed 002 2.5.7): a reduction never leaves less than 5 minutes (nor less than
          the side had, if that was already under 5 minutes): the time is raised to that floor.
        - ``"toguz"`` (seed 000 6.7, a faulty clock replaced): a side set below 5 minutes gets
          5 minutes, and its opponent gets the same amount added.
        - ``"free"``: exactly as given.

        ``periods`` sets the byo-yomi periods left; in overtime (main time 0), ``moves_left`` and
        ``period_left`` set the current period. Left out, periods used stay used and a current
        period goes on. A side whose flag had fallen gets its time back. Allowed before the
        start, while running or paused, not once stopped.

        >>> from arbiter.clock import Absolute
        >>> clock = Clock(Absolute(3600)).start(0)
        >>> clock.set_remaining("black", 60, 100).state("black", 100).main
        300.0
        """
        who = check_side(side)
        now = self._instant(t)
        wanted = {who: duration(seconds, f"{who}'s time")}
        return self._set(now, wanted, rule, {who: (periods, moves_left, period_left)})

    @transition
    def set_times(
        self,
        t: float,
        *,
        black: float | None = None,
        white: float | None = None,
        rule: Rule = "go",
    ) -> Self:
        """Set the main times of both sides (or one) at once, with ``rule`` as in
        :meth:`set_remaining`. Seed 000 6.7: a faulty clock is replaced and the time each player
        used is re-established; a side left with under 5 minutes gets 5, its opponent as much.

        >>> from arbiter.clock import Absolute
        >>> clock = Clock(Absolute(3600), first="white").start(0)
        >>> clock = clock.set_times(10, white=120, black=1000, rule="toguz")
        >>> clock.state("white", 10).main, clock.state("black", 10).main
        (300.0, 1180.0)
        """
        now = self._instant(t)
        wanted = {
            side: duration(value, f"{side}'s time")
            for side, value in zip(SIDES, (black, white), strict=True)
            if value is not None
        }
        if not wanted:
            raise ClockError("set_times needs black's or white's time")
        return self._set(now, wanted, rule, {})

    @transition
    def split_equally(self, t: float, used: float | None = None) -> Self:
        """A faulty clock replaced with no proof which face was wrong (seed 000 6.7): the total
        time is divided by two and shared equally. ``used``: the total time both players used,
        as the referee established it; each side's main time becomes the control's less half of
        it. Without ``used`` the main times the clock shows are added and halved. A share under
        5 minutes is brought up to 5 for both (their times stay equal). Overtime stays as it is.

        >>> from arbiter.clock import Absolute
        >>> clock = Clock(Absolute(3600), first="white").start(0).press(1000)
        >>> clock = clock.split_equally(1400)
        >>> clock.state("white", 1400).main, clock.state("black", 1400).main
        (2900.0, 2900.0)
        >>> clock.split_equally(1400, used=6900).state("white", 1400).main
        300.0
        """
        now = self._instant(t)
        if used is None:
            total = sum((self._time_at(side, now).main for side in SIDES), ZERO)
        else:
            total = 2 * Fraction(self.control.main) - duration(used, "the time used")
        share = max(total / 2, _TOGUZ_FLOOR)
        return self._set(now, {"black": share, "white": share}, "free", {})

    @transition
    def add_time(self, side: Side, seconds: float, t: float) -> Self:
        """A referee adds ``seconds`` (> 0) to ``side``'s main time at ``t``.

        A side in overtime is back in main time (the overtime that follows starts with a full
        period; periods used stay used); a side whose flag had fallen gets its time back.

        >>> from arbiter.clock import TimeControl
        >>> clock = Clock(TimeControl.parse("1m+3x30s")).start(0)
        >>> print(clock.add_time("black", 120, 75).state("black", 75))
        2m (3×30s)
        """
        who = check_side(side)
        now = self._instant(t)
        extra = duration(seconds, "added time")
        if extra == 0:
            raise ClockError("added time must be above zero")
        current = self._time_at(who, now).main
        return self._set(now, {who: current + extra}, "free", {})

    @transition
    def restart_reduced(self, t: float) -> Self:
        """Restart the game's clocks at ``t`` with both main times reduced by half the time
        elapsed since :meth:`start`; overtime is whole again and the first mover's time runs.

        Seed 002 2.6.4 (both players absent at the start: done when one of them arrives) and
        2.6.12 (colours or handicap wrong with fewer than three White stones on the board).

        >>> from arbiter.clock import Absolute
        >>> clock = Clock(Absolute(3600)).start(0).restart_reduced(1200)
        >>> clock.state("black", 1200).main, clock.state("white", 1200).main, clock.to_move
        (3000.0, 3000.0, 'black')
        """
        now = self._instant(t)
        if self._started_at is None or self.status == "stopped":
            raise ClockError(f"cannot restart: the clock is {DESCRIBE[self.status]}")
        half = (now - self._started_at) / 2
        fresh = self._rules.fresh(max(Fraction(self.control.main) - half, ZERO))
        if self._rules.budget(fresh) == 0:
            raise ClockError(
                f"half the time since the start ({format_duration(float(half))}) uses up the "
                "whole main time: no time is left to restart with"
            )
        self._times = {"black": fresh, "white": fresh}
        self._status, self._to_move = "running", self.first
        self._since = self._at = now
        return self

    @transition
    def introduce_late(
        self, t: float, round_start: float, to_move: Side, *, floor: float = LATE_CLOCK_FLOOR
    ) -> Self:
        """Bring clocks into a game begun without them (seed 000 6.15): at ``t`` both sides get
        the main time less half the time since ``round_start``, never less than ``floor``
        (25 minutes, or the whole main time if that is shorter), and ``to_move``'s time runs.

        >>> from arbiter.clock import Absolute
        >>> clock = Clock(Absolute(3600), first="white")
        >>> clock = clock.introduce_late(2000, round_start=0, to_move="black")
        >>> clock.state("white", 2000).main, clock.running_side
        (2600.0, 'black')
        """
        now = self._instant(t)
        start = exact(round_start, "round start")
        who = check_side(to_move)
        self._require("introduce clocks", "ready")
        if start > now:
            raise ClockError("the round cannot start after the clocks are introduced")
        main = Fraction(self.control.main)
        least = min(duration(floor, "floor"), main)
        fresh = self._rules.fresh(max(main - (now - start) / 2, least))
        if self._rules.budget(fresh) == 0:
            raise ClockError("no time would be left on the introduced clocks")
        self._times = {"black": fresh, "white": fresh}
        self._status, self._to_move = "running", who
        self._since = self._at = now
        self._started_at = start
        return self

    # ----- internals

    def _set(
        self,
        now: Fraction,
        wanted: dict[Side, Fraction],
        rule: Rule,
        overtime: dict[Side, tuple[int | None, int | None, float | None]],
    ) -> Self:
        if rule not in ("go", "toguz", "free"):
            raise ClockError(f"rule must be 'go', 'toguz' or 'free', not {rule!r}")
        if self.status == "stopped":
            raise ClockError("cannot set the time: the clock is stopped")
        times = {side: self._time_at(side, now) for side in SIDES}
        running = self.running_side
        if running is not None and times[running].flagged and running not in wanted:
            raise ClockError(
                f"{running}'s flag has fallen: pause the clock, then correct {running}'s time"
            )
        new = dict(times)
        added = {side: ZERO for side in SIDES}
        for side, main in wanted.items():
            current = times[side].main
            if rule == "go" and main < current:
                main = max(main, min(current, _GO_FLOOR))
            elif rule == "toguz" and main < _TOGUZ_FLOOR:
                added[other(side)] += _TOGUZ_FLOOR - main
                main = _TOGUZ_FLOOR
            new[side] = self._rules.with_main(times[side], main)
            if side in overtime:
                new[side] = self._overtime(side, new[side], *overtime[side])
        for side in SIDES:
            if added[side]:
                new[side] = self._rules.with_main(new[side], new[side].main + added[side])
        for side in wanted:
            if self._rules.budget(new[side]) == 0:
                raise ClockError(f"{side} would have no time left")
        self._times = new
        if running is not None:
            self._since = now
        self._at = now
        return self

    def _overtime(
        self,
        side: Side,
        time: SideTime,
        periods: int | None,
        moves_left: int | None,
        period_left: float | None,
    ) -> SideTime:
        kind = self._rules.kind
        if periods is not None:
            if kind != "byo-yomi":
                raise ClockError(f"{kind} time has no byo-yomi periods to set")
            if isinstance(periods, bool) or not isinstance(periods, int) or periods < 0:
                raise ClockError(f"{side}'s periods must be a whole number ≥ 0, not {periods!r}")
            time = replace(time, periods=periods)
        if moves_left is not None and kind != "canadian":
            raise ClockError(f"{kind} time has no Canadian moves to set")
        if period_left is not None and kind not in ("byo-yomi", "canadian"):
            raise ClockError(f"{kind} time has no overtime period to set")
        if (moves_left is not None or period_left is not None) and time.main > 0:
            raise ClockError("the current overtime period can be set only when main time is 0")
        if moves_left is not None:
            if isinstance(moves_left, bool) or not isinstance(moves_left, int) or moves_left < 1:
                raise ClockError(
                    f"{side}'s moves left must be a whole number ≥ 1, not {moves_left!r}"
                )
            time = replace(time, moves_left=moves_left)
        if period_left is not None:
            left = duration(period_left, f"{side}'s period time")
            longest = self._rules.stage(time.stage)[1]  # Canadian periods may differ
            if not 0 < left <= longest:
                raise ClockError(
                    f"{side}'s period time must be above 0 and at most "
                    f"{format_duration(float(longest))}"
                )
            time = replace(time, period_left=left)
        return time
