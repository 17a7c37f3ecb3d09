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
    "MAX_CODE",
    "MAX_COUNTRY",
    "MAX_FIELD",
    "MAX_JSON_DEPTH",
    "MAX_MOVES",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_SGF_DEPTH",
    "MAX_SGF_NODES",
    "LimitError",
    "check_field",
    "check_length",
    "json_depth",
    "loads",
    "shown",
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
MAX_CODE = 10
"""Longest coded field of an entry: a date of birth (``YYYY-MM-DD``), a rank, a rating."""
MAX_COUNTRY = 3
"""Longest country code (ISO 3166 alpha-3, as FIDE and the TRF write it)."""
MAX_ROUNDS = 99
"""Most rounds of one event (OpenGotha numbers rounds up to 99; a TRF has no more room)."""
MAX_SGF_DEPTH = 1_000
"""Deepest nesting of variations in an SGF record (a variation at each of a 400-move game's
moves nests 400 deep)."""
MAX_SGF_NODES = 50_000
"""Most nodes (moves, setup and comments, variations included) in one SGF record."""


class LimitError(ArbiterError):
    """Input beyond one of the limits above."""


# A quote or a bracket, then the rest of a string after its opening quote. A string is
# matched from its opening quote only: matching a whole string at every quote would rescan an
# unterminated one from each escaped quote inside it (quadratic on ``\"\"\"…``).
_MARK = re.compile(r'["\[\]{}]')
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
# What :func:`check_field` refuses: control characters (C0, DEL, C1) and lone surrogates.
_UNCLEAN = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def json_depth(text: str, limit: int | None = None) -> int:
    """The deepest nesting of arrays and objects in ``text`` (which need not be valid JSON),
    in one linear pass; with ``limit``, the scan stops at the first level beyond it.

    >>> json_depth('[["an unterminated string [[[')
    2
    """
    depth = deepest = 0
    pos = 0
    while (match := _MARK.search(text, pos)) is not None:
        token = match.group()
        pos = match.end()
        if token == '"':
            rest = _STRING_REST.match(text, pos)
            if rest is None:  # unterminated: nothing after it counts
                break
            pos = rest.end()
        elif token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if limit is not None and deepest > limit:
                    return deepest
        else:
            depth -= 1
    return deepest


def loads(text: str | bytes, what: object, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
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
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits
        raise LimitError(N_("{what} holds a number too long to read"), what=what) from None


def check_length(value: str, what: object, limit: int = MAX_NAME) -> str:
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


def check_field(value: str, what: object, limit: int = MAX_FIELD) -> str:
    """``value`` when it is one line of clean text of at most ``limit`` characters: no control
    character (PostgreSQL refuses NUL; a file written back would carry the rest), no lone
    surrogate (it cannot be written as UTF-8); :class:`LimitError` otherwise.

    >>> check_field("Osh GC", "the club")
    'Osh GC'
    >>> check_field("Osh\\x00", "the club")
    Traceback (most recent call last):
    ...
    arbiter.limits.LimitError: the club holds a control character (U+0000)
    """
    check_length(value, what, limit)
    found = _UNCLEAN.search(value)
    if found is not None:
        code = ord(found.group())
        if 0xD800 <= code <= 0xDFFF:
            raise LimitError(N_("{what} is not valid Unicode (a lone surrogate)"), what=what)
        raise LimitError(
            N_("{what} holds a control character (U+{code})"), what=what, code=f"{code:04X}"
        )
    return value


def shown(value: object, most: int = 40) -> str:
    """``repr(value)`` cut to ``most`` characters, for error lines and notes: a hostile file's
    field may be megabytes long, an error line never is.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."
