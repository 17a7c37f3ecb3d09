"""The rank and the EGF-scale rating that a federation's rating stands for.

The three lists count strength differently:

- the **EGF** gives the grade (``20k``, ``4d``) and the GoR, on the scale where 1d = 2100 and a
  grade is 100 points;
- the **FFG**'s échelle is 100 points a grade too, with 1d from 0 to 99, 1k from -100 to -1,
  ... 30k at -3000 and below; ``-9999`` means "no rating". On the EGF's scale it is 2050 points
  higher (OpenGotha's convention: 0 is 2050, the middle between 1k and 1d);
- the **AGA** rating is a real number, dan from 1 up (``5.3`` is 5d), kyu from -1 down
  (``-20.05`` is 20k), never between -1 and 1. OpenGotha puts 1.0 at 2050 on the EGF's scale
  and -1.0 at 2050 too (rating × 100 + 1950 for a dan, + 2150 for a kyu).

Ranks are clamped to 30k…9d. Every conversion here is OpenGotha's, so that a player registered
from a list has the rank and rating OpenGotha would give them.

>>> ffg_rank(243), ffg_rank(-1), ffg_rank(-3000), ffg_rank(-9999)
(Rank('3d'), Rank('1k'), Rank('30k'), None)
>>> aga_rank(5.3), aga_rank(-20.05711), aga_rank(-36.5), aga_rank(9.99)
(Rank('5d'), Rank('20k'), Rank('30k'), Rank('9d'))
>>> egf_scale("ffg", 243), egf_scale("aga", 530), egf_scale("aga", -2006), egf_scale("egf", 2388)
(2293, 2480, 144, 2388)
"""

from __future__ import annotations

import math

from arbiter.games.go.rank import MIN_VALUE, Rank

__all__ = ["FFG_NONE", "aga_rank", "egf_scale", "entry_rating", "ffg_rank"]

FFG_NONE = -9999
"""The échelle's "no rating"."""
_MAX_AMATEUR = 8  # 9d on the rank scale


def _clamped(value: int) -> Rank:
    return Rank(min(max(value, MIN_VALUE), _MAX_AMATEUR))


def ffg_rank(rating: int) -> Rank | None:
    """The rank of an FFG échelle rating (``None`` for :data:`FFG_NONE`)."""
    if rating == FFG_NONE:
        return None
    return _clamped(math.floor(rating / 100))


def aga_rank(rating: float) -> Rank:
    """The rank of an AGA rating: its whole part, dan above zero, kyu below (a rating between
    -1 and 1, which the AGA never gives, is 1k below zero and 1d from zero up)."""
    grade = max(int(abs(rating)), 1)
    return _clamped(-grade if rating < 0 else grade - 1)


def egf_scale(registry: str, rating: int) -> int:
    """A list's rating (as :class:`~.listed.ListedPlayer` keeps it) on the EGF's scale."""
    if registry == "ffg":
        return rating + 2050
    if registry == "aga":
        if rating >= 100:
            return rating + 1950
        if rating <= -100:
            return rating + 2150
        return 2050
    return rating


def entry_rating(registry: str, rating: int | None) -> int | None:
    """The rating an entry gets from a list: the list's on the EGF's scale, when an entry can
    hold it (0 to 4000; the rank says the rest: a 25k's rating is below zero)."""
    if rating is None:
        return None
    scaled = egf_scale(registry, rating)
    return scaled if 0 <= scaled <= 4000 else None
