"""Go ranks: ``30k`` … ``1k``, ``1d`` … ``9d``, ``1p`` … ``9p``, and their numbers.

A :class:`Rank` is an ordered value on one integer scale, the one of the EGF and OpenGotha for
amateurs: 30k = -30 … 1k = -1, 1d = 0 … 9d = 8. Professional ranks continue above every amateur
rank: 1p = 9 … 9p = 17 (a professional is placed above a 9-dan amateur, as pairing programs do).

>>> Rank.parse("5k") < Rank.parse("1d") < Rank.parse("9d") < Rank.parse("1p")
True
>>> str(Rank.parse("2 DAN")), Rank.parse("2 dan").value
('2d', 1)
>>> Rank.parse("5k").points, Rank.parse("5d").points
(-4, 5)
>>> Rank.parse("1d").egf_rating(), Rank.parse("1p").egf_rating()
(2100, 2700)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

from arbiter.errors import ArbiterError
from arbiter.i18n import N_

Kind = Literal["k", "d", "p"]

#: Lowest and highest values on the scale.
MIN_VALUE = -30
MAX_VALUE = 17
_PRO_BASE = 9  # 1p

_RANK_RE = re.compile(r"^\s*(\d{1,2})\s*(k|kyu|d|dan|p|pro)\s*$", re.IGNORECASE)
_KIND_WORDS: dict[str, Kind] = {
    "k": "k",
    "kyu": "k",
    "d": "d",
    "dan": "d",
    "p": "p",
    "pro": "p",
}
_LIMITS: dict[Kind, int] = {"k": 30, "d": 9, "p": 9}


class RankError(ArbiterError):
    """A rank or rating that cannot be read or is out of range."""


@dataclass(frozen=True, order=True, slots=True)
class Rank:
    """A Go rank, ordered by strength; ``value`` is its place on the scale described above.

    Build one with :meth:`parse`, :meth:`kyu`, :meth:`dan`, :meth:`pro` or from a value:

    >>> Rank(-1), Rank.kyu(1) == Rank(-1), Rank.pro(9).value
    (Rank('1k'), True, 17)
    """

    value: int

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise RankError(f"a rank value must be an integer, not {self.value!r}")
        if not MIN_VALUE <= self.value <= MAX_VALUE:
            raise RankError(
                f"rank value {self.value} is out of range {MIN_VALUE}..{MAX_VALUE} (30k..9p)"
            )

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read ``30k``…``1k``, ``1d``…``9d``, ``1p``…``9p``; case and spaces do not matter,
        and ``kyu``, ``dan``, ``pro`` may be written out.

        >>> Rank.parse("15K"), Rank.parse(" 3 pro "), Rank.parse("1 kyu")
        (Rank('15k'), Rank('3p'), Rank('1k'))
        >>> Rank.parse("10d")
        Traceback (most recent call last):
        ...
        arbiter.games.go.rank.RankError: rank '10d' is out of range: dan ranks go from 1d to 9d
        """
        if not isinstance(text, str):
            raise RankError(f"a rank must be text such as '5k', '2d' or '1p', not {text!r}")
        match = _RANK_RE.match(text)
        if match is None:
            raise RankError(
                N_("cannot read rank {rank!r}: expected e.g. '5k', '2d', '1p' or '5 kyu'"),
                rank=text,
            )
        grade = int(match.group(1))
        kind = _KIND_WORDS[match.group(2).lower()]
        return cls._of(kind, grade, text)

    @classmethod
    def kyu(cls, grade: int) -> Rank:
        """The kyu rank ``grade`` (1 to 30)."""
        return cls._of("k", grade, f"{grade}k")

    @classmethod
    def dan(cls, grade: int) -> Rank:
        """The amateur dan rank ``grade`` (1 to 9)."""
        return cls._of("d", grade, f"{grade}d")

    @classmethod
    def pro(cls, grade: int) -> Rank:
        """The professional dan rank ``grade`` (1 to 9)."""
        return cls._of("p", grade, f"{grade}p")

    @classmethod
    def _of(cls, kind: Kind, grade: int, text: str) -> Rank:
        limit = _LIMITS[kind]
        if not 1 <= grade <= limit:
            name = {
                "k": N_("rank {rank!r} is out of range: kyu ranks go from 30k to 1k"),
                "d": N_("rank {rank!r} is out of range: dan ranks go from 1d to 9d"),
            }.get(kind, N_("rank {rank!r} is out of range: professional ranks go from 1p to 9p"))
            raise RankError(name, rank=text)
        if kind == "k":
            return cls(-grade)
        if kind == "d":
            return cls(grade - 1)
        return cls(_PRO_BASE + grade - 1)

    @classmethod
    def from_egf_rating(cls, rating: float, *, pro: bool = False) -> Rank:
        """The rank whose EGF rating is nearest to ``rating`` (a tie goes to the higher rank).

        Amateur ranks by default: 1d = 2100 and 100 per grade, clamped to 30k…9d. With
        ``pro=True`` the professional scale: 1p = 2700 and 30 per grade, clamped to 1p…9p.

        >>> Rank.from_egf_rating(2149), Rank.from_egf_rating(2050), Rank.from_egf_rating(1000)
        (Rank('1d'), Rank('1d'), Rank('11k'))
        >>> Rank.from_egf_rating(2790, pro=True)
        Rank('4p')
        """
        if isinstance(rating, bool) or not isinstance(rating, int | float):
            raise RankError(f"an EGF rating must be a number, not {rating!r}")
        if not math.isfinite(rating):
            raise RankError(f"an EGF rating must be a finite number, not {rating!r}")
        if pro:
            grade = math.floor((rating - 2700 + 15) / 30) + 1
            return cls.pro(min(max(grade, 1), 9))
        value = math.floor((rating - 2100 + 50) / 100)
        return cls(min(max(value, MIN_VALUE), _PRO_BASE - 1))

    # -- reading ----------------------------------------------------------------------------

    @property
    def kind(self) -> Kind:
        """``"k"`` for kyu, ``"d"`` for amateur dan, ``"p"`` for professional."""
        if self.value < 0:
            return "k"
        if self.value < _PRO_BASE:
            return "d"
        return "p"

    @property
    def grade(self) -> int:
        """The number written in the rank: 5 for ``5k``, 2 for ``2d``, 1 for ``1p``."""
        if self.value < 0:
            return -self.value
        if self.value < _PRO_BASE:
            return self.value + 1
        return self.value - _PRO_BASE + 1

    @property
    def is_pro(self) -> bool:
        """Whether this is a professional rank."""
        return self.value >= _PRO_BASE

    @property
    def points(self) -> int:
        """Rank points for pair go (seed 004): a dan rank d gives d, a kyu rank k gives 1 - k.

        Professional ranks continue the scale above 9d (1p = 10 … 9p = 18), the same as
        ``value + 1`` for every rank.

        >>> [Rank.parse(r).points for r in ("5d", "1d", "1k", "5k", "8k", "1p")]
        [5, 1, 0, -4, -7, 10]
        """
        return self.value + 1

    def egf_rating(self) -> int:
        """The EGF rating of the middle of this rank: 1d = 2100, 100 per amateur grade
        (30k = -900, 9d = 2900), 1p = 2700 and 30 per professional grade (9p = 2940).

        >>> Rank.parse("20k").egf_rating(), Rank.parse("7d").egf_rating()
        (100, 2700)
        """
        if self.is_pro:
            return 2700 + 30 * (self.grade - 1)
        return 2100 + 100 * self.value

    def __str__(self) -> str:
        return f"{self.grade}{self.kind}"

    def __repr__(self) -> str:
        return f"Rank({str(self)!r})"
