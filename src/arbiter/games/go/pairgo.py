"""Pair go (seed 004): the order of the four players, rank points, handicap and komi.

The order lives here, in the rules engine, because the seed defines it as a rule of play: a
:class:`PairOrder` says whose turn it is after any number of moves, and
:class:`arbiter.games.go.game.Game` records who played each move.

Even game (seed 004 3.3): Black woman, White woman, Black man, White man, … Handicap game
(Black set 2 or more stones, 3.4): White woman, Black man, White man, Black woman, …

>>> order = PairOrder.for_handicap(0)
>>> [str(order.seat(n)) for n in range(5)]
['Black woman', 'White woman', 'Black man', 'White man', 'Black woman']
>>> str(PairOrder.for_handicap(3).seat(0))
'White woman'

Handicap and komi follow from the difference of the pairs' points through a table the event
may replace (spec pair-go.md):

>>> from arbiter.games.go.rank import Rank
>>> h = pair_handicap((Rank.parse("5d"), Rank.parse("1d")), (Rank.parse("2d"), Rank.parse("5k")))
>>> h.black, h.stones, h.komi, h.white_wins_ties
('b', 4, 0.0, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from arbiter.errors import ArbiterError
from arbiter.games.go.color import Color
from arbiter.games.go.handicap import MAX_STONES
from arbiter.games.go.rank import Rank
from arbiter.games.go.result import format_points

Role = Literal["man", "woman"]
ROLES: tuple[Role, Role] = ("man", "woman")


class PairGoError(ArbiterError):
    """A pair-go setting or action that breaks seed 004."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One of the four players of a pair-go game: a colour and a role in the pair."""

    color: Color
    role: Role

    def __post_init__(self) -> None:
        if self.color not in ("black", "white"):
            raise PairGoError(f"a seat's colour is black or white, not {self.color!r}")
        if self.role not in ROLES:
            raise PairGoError(f"a seat's role is man or woman, not {self.role!r}")

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read ``"black man"``, ``"White woman"``, or the short ``bm``, ``ww``…

        >>> Seat.parse("bw"), Seat.parse("White man")
        (Seat(color='black', role='woman'), Seat(color='white', role='man'))
        """
        words = text.strip().lower().split() if isinstance(text, str) else []
        if len(words) == 1 and len(words[0]) == 2:
            words = [words[0][0], words[0][1]]
        colors = {"b": "black", "black": "black", "w": "white", "white": "white"}
        roles = {"m": "man", "man": "man", "w": "woman", "woman": "woman"}
        if len(words) == 2 and words[0] in colors and words[1] in roles:
            return cls(colors[words[0]], roles[words[1]])  # type: ignore[arg-type]
        raise PairGoError(
            f"cannot read pair-go seat {text[:20]!r}: expected e.g. 'black woman' or 'wm'"
        )

    @property
    def code(self) -> str:
        """Two letters: ``bm``, ``bw``, ``wm``, ``ww``."""
        return self.color[0] + self.role[0]

    def __str__(self) -> str:
        return f"{self.color.capitalize()} {self.role}"


_EVEN = (
    Seat("black", "woman"),
    Seat("white", "woman"),
    Seat("black", "man"),
    Seat("white", "man"),
)
_HANDICAP = (
    Seat("white", "woman"),
    Seat("black", "man"),
    Seat("white", "man"),
    Seat("black", "woman"),
)


@dataclass(frozen=True, slots=True)
class PairOrder:
    """The cycle of four seats a pair-go game follows (seed 004 3.3–3.4).

    A pass is the move of the player whose turn it was. A move out of turn takes the place of
    the skipped player's move: the order goes on from the right player (spec pair-go.md).
    """

    cycle: tuple[Seat, Seat, Seat, Seat]

    def __post_init__(self) -> None:
        if len(self.cycle) != 4 or len(set(self.cycle)) != 4:
            raise PairGoError("a pair-go order has each of the four seats once")
        if any(self.cycle[n].color == self.cycle[n + 1].color for n in range(3)):
            raise PairGoError("a pair-go order alternates the colours")

    @classmethod
    def even(cls) -> PairOrder:
        """Black woman, White woman, Black man, White man (seed 004 3.3)."""
        return cls(_EVEN)

    @classmethod
    def handicap(cls) -> PairOrder:
        """White woman, Black man, White man, Black woman (seed 004 3.4)."""
        return cls(_HANDICAP)

    @classmethod
    def for_handicap(cls, stones: int) -> PairOrder:
        """The order of a game with ``stones`` handicap stones (2 or more: the handicap order)."""
        return cls.handicap() if stones >= 2 else cls.even()

    def seat(self, moves_played: int) -> Seat:
        """Whose turn it is after ``moves_played`` moves (passes and moves out of turn count)."""
        return self.cycle[moves_played % 4]

    def partner(self, seat: Seat) -> Seat:
        """The other player of ``seat``'s side."""
        return Seat(seat.color, "woman" if seat.role == "man" else "man")


