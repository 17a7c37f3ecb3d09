"""The levels a protest goes through (seed 002 3.6–3.10), and a protest as the round protocol
prints it.

Seed 002 3.6 lists the levels at which protests are considered: the referee (3.6.1; his
deputies and the chief secretary, 3.6.2–3.6.3, decide as referees do), the chief referee
(3.6.4), the appeals committee (3.6.5; the organising committee and the federation's presidium,
3.6.6–3.6.7, come after the event). 3.7: «При несогласии одной из заинтересованных сторон с
решением судьи обсуждение ситуации может быть перенесено на более высокий уровень» — a side
that disagrees with the decision takes it to the next level. 3.8: the committee considers a
protest «если решение главного судьи не оказалось достаточным» (if the chief referee's decision
did not settle it). 3.10: a game the chief referee let go on while a player still protests is
played «под протестом» (under protest), marked on the result form; without the mark the
committee does not take a protest about that game.

>>> next_level(())
'referee'
>>> next_level(("referee", "chief-referee"))
'committee'
>>> next_level(LEVELS) is None
True
>>> committee_takes(during_game=True, under_protest=False)
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from arbiter.i18n import N_

__all__ = [
    "COMMITTEE_RESERVES",
    "COMMITTEE_SIZE",
    "LEVELS",
    "LEVEL_NAMES",
    "Level",
    "LevelDecision",
    "ProtestLine",
    "committee_takes",
    "next_level",
]

Level: TypeAlias = Literal["referee", "chief-referee", "committee"]
#: The levels in order (seed 002 3.6.1, 3.6.4, 3.6.5).
LEVELS: tuple[Level, ...] = ("referee", "chief-referee", "committee")
#: Each level's name for people.
LEVEL_NAMES: dict[Level, str] = {
    "referee": N_("Referee"),
    "chief-referee": N_("Chief referee"),
    "committee": N_("Appeals committee"),
}
COMMITTEE_SIZE = 3
"""Seed 002 2.3: «не менее 3-х лиц» — the committee has at least three members; 3.8: with
fewer, the organising committee decides together with the members left."""
COMMITTEE_RESERVES = 2
"""Seed 002 2.3: «а также двух запасных» — and two reserves."""


def next_level(decided: Sequence[Level]) -> Level | None:
    """The level a protest goes to after the levels in ``decided`` (in order), or ``None``
    when the committee has decided (what follows is after the event, 3.9)."""
    if tuple(decided) != LEVELS[: len(decided)]:
        raise ValueError(f"levels are decided in the order {', '.join(LEVELS)}, not {decided}")
    return LEVELS[len(decided)] if len(decided) < len(LEVELS) else None


def committee_takes(*, during_game: bool, under_protest: bool) -> bool:
    """Whether the committee takes a protest (3.10): one raised while the game was being played
    only if the game went on marked "under protest"; any other (3.8)."""
    return under_protest or not during_game


@dataclass(frozen=True, slots=True)
class LevelDecision:
    """One level's decision: ``upheld`` or not, the reasons, who decided and when (Unix
    time)."""

    level: Level
    upheld: bool
    text: str
    by: str | None
    at: float | None


@dataclass(frozen=True, slots=True)
class ProtestLine:
    """A protest as the round protocol prints it: the game (``table``, ``board``), the
    protesting ``side``, what it says, whether the game was played on under protest, and the
    decisions taken so far, lowest level first."""

    table: int
    board: int | None
    side: str
    text: str
    under_protest: bool
    decisions: tuple[LevelDecision, ...] = ()
