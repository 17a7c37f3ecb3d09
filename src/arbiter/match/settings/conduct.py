"""The conduct rules of a game as event settings: Toguz Korgool's (seed 000) and Go's
(seed 002 2.5–2.7, 3.18).

>>> ToguzConduct().max_draw_offers, GoConduct().warnings_to_forfeit
(3, 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from arbiter.match.settings.checks import flag, need, opt_count, opt_seconds


@dataclass(frozen=True, slots=True)
class ToguzConduct:
    """The conduct rules of a Toguz Korgool game (seed 000), as event settings.

    - ``max_draw_offers``: draw offers per player per game (8.2); one more gives the opponent
      the right to claim the game.
    - ``chylymov_moves``: Chylymov's drawn position (3.7, 8.4), "the position repeated after
      73 moves": either player may claim a draw when the position on the board is the one that
      stood on it this many full moves (numbered moves of the record, both sides') earlier;
      ``None``: no such draw.
    - ``repetitions``: the reading arbiter had before, off by default (``None``) and kept so
      that games stored with it replay alike: the draw may also be claimed when a position has
      stood on the board this many times (the current time included), however far apart
      (see docs/decisions.md).
    - ``move_cap``: full moves after which a referee may adjudicate (``None``: no cap).
    - ``completion_grace``: seconds after a flag falls in which a move still arrives as the
      "move in progress" that is completed before the flag is judged (6.6).
    - ``late_forfeit``: the late-arrival forfeit applies (3.9, 12.13); ``late_limit`` replaces
      its limit of half the main time plus 30 seconds.
    - ``reset_when_both_absent``: the Go rule of seed 002 2.6.4 also in Toguz Korgool (off: the
      Toguz code has no such rule).
    - ``warnings_to_forfeit``: warnings in one game that lose it (``None``: warnings count across
      the event, 12.11, which the event keeps).
    """

    max_draw_offers: int = 3
    chylymov_moves: int | None = 73
    repetitions: int | None = None
    move_cap: int | None = None
    completion_grace: float = 2.0
    late_forfeit: bool = True
    late_limit: float | None = None
    reset_when_both_absent: bool = False
    warnings_to_forfeit: int | None = None

    def __post_init__(self) -> None:
        opt_count(self.max_draw_offers, "max_draw_offers", 0)
        need(self.max_draw_offers is not None, "max_draw_offers must be a whole number ≥ 0")
        opt_count(self.chylymov_moves, "chylymov_moves", 1)
        opt_count(self.repetitions, "repetitions", 2)
        opt_count(self.move_cap, "move_cap", 1)
        opt_seconds(self.completion_grace, "completion_grace")
        need(self.completion_grace is not None, "completion_grace must be a number of seconds")
        object.__setattr__(self, "completion_grace", float(self.completion_grace))
        flag(self.late_forfeit, "late_forfeit")
        opt_seconds(self.late_limit, "late_limit")
        if self.late_limit is not None:
            object.__setattr__(self, "late_limit", float(self.late_limit))
        flag(self.reset_when_both_absent, "reset_when_both_absent")
        opt_count(self.warnings_to_forfeit, "warnings_to_forfeit", 1)


@dataclass(frozen=True, slots=True)
class GoConduct:
    """The conduct rules of a Go game (seed 002 2.5–2.7, 3.18), as event settings.

    - ``warnings_to_forfeit``: the warning that loses the game by forfeit (3.18.2: the second).
    - ``late_forfeit``: the late-arrival forfeit applies (2.6); ``late_limit`` replaces its limit
      (half the main time, at most one hour).
    - ``reset_when_both_absent``: both players absent at the start: when one arrives the clocks
      restart with both main times reduced by half the time elapsed (2.6.4).
    - ``extra_period_penalty``: points taken for each Canadian extra period used (2.5.5).
    """

    warnings_to_forfeit: int | None = 2
    late_forfeit: bool = True
    late_limit: float | None = None
    reset_when_both_absent: bool = True
    extra_period_penalty: float = 0.0

    def __post_init__(self) -> None:
        opt_count(self.warnings_to_forfeit, "warnings_to_forfeit", 1)
        flag(self.late_forfeit, "late_forfeit")
        opt_seconds(self.late_limit, "late_limit")
        if self.late_limit is not None:
            object.__setattr__(self, "late_limit", float(self.late_limit))
        flag(self.reset_when_both_absent, "reset_when_both_absent")
        p = self.extra_period_penalty
        need(
            not isinstance(p, bool) and isinstance(p, int | float) and math.isfinite(p) and p >= 0,
            f"extra_period_penalty must be a number of points ≥ 0, not {p!r}",
        )
        object.__setattr__(self, "extra_period_penalty", float(p))
