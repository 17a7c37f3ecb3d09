"""Points of the board and their two notations.

A :class:`Point` is ``(row, col)`` counted from 0, row 0 being the bottom line (line 1) and
column 0 the left edge (column A), as in sgfmill. The UI and the command line write points GTP
style, a column letter A–Z without I and a line number from the bottom (``Q16``); records use SGF
coordinates, two letters from the top-left corner (``pd``). Boards go from 5×5 to 25×25.

>>> p = Point.from_gtp("Q16", 19)
>>> p
Point(row=15, col=15)
>>> p.gtp(), p.sgf(19)
('Q16', 'pd')
>>> Point.from_sgf("pd", 19) == p
True
"""

from __future__ import annotations

from typing import NamedTuple

from arbiter.errors import ArbiterError
from arbiter.i18n import N_

MIN_SIZE = 5
MAX_SIZE = 25

#: Column letters of GTP and the UI: I is skipped, so 25 letters cover the largest board.
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
_SGF_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class CoordinateError(ArbiterError):
    """A point that cannot be read or lies off the board."""


class BoardSizeError(ArbiterError):
    """A board size arbiter does not play."""


def check_size(size: object) -> int:
    """``size`` if it is a board size from 5 to 25, or a clear error.

    >>> check_size(30)
    Traceback (most recent call last):
    ...
    arbiter.games.go.coords.BoardSizeError: board size 30 is not supported: sizes go from 5 to 25
    """
    if isinstance(size, bool) or not isinstance(size, int):
        raise BoardSizeError(N_("a board size is a whole number, not {size!r}"), size=size)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BoardSizeError(
            N_("board size {size} is not supported: sizes go from {low} to {high}"),
            size=size,
            low=MIN_SIZE,
            high=MAX_SIZE,
        )
    return size


class Point(NamedTuple):
    """A point of the board: ``row`` from the bottom and ``col`` from the left, both from 0."""

    row: int
    col: int

    @classmethod
    def from_gtp(cls, text: str, size: int) -> Point:
        """Read a GTP vertex such as ``Q16`` or ``q16`` on a board of ``size``.

        >>> Point.from_gtp("T20", 19)
        Traceback (most recent call last):
        ...
        arbiter.games.go.coords.CoordinateError: point 'T20' is off the 19×19 board (A1 to T19)
        """
        raw = text.strip().upper() if isinstance(text, str) else ""
        col = GTP_COLUMNS.find(raw[:1]) if raw else -1
        digits = raw[1:]
        if col < 0 or not digits.isdigit() or not digits.isascii() or len(digits) > 2:
            raise CoordinateError(
                N_(
                    "cannot read point {point!r}: expected a column letter (no I) and a line "
                    "number, e.g. D4 or Q16"
                ),
                point=text,
            )
        row = int(digits) - 1
        if not (0 <= row < size and col < size):
            last = GTP_COLUMNS[size - 1]
            raise CoordinateError(
                N_("point {point!r} is off the {size}×{size} board (A1 to {last})"),
                point=text,
                size=size,
                last=f"{last}{size}",
            )
        return cls(row, col)

    @classmethod
    def from_sgf(cls, text: str, size: int) -> Point:
        """Read SGF coordinates (``aa`` is the top-left corner) on a board of ``size``.

        >>> Point.from_sgf("aa", 19), Point.from_sgf("ss", 19)
        (Point(row=18, col=0), Point(row=0, col=18))
        """
        if not isinstance(text, str) or len(text) != 2:
            raise CoordinateError(f"cannot read SGF point {text[:10]!r}: expected two letters")
        col = _SGF_LETTERS.find(text[0])
        line = _SGF_LETTERS.find(text[1])
        if col < 0 or line < 0:
            raise CoordinateError(f"cannot read SGF point {text[:10]!r}: expected two letters a–z")
        if col >= size or line >= size:
            raise CoordinateError(f"SGF point {text!r} is off the {size}×{size} board")
        return cls(size - 1 - line, col)

    def gtp(self) -> str:
        """This point in GTP notation (``Q16``)."""
        return f"{GTP_COLUMNS[self.col]}{self.row + 1}"

    def sgf(self, size: int) -> str:
        """This point in SGF notation on a board of ``size`` (``pd`` for Q16 on 19×19)."""
        return _SGF_LETTERS[self.col] + _SGF_LETTERS[size - 1 - self.row]

    def on_board(self, size: int) -> bool:
        """Whether this point lies on a board of ``size``."""
        return 0 <= self.row < size and 0 <= self.col < size


#: A move: a point, or ``None`` for a pass (as in sgfmill).
Move = Point | None


def parse_move(text: str, size: int) -> Move:
    """Read a GTP move: a vertex or ``pass`` (any case); ``None`` stands for the pass.

    >>> parse_move("PASS", 9) is None, parse_move("e5", 9)
    (True, Point(row=4, col=4))
    """
    if isinstance(text, str) and text.strip().lower() == "pass":
        return None
    return Point.from_gtp(text, size)


def format_move(move: Move) -> str:
    """A move in GTP notation: the vertex, or ``pass``."""
    return "pass" if move is None else move.gtp()
