"""Colours: who moves first (Go: Black; Toguz Korgool: White) in a Swiss or McMahon game.

Colours alternate as far as possible (seed 002 2.8.6). A participant's colour history is its
played games without handicap, ``+1`` moving first and ``-1`` moving second; its **balance** is
their sum. Its preference for the next game, strongest first:

- ``absolute``: balance ±2, or the last two games with the same colour — the other colour;
- ``strong``: balance ±1 — the colour that evens it;
- ``mild``: balance 0 — the colour it did not have last;
- none before its first game.

Two participants get their colours by these rules, in order: both preferences when they agree;
otherwise the stronger preference; with equal strength the one with the larger imbalance, then
the one whose colours differed most recently from the other's history alternates (FIDE's rule),
then the higher in pairing order. Without any preference (first games) colours are drawn by lot
with the event's seed.

Costs of a pair (see :mod:`arbiter.events.swiss.weights`): ``balance`` counts the participants
who would reach a balance of ±3; ``repeat`` those who would get the same colour a third time in a
row; ``preference`` is 2 for a strong and 1 for a mild preference not granted.

>>> allocate((), (), 7, 1, (3, 4)) in ((3, 4), (4, 3))
True
>>> allocate(((1, 1),), ((1, 1),), 0, 2, (3, 4))  # both moved first: the higher one alternates
(4, 3)
>>> costs(((1, 1), (2, -1)), ((1, -1), (2, 1)), first_is_a=True)  # both get what they want
Costs(balance=0, repeat=0, preference=0)
>>> costs(((1, 1), (2, -1)), ((1, -1), (2, -1)), first_is_a=True)  # b moves second a third time
Costs(balance=1, repeat=1, preference=2)
>>> costs(((1, 1), (2, 1)), (), first_is_a=True)  # a third first move in a row, balance +3
Costs(balance=1, repeat=1, preference=2)
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.events.lots import coin

History = tuple[tuple[int, int], ...]

NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3


@dataclass(frozen=True, slots=True)
class Costs:
    """What a colour allocation breaks."""

    balance: int = 0
    repeat: int = 0
    preference: int = 0


def preference(history: History) -> tuple[int, int]:
    """``(colour, strength)``: the colour wanted next (+1 first, -1 second, 0 none) and how
    strongly (:data:`NONE` .. :data:`ABSOLUTE`)."""
    if not history:
        return 0, NONE
    balance = sum(c for _, c in history)
    last = history[-1][1]
    if balance >= 2 or balance <= -2:
        return (-1 if balance > 0 else 1), ABSOLUTE
    if len(history) >= 2 and history[-2][1] == last:
        return -last, ABSOLUTE
    if balance != 0:
        return -balance, STRONG
    return -last, MILD


def _differs_recently(a: History, b: History) -> int:
    """+1 when, going back from the last round, ``a`` and ``b`` first differ with ``a`` having
    moved first (so ``a`` should now move second), -1 the other way, 0 if never."""
    ra = dict(a)
    rb = dict(b)
    for r in sorted(set(ra) & set(rb), reverse=True):
        if ra[r] != rb[r]:
            return ra[r]
    return 0


def allocate(
    a: History,
    b: History,
    seed: int,
    round_no: int,
    pair: tuple[int, int],
    prefs: tuple[tuple[int, int], tuple[int, int]] | None = None,
) -> tuple[int, int]:
    """``(first, second)``: which of ``pair = (no_a, no_b)`` moves first. ``a`` is the higher of
    the two in pairing order; ``prefs`` may give both preferences already computed."""
    no_a, no_b = pair
    (ca, sa), (cb, sb) = prefs if prefs is not None else (preference(a), preference(b))
    a_first: bool
    if sa == NONE and sb == NONE:
        a_first = coin(seed, "colour", round_no, min(no_a, no_b), max(no_a, no_b)) == (no_a < no_b)
    elif ca != cb or sb == NONE:
        a_first = ca == 1 if sa != NONE else cb == -1
    elif sa != sb:
        a_first = ca == 1 if sa > sb else cb == -1
    else:
        ba, bb = abs(sum(c for _, c in a)), abs(sum(c for _, c in b))
        if ba != bb:
            a_first = ca == 1 if ba > bb else cb == -1
        else:
            recent = _differs_recently(a, b)
            a_first = recent == -1 if recent != 0 else ca == 1
    return (no_a, no_b) if a_first else (no_b, no_a)


def cost_of(history: History, colour: int) -> Costs:
    """What getting ``colour`` (+1 first, -1 second) breaks for one participant."""
    balance = sum(c for _, c in history) + colour
    repeat = int(len(history) >= 2 and history[-1][1] == colour and history[-2][1] == colour)
    want, strength = preference(history)
    missed = 0
    if want != 0 and want != colour:
        missed = 2 if strength >= STRONG else 1
    return Costs(int(abs(balance) >= 3), repeat, missed)


def costs(a: History, b: History, *, first_is_a: bool) -> Costs:
    """What the allocation (``a`` first when ``first_is_a``) breaks, for both participants."""
    ca = cost_of(a, 1 if first_is_a else -1)
    cb = cost_of(b, -1 if first_is_a else 1)
    return Costs(ca.balance + cb.balance, ca.repeat + cb.repeat, ca.preference + cb.preference)
