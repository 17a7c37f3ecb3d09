"""The result of a game of Go, written as SGF's ``RE`` property (spec go.md, seed 002 2.7).

>>> str(Result.by_points(3.5)), str(Result.by_points(-0.5)), str(Result.by_points(0))
('B+3.5', 'W+0.5', '0')
>>> str(Result.by_points(0, white_wins_ties=True))
'W+0'
>>> str(Result.resignation("white")), str(Result.parse("B+Time")), str(Result.void())
('W+R', 'B+T', 'Void')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

from arbiter.errors import ArbiterError
from arbiter.games.go.color import Color, letter

Reason = Literal["points", "resignation", "time", "forfeit", "draw", "void", "unknown"]

_REASON_LETTER = {"resignation": "R", "time": "T", "forfeit": "F"}
_REASON_WORDS: dict[str, Reason] = {
    "r": "resignation",
    "resign": "resignation",
    "resignation": "resignation",
    "t": "time",
    "time": "time",
    "f": "forfeit",
    "forfeit": "forfeit",
}
_WIN_RE = re.compile(r"^([BW])\+(.*)$", re.IGNORECASE)


class ResultError(ArbiterError):
    """A result that cannot be read or does not make sense."""


@dataclass(frozen=True, slots=True)
class Result:
    """Who won and how.

    ``winner`` is ``"black"``, ``"white"`` or ``None`` (draw, void, unknown). ``margin`` is the
    difference in points for a win on points (``None`` when a record says only ``B+``).
    ``str()`` is the SGF ``RE`` value.
    """

    winner: Color | None
    reason: Reason
    margin: float | None = None

    def __post_init__(self) -> None:
        decisive = self.reason in ("points", "resignation", "time", "forfeit")
        if decisive != (self.winner is not None):
            raise ResultError(f"a result by {self.reason} cannot have winner {self.winner!r}")
        if self.margin is not None and (
            self.reason != "points" or not math.isfinite(self.margin) or self.margin < 0
        ):
            raise ResultError(f"margin {self.margin!r} does not fit a result by {self.reason}")

    @classmethod
    def by_points(cls, difference: float, *, white_wins_ties: bool = False) -> Result:
        """The result when Black's total minus White's total is ``difference``."""
        if difference > 0:
            return cls("black", "points", float(difference))
        if difference < 0:
            return cls("white", "points", float(-difference))
        if white_wins_ties:
            return cls("white", "points", 0.0)
        return cls(None, "draw")

    @classmethod
    def resignation(cls, winner: Color) -> Result:
        """``winner`` wins because the opponent resigned."""
        return cls(winner, "resignation")

    @classmethod
    def time(cls, winner: Color) -> Result:
        """``winner`` wins because the opponent ran out of time."""
        return cls(winner, "time")

    @classmethod
    def forfeit(cls, winner: Color) -> Result:
        """``winner`` wins by forfeit (a referee's decision by the regulations)."""
        return cls(winner, "forfeit")

    @classmethod
    def draw(cls) -> Result:
        """A draw (jigo, or a referee's decision)."""
        return cls(None, "draw")

    @classmethod
    def void(cls) -> Result:
        """No result (seed 2.7.6)."""
        return cls(None, "void")

    @classmethod
    def parse(cls, text: str) -> Result:
        """Read an SGF ``RE`` value, also the long words other programs write.

        >>> Result.parse("W+Resign")
        Result(winner='white', reason='resignation', margin=None)
        >>> str(Result.parse("jigo")), str(Result.parse("B+12"))
        ('0', 'B+12')
        """
        raw = text.strip() if isinstance(text, str) else ""
        low = raw.lower()
        if low in ("0", "draw", "jigo", "d"):
            return cls.draw()
        if low == "void":
            return cls.void()
        if low in ("?", ""):
            return cls(None, "unknown")
        match = _WIN_RE.match(raw)
        if match:
            winner: Color = "black" if match.group(1).upper() == "B" else "white"
            rest = match.group(2).strip().lower()
            if rest in _REASON_WORDS:
                return cls(winner, _REASON_WORDS[rest])
            if rest == "":
                return cls(winner, "points")
            try:
                margin = float(rest)
            except ValueError:
                margin = math.nan
            if math.isfinite(margin) and margin >= 0:
                return cls(winner, "points", margin)
        raise ResultError(
            f"cannot read result {text[:40]!r}: expected e.g. B+3.5, W+R, B+T, W+F, 0 or Void"
        )

    def __str__(self) -> str:
        if self.reason == "draw":
            return "0"
        if self.reason == "void":
            return "Void"
        if self.winner is None:
            return "?"
        side = letter(self.winner)
        if self.reason == "points":
            return f"{side}+" if self.margin is None else f"{side}+{format_points(self.margin)}"
        return f"{side}+{_REASON_LETTER[self.reason]}"


def format_points(points: float) -> str:
    """Points without a useless ``.0``: ``3``, ``3.5``, ``-6``.

    >>> format_points(7.0), format_points(-0.5)
    ('7', '-0.5')
    """
    if points == int(points):
        return str(int(points))
    return f"{points:g}"
