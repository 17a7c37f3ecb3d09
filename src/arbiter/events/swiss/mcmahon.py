"""McMahon specifics: starting-score corrections (top groups) and the McMahon scores before a
round.

A McMahon event starts every player at ``clamp(rank, floor, bar) + 30`` (the EGF/OpenGotha
scale, spec **D**), plus an optional correction per player (``mms_corrections``, e.g. to build a
top group above the bar; the setting reads them with
:func:`~arbiter.events.settings.pairing.parse_corrections`); the McMahon score (MMS) is that
plus the points scored.

>>> parse_corrections("1:+1, 7:-1")
((1, 1), (7, -1))
"""

from __future__ import annotations

from fractions import Fraction

from arbiter.events.competition import Competition
from arbiter.events.settings.pairing import parse_corrections

__all__ = ["mcmahon_scores", "parse_corrections"]


_CACHE: list[tuple[Competition, int, dict[int, Fraction]]] = []


def mcmahon_scores(event: Competition, upto: int | None = None) -> dict[int, Fraction]:
    """Every participant's McMahon score after round ``upto`` (default: every paired round):
    the starting score plus the points (provisional results count).

    The last answer is kept (for the same event value and round), so that asking for each
    game of a round costs one computation.
    """
    last = len(event.rounds) if upto is None else upto
    if _CACHE and _CACHE[0][0] is event and _CACHE[0][1] == last:
        return _CACHE[0][2]
    from arbiter.events.scorecard import deductions, encounters
    from arbiter.events.standings import starting_scores

    start = starting_scores(event)
    penalty = deductions(event, last)
    scores = {
        no: start.get(no, Fraction(0))
        + sum((e.points for e in records), Fraction(0))
        - penalty.get(no, Fraction(0))
        for no, records in encounters(event, last).items()
    }
    _CACHE[:] = [(event, last, scores)]
    return scores
