"""SGF ``TM`` and ``OT`` as other programs write them: the forms
:meth:`arbiter.clock.control.TimeControl.from_sgf` understands, read into a system's name and
its settings (the classes are built there).

>>> read_overtime("5x30 byo-yomi")
('byo-yomi', {'periods': 5, 'period': 30.0})
>>> read_overtime("25/600,15/600 canadian")
('canadian', {'moves': 25, 'period': 600.0, 'later': ((15, 600.0),)})
>>> read_overtime("three minutes") is None
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from arbiter.clock.durations import NUMBER, TimeControlError

__all__ = ["read_overtime", "sgf_seconds"]

Fields = tuple[str, dict[str, Any]]


def sgf_seconds(value: float | str, prop: str) -> float:
    """SGF ``prop`` (``TM``) as a number of seconds ≥ 0; :class:`TimeControlError` if not."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise TimeControlError(f"SGF {prop}[{value}] is not a number of seconds") from None
    if not math.isfinite(seconds) or seconds < 0:
        raise TimeControlError(f"SGF {prop}[{value}] must be a number of seconds ≥ 0")
    return seconds


def read_overtime(text: str) -> Fields | None:
    """The system and settings of an ``OT`` (lower case, blanks single), or ``None``."""
    for pattern, build in _SGF_OVERTIME:
        match = pattern.fullmatch(text)
        if match:
            return build(match)
    return None


def _byo_yomi(m: re.Match[str]) -> Fields:
    return "byo-yomi", {"periods": int(m["n"]), "period": float(m["t"])}


def _canadian(m: re.Match[str]) -> Fields:
    return "canadian", {"moves": int(m["n"]), "period": float(m["t"])}


def _canadian_stages(m: re.Match[str]) -> Fields:
    pairs = [part.split("/") for part in m["stages"].replace(" ", "").split(",")]
    (moves, period), *later = [(int(n), float(t)) for n, t in pairs]
    return "canadian", {"moves": moves, "period": period, "later": tuple(later)}


def _canadian_gogui(m: re.Match[str]) -> Fields:
    unit = 60 if m["unit"].startswith("min") else 1
    return "canadian", {"moves": int(m["n"]), "period": float(m["t"]) * unit}


def _fischer(m: re.Match[str]) -> Fields:
    cap = m.groupdict().get("cap")
    return "fischer", {"increment": float(m["t"]), "cap": float(cap) if cap else None}


_T = rf"(?P<t>{NUMBER})"
_SGF_OVERTIME: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Fields]], ...] = (
    (re.compile(rf"(?P<n>\d+) ?x ?{_T}(?: ?s(?:ec)?)?(?: ?byo[- ]?yomi)?"), _byo_yomi),
    (re.compile(rf"(?P<n>\d+) ?/ ?{_T}(?: ?s(?:ec)?)?(?: ?canadian)?"), _canadian),
    (
        re.compile(rf"(?P<stages>\d+ ?/ ?{NUMBER}(?: ?, ?\d+ ?/ ?{NUMBER})+)(?: ?canadian)?"),
        _canadian_stages,
    ),
    (
        re.compile(rf"(?P<n>\d+) ?moves? ?/ ?{_T} ?(?P<unit>min|minutes?|sec|seconds?)"),
        _canadian_gogui,
    ),
    (re.compile(rf"fischer:? ?\+?{_T}(?: ?s(?:ec)?)?(?: cap (?P<cap>{NUMBER}))?"), _fischer),
    (re.compile(rf"\+?{_T}(?: ?s(?:ec)?)? fischer"), _fischer),
)
