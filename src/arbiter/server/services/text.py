"""Text from requests, checked before it reaches the database: no NUL or other control
characters (PostgreSQL refuses NUL; nobody's name holds a bell), valid Unicode, bounded length.

>>> check_text("Асанов Бакыт", "name")
'Асанов Бакыт'
>>> check_text("a\\x00b", "name")
Traceback (most recent call last):
...
arbiter.server.refusals.Invalid: name holds a control character (U+0000)
"""

from __future__ import annotations

import re
from typing import Any

from arbiter.server.services.errors import Invalid

# Control characters (C0, DEL, C1) and lone surrogates; with line breaks, tab, LF and CR pass.
_UNCLEAN = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_UNCLEAN_LINES = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def check_text(value: str, field: str, *, limit: int | None = None, lines: bool = False) -> str:
    """``value`` when it is clean text (see the module); 422 naming ``field`` otherwise.
    ``lines`` allows tabs and line breaks."""
    if limit is not None and len(value) > limit:
        raise Invalid(f"{field} is longer than {limit} characters", field)
    # one regular-expression search, not a Python loop: an upload is up to 10 MB of text
    found = (_UNCLEAN_LINES if lines else _UNCLEAN).search(value)
    if found is not None:
        code = ord(found.group())
        if 0xD800 <= code <= 0xDFFF:
            raise Invalid(f"{field} is not valid Unicode (a lone surrogate)", field)
        raise Invalid(f"{field} holds a control character (U+{code:04X})", field)
    return value


def check_json_text(value: Any, field: str | None = None) -> None:
    """Every string (keys too) inside a JSON value passes :func:`check_text` with line breaks;
    the error names ``field`` (or "a text")."""
    try:
        _walk(value)
    except Invalid as exc:
        where = field or "a text"
        raise Invalid(where + exc.message.removeprefix("text"), field) from None


def _walk(value: Any) -> None:
    if isinstance(value, str):
        check_text(value, "text", lines=True)
    elif isinstance(value, dict):
        for k, v in value.items():
            check_text(str(k), "text", lines=True)
            _walk(v)
    elif isinstance(value, list):
        for item in value:
            _walk(item)


def slug(text: str, limit: int = 60) -> str:
    """A file-name stem from a title: letters and digits (any script), words joined by ``-``.

    >>> slug("Кубок Бишкека 2026 / Toguz")
    'кубок-бишкека-2026-toguz'
    """
    kept = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    return "-".join(part for part in kept.split("-") if part)[:limit]
