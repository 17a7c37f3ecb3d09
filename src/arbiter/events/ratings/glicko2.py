"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2022 revision), for Toguz Korgool.

A rating is a value ``r``, a deviation ``RD`` and a volatility ``σ``; each rating period (an
event, or a batch of casual games) updates them from all of the period's games at once. A player
who did not play in a period only grows more uncertain (``RD`` widens). Players are rated
separately per speed class (bullet, blitz, rapid, classical), as chess and PlayOK do.

arbiter implements the system itself rather than through the PyPI ``glicko2`` package: that
package's volatility step uses the rating where the paper has the deviation (``φ²``), and it has
no update for a period without games (docs/decisions.md).

Glickman's worked example (τ = 0.5): a 1500 player (RD 200, σ 0.06) beats a 1400 (RD 30), loses
to a 1550 (RD 100) and to a 1700 (RD 300):

>>> new = Glicko2Rating(1500, 200, 0.06).update(
...     [GlickoGame(1400, 30, 1), GlickoGame(1550, 100, 0), GlickoGame(1700, 300, 0)])
>>> round(new.rating, 2), round(new.rd, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from arbiter.clock import ByoYomi, Canadian, Fischer, TimeControl
from arbiter.clock.speed import speed_of
from arbiter.errors import ArbiterError

SCALE = 173.7178
DEFAULT_TAU = 0.5
EPSILON = 1e-6


class RatingError(ArbiterError):
    """A rating, deviation, volatility or result the system cannot take."""


@dataclass(frozen=True, slots=True)
class GlickoGame:
    """One game of the period from the player's side: the opponent's rating and deviation
    (before the period) and the result (1, 0.5, 0)."""

    opponent: float
    opponent_rd: float
    result: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


@dataclass(frozen=True, slots=True)
class Glicko2Rating:
    """A Glicko-2 rating on the familiar scale (1500 for a newcomer, RD 350, σ 0.06)."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        for name, value in (
            ("rating", self.rating),
            ("RD", self.rd),
            ("volatility", self.volatility),
        ):
            if not isinstance(value, int | float) or not math.isfinite(value):
                raise RatingError(f"a Glicko-2 {name} must be a number, not {value!r}")
        if self.rd <= 0 or self.volatility <= 0:
            raise RatingError("a Glicko-2 RD and volatility must be above zero")

    def expected(self, opponent: Glicko2Rating) -> float:
        """The expected result against ``opponent``."""
        mu = (self.rating - 1500) / SCALE
        return _e(mu, (opponent.rating - 1500) / SCALE, opponent.rd / SCALE)

    def update(
        self, games: Sequence[GlickoGame], tau: float = DEFAULT_TAU, max_rd: float = 350.0
    ) -> Glicko2Rating:
        """The rating after a period with ``games`` (none: only the deviation grows)."""
        mu = (self.rating - 1500) / SCALE
        phi = self.rd / SCALE
        sigma = self.volatility
        if not games:
            return Glicko2Rating(
                self.rating, min(SCALE * math.sqrt(phi**2 + sigma**2), max_rd), sigma
            )
        for game in games:
            if game.result not in (0, 0.5, 1):
                raise RatingError(f"a result is 1, 0.5 or 0, not {game.result!r}")
            if game.opponent_rd <= 0:
                raise RatingError("an opponent's RD must be above zero")
        opp = [((g.opponent - 1500) / SCALE, g.opponent_rd / SCALE, g.result) for g in games]
        v = 1 / sum(_g(pj) ** 2 * _e(mu, mj, pj) * (1 - _e(mu, mj, pj)) for mj, pj, _ in opp)
        delta = v * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in opp)
        sigma = _new_volatility(phi, sigma, delta, v, tau)
        phi_star = math.sqrt(phi**2 + sigma**2)
        phi_new = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
        mu_new = mu + phi_new**2 * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in opp)
        return Glicko2Rating(1500 + SCALE * mu_new, min(SCALE * phi_new, max_rd), sigma)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    return math.exp(big_a / 2)


def speed_class(control: TimeControl) -> str:
    """``bullet``, ``blitz``, ``rapid`` or ``classical`` from a time control. Bullet is the
    lobby's bullet (:func:`arbiter.clock.speed.speed_of`: under 3 minutes estimated, as lichess
    counts). The others by the expected minutes per player in a game of about 60 moves each (a
    Toguz Korgool game lasts about that long): main time plus 60 increments (Fischer), plus 45
    byo-yomi periods (Japanese, as the EGF counts), plus 60 moves' share of the Canadian
    period. Under 10 minutes blitz, under 60 rapid, else classical.

    >>> from arbiter.clock import TimeControl
    >>> [speed_class(TimeControl.parse(t)) for t in ("1m+1s", "2m+1s", "3m+2s", "25m", "60m")]
    ['bullet', 'bullet', 'blitz', 'rapid', 'classical']
    >>> [speed_class(TimeControl.parse(t)) for t in ("30m+30s", "5m+3x30s")]
    ['classical', 'rapid']
    """
    if speed_of(control) == "bullet":
        return "bullet"
    minutes = control.main / 60
    if isinstance(control, Fischer):
        minutes += 60 * control.increment / 60
    elif isinstance(control, ByoYomi):
        minutes += 45 * control.period / 60
    elif isinstance(control, Canadian):
        minutes += 60 * control.period / control.moves / 60
    if minutes < 10:
        return "blitz"
    if minutes < 60:
        return "rapid"
    return "classical"
