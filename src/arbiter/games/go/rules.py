"""The settings a game of Go is played under: counting, ko rule, komi, ties.

>>> Rules.japanese()
Rules(scoring='japanese', ko='basic', komi=6.5, white_wins_ties=False, handicap_compensation=False)
>>> Rules.chinese(komi=7.5).ko
'basic'
>>> Rules.chinese(ko="positional-superko").ko
'positional-superko'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal, get_args

from arbiter.errors import ArbiterError

Scoring = Literal["japanese", "chinese"]
KoRule = Literal["basic", "positional-superko", "situational-superko"]

SCORINGS: tuple[Scoring, ...] = get_args(Scoring)
KO_RULES: tuple[KoRule, ...] = get_args(KoRule)

#: The largest komi accepted either way; more than any board can hold is surely a typo.
MAX_KOMI = 700.0


class RulesError(ArbiterError):
    """Game settings that do not make sense."""


@dataclass(frozen=True, slots=True)
class Rules:
    """How a game is played and counted (spec go.md).

    - ``scoring``: ``"japanese"`` (territory + prisoners, seed 1.12) or ``"chinese"``
      (territory + stones, seed 1.13).
    - ``ko``: ``"basic"`` (seed 1.7), ``"positional-superko"`` (no move may recreate an earlier
      board) or ``"situational-superko"`` (nor an earlier board with the same side to move).
    - ``komi``: subtracted from Black's score; negative (White gives points) and integral komi
      are allowed (1.14).
    - ``white_wins_ties``: equal points win for White (pair go, seed 004) instead of a draw.
    - ``handicap_compensation``: with Chinese counting, White gets one point per handicap stone
      beyond the first (off by default, spec go.md).
    """

    scoring: Scoring = "japanese"
    ko: KoRule = "basic"
    komi: float = 6.5
    white_wins_ties: bool = False
    handicap_compensation: bool = False

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise RulesError(
                f"unknown scoring {self.scoring!r}: choose one of {', '.join(SCORINGS)}"
            )
        if self.ko not in KO_RULES:
            raise RulesError(f"unknown ko rule {self.ko!r}: choose one of {', '.join(KO_RULES)}")
        komi = self.komi
        if isinstance(komi, bool) or not isinstance(komi, int | float) or not math.isfinite(komi):
            raise RulesError(f"komi must be a number such as 6.5, 0 or -6, not {komi!r}")
        if abs(komi) > MAX_KOMI:
            raise RulesError(f"komi {komi} is out of range (at most {MAX_KOMI:g} either way)")
        object.__setattr__(self, "komi", float(komi))

    @classmethod
    def japanese(cls, komi: float = 6.5, **settings: object) -> Rules:
        """Japanese counting, basic ko (seed 002 1.7) unless ``ko`` says otherwise."""
        return cls("japanese", komi=komi, **settings)  # type: ignore[arg-type]

    @classmethod
    def chinese(cls, komi: float = 7.5, **settings: object) -> Rules:
        """Chinese counting, basic ko unless ``ko`` says otherwise: seed 002 has one ko rule
        (1.7) for both countings, so superko is only ever an explicit setting."""
        return cls("chinese", komi=komi, **settings)  # type: ignore[arg-type]

    def with_komi(self, komi: float) -> Rules:
        """The same rules with another komi."""
        return replace(self, komi=komi)
