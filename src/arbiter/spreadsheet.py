"""CSV that a spreadsheet opens without running anything: a cell that begins with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return would be read as a formula (a player named
``=HYPERLINK("http://evil.example","x")`` in the standings), so it gets a leading ``'``, as
OWASP recommends ("CSV Injection"). Numbers stay numbers: ``-3`` or ``+0.5`` is not changed.

>>> cell('=HYPERLINK("http://evil.example","x")')
'\\'=HYPERLINK("http://evil.example","x")'
>>> cell("-3"), cell("+0.5"), cell("Asanov Bakyt"), cell(12)
('-3', '+0.5', 'Asanov Bakyt', 12)
>>> cell("-1 + cmd")
"'-1 + cmd"
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any, TextIO

__all__ = ["cell", "writer"]

_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)")


def cell(value: Any) -> Any:
    """``value`` as a CSV cell that no spreadsheet takes for a formula (see the module)."""
    if isinstance(value, str) and value.startswith(_TRIGGERS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


class _Writer:
    def __init__(self, out: TextIO) -> None:
        self._csv = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Iterable[Any]) -> None:
        self._csv.writerow([cell(v) for v in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def writer(out: TextIO) -> _Writer:
    """A CSV writer (lines end with ``\\n``) whose every cell goes through :func:`cell`."""
    return _Writer(out)