def pair_points(first: Rank, second: Rank) -> Fraction:
    """The points of a pair: the mean of the partners' rank points (seed 004).

    >>> pair_points(Rank.parse("5d"), Rank.parse("1d"))
    Fraction(3, 1)
    >>> pair_points(Rank.parse("1d"), Rank.parse("8k"))
    Fraction(-3, 1)
    >>> pair_points(Rank.parse("2d"), Rank.parse("5k"))
    Fraction(-1, 1)
    """
    return Fraction(first.points + second.points, 2)


@dataclass(frozen=True, slots=True)
class HandicapRow:
    """One row of a handicap table: it applies when the difference Δ of the pairs' points is at
    least ``minimum`` (``strict``: greater than ``minimum``); the last row that applies wins."""

    minimum: Fraction
    strict: bool
    stones: int
    komi: float
    nigiri: bool = False
    white_wins_ties: bool = True

    def __post_init__(self) -> None:
        if self.minimum < 0:
            raise PairGoError(
                f"a handicap row starts at a difference of 0 or more, not {self.minimum}"
            )
        if not 0 <= self.stones <= MAX_STONES or self.stones == 1:
            raise PairGoError(
                f"a handicap row gives 0 or 2 to {MAX_STONES} stones, not {self.stones}"
            )
        if not math.isfinite(self.komi):
            raise PairGoError(f"komi must be a number, not {self.komi!r}")

    def applies(self, difference: Fraction) -> bool:
        """Whether this row covers the difference ``difference``."""
        return difference > self.minimum if self.strict else difference >= self.minimum

    def __str__(self) -> str:
        bound = f"Δ {'>' if self.strict else '≥'} {_fraction(self.minimum)}"
        stones = f"{self.stones} stones" if self.stones else "no stones"
        komi = f"komi {format_points(self.komi)}"
        what = "nigiri" if self.nigiri else stones
        tie = ", tie → White" if self.white_wins_ties else ""
        return f"{bound}: {what}, {komi}{tie}"


def _fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True, slots=True)
class HandicapTable:
    """A table from the difference of pair points to stones and komi (an event setting)."""

    rows: tuple[HandicapRow, ...]

    def __post_init__(self) -> None:
        if not self.rows or self.rows[0].minimum != 0 or self.rows[0].strict:
            raise PairGoError("a handicap table must start with a row for Δ ≥ 0")

    def row(self, difference: Fraction) -> HandicapRow:
        """The row for the difference ``difference`` (≥ 0)."""
        if difference < 0:
            raise PairGoError(f"a difference of points is 0 or more, not {difference}")
        found = self.rows[0]
        for row in self.rows:
            if row.applies(difference):
                found = row
        return found

    def __str__(self) -> str:
        return "\n".join(str(row) for row in self.rows)


def _default_table() -> HandicapTable:
    rows = [
        HandicapRow(Fraction(0), False, 0, 6.5, nigiri=True, white_wins_ties=False),
        HandicapRow(Fraction(0), True, 0, 6.0),
        HandicapRow(Fraction(1), False, 0, 0.0),
    ]
    rows += [HandicapRow(Fraction(n), False, n, 0.0) for n in range(2, MAX_STONES + 1)]
    rows.append(HandicapRow(Fraction(MAX_STONES), True, MAX_STONES, -6.0))
    return HandicapTable(tuple(rows))


#: The default table of spec pair-go.md; an event may replace it.
DEFAULT_TABLE = _default_table()


@dataclass(frozen=True, slots=True)
class PairHandicap:
    """What a pair-go game between pairs ``a`` and ``b`` is played with.

    ``black`` is ``"a"`` or ``"b"`` (the weaker pair takes Black) or ``None`` when nigiri
    decides; ``stones`` 0 means no handicap stones (Black moves first).
    """

    points: tuple[Fraction, Fraction]
    difference: Fraction
    black: Literal["a", "b"] | None
    stones: int
    komi: float
    white_wins_ties: bool

    @property
    def nigiri(self) -> bool:
        """Whether the colours are drawn by nigiri."""
        return self.black is None


def pair_handicap(
    pair_a: Sequence[Rank], pair_b: Sequence[Rank], table: HandicapTable = DEFAULT_TABLE
) -> PairHandicap:
    """Stones, komi and colours for pairs ``a`` and ``b`` (each two ranks) from ``table``.

    >>> pair = (Rank.parse("1d"), Rank.parse("1k"))
    >>> h = pair_handicap(pair, pair)
    >>> h.nigiri, h.komi, h.white_wins_ties
    (True, 6.5, False)
    """
    if len(pair_a) != 2 or len(pair_b) != 2:
        raise PairGoError("a pair has exactly two players")
    a = pair_points(pair_a[0], pair_a[1])
    b = pair_points(pair_b[0], pair_b[1])
    difference = abs(a - b)
    row = table.row(difference)
    black: Literal["a", "b"] | None = None
    if not row.nigiri and a != b:
        black = "a" if a < b else "b"
    return PairHandicap(
        points=(a, b),
        difference=difference,
        black=black,
        stones=row.stones,
        komi=row.komi,
        white_wins_ties=row.white_wins_ties,
    )
