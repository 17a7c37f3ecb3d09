"""McMahon specifics: starting-score corrections (top groups) and the McMahon scores before a
round.

A McMahon event starts every player at ``clamp(rank, floor, bar) + 30`` (the EGF/OpenGotha
scale, spec **D**), plus an optional correction per player (``mms_corrections``, e.g. to build a
top group above the bar); the McMahon score (MMS) is that plus the points scored.

>>> parse_corrections("1:+1, 7:-1")
((1, 1), (7, -1))
"""

from __future__ import annotations

from fractions import Fraction

from arbiter.events.event import Event


def parse_corrections(text: str) -> tuple[tuple[int, int], ...]:
    """``no:+k`` items separated by commas, sorted by number (``k`` from -9 to +9)."""
    found: dict[int, int] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        number, sep, value = item.partition(":")
        if not sep:
            raise ValueError(f"write a correction as NUMBER:+K (e.g. 3:+1), not {item.strip()!r}")
        try:
            no, correction = int(number.strip()), int(value.strip())
        except ValueError:
            raise ValueError(f"a correction is NUMBER:+K, not {item.strip()!r}") from None
        if no < 1:
            raise ValueError(f"participant numbers start at 1, not {no}")
        if not -9 <= correction <= 9:
            raise ValueError(f"a McMahon correction is from -9 to +9, not {correction}")
        found[no] = correction
    return tuple(sorted((no, c) for no, c in found.items() if c != 0))


_CACHE: list[tuple[Event, int, dict[int, Fraction]]] = []


def mcmahon_scores(event: Event, upto: int | None = None) -> dict[int, Fraction]:
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
