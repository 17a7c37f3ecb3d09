"""Durations in a time control's short text form: ``45s``, ``90m``, ``1h30m``, ``2.5s``.

>>> format_duration(parse_duration("1h30m"))
'90m'
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction

from arbiter.errors import ArbiterError
from arbiter.i18n import N_

__all__ = [
    "NUMBER",
    "TimeControlError",
    "count_value",
    "format_duration",
    "parse_duration",
    "plain_number",
    "seconds_value",
]


class TimeControlError(ArbiterError):
    """A time control that cannot be read or makes no sense; the message names the problem."""


#: A number as the text forms write it: digits, with decimals or not.
NUMBER = r"\d+(?:\.\d+)?"
_DURATION = re.compile(rf"(?:(?P<h>{NUMBER})h)?(?:(?P<m>{NUMBER})m)?(?:(?P<s>{NUMBER})s)?")
_UNIT_SECONDS = {"h": 3600, "m": 60, "s": 1}


def parse_duration(text: str) -> float:
    """Seconds in a duration such as ``45s``, ``90m``, ``1h``, ``1h30m`` or ``2.5s``.

    >>> parse_duration("1h30m")
    5400.0
    >>> parse_duration("0")
    0.0
    >>> parse_duration("90")
    Traceback (most recent call last):
    ...
    arbiter.clock.durations.TimeControlError: duration '90' needs a unit: h, m or s (e.g. 90m)
    """
    compact = re.sub(r"\s+", "", text).lower()
    if compact == "0":
        return 0.0
    match = _DURATION.fullmatch(compact)
    if not compact or match is None:
        if re.fullmatch(NUMBER, compact):
            raise TimeControlError(
                N_("duration '{text}' needs a unit: h, m or s (e.g. 90m)"), text=text
            )
        raise TimeControlError(
            N_("'{text}' is not a duration: write hours, minutes and seconds like 45s, 90m, 1h30m"),
            text=text,
        )
    # Exact decimal arithmetic, rounded once, so that every printed form reads back unchanged.
    total = sum(
        (
            Fraction(value) * _UNIT_SECONDS[unit]
            for unit, value in match.groupdict().items()
            if value
        ),
        Fraction(0),
    )
    return float(total)


def format_duration(seconds: float) -> str:
    """The canonical short form of a duration: minutes and seconds, or decimal seconds.

    >>> format_duration(3600), format_duration(90), format_duration(30), format_duration(2.5)
    ('60m', '1m30s', '30s', '2.5s')
    >>> format_duration(0)
    '0s'
    """
    if seconds == int(seconds):
        minutes, rest = divmod(int(seconds), 60)
        if minutes and rest:
            return f"{minutes}m{rest}s"
        return f"{minutes}m" if minutes else f"{rest}s"
    # repr is the shortest text that reads back as the same float; Decimal spells out exponents.
    return f"{Decimal(repr(float(seconds))):f}s"


def plain_number(value: float) -> str:
    """A plain number for SGF: no trailing ``.0`` and no exponent.

    >>> plain_number(30.0), plain_number(2.5)
    ('30', '2.5')
    """
    if value == int(value):
        return str(int(value))
    return f"{Decimal(repr(float(value))):f}"


def seconds_value(what: str, value: object) -> float:
    """``value`` as a finite number of seconds ≥ 0; ``what`` names it in the error."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TimeControlError(f"{what} must be a number of seconds, not {value!r}")
    seconds = float(value)
    if not math.isfinite(seconds) or seconds < 0:
        raise TimeControlError(f"{what} must be a finite number of seconds ≥ 0, not {value!r}")
    return seconds


def count_value(what: str, value: object, minimum: int = 1) -> int:
    """``value`` as a whole number ≥ ``minimum``; ``what`` names it in the error."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise TimeControlError(f"{what} must be a whole number ≥ {minimum}, not {value!r}")
    return value
