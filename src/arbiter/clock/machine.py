"""The clock's state machine: a two-face clock that starts, is pressed after each move, is
paused and resumed by a referee and stops at the end, with its readings at any instant.

:class:`~arbiter.clock.clock.Clock` adds the referee's corrections to it; see
:mod:`arbiter.clock.clock` for the whole picture and an example.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Concatenate, Literal, ParamSpec, Self, TypeAlias, TypeVar

from arbiter.clock.arithmetic import TimeArithmetic
from arbiter.clock.control import TimeControl
from arbiter.clock.reading import (
    SIDES,
    ZERO,
    ClockError,
    ClockState,
    Side,
    SideTime,
    ceil_float,
    check_side,
    duration,
    exact,
    other,
)

Status: TypeAlias = Literal["ready", "running", "paused", "stopped"]

_P = ParamSpec("_P")
_C = TypeVar("_C", bound="ClockMachine")


def transition(
    method: Callable[Concatenate[_C, _P], _C],
) -> Callable[Concatenate[_C, _P], _C]:
    """Run a transition on a copy, so that the clock it is called on never changes."""

    def apply(self: _C, /, *args: _P.args, **kwargs: _P.kwargs) -> _C:
        return method(self.copy(), *args, **kwargs)

    apply.__name__, apply.__qualname__ = method.__name__, method.__qualname__
    apply.__doc__ = method.__doc__
    return apply


class ClockMachine:
    """The clock's states and play: what :class:`~arbiter.clock.clock.Clock` is without the
    referee's corrections.

    >>> from arbiter.clock import Absolute, Clock
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
        self._rules = TimeArithmetic(control)
        self._first: Side = check_side(first)
        self._status: Status = "ready"
        self._to_move: Side = self._first
        fresh = self._rules.fresh()
        self._times: dict[Side, SideTime] = {"black": fresh, "white": fresh}
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

        >>> from arbiter.clock import Clock, TimeControl
        >>> clock = Clock(TimeControl.parse("1m+25/5m")).start(0)
        >>> clock.state("black", 90)  # doctest: +ELLIPSIS
        ClockState(main=0.0, periods=0, moves_left=25, period_left=270.0, flagged=False, ...)
        """
        return self._rules.reading(self._time_at(check_side(side), self._instant(t)))

    def flagged(self, t: float, *, lag: float = 0.0) -> Side | None:
        """The side whose flag has fallen by instant ``t``, or ``None``.

        ``lag`` is the network time credited to the running side (see :mod:`arbiter.clock.lag`):
        it is judged as if ``t`` were ``lag`` seconds earlier, as :meth:`press` would charge it.
        """
        now = self._instant(t)
        for side in (self.to_move, other(self.to_move)):
            if self._times[side].flagged:
                return side
        if self.status == "running" and self._consumed(now, duration(lag, "lag")).flagged:
            return self.to_move
        return None

    def time_left(self, side: Side, t: float) -> float:
        """Seconds until ``side``'s flag falls if its time runs from ``t`` with no move made
        (main time plus all overtime still available).

        >>> from arbiter.clock import Clock, TimeControl
        >>> Clock(TimeControl.parse("10m+3x30s")).time_left("white", 0)
        690.0
        """
        return float(self._rules.budget(self._time_at(check_side(side), self._instant(t))))

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
        return ceil_float(self._since + budget + duration(grace, "grace"))

    # ----- play

    @transition
    def start(self, t: float) -> Self:
        """Start the first mover's time at ``t`` (the round start, seed 002 2.6, seed 000 6.3)."""
        now = self._instant(t)
        self._require("start", "ready")
        self._status, self._to_move = "running", self.first
        self._since = self._at = self._started_at = now
        return self

    @transition
    def press(self, t: float, *, lag: float = 0.0) -> Self:
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
        time = self._consumed(now, duration(lag, "lag"))
        if time.flagged:
            raise ClockError(f"{mover}'s flag has fallen: the move came too late")
        self._times = {**self._times, mover: self._rules.after_move(time)}
        self._to_move = other(mover)
        self._since = self._at = now
        return self

    @transition
    def pause(self, t: float) -> Self:
        """Stop both times at ``t`` (a referee's pause, seed 002 2.5.7, or an adjournment)."""
        now = self._instant(t)
        self._require("pause", "running")
        self._settle(now)
        self._status = "paused"
        self._since, self._at = None, now
        return self

    @transition
    def resume(self, t: float) -> Self:
        """Restart the side to move's time at ``t`` after a pause."""
        now = self._instant(t)
        self._require("resume", "paused")
        for side in SIDES:
            if self._times[side].flagged:
                raise ClockError(f"{side}'s flag has fallen: set {side}'s time before resuming")
        self._status = "running"
        self._since = self._at = now
        return self

    @transition
    def stop(self, t: float) -> Self:
        """End the game at ``t``: the times freeze for good (readings stay available)."""
        now = self._instant(t)
        if self.status == "stopped":
            raise ClockError("the clock is already stopped")
        if self.status == "running":
            self._settle(now)
        self._status = "stopped"
        self._since, self._at = None, now
        return self

    def copy(self) -> Self:
        """An equal clock (transitions already return new clocks; this is for their use)."""
        twin = object.__new__(type(self))
        for name in _FIELDS:
            setattr(twin, name, getattr(self, name))
        twin._times = dict(self._times)
        return twin

    # ----- internals

    def _instant(self, t: object) -> Fraction:
        now = exact(t, "time")
        if self._at is not None and now < self._at:
            raise ClockError(
                f"time {float(now)!r} is before the clock's last event at {float(self._at)!r}"
            )
        return now

    def _require(self, action: str, status: Status) -> None:
        if self.status != status:
            raise ClockError(f"cannot {action}: the clock is {DESCRIBE[self.status]}")

    def _consumed(self, now: Fraction, lag: Fraction = ZERO) -> SideTime:
        """The running side's time at ``now`` with ``lag`` not charged."""
        assert self._since is not None
        elapsed = max(now - self._since - lag, ZERO)
        return self._rules.consume(self._times[self.to_move], elapsed)

    def _time_at(self, side: Side, now: Fraction) -> SideTime:
        if self.status == "running" and side == self.to_move:
            return self._consumed(now)
        return self._times[side]

    def _settle(self, now: Fraction) -> None:
        """Charge the running side up to ``now``."""
        self._times = {**self._times, self.to_move: self._consumed(now)}

    # ----- value semantics

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ClockMachine):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _FIELDS)

    __hash__ = None  # type: ignore[assignment]  # a clock changes: it cannot be a dict key

    def __repr__(self) -> str:
        reading = self._rules.reading
        return (
            f"<Clock {self.control} {self.status}, {self.to_move} to move, "
            f"black {reading(self._times['black'])}, white {reading(self._times['white'])}>"
        )


_FIELDS = ClockMachine.__slots__

DESCRIBE: dict[Status, str] = {
    "ready": "not started",
    "running": "running",
    "paused": "paused",
    "stopped": "stopped",
}
