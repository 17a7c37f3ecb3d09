"""Pairing systems, each behind one small interface.

A system looks at an event (entries, settings, rounds played) and plans the next round: who
meets whom at which table, who moves first, who has a bye. It never builds games itself: the
event layer (:mod:`arbiter.events.pairing`) turns a :class:`RoundPlan` into games, boards,
handicaps and forfeits. Systems that place participants by a bracket rather than by points
(knockout, double elimination) also give each participant's bracket class.

To add a system (Swiss, McMahon), implement :class:`PairingSystem` and register it in
:data:`SYSTEMS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from arbiter.events.errors import PairingError
from arbiter.events.rounds import Bye

if TYPE_CHECKING:
    from arbiter.events.event import Event
    from arbiter.events.results import Result
    from arbiter.events.rounds import Game


@dataclass(frozen=True, slots=True)
class Meeting:
    """Two participants at a table; ``first`` moves first (on board 1 in team matches).

    ``slot`` names the bracket match in knockout systems. In a Scheveningen team match the
    meeting is one board: ``board`` and the two players are given.
    """

    table: int
    first: int
    second: int
    slot: str | None = None
    board: int | None = None
    first_player: int | None = None
    second_player: int | None = None


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """A system's plan for one round."""

    meetings: tuple[Meeting, ...]
    byes: tuple[Bye, ...] = ()


class PairingSystem(Protocol):
    """What every pairing system provides."""

    name: str

    def check(self, event: Event) -> None:
        """Refuse entries this system cannot pair (raise :class:`PairingError`)."""

    def start_order(self, event: Event) -> tuple[int, ...]:
        """The participants in the order fixed when round 1 is paired (``event.seeding``):
        the table order of a round robin, the seeds of a bracket."""

    def planned_rounds(self, event: Event) -> int:
        """The number of rounds the event will have (at most)."""

    def pair(self, event: Event, number: int) -> RoundPlan:
        """Plan round ``number`` (the next one) from the event's history."""

    def finished(self, event: Event) -> bool:
        """Whether no round is left to pair."""

    def classes(self, event: Event, upto: int) -> dict[int, Fraction] | None:
        """Bracket classes after round ``upto`` (lower is better; equal classes share a
        place), or ``None`` when standings go by points."""

    def check_correction(self, event: Event, game: Game, result: Result) -> None:
        """Refuse a result correction that would invalidate rounds already paired."""


class NotYetAvailable:
    """A system accepted by ``event new`` whose pairing is not implemented yet."""

    def __init__(self, name: str) -> None:
        self.name = name

    def _refuse(self) -> PairingError:
        return PairingError(f"{self.name} pairing is not yet available")

    def check(self, event: Event) -> None:
        raise self._refuse()

    def start_order(self, event: Event) -> tuple[int, ...]:
        return event.active(1)

    def planned_rounds(self, event: Event) -> int:
        return event.config.rounds or 0

    def pair(self, event: Event, number: int) -> RoundPlan:
        raise self._refuse()

    def finished(self, event: Event) -> bool:
        return False

    def classes(self, event: Event, upto: int) -> dict[int, Fraction] | None:
        return None

    def check_correction(self, event: Event, game: Game, result: Result) -> None:
        return None


def system_for(event: Event) -> PairingSystem:
    """The pairing system of ``event``."""
    from arbiter.events.swiss.system import SwissSystem
    from arbiter.events.systems.double_elimination import DoubleElimination
    from arbiter.events.systems.knockout import Knockout
    from arbiter.events.systems.round_robin import RoundRobin
    from arbiter.events.systems.scheveningen import Scheveningen
    from arbiter.events.systems.swiss_dutch import SwissDutch

    systems: dict[str, PairingSystem] = {
        "round-robin": RoundRobin(double=False),
        "double-round-robin": RoundRobin(double=True),
        "knockout": Knockout(),
        "double-elimination": DoubleElimination(),
        "scheveningen": Scheveningen(),
        "swiss": SwissSystem("swiss"),
        "mcmahon": SwissSystem("mcmahon"),
        "swiss-dutch": SwissDutch(),
    }
    return systems[event.system]


def active_numbers(event: Event) -> tuple[int, ...]:
    """Participants who start the event (entered for round 1 and not withdrawn before it)."""
    numbers = event.active(1)
    if len(numbers) < 2:
        raise PairingError(f"at least two {_plural(event)} are needed to pair a round")
    return numbers


def _plural(event: Event) -> str:
    return {"individual": "players", "pair": "pairs", "team": "teams"}[event.discipline]
