"""Canadian periods that differ from one another (seed 002 2.5.4: "for each period its own
duration and number of stones"), and the break before the first byo-yomi period (3.17.3).

A Canadian control lists its periods after the ``+``, separated by commas; the last one repeats
for every period after it. ``60m+25/10m,15/10m`` is 25 moves in 10 minutes for the first period,
then 15 moves in 10 minutes for each later one:

>>> parse_stages("25/10m,15/10m")
((25, 600.0), (15, 600.0))
>>> format_stages(((25, 600.0), (15, 600.0)))
'25/10m,15/10m'
>>> stage_of(((25, 600.0), (15, 600.0)), 5)
(15, 600.0)

The break is a suffix ``break DUR`` of a Japanese or Canadian control (``60m+3x30s break 3m``);
:func:`split_break` takes it off the text.
"""

from __future__ import annotations

import math
import re

from arbiter.clock.durations import TimeControlError, format_duration, parse_duration
from arbiter.i18n import N_

__all__ = [
    "Stage",
    "break_text",
    "check_stages",
    "format_stages",
    "parse_stages",
    "split_break",
    "stage_of",
]

Stage = tuple[int, float]
"""One Canadian period: moves to make, seconds to make them in."""

_BREAK = re.compile(r"(?P<body>.*\S)\s+break\s+(?P<arg>\S+)")


def parse_stages(text: str) -> tuple[Stage, ...]:
    """The Canadian periods of ``MOVES/DUR[,MOVES/DUR...]`` (blanks already removed).

    >>> parse_stages("15/5m,")
    Traceback (most recent call last):
    ...
    arbiter.clock.durations.TimeControlError: Canadian period 2 is empty: write the periods \
like 25/10m,15/10m
    """
    stages: list[Stage] = []
    for number, part in enumerate(text.split(","), start=1):
        if not part:
            raise TimeControlError(
                N_("Canadian period {number} is empty: write the periods like 25/10m,15/10m"),
                number=number,
            )
        moves, slash, period = part.partition("/")
        if not slash or "/" in period:
            raise TimeControlError(
                N_("Canadian period '{part}' must be MOVES/DURATION, like 15/10m"), part=part
            )
        if not moves.isdecimal():  # isdigit() takes "²", which int() refuses
            raise TimeControlError(
                N_("{what} must be a whole number, not '{text}'"),
                what="the number of moves",
                text=moves,
            )
        # The numbers' limits (at least 1 move, longer than zero) are the control's checks.
        seconds = parse_duration(period)
        stages.append((int(moves), seconds))
    return tuple(stages)


def format_stages(stages: tuple[Stage, ...]) -> str:
    """The text form of the periods (the inverse of :func:`parse_stages`)."""
    return ",".join(f"{moves}/{format_duration(period)}" for moves, period in stages)


def check_stages(stages: object) -> tuple[Stage, ...]:
    """``stages`` as checked ``(moves, seconds)`` pairs (moves ≥ 1, a period above zero).

    >>> check_stages([(15, 600)])
    ((15, 600.0),)
    """
    if not isinstance(stages, tuple | list):
        raise TimeControlError(f"later Canadian periods are (moves, seconds) pairs, not {stages!r}")
    checked: list[Stage] = []
    for stage in stages:
        if not isinstance(stage, tuple | list) or len(stage) != 2:
            raise TimeControlError(f"a Canadian period is a (moves, seconds) pair, not {stage!r}")
        moves, period = stage
        if isinstance(moves, bool) or not isinstance(moves, int) or moves < 1:
            raise TimeControlError(
                f"moves per Canadian period must be a whole number ≥ 1, not {moves!r}"
            )
        if (
            isinstance(period, bool)
            or not isinstance(period, int | float)
            or not math.isfinite(period)
            or period <= 0
        ):
            raise TimeControlError(f"a Canadian period must be longer than zero, not {period!r}")
        checked.append((moves, float(period)))
    return tuple(checked)


def break_text(rest: float) -> str:
    """The ``break DUR`` suffix of a control (empty for none)."""
    return f" break {format_duration(rest)}" if rest else ""


def stage_of(stages: tuple[Stage, ...], index: int) -> Stage:
    """Period ``index`` (0: the first): the last listed one repeats."""
    return stages[min(index, len(stages) - 1)]


def split_break(source: str) -> tuple[str, float | None]:
    """``source`` without its ``break DUR`` suffix, and the break in seconds (``None``: none).

    >>> split_break("60m+3x30s break 3m")
    ('60m+3x30s', 180.0)
    >>> split_break("60m+3x30s")
    ('60m+3x30s', None)
    """
    found = _BREAK.fullmatch(source)
    if found is None:
        if re.search(r"(^|\s)break(\s|$)", source):
            raise TimeControlError(N_("write the break last, with its length: 60m+3x30s break 3m"))
        return source, None
    if re.search(r"(^|\s)break(\s|$)", found["body"]):
        raise TimeControlError(N_("only one 'break' is allowed"))
    seconds = parse_duration(found["arg"])
    if seconds <= 0:
        raise TimeControlError(N_("the break before byo-yomi must last longer than zero"))
    return found["body"], seconds
