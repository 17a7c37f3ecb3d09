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

Internally times are exact fractions (every float is one), so a flag falls exactly at
:meth:`Clock.deadline` and replay is exact; readings are returned as floats.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Concatenate, Literal, ParamSpec, TypeAlias

from arbiter.clock.control import (
    ByoYomi,
    Canadian,
    Fischer,
    TimeControl,
    format_duration,
)
from arbiter.errors import ArbiterError

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

Side: TypeAlias = Literal["black", "white"]
SIDES: tuple[Side, Side] = ("black", "white")
Status: TypeAlias = Literal["ready", "running", "paused", "stopped"]
Rule: TypeAlias = Literal["go", "toguz", "free"]

GO_FLOOR = 300.0
"""Seed 002 2.5.7: a referee who reduces a player's time leaves at least 5 minutes."""
TOGUZ_FLOOR = 300.0
"""Seed 000 6.7: a corrected clock showing less than 5 minutes is brought up to 5 minutes."""
LATE_CLOCK_FLOOR = 1500.0
"""Seed 000 6.15: clocks introduced into a running game never give less than 25 minutes."""

_ZERO = Fraction(0)
_GO_FLOOR = Fraction(GO_FLOOR)
_TOGUZ_FLOOR = Fraction(TOGUZ_FLOOR)


class ClockError(ArbiterError):
    """A clock operation that cannot be done now (press before start, after a flag fall, time
    going back, a negative time); the message says why."""


@dataclass(frozen=True, slots=True)
class ClockState:
    """One side's clock at an instant.

    ``main``: seconds of main time left. ``periods``: Japanese byo-yomi periods left, counting
    the current one (0 for other systems). ``moves_left``: moves still to make in the current
    Canadian period (0 for other systems). ``period_left``: seconds left in the current overtime
    period. ``flagged``: the flag has fallen. ``extra_periods``: Canadian extra periods left.

    While main time is left, ``period_left`` (and ``moves_left``) show the full first period
    that will follow it, so the readings never jump when main time runs out.
    """

    main: float
    periods: int
    moves_left: int
    period_left: float
    flagged: bool
    extra_periods: int = 0

    def __str__(self) -> str:
        """A compact reading: ``9m47s``, ``0s (3×25s)``, ``0s (12/4m10s)``, ``flag``.

        >>> str(ClockState(0.0, 3, 0, 25.0, False))
        '0s (3×25s)'
        """
        if self.flagged:
            return "flag"
        text = format_duration(self.main)
        if self.periods:
            text += f" ({self.periods}×{format_duration(self.period_left)})"
        elif self.moves_left:
            text += f" ({self.moves_left}/{format_duration(self.period_left)})"
        return text


@dataclass(frozen=True, slots=True)
class _Time:
    """One side's stored time, exact. In main time the overtime fields hold the full first
    period (Canadian: ``moves_left`` = moves, ``period_left`` = period; Japanese: the period)."""

    main: Fraction
    periods: int = 0
    moves_left: int = 0
    period_left: Fraction = _ZERO
    extra: int = 0
    flagged: bool = False


_FLAGGED = _Time(_ZERO, flagged=True)


