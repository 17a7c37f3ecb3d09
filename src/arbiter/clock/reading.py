"""One side's time on the clock: as the clock stores it (exact) and as it is read.

:class:`ClockState` is the reading the clock gives; :class:`SideTime` the exact time it keeps,
with the checks every clock operation applies to the numbers and sides it is given.

>>> str(ClockState(312.0, 0, 0, 0.0, False))
'5m12s'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypeAlias

from arbiter.clock.durations import format_duration
from arbiter.errors import ArbiterError

Side: TypeAlias = Literal["black", "white"]
SIDES: tuple[Side, Side] = ("black", "white")

ZERO = Fraction(0)


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
    ``rest``: seconds left of the break before the first byo-yomi period (seed 002 3.17.3; 0
    once it is over or where the control has none).

    While main time is left, ``period_left`` (and ``moves_left``, ``rest``) show the full first
    period (and break) that will follow it, so the readings never jump when main time runs out.
    """

    main: float
    periods: int
    moves_left: int
    period_left: float
    flagged: bool
    extra_periods: int = 0
    rest: float = 0.0

    def __str__(self) -> str:
        """A compact reading: ``9m47s``, ``0s (3×25s)``, ``0s (12/4m10s)``, ``flag``.

        >>> str(ClockState(0.0, 3, 0, 25.0, False))
        '0s (3×25s)'
        """
        if self.flagged:
            return "flag"
        text = format_duration(self.main)
        if self.main == 0 and self.rest:
            text += f" (break {format_duration(self.rest)})"
        elif self.periods:
            text += f" ({self.periods}×{format_duration(self.period_left)})"
        elif self.moves_left:
            text += f" ({self.moves_left}/{format_duration(self.period_left)})"
        return text


@dataclass(frozen=True, slots=True)
class SideTime:
    """One side's stored time, exact. In main time the overtime fields hold the full first
    period (Canadian: ``moves_left`` = moves, ``period_left`` = period; Japanese: the period).
    ``stage``: the Canadian period in progress or next (0: the first; periods may differ).
    ``rest``: the break before the first byo-yomi period still to come or left."""

    main: Fraction
    periods: int = 0
    moves_left: int = 0
    period_left: Fraction = ZERO
    extra: int = 0
    flagged: bool = False
    stage: int = 0
    rest: Fraction = ZERO


FLAGGED = SideTime(ZERO, flagged=True)


def exact(value: object, what: str) -> Fraction:
    """``value`` (seconds, or an instant) as an exact fraction; ``what`` names it in errors.

    >>> exact(0.5, "time")
    Fraction(1, 2)
    """
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise ClockError(f"{what} must be a number of seconds, not {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ClockError(f"{what} must be finite, not {value!r}")
    return Fraction(value)


def duration(value: object, what: str) -> Fraction:
    """Like :func:`exact`, for an amount of time: never negative."""
    seconds = exact(value, what)
    if seconds < 0:
        raise ClockError(f"{what} cannot be negative ({float(seconds)!r} s)")
    return seconds


def check_side(side: object) -> Side:
    """``side`` if it is ``"black"`` or ``"white"``, else a :class:`ClockError`."""
    if side == "black":
        return "black"
    if side == "white":
        return "white"
    raise ClockError(f"side must be 'black' or 'white', not {side!r}")


def other(side: Side) -> Side:
    """The opponent of ``side``."""
    return "white" if side == "black" else "black"


def ceil_float(value: Fraction) -> float:
    """The least float not below ``value``: the first instant a flag has fallen."""
    nearest = float(value)
    return math.nextafter(nearest, math.inf) if Fraction(nearest) < value else nearest
