"""Floats: participants paired outside their score group, spread and compensated over rounds.

When two participants of different scores meet, the higher one is **drawn down** (a
down-float) and the lower one **drawn up** (an up-float); a pairing bye counts as a draw-down.
Which participant of a group floats is chosen by :func:`float_cost`, in two parts:

- the history (:data:`HISTORY_SCALE` times): 1 for a float, +4 if the participant floated the
  same way in the previous round, +2 if it did two rounds ago, +1 if it has floated that way more
  often than the other way; 0 instead of 1 when the float **compensates** one the other way
  (it floated the other way more often);
- the order: a down-floater's distance from the bottom of its group, an up-floater's from the top
  (FIDE's custom: the lowest of a group goes down, the highest of the next group comes up),
  capped at 255 (below one step of the history, which always weighs more).

>>> float_cost((), -1, 0)
256
>>> float_cost(((3, -1),), -1, 0), float_cost(((3, 1),), -1, 2)  # repeated / compensating
(1536, 2)
"""

from __future__ import annotations

#: How much more the history weighs than the order (the order is below it).
HISTORY_SCALE = 256
#: Largest order distance that still counts.
ORDER_CAP = HISTORY_SCALE - 1


def history_cost(floats: tuple[tuple[int, int], ...], direction: int, round_no: int) -> int:
    """The history part of a float in ``direction`` (+1 up, -1 down) in round ``round_no``
    (the round after the last one in ``floats`` when 0)."""
    current = round_no or ((floats[-1][0] + 1) if floats else 1)
    same = sum(1 for _, d in floats if d == direction)
    other = len(floats) - same
    by_round = dict(floats)
    cost = 0 if other > same else 1
    if by_round.get(current - 1) == direction:
        cost += 4
    if by_round.get(current - 2) == direction:
        cost += 2
    if same > other:
        cost += 1
    return cost


def float_cost(
    floats: tuple[tuple[int, int], ...], direction: int, distance: int, round_no: int = 0
) -> int:
    """The whole cost of a float: history (scaled) plus the capped order ``distance``."""
    return history_cost(floats, direction, round_no) * HISTORY_SCALE + min(distance, ORDER_CAP)
