"""Seeding inside a score group: which member of a score group should meet which.

The members of a score group are in pairing order (strongest first), at positions
``0 .. size - 1``; the group is split into a top half (``size // 2`` members) and a bottom half.

- ``split-and-slip``: the first of the top half meets the first of the bottom half, the second the
  second, ... (1–5, 2–6, 3–7, 4–8 in a group of eight; FIDE's S1 against S2).
- ``split-and-fold``: the first meets the last, the second the second last, ... (1–8, 2–7, ...).
- ``split-and-random``: the bottom half is put in an order drawn by lot (the event's seed, the
  round and the group's score), then the halves meet as in split-and-slip.

The seeding cost of two members grows with the square of their distance from that ideal, on
OpenGotha's scales: ``x = 2·|i − j| − size`` for split-and-slip, ``x = i + j − (size − 1)`` for
split-and-fold; ``x`` is capped at :data:`CAP` so that costs stay small integers.

>>> parse_methods("fold, split-and-random")
('split-and-fold', 'split-and-random')
>>> [ideal_partner("split-and-slip", i, 8) for i in range(8)]
[4, 5, 6, 7, 0, 1, 2, 3]
>>> [ideal_partner("split-and-fold", i, 8) for i in range(4)]
[7, 6, 5, 4]
>>> seeding_cost("split-and-slip", 0, 4, 8), seeding_cost("split-and-slip", 0, 5, 8)
(0, 8)
>>> seeding_cost("split-and-slip", 0, 1, 4), seeding_cost("split-and-slip", 0, 3, 4)  # halves
(9, 8)
"""

from __future__ import annotations

from collections.abc import Sequence

METHODS: tuple[str, ...] = ("split-and-slip", "split-and-fold", "split-and-random")
_ALIASES = {
    "slip": "split-and-slip",
    "fold": "split-and-fold",
    "random": "split-and-random",
    "splitandslip": "split-and-slip",
    "splitandfold": "split-and-fold",
    "splitandrandom": "split-and-random",
}

#: Largest distance from the ideal that still raises the cost (keeps weights small).
CAP = 255


def parse_method(text: str) -> str:
    """A seeding method from its name (``slip``, ``fold``, ``random`` are accepted too)."""
    value = text.strip().lower().replace("_", "-").replace(" ", "-")
    value = _ALIASES.get(value.replace("-", ""), value) if value not in METHODS else value
    if value not in METHODS:
        raise ValueError(f"seeding methods are {', '.join(METHODS)}, not {text!r}")
    return value


def parse_methods(text: str) -> tuple[str, ...]:
    """A list of seeding methods, one per round (the last one repeats)."""
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise ValueError("give at least one seeding method")
    return tuple(parse_method(p) for p in parts)


def ideal_partner(method: str, position: int, size: int, lot: Sequence[int] = ()) -> int:
    """The position of the ideal partner of ``position`` in a group of ``size``.

    ``lot`` is the order drawn for the bottom half (split-and-random): ``lot[k]`` is the
    position of the bottom-half member that the ``k``-th of the top half should meet. A member
    without a partner (the middle of an odd group in split-and-fold, the last of an odd group
    in split-and-slip) gets its own position.
    """
    half = size // 2
    if method == "split-and-fold":
        return size - 1 - position
    if method == "split-and-random" and lot:
        if position < half:
            return lot[position]
        k = lot.index(position) if position in lot else -1
        return k if 0 <= k < half else position
    if position < half:
        return position + half
    if position - half < half:
        return position - half
    return position


def seeding_cost(method: str, i: int, j: int, size: int, lot: Sequence[int] = ()) -> int:
    """The seeding cost of members ``i`` and ``j`` of a group of ``size`` (0 is ideal).

    Split-and-slip and split-and-random count ``2·x² + 1`` when both members are in the same
    half (``2·x²`` otherwise), so that of two pairings equally far from the ideal the one that
    keeps the halves apart is taken (as FIDE's exchanges do).
    """
    if method == "split-and-fold":
        x = min(abs(i + j - (size - 1)), CAP)
        return x * x
    if method == "split-and-random" and lot:
        i, j = _relabel(i, size, lot), _relabel(j, size, lot)
    half = size // 2
    x = min(abs(2 * abs(i - j) - size), CAP)
    return 2 * x * x + ((i < half) == (j < half))


def _relabel(position: int, size: int, lot: Sequence[int]) -> int:
    """Where split-and-slip would put a bottom-half member after the draw of ``lot``."""
    half = size // 2
    if position < half or position not in lot:
        return position
    return half + lot.index(position)


def labels(method: str, size: int, lot: Sequence[int] = ()) -> list[int]:
    """Each member's place on the scale its seeding cost is computed on (split-and-random puts
    the bottom half in the drawn order)."""
    if method == "split-and-random" and lot:
        return [_relabel(t, size, lot) for t in range(size)]
    return list(range(size))


def targets(method: str, label: int, size: int) -> tuple[float, ...]:
    """The places (on the :func:`labels` scale) of zero seeding cost for the member at
    ``label``: one in split-and-fold, one on each side in the others.

    >>> targets("split-and-fold", 2, 10), targets("split-and-slip", 2, 10)
    ((7,), (7.0, -3.0))
    """
    if method == "split-and-fold":
        return (size - 1 - label,)
    return (label + size / 2, label - size / 2)