def _exact(value: object, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise ClockError(f"{what} must be a number of seconds, not {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ClockError(f"{what} must be finite, not {value!r}")
    return Fraction(value)


def _duration(value: object, what: str) -> Fraction:
    seconds = _exact(value, what)
    if seconds < 0:
        raise ClockError(f"{what} cannot be negative ({float(seconds)!r} s)")
    return seconds


def _check_side(side: object) -> Side:
    if side == "black":
        return "black"
    if side == "white":
        return "white"
    raise ClockError(f"side must be 'black' or 'white', not {side!r}")


def _other(side: Side) -> Side:
    return "white" if side == "black" else "black"


def _ceil_float(value: Fraction) -> float:
    """The least float not below ``value``: the first instant a flag has fallen."""
    nearest = float(value)
    return math.nextafter(nearest, math.inf) if Fraction(nearest) < value else nearest


class _Rules:
    """The arithmetic of one time control, on exact fractions."""

    __slots__ = ("cap", "control", "extra", "increment", "kind", "moves", "period", "periods")

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
        self.increment = Fraction(control.increment) if isinstance(control, Fischer) else _ZERO
        cap = control.cap if isinstance(control, Fischer) else None
        self.cap = None if cap is None else Fraction(cap)

    def fresh(self, main: Fraction | None = None) -> _Time:
        """A side's time at the start of the game (with ``main`` instead of the control's)."""
        main = Fraction(self.control.main) if main is None else main
        return _Time(main, self.periods, self.moves, self.period, self.extra)

    def with_main(self, time: _Time, main: Fraction) -> _Time:
        """``time`` with its main time set to ``main``. Periods used stay used; with main time
        left the overtime fields show the full period that follows it; a side that enters
        overtime now (or had lost on time) starts a full period; one already in overtime goes
        on with its current period."""
        if main > 0 or time.main > 0 or time.flagged:
            return replace(
                time, main=main, moves_left=self.moves, period_left=self.period, flagged=False
            )
        return time

    def budget(self, time: _Time) -> Fraction:
        """Seconds until the flag falls if this side's time runs without a move."""
        if time.flagged:
            return _ZERO
        if self.kind == "byo-yomi":
            overtime = time.period_left + (time.periods - 1) * self.period if time.periods else 0
            return time.main + overtime
        if self.kind == "canadian":
            return time.main + time.period_left + time.extra * self.period
        return time.main

    def consume(self, time: _Time, elapsed: Fraction) -> _Time:
        """``time`` after its clock ran ``elapsed`` seconds with no move made."""
        if time.flagged or elapsed <= 0:
            return time
        if elapsed < time.main:
            return replace(time, main=time.main - elapsed)
        over = elapsed - time.main
        if self.kind == "byo-yomi" and time.periods:
            if over < time.period_left:
                return replace(time, main=_ZERO, period_left=time.period_left - over)
            over -= time.period_left
            used = math.floor(over / self.period)
            periods = time.periods - 1 - used
            if periods <= 0:
                return _FLAGGED
            return replace(
                time,
                main=_ZERO,
                periods=periods,
                period_left=self.period - (over - used * self.period),
            )
        if self.kind == "canadian":
            if over < time.period_left:
                return replace(time, main=_ZERO, period_left=time.period_left - over)
            over -= time.period_left
            used = math.floor(over / self.period)
            if used + 1 > time.extra:
                return _FLAGGED
            return replace(
                time,
                main=_ZERO,
                moves_left=self.moves,
                period_left=self.period - (over - used * self.period),
                extra=time.extra - used - 1,
            )
        return _FLAGGED

    def after_move(self, time: _Time) -> _Time:
        """``time`` once its side has made a move (stopped its clock in time)."""
        if self.kind == "fischer":
            if self.cap is None:
                return replace(time, main=time.main + self.increment)
            if time.main < self.cap:
                return replace(time, main=min(time.main + self.increment, self.cap))
            return time
        if time.main > 0:
            return time
        if self.kind == "byo-yomi":
            # A move made within a period keeps it, and the next move gets the whole period.
            return replace(time, period_left=self.period)
        if self.kind == "canadian":
            if time.moves_left > 1:
                return replace(time, moves_left=time.moves_left - 1)
            return replace(time, moves_left=self.moves, period_left=self.period)
        return time

    def reading(self, time: _Time) -> ClockState:
        if time.flagged:
            return ClockState(0.0, 0, 0, 0.0, True, 0)
        return ClockState(
            main=float(time.main),
            periods=time.periods if self.kind == "byo-yomi" else 0,
            moves_left=time.moves_left if self.kind == "canadian" else 0,
            period_left=float(time.period_left) if self.kind in ("byo-yomi", "canadian") else 0.0,
            flagged=False,
            extra_periods=time.extra if self.kind == "canadian" else 0,
        )


_P = ParamSpec("_P")


def _transition(
    method: Callable[Concatenate[Clock, _P], Clock],
) -> Callable[Concatenate[Clock, _P], Clock]:
    """Run a transition on a copy, so that the clock it is called on never changes."""

    def apply(self: Clock, /, *args: _P.args, **kwargs: _P.kwargs) -> Clock:
        return method(self.copy(), *args, **kwargs)

    apply.__name__, apply.__qualname__ = method.__name__, method.__qualname__
    apply.__doc__ = method.__doc__
    return apply


class Clock:
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

    __slots__ = (
        "_at",
        "_first",
        "_rules",
        "_since",
        "_started_at",
        "_status",
        "_times",
        "_to_move",
    )

    def __init__(self, control: TimeControl, first: Side = "black") -> None:
        self._rules = _Rules(control)
        self._first: Side = _check_side(first)
        self._status: Status = "ready"
        self._to_move: Side = self._first
        fresh = self._rules.fresh()
        self._times: dict[Side, _Time] = {"black": fresh, "white": fresh}
        self._since: Fraction | None = None  # when the running side's time began to run
        self._at: Fraction | None = None  # the last transition; times never go back before it
        self._started_at: Fraction | None = None

    # ----- reading

    @property
    def control(self) -> TimeControl:
        """The time control the clock runs."""
        return self._rules.control

    @property
    def first(self) -> Side:
        """The side whose time the start runs."""
        return self._first

    @property
    def status(self) -> Status:
        """``ready``, ``running``, ``paused`` or ``stopped``."""
        return self._status

    @property
    def to_move(self) -> Side:
        """The side to move: its time runs while the clock runs."""
        return self._to_move

    @property
    def running_side(self) -> Side | None:
        """The side whose time runs now, or ``None`` when the clock does not run."""
        return self.to_move if self.status == "running" else None

    @property
    def started_at(self) -> float | None:
        """The instant of :meth:`start` (the round start for the late-arrival rules)."""
        return None if self._started_at is None else float(self._started_at)

    @property
    def turn_started(self) -> float | None:
        """When the running side's time began to run (its turn began, or the clock resumed)."""
        return None if self._since is None else float(self._since)

    @property
    def last_event(self) -> float | None:
        """The instant of the last transition; no later call may use an earlier time."""
        return None if self._at is None else float(self._at)

    def state(self, side: Side, t: float) -> ClockState:
        """``side``'s clock at instant ``t``.

        >>> from arbiter.clock import TimeControl
        >>> clock = Clock(TimeControl.parse("1m+25/5m")).start(0)
        >>> clock.state("black", 90)  # doctest: +ELLIPSIS
        ClockState(main=0.0, periods=0, moves_left=25, period_left=270.0, flagged=False, ...)
        """
        return self._rules.reading(self._time_at(_check_side(side), self._instant(t)))

    def flagged(self, t: float, *, lag: float = 0.0) -> Side | None:
        """The side whose flag has fallen by instant ``t``, or ``None``.

        ``lag`` is the network time credited to the running side (see :mod:`arbiter.clock.lag`):
        it is judged as if ``t`` were ``lag`` seconds earlier, as :meth:`press` would charge it.
        """
        now = self._instant(t)
        for side in (self.to_move, _other(self.to_move)):
            if self._times[side].flagged:
                return side
        if self.status == "running" and self._consumed(now, _duration(lag, "lag")).flagged:
            return self.to_move
        return None

    def time_left(self, side: Side, t: float) -> float:
        """Seconds until ``side``'s flag falls if its time runs from ``t`` with no move made
        (main time plus all overtime still available).

        >>> from arbiter.clock import TimeControl
        >>> Clock(TimeControl.parse("10m+3x30s")).time_left("white", 0)
        690.0
        """
        return float(self._rules.budget(self._time_at(_check_side(side), self._instant(t))))

    def deadline(self, t: float | None = None, *, grace: float = 0.0) -> float | None:
        """The instant at which the running side's flag falls if nobody presses, or ``None``
        when no time runs.

        It is the least float ``d`` with ``flagged(d, lag=grace)``: a server arms one timer per
        game for it, with ``grace`` the most lag it would credit the move still on its way.
        ``t``, when given, is only checked not to go back in time.
        """
        if t is not None:
            self._instant(t)
        if self.status != "running" or self._since is None:
            return None
        budget = self._rules.budget(self._times[self.to_move])
        return _ceil_float(self._since + budget + _duration(grace, "grace"))

    # ----- play

    @_transition
    def start(self, t: float) -> Clock:
        """Start the first mover's time at ``t`` (the round start, seed 002 2.6, seed 000 6.3)."""
        now = self._instant(t)
        self._require("start", "ready")
        self._status, self._to_move = "running", self.first
        self._since = self._at = self._started_at = now
        return self

    @_transition
    def press(self, t: float, *, lag: float = 0.0) -> Clock:
        """End the running side's move at ``t`` and start the other side's time.

        The mover is charged the time since its turn began, less ``lag`` (network time credited
        by the server, never more than that time); the opponent's time runs from ``t``. Then the
        system's rule for a move made applies: the Fischer increment; in byo-yomi the period is
        kept and refilled; in Canadian byo-yomi one move of the period is done (after the last,
        a fresh period). Raises :class:`ClockError` if the clock does not run or the mover's
        flag has fallen.
        """
        now = self._instant(t)
        self._require("press", "running")
        mover = self.to_move
        time = self._consumed(now, _duration(lag, "lag"))
        if time.flagged:
            raise ClockError(f"{mover}'s flag has fallen: the move came too late")
        self._times = {**self._times, mover: self._rules.after_move(time)}
        self._to_move = _other(mover)
        self._since = self._at = now
        return self

    @_transition
    def pause(self, t: float) -> Clock:
        """Stop both times at ``t`` (a referee's pause, seed 002 2.5.7, or an adjournment)."""
        now = self._instant(t)
        self._require("pause", "running")
        self._settle(now)
        self._status = "paused"
        self._since, self._at = None, now
        return self

    @_transition
    def resume(self, t: float) -> Clock:
        """Restart the side to move's time at ``t`` after a pause."""
        now = self._instant(t)
        self._require("resume", "paused")
        for side in SIDES:
            if self._times[side].flagged:
                raise ClockError(f"{side}'s flag has fallen: set {side}'s time before resuming")
        self._status = "running"
        self._since = self._at = now
        return self

    @_transition
    def stop(self, t: float) -> Clock:
        """End the game at ``t``: the times freeze for good (readings stay available)."""
        now = self._instant(t)
        if self.status == "stopped":
            raise ClockError("the clock is already stopped")
        if self.status == "running":
            self._settle(now)
        self._status = "stopped"
        self._since, self._at = None, now
        return self

    def copy(self) -> Clock:
        """An equal clock (transitions already return new clocks; this is for their use)."""
        twin = Clock.__new__(Clock)
        for name in Clock.__slots__:
            setattr(twin, name, getattr(self, name))
        twin._times = dict(self._times)
        return twin

    # ----- referee

    @_transition
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
    ) -> Clock:
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
        who = _check_side(side)
        now = self._instant(t)
        wanted = {who: _duration(seconds, f"{who}'s time")}
        return self._set(now, wanted, rule, {who: (periods, moves_left, period_left)})

    @_transition
    def set_times(
        self,
        t: float,
        *,
        black: float | None = None,
        white: float | None = None,
        rule: Rule = "go",
    ) -> Clock:
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
            side: _duration(value, f"{side}'s time")
            for side, value in zip(SIDES, (black, white), strict=True)
            if value is not None
        }
        if not wanted:
            raise ClockError("set_times needs black's or white's time")
        return self._set(now, wanted, rule, {})

    @_transition
    def add_time(self, side: Side, seconds: float, t: float) -> Clock:
        """A referee adds ``seconds`` (> 0) to ``side``'s main time at ``t``.

        A side in overtime is back in main time (the overtime that follows starts with a full
        period; periods used stay used); a side whose flag had fallen gets its time back.

        >>> from arbiter.clock import TimeControl
        >>> clock = Clock(TimeControl.parse("1m+3x30s")).start(0)
        >>> print(clock.add_time("black", 120, 75).state("black", 75))
        2m (3×30s)
        """
        who = _check_side(side)
        now = self._instant(t)
        extra = _duration(seconds, "added time")
        if extra == 0:
            raise ClockError("added time must be above zero")
        current = self._time_at(who, now).main
        return self._set(now, {who: current + extra}, "free", {})

    @_transition
    def restart_reduced(self, t: float) -> Clock:
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
            raise ClockError(f"cannot restart: the clock is {_DESCRIBE[self.status]}")
        half = (now - self._started_at) / 2
        fresh = self._rules.fresh(max(Fraction(self.control.main) - half, _ZERO))
        if self._rules.budget(fresh) == 0:
            raise ClockError(
                f"half the time since the start ({format_duration(float(half))}) uses up the "
                "whole main time: no time is left to restart with"
            )
        self._times = {"black": fresh, "white": fresh}
        self._status, self._to_move = "running", self.first
        self._since = self._at = now
        return self

    @_transition
    def introduce_late(
        self, t: float, round_start: float, to_move: Side, *, floor: float = LATE_CLOCK_FLOOR
    ) -> Clock:
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
        start = _exact(round_start, "round start")
        who = _check_side(to_move)
        self._require("introduce clocks", "ready")
        if start > now:
            raise ClockError("the round cannot start after the clocks are introduced")
        main = Fraction(self.control.main)
        least = min(_duration(floor, "floor"), main)
        fresh = self._rules.fresh(max(main - (now - start) / 2, least))
        if self._rules.budget(fresh) == 0:
            raise ClockError("no time would be left on the introduced clocks")
        self._times = {"black": fresh, "white": fresh}
        self._status, self._to_move = "running", who
        self._since = self._at = now
        self._started_at = start
        return self

    # ----- internals

    def _instant(self, t: object) -> Fraction:
        now = _exact(t, "time")
        if self._at is not None and now < self._at:
            raise ClockError(
                f"time {float(now)!r} is before the clock's last event at {float(self._at)!r}"
            )
        return now

    def _require(self, action: str, status: Status) -> None:
        if self.status != status:
            raise ClockError(f"cannot {action}: the clock is {_DESCRIBE[self.status]}")

    def _consumed(self, now: Fraction, lag: Fraction = _ZERO) -> _Time:
        """The running side's time at ``now`` with ``lag`` not charged."""
        assert self._since is not None
        elapsed = max(now - self._since - lag, _ZERO)
        return self._rules.consume(self._times[self.to_move], elapsed)

    def _time_at(self, side: Side, now: Fraction) -> _Time:
        if self.status == "running" and side == self.to_move:
            return self._consumed(now)
        return self._times[side]

    def _settle(self, now: Fraction) -> None:
        """Charge the running side up to ``now``."""
        self._times = {**self._times, self.to_move: self._consumed(now)}

    def _set(
        self,
        now: Fraction,
        wanted: dict[Side, Fraction],
        rule: Rule,
        overtime: dict[Side, tuple[int | None, int | None, float | None]],
    ) -> Clock:
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
        added = {side: _ZERO for side in SIDES}
        for side, main in wanted.items():
            current = times[side].main
            if rule == "go" and main < current:
                main = max(main, min(current, _GO_FLOOR))
            elif rule == "toguz" and main < _TOGUZ_FLOOR:
                added[_other(side)] += _TOGUZ_FLOOR - main
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
        time: _Time,
        periods: int | None,
        moves_left: int | None,
        period_left: float | None,
    ) -> _Time:
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
            left = _duration(period_left, f"{side}'s period time")
            if not 0 < left <= self._rules.period:
                raise ClockError(
                    f"{side}'s period time must be above 0 and at most "
                    f"{format_duration(float(self._rules.period))}"
                )
            time = replace(time, period_left=left)
        return time

    # ----- value semantics

    def _key(self) -> tuple[object, ...]:
        return (
            self.control,
            self.first,
            self.status,
            self.to_move,
            self._times,
            self._since,
            self._at,
            self._started_at,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Clock):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # a clock changes: it cannot be a dict key

    def __repr__(self) -> str:
        reading = self._rules.reading
        return (
            f"<Clock {self.control} {self.status}, {self.to_move} to move, "
            f"black {reading(self._times['black'])}, white {reading(self._times['white'])}>"
        )


_DESCRIBE: dict[Status, str] = {
    "ready": "not started",
    "running": "running",
    "paused": "paused",
    "stopped": "stopped",
}
