"""Bounds on what arbiter reads, so that a hostile or broken file is refused with one readable
line instead of exhausting the stack, the memory or the clock.

The numbers are far above anything a real competition produces (a 985-player McMahon's
event file nests 7 levels deep; the longest name in the EGF rating list has 58 characters)
and far below what would hurt the server. Readers raise :class:`LimitError`, an
:class:`~arbiter.errors.ArbiterError`, so the command line exits 2 and the server answers 422.

>>> loads('{"a": [1, 2]}', "the event file")
{'a': [1, 2]}
>>> loads("[" * 1000, "the event file")
Traceback (most recent call last):
...
arbiter.limits.LimitError: the event file nests deeper than 64 levels
>>> json_depth('{"a": "[[[", "b": [{"c": []}]}')
4
"""

from __future__ import annotations

import json
import re
from typing import Any

from arbiter.errors import ArbiterError
from arbiter.i18n import N_

__all__ = [
    "MAX_FIELD",
    "MAX_JSON_DEPTH",
    "MAX_MOVES",
    "MAX_NAME",
    "MAX_PLAYERS",
    "LimitError",
    "check_length",
    "json_depth",
    "loads",
]

MAX_JSON_DEPTH = 64
"""Deepest nesting of arrays and objects in any JSON arbiter reads."""
MAX_NAME = 200
"""Longest name of an event, a player, a team or a club (the API's limit)."""
MAX_FIELD = 200
"""Longest short text field of an entry (city, country, title, coach, …)."""
MAX_PLAYERS = 20_000
"""Most participants of one event (the largest EGF events have about 1,000)."""
MAX_MOVES = 5_000
"""Most moves in one game record (a 19×19 Go game rarely passes 400, Toguz Korgool 200)."""


class LimitError(ArbiterError):
    """Input beyond one of the limits above."""


# A JSON string (with its escapes) or one bracket: strings are skipped whole, so brackets
# inside them do not count.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def json_depth(text: str, limit: int | None = None) -> int:
    """The deepest nesting of arrays and objects in ``text`` (which need not be valid JSON),
    in one linear pass; with ``limit``, the scan stops at the first level beyond it."""
    depth = deepest = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if limit is not None and deepest > limit:
                    return deepest
        elif token in "]}":
            depth -= 1
    return deepest


def loads(text: str | bytes, what: str, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that refuses what nests deeper than ``max_depth`` (before parsing: the
    parser recurses) and names ``what`` in its errors."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise LimitError(
                N_("{what} is not UTF-8 text (byte {byte})"), what=what, byte=exc.start + 1
            ) from None
    if json_depth(text, max_depth) > max_depth:
        raise LimitError(N_("{what} nests deeper than {limit} levels"), what=what, limit=max_depth)
    try:
        return json.loads(text)
    except RecursionError:  # only with a tiny interpreter stack
        raise LimitError(
            N_("{what} nests deeper than {limit} levels"), what=what, limit=max_depth
        ) from None
    except json.JSONDecodeError as exc:
        raise LimitError(
            N_("{what} is not valid JSON (line {line}, column {column}): {reason}"),
            what=what,
            line=exc.lineno,
            column=exc.colno,
            reason=exc.msg,
        ) from None


def check_length(value: str, what: str, limit: int = MAX_NAME) -> str:
    """``value`` when it has at most ``limit`` characters; :class:`LimitError` otherwise.

    >>> check_length("Асанов Бакыт", "the player's name")
    'Асанов Бакыт'
    >>> check_length("x" * 201, "the player's name")
    Traceback (most recent call last):
    ...
    arbiter.limits.LimitError: the player's name is longer than 200 characters
    """
    if len(value) > limit:
        raise LimitError(N_("{what} is longer than {limit} characters"), what=what, limit=limit)
    return value
