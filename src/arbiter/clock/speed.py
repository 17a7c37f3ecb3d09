"""Speed buckets of online play (bullet, blitz, rapid, classical), as lichess sorts its games:
by the *estimated duration* of one player's time, the main time plus what 40 moves may add
(docs/decisions.md, "Lobby speeds").

What a move may add is the Fischer increment (40 of them count). With byo-yomi, the periods
count once each (the number of periods times their length): a period is spent only by a move
that overruns it, so most moves of a game in byo-yomi add nothing to the time used, and
counting one period per move would make every Go game "classical". With Canadian overtime,
the period's share of 40 moves. Absolute time adds nothing.
"""

from __future__ import annotations

from typing import Final

from arbiter.clock.control import ByoYomi, Canadian, Fischer, TimeControl

__all__ = ["ESTIMATE_MOVES", "SPEEDS", "estimated_seconds", "speed_of"]

ESTIMATE_MOVES: Final = 40
"""The moves of one player that the estimate counts (lichess's 40)."""

SPEEDS: Final = ("bullet", "blitz", "rapid", "classical")
"""The buckets, fastest first."""

_LIMITS: Final = ((180.0, "bullet"), (480.0, "blitz"), (1500.0, "rapid"))
"""Upper bounds (seconds, exclusive) of every bucket but the last, as lichess has them."""


def estimated_seconds(control: TimeControl) -> float:
    """The estimated duration of one player's time, in seconds (see the module).

    >>> from arbiter.clock import TimeControl
    >>> [estimated_seconds(TimeControl.parse(t)) for t in ("3m+2s", "10m", "5m+3x20s")]
    [260.0, 600.0, 360.0]
    """
    extra = 0.0
    if isinstance(control, Fischer):
        extra = ESTIMATE_MOVES * control.increment
    elif isinstance(control, ByoYomi):
        extra = control.periods * control.period
    elif isinstance(control, Canadian):
        extra = ESTIMATE_MOVES * control.period / max(control.moves, 1)
    return float(control.main + extra)


def speed_of(control: TimeControl) -> str:
    """The bucket of ``control``: under 3 minutes estimated bullet, under 8 blitz, under 25
    rapid, else classical.

    >>> from arbiter.clock import TimeControl
    >>> [speed_of(TimeControl.parse(t)) for t in ("1m+1s", "3m+2s", "10m+5s", "15m+10s", "60m")]
    ['bullet', 'blitz', 'rapid', 'rapid', 'classical']
    """
    seconds = estimated_seconds(control)
    for limit, name in _LIMITS:
        if seconds < limit:
            return name
    return "classical"
