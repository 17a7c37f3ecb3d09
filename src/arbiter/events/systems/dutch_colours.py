"""Colour allocation of the FIDE Dutch system (C.04.3, Article 5), as bbpPairings v6 applies it.

caissify-pairings finds bbpPairings' pairs, but its own colour allocation differs in the
details, so arbiter gives each pair its colours here from the players' played colours, scores
and pairing numbers:

1. both preferences, when they differ (or one player has none);
2. the stronger preference: an absolute one beats any other, and of two absolute ones the
   larger colour difference wins (equal differences go on to rule 3); a strong one beats a
   mild one;
3. alternate to the most recent round in which the two had different colours (played games
   only, counted back from each player's last game);
4. the preference of the higher-ranked player: by score, then pairing number (the rank at
   the time of the round, not the starting rank alone);
5. neither has a preference: the higher-ranked player gets the initial colour if his pairing
   number is odd, the other colour if it is even.

caissify ranked by pairing number alone in rules 4 and 5, compared two absolute preferences
by signed colour difference, and let a repeated colour outrank a colour difference of two;
those are the differences this module removes (docs/decisions.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

WHITE = "white"
BLACK = "black"


def other(colour: str) -> str:
    """The opposite colour."""
    return BLACK if colour == WHITE else WHITE


class Strength(Enum):
    """How strong a colour preference is (C.04.3 A.6)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True)
class Seat:
    """One player of a pair: the colours of his played games in order, his score and his
    pairing number (1 = top of the initial ranking)."""

    colours: tuple[str, ...]
    score: float
    number: int

    @property
    def imbalance(self) -> int:
        """How many more games he played with his more frequent colour."""
        return abs(self.colours.count(WHITE) - self.colours.count(BLACK))

    @property
    def run(self) -> int:
        """How many of his last games in a row had the same colour."""
        count = 0
        for colour in reversed(self.colours):
            if colour != self.colours[-1]:
                break
            count += 1
        return count

    @property
    def preference(self) -> str | None:
        """The colour he should get next, or None without any played game."""
        if not self.colours:
            return None
        whites = self.colours.count(WHITE)
        lower = BLACK if whites > len(self.colours) - whites else WHITE
        # a difference of two outranks a repeated colour: both make the preference absolute
        if self.imbalance > 1:
            return lower
        if self.run > 1:
            return other(self.colours[-1])
        return lower if self.imbalance else other(self.colours[-1])

    @property
    def strength(self) -> Strength:
        """Absolute (difference above one or the same colour twice in a row), strong
        (difference of one), mild (no difference) or none (no played game)."""
        if not self.colours:
            return Strength.NONE
        if self.imbalance > 1 or self.run > 1:
            return Strength.ABSOLUTE
        return Strength.STRONG if self.imbalance else Strength.MILD

    def ranks_above(self, opponent: Seat) -> bool:
        """Higher in the rank order of the round: more points, then a smaller number."""
        return (-self.score, self.number) < (-opponent.score, opponent.number)


def _last_difference(first: Seat, second: Seat) -> str | None:
    """The colour ``second`` had in the most recent game (counted back from each player's
    last game) in which the two had different colours, or None."""
    for mine, theirs in zip(reversed(first.colours), reversed(second.colours), strict=False):
        if mine != theirs:
            return theirs
    return None


def _neutral(first: Seat, second: Seat) -> str | None:
    """``first``'s colour by rules 1-3, or None when they leave it open."""
    mine, theirs = first.preference, second.preference
    if mine is None or theirs is None or mine != theirs:
        if mine is not None:
            return mine
        return other(theirs) if theirs is not None else None
    a, b = first.strength, second.strength
    if a is Strength.ABSOLUTE and (
        b is not Strength.ABSOLUTE or first.imbalance > second.imbalance
    ):
        return mine
    if b is Strength.ABSOLUTE and (
        a is not Strength.ABSOLUTE or second.imbalance > first.imbalance
    ):
        return other(theirs)
    if a is Strength.STRONG and b is not Strength.STRONG:
        return mine
    if b is Strength.STRONG and a is not Strength.STRONG:
        return other(theirs)
    return _last_difference(first, second)


def first_colour(first: Seat, second: Seat, initial: str) -> str:
    """The colour ``first`` gets against ``second``; ``initial`` is the event's initial
    colour (what pairing number 1 gets in round 1)."""
    chosen = _neutral(first, second)
    if chosen is not None:
        return chosen
    higher, first_is_higher = (first, True) if first.ranks_above(second) else (second, False)
    if higher.preference is not None:
        colour = higher.preference
    else:
        colour = initial if higher.number % 2 else other(initial)
    return colour if first_is_higher else other(colour)


def allocate(first: Seat, second: Seat, initial: str) -> bool:
    """True if ``first`` moves first (``w``) in the pair."""
    return first_colour(first, second, initial) == WHITE
