"""The game a match plays, with its options: Toguz Korgool (or Bestemshe) and Go.

>>> ToguzGame("bestemshe").position().variant.name
'bestemshe'
>>> GoGame(9, handicap=2).handicap
2
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal, TypeAlias

from arbiter.clock import Side
from arbiter.errors import ArbiterError
from arbiter.games.go import MAX_SIZE, MIN_SIZE, Rules, max_fixed_handicap
from arbiter.games.go.handicap import MAX_STONES
from arbiter.games.toguz import Position
from arbiter.match.settings.checks import SettingsError, flag, need, opt_count

GameKind: TypeAlias = Literal["toguz", "go"]
Placement: TypeAlias = Literal["fixed", "free"]
#: Where handicap stones go: the star points, or where Black puts them (Chinese rules only).
PLACEMENTS: tuple[Placement, ...] = ("fixed", "free")


@dataclass(frozen=True, slots=True)
class ToguzGame:
    """Toguz Korgool (or Bestemshe) with ``first`` to move (White by default, seed 000 6.3);
    ``start``, a position string (FEN, docs/toguz.md), plays on from a set position instead
    (its variant and side to move then apply)."""

    variant: str = "toguz"
    first: Side = "white"
    start: str | None = None

    def __post_init__(self) -> None:
        need(
            self.variant in ("toguz", "bestemshe"),
            f"unknown variant {self.variant!r}: toguz or bestemshe",
        )
        need(self.first in ("black", "white"), f"first must be black or white, not {self.first!r}")
        if self.start is not None:
            need(
                isinstance(self.start, str), f"start must be a position string, not {self.start!r}"
            )
            try:
                pos = Position.from_fen(self.start)
            except ArbiterError as exc:
                raise SettingsError(f"start position: {exc}") from None
            need(not pos.is_over, "the start position is already decided")
            object.__setattr__(self, "variant", pos.variant.name)
            object.__setattr__(self, "first", pos.to_move)

    def position(self) -> Position:
        """The position the game starts from."""
        if self.start is not None:
            return Position.from_fen(self.start)
        return Position.initial(self.variant, first=self.first)


@dataclass(frozen=True, slots=True)
class GoGame:
    """Go: board ``size``, ``rules`` (an :class:`arbiter.games.go.Rules`), ``handicap``
    stones, ``pair`` go (seed 004), and ``handicap_placement``: ``"fixed"`` (the star points
    of seed 002 appendix 1) or ``"free"`` (Black places them on any points before White's
    first move, which the appendix's note allows only with Chinese counting).

    >>> GoGame(9, Rules(scoring="chinese"), handicap=7, handicap_placement="free").handicap
    7
    """

    size: int = 19
    rules: Rules = dataclasses.field(default_factory=Rules)
    handicap: int = 0
    pair: bool = False
    handicap_placement: Placement = "fixed"

    def __post_init__(self) -> None:
        need(
            not isinstance(self.size, bool)
            and isinstance(self.size, int)
            and MIN_SIZE <= self.size <= MAX_SIZE,
            f"the board size is {MIN_SIZE} to {MAX_SIZE}, not {self.size!r}",
        )
        need(isinstance(self.rules, Rules), f"rules must be Go Rules, not {self.rules!r}")
        opt_count(self.handicap, "handicap", 0)
        need(
            self.handicap_placement in PLACEMENTS,
            f"handicap_placement is fixed or free, not {self.handicap_placement!r}",
        )
        if self.handicap_placement == "free":
            need(
                self.rules.scoring == "chinese",
                "free placement of handicap stones is only for Chinese rules (seed 002, "
                "appendix 1); Japanese rules use the fixed points",
            )
            most = MAX_STONES
        else:
            most = max_fixed_handicap(self.size)
        need(
            self.handicap <= most,
            f"a {self.size}×{self.size} board takes at most {most} handicap stones",
        )
        flag(self.pair, "pair")
