"""What kind of event a setting applies to: the game, the pairing system, the discipline.

>>> SYSTEM_NAMES["swiss-dutch"], "knockout" in BRACKET_SYSTEMS
('Swiss (FIDE Dutch)', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from arbiter.events.results import GameName

System = Literal[
    "round-robin",
    "double-round-robin",
    "knockout",
    "double-elimination",
    "scheveningen",
    "swiss",
    "swiss-dutch",
    "mcmahon",
]
#: How systems are named in messages and tables; the keys are every system, in order.
SYSTEM_NAMES: dict[System, str] = {
    "round-robin": "round robin",
    "double-round-robin": "double round robin",
    "knockout": "knockout",
    "double-elimination": "double elimination",
    "scheveningen": "Scheveningen",
    "swiss": "Swiss",
    "swiss-dutch": "Swiss (FIDE Dutch)",
    "mcmahon": "McMahon",
}
SYSTEMS: tuple[System, ...] = tuple(SYSTEM_NAMES)
#: Systems that place participants by a bracket rather than by points.
BRACKET_SYSTEMS: frozenset[str] = frozenset({"knockout", "double-elimination"})

Discipline = Literal["individual", "pair", "team"]
DISCIPLINES: tuple[Discipline, ...] = ("individual", "pair", "team")
GAMES: tuple[GameName, ...] = ("go", "toguz")
#: The game a Go-only or a Toguz-Korgool-only setting applies to.
GO: tuple[GameName, ...] = ("go",)
TOGUZ: tuple[GameName, ...] = ("toguz",)


@dataclass(frozen=True, slots=True)
class Kind:
    """What kind of event a default is for."""

    game: GameName
    system: System
    discipline: Discipline
