"""The EGF Go rating (GoR), as the European Go Database computes it since 2021.

For a player rated ``r`` (below 3300) against an opponent rated ``r_opp``:

- ``β(r) = −7·ln(3300 − r)``;
- expected result ``Se = 1 / (1 + e^(β(r_opp) − β(r)))``;
- ``con = ((3300 − r) / 200)^1.6`` and ``bonus = ln(1 + e^((2300 − r) / 80)) / 5``;
- after a game with result ``Sa`` (1, ½, 0): ``r' = r + con·(Sa − Se) + bonus``.

A handicap of ``h`` stones adds ``100·(h − 0.5)`` to the rating of the player who receives them,
for the expectation only. A tournament's games are all rated from the ratings before it, and the
whole change is weighted by the tournament's class: A 1, B 0.75, C 0.5, D 0.25.

>>> round(egf_update(2100, [EgfGame(2100, 1.0)]), 3), round(egf_update(2100, [EgfGame(2100, 0)]), 3)
(2109.306, 2091.725)
>>> round(egf_update(1500, [EgfGame(1800, 1.0)]), 3)
1528.296
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from arbiter.clock import Fischer, TimeControl
from arbiter.errors import ArbiterError
from arbiter.i18n import N_

TournamentClass = Literal["A", "B", "C", "D"]
CLASS_WEIGHTS: dict[str, float] = {"A": 1.0, "B": 0.75, "C": 0.5, "D": 0.25}
CEILING = 3300.0


class EgfRatingError(ArbiterError):
    """A rating the EGF formula cannot take, or an unknown tournament class."""


@dataclass(frozen=True, slots=True)
class EgfGame:
    """One rated game from the player's side: the opponent's rating (before the tournament),
    the result (1 win, 0.5 jigo, 0 loss), and the handicap: ``stones`` given in the game and
    whether the player ``received`` them (took Black) or gave them."""

    opponent: float
    result: float
    stones: int = 0
    received: bool = False


def _check(r: float, who: str = "rating") -> float:
    if not isinstance(r, int | float) or math.isnan(r):
        raise EgfRatingError(f"a {who} must be a number, not {r!r}")
    if r >= CEILING:
        raise EgfRatingError(
            N_("an EGF rating must stay below {ceiling}, not {rating}"),
            ceiling=f"{CEILING:g}",
            rating=f"{r:g}",
        )
    return float(r)


def beta(r: float) -> float:
    """``β(r) = −7·ln(3300 − r)``."""
    return -7 * math.log(CEILING - _check(r))


def egf_expected(r: float, opponent: float, stones: int = 0, received: bool = False) -> float:
    """The expected result of a player rated ``r`` against ``opponent``.

    >>> egf_expected(2100, 2100)
    0.5
    >>> round(egf_expected(2000, 2300, stones=3, received=True), 4)
    0.4154
    """
    if not isinstance(stones, int) or not 0 <= stones <= 9:
        raise EgfRatingError(N_("a handicap is 0 to 9 stones, not {stones!r}"), stones=stones)
    bonus = 100 * (stones - 0.5) if stones >= 1 else 0.0
    mine, theirs = _check(r), _check(opponent, "opponent's rating")
    if received:
        mine += bonus
    else:
        theirs += bonus
    mine, theirs = min(mine, CEILING - 1e-9), min(theirs, CEILING - 1e-9)
    return 1 / (1 + math.exp(beta(theirs) - beta(mine)))


def con(r: float) -> float:
    """``((3300 − r) / 200)^1.6``: how far one game moves the rating."""
    return float(((CEILING - _check(r)) / 200) ** 1.6)


def bonus(r: float) -> float:
    """``ln(1 + e^((2300 − r) / 80)) / 5``: a small gain per game, larger for weaker players."""
    return math.log1p(math.exp((2300 - _check(r)) / 80)) / 5


def egf_change(r: float, game: EgfGame) -> float:
    """The change one game makes to a rating ``r`` (class A)."""
    if game.result not in (0, 0.5, 1):
        raise EgfRatingError(N_("a result is 1, 0.5 or 0, not {result!r}"), result=game.result)
    expected = egf_expected(r, game.opponent, game.stones, game.received)
    return con(r) * (game.result - expected) + bonus(r)


def egf_update(r: float, games: Iterable[EgfGame], cls: TournamentClass | str = "A") -> float:
    """The rating after a tournament: every game rated from ``r``, the sum weighted by class."""
    if cls not in CLASS_WEIGHTS:
        raise EgfRatingError(N_("a tournament class is A, B, C or D, not {cls!r}"), cls=cls)
    total = sum(egf_change(r, g) for g in games)
    return min(r + CLASS_WEIGHTS[cls] * total, CEILING - 1e-6)


def tournament_class(
    basic_minutes: float, adjusted_minutes: float, *, online: bool = False, fischer: bool = False
) -> str | None:
    """The EGF class of a tournament from its basic and adjusted time (spec formats.md), or
    ``None`` when games that fast are not rated.

    Over the board, basic/adjusted at least 60/75 minutes → A, 40/50 → B, 25/30 → C (Fischer
    45/75, 30/50, 20/30); online, 40/50 (Fischer 30/50) → D.

    >>> tournament_class(60, 82.5), tournament_class(40, 55), tournament_class(20, 40)
    ('A', 'B', None)
    >>> tournament_class(60, 82.5, online=True)
    'D'
    """
    if online:
        basic = 30 if fischer else 40
        return "D" if basic_minutes >= basic and adjusted_minutes >= 50 else None
    limits = (
        ((45, 75, "A"), (30, 50, "B"), (20, 30, "C"))
        if fischer
        else ((60, 75, "A"), (40, 50, "B"), (25, 30, "C"))
    )
    for basic, adjusted, cls in limits:
        if basic_minutes >= basic and adjusted_minutes >= adjusted:
            return cls
    return None


def control_class(control: TimeControl, *, online: bool = False) -> str | None:
    """The EGF class of a tournament played at ``control`` (see :func:`tournament_class`).

    >>> from arbiter.clock import TimeControl
    >>> control_class(TimeControl.parse("60m+3x30s")), control_class(TimeControl.parse("30m+5s"))
    ('A', 'C')
    """
    return tournament_class(
        control.main / 60,
        control.adjusted_minutes(),
        online=online,
        fischer=isinstance(control, Fischer),
    )
