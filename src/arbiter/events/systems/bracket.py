"""Brackets: knockout systems as a fixed graph of matches fed by seeds, winners and losers.

A bracket has ``size`` lines (a power of two). Seeds go to lines by the seed's rule (seed 002
2.8.2): the two strongest on the first and last lines, the next two at the start of the second
half and at the end of the first half, and so on, so that favourites meet as late as possible.
Lines without a participant hold a *phantom*: a phantom loses every match without a game, so
the top seeds get the round-1 byes when the number of entries is not a power of two.

Each match (a :class:`Slot`) takes its two sides from a seed line or from the winner or loser
of an earlier match, is played in a given round, and may decide a final *class*: participants
with equal classes share a place; a lower class is a better place.

The seed also lets the participants play as they stand in the list, "the first with the second,
the third with the fourth" (2.8.2, first paragraph): :func:`in_order_lines`.

>>> bracket_lines(8)
(1, 8, 5, 4, 3, 6, 7, 2)
>>> in_order_lines(8, 8)
(1, 2, 3, 4, 5, 6, 7, 8)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from arbiter.events.errors import PairingError

PHANTOM = 0
"""The participant number of an empty bracket line."""


def bracket_size(n: int) -> int:
    """The smallest power of two holding ``n`` (at least 2)."""
    size = 2
    while size < n:
        size *= 2
    return size


def bracket_lines(size: int) -> tuple[int, ...]:
    """The seed on each line of a bracket of ``size`` lines (seed 002 2.8.2).

    Each doubling puts next to every seed s its first-round opponent ``2·size' + 1 − s``,
    alternately after and before it, so seed 1 stays on the first line and seed 2 on the last.

    >>> bracket_lines(4), bracket_lines(16)[:8]
    ((1, 4, 3, 2), (1, 16, 9, 8, 5, 12, 13, 4))
    """
    lines: list[int] = [1, 2]
    while len(lines) < size:
        total = 2 * len(lines) + 1
        grown: list[int] = []
        for index, seed in enumerate(lines):
            pair = [seed, total - seed]
            grown.extend(pair if index % 2 == 0 else pair[::-1])
        lines = grown
    return tuple(lines)


def in_order_lines(size: int, n: int) -> tuple[int, ...]:
    """The seeds on the lines in list order (seed 002 2.8.2: «первый со вторым, третий с
    четвертым», the first with the second, the third with the fourth); with ``n`` below
    ``size`` the first ``size − n`` seeds each meet an empty line (a bye: a seed above ``n``
    is a phantom) and the rest play in order.

    >>> in_order_lines(8, 6)
    (1, 7, 2, 8, 3, 4, 5, 6)
    """
    byes = max(0, size - n)
    lines: list[int] = []
    for seed in range(1, byes + 1):
        lines += [seed, n + seed]
    lines += range(byes + 1, n + 1)
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class Source:
    """Where a side of a match comes from: a seed ``line`` (1-based) or the ``winner``/``loser``
    of another match."""

    kind: Literal["line", "winner", "loser"]
    ref: int | str


@dataclass(frozen=True, slots=True)
class Slot:
    """A match of the bracket.

    ``win_class``/``lose_class``: the final class of its winner/loser when the match decides
    one (``None``: they play on). ``reset_of``: a grand-final reset, played only when the side
    ``b`` of that final (the losers' bracket winner) won it.
    """

    id: str
    round: int
    a: Source
    b: Source
    win_class: int | None = None
    lose_class: int | None = None
    reset_of: str | None = None


@dataclass(frozen=True, slots=True)
class Bracket:
    """A whole bracket: its line count, matches in table order, and the seed on each line
    (empty: the spread of :func:`bracket_lines`)."""

    size: int
    slots: tuple[Slot, ...]
    lines: tuple[int, ...] = ()

    @property
    def rounds(self) -> int:
        """The last round a match can be played in."""
        return max(s.round for s in self.slots)

    def slot(self, slot_id: str) -> Slot:
        """The match called ``slot_id``."""
        for s in self.slots:
            if s.id == slot_id:
                return s
        raise KeyError(slot_id)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A match resolved as far as the results allow: its sides (``None``: not known yet), its
    winner and loser, whether a game is needed, and whether it is skipped (an unneeded reset)."""

    a: int | None
    b: int | None
    winner: int | None = None
    loser: int | None = None
    skipped: bool = False
    both_out: bool = False

    @property
    def needs_game(self) -> bool:
        """Two real participants meet."""
        return (
            not self.skipped
            and self.a is not None
            and self.b is not None
            and PHANTOM not in (self.a, self.b)
        )


#: Decides a meeting of two real participants: (slot, side a, side b) -> the winner, or None
#: while no (counted) result decides it.
Decider = Callable[[Slot, int, int], int | None]


def resolve(bracket: Bracket, seeds: Sequence[int], decide: Decider) -> dict[str, Outcome]:
    """Resolve every match as far as the results allow; ``seeds[i]`` is the participant with
    seed ``i + 1`` (lines beyond the entries hold phantoms). Matches come in an order where
    every source precedes its use."""
    lines = bracket.lines or bracket_lines(bracket.size)
    by_line = [seeds[s - 1] if s <= len(seeds) else PHANTOM for s in lines]
    done: dict[str, Outcome] = {}

    def side(src: Source) -> int | None:
        if src.kind == "line":
            return by_line[int(src.ref) - 1]
        found = done.get(str(src.ref))
        if found is None:
            return None
        return found.winner if src.kind == "winner" else found.loser

    for slot in bracket.slots:
        a, b = side(slot.a), side(slot.b)
        if slot.reset_of is not None:
            first = done.get(slot.reset_of)
            if first is not None and first.winner is not None and first.winner == first.a:
                done[slot.id] = Outcome(a, b, first.winner, first.loser, skipped=True)
                continue
        if a is None or b is None:
            done[slot.id] = Outcome(a, b)
        elif a == PHANTOM or b == PHANTOM:
            winner, loser = (b, a) if a == PHANTOM else (a, b)
            done[slot.id] = Outcome(a, b, winner, loser)
        else:
            winner_no = decide(slot, a, b)
            if winner_no is None:
                done[slot.id] = Outcome(a, b)
            elif winner_no == PHANTOM:
                # both sides lost (a double forfeit): nobody goes on, a phantom takes the place
                done[slot.id] = Outcome(a, b, PHANTOM, PHANTOM, both_out=True)
            else:
                done[slot.id] = Outcome(a, b, winner_no, b if winner_no == a else a)
    return done


def classes(bracket: Bracket, outcomes: dict[str, Outcome]) -> dict[int, Fraction]:
    """Each real participant's class: final when decided; for one still playing, the class it
    would get by losing every match left, less one half (it is ahead of those already out at
    that stage)."""
    result: dict[int, Fraction] = {}
    feeds_loser = {str(s.a.ref): s.id for s in bracket.slots if s.a.kind == "loser"}
    feeds_loser.update({str(s.b.ref): s.id for s in bracket.slots if s.b.kind == "loser"})
    by_id = {s.id: s for s in bracket.slots}

    def worst(slot_id: str) -> int:
        slot = by_id[slot_id]
        if slot.lose_class is not None:
            return slot.lose_class
        nxt = feeds_loser.get(slot_id)
        if nxt is None:
            raise PairingError(f"bracket match {slot_id} sends its loser nowhere")
        return worst(nxt)

    def after_reset(slot_id: str) -> int | None:
        for s in bracket.slots:
            if s.reset_of == slot_id:
                return s.lose_class
        return None

    def worst_of(slot_id: str) -> int:
        reset = after_reset(slot_id)
        return reset if reset is not None else worst(slot_id)

    pending: dict[int, str] = {}
    for slot in bracket.slots:
        out = outcomes.get(slot.id)
        if out is None:
            continue
        if out.winner is None:
            for p in (out.a, out.b):
                if p is not None and p != PHANTOM:
                    pending.setdefault(p, slot.id)
            continue
        if out.loser is not None and out.loser != PHANTOM and slot.lose_class is not None:
            result[out.loser] = Fraction(slot.lose_class)
        if out.winner != PHANTOM and slot.win_class is not None:
            result[out.winner] = Fraction(slot.win_class)
        if out.winner == PHANTOM and out.both_out:
            for p in (out.a, out.b):
                if p is not None and p != PHANTOM and p not in result:
                    result[p] = Fraction(worst_of(slot.id))
    for p, slot_id in pending.items():
        if p not in result:
            result[p] = Fraction(worst_of(slot_id)) - Fraction(1, 2)
    return result


def champion_decided(bracket: Bracket, outcomes: dict[str, Outcome]) -> bool:
    """Whether every match has been decided or skipped."""
    return all(
        (o := outcomes.get(s.id)) is not None and (o.skipped or o.winner is not None)
        for s in bracket.slots
    )
