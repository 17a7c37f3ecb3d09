"""What a pairing system is and what it gives: the plan of a round.

A system looks at a competition (entries, settings, rounds played) and plans the next round:
who meets whom at which table, who moves first, who has a bye (:class:`RoundPlan`). It never
builds games itself: the event layer (:mod:`arbiter.events.pairing`) turns the plan into games,
boards, handicaps and forfeits.

>>> RoundPlan((Meeting(1, 3, 1),)).meetings[0].first
3
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from arbiter.events.errors import PairingError
from arbiter.events.rounds import Bye

if TYPE_CHECKING:
    from arbiter.events.competition import Competition
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

    def check(self, event: Competition) -> None:
        """Refuse entries this system cannot pair (raise :class:`PairingError`)."""

    def start_order(self, event: Competition) -> tuple[int, ...]:
        """The participants in the order fixed when round 1 is paired (``event.seeding``):
        the table order of a round robin, the seeds of a bracket."""

    def planned_rounds(self, event: Competition) -> int:
        """The number of rounds the event will have (at most)."""

    def pair(self, event: Competition, number: int) -> RoundPlan:
        """Plan round ``number`` (the next one) from the event's history."""

    def finished(self, event: Competition) -> bool:
        """Whether no round is left to pair."""

    def classes(self, event: Competition, upto: int) -> dict[int, Fraction] | None:
        """Bracket classes after round ``upto`` (lower is better; equal classes share a
        place), or ``None`` when standings go by points."""

    def check_correction(self, event: Competition, game: Game, result: Result) -> None:
        """Refuse a result correction that would invalidate rounds already paired."""


class NotYetAvailable:
    """A system accepted by ``event new`` whose pairing is not implemented yet."""

    def __init__(self, name: str) -> None:
        self.name = name

    def _refuse(self) -> PairingError:
        return PairingError(f"{self.name} pairing is not yet available")

    def check(self, event: Competition) -> None:
        raise self._refuse()

    def start_order(self, event: Competition) -> tuple[int, ...]:
        return event.active(1)

    def planned_rounds(self, event: Competition) -> int:
        return event.config.rounds or 0

    def pair(self, event: Competition, number: int) -> RoundPlan:
        raise self._refuse()

    def finished(self, event: Competition) -> bool:
        return False

    def classes(self, event: Competition, upto: int) -> dict[int, Fraction] | None:
        return None

    def check_correction(self, event: Competition, game: Game, result: Result) -> None:
        return None


def active_numbers(event: Competition) -> tuple[int, ...]:
    """Participants who start the event (entered for round 1 and not withdrawn before it)."""
    numbers = event.active(1)
    if len(numbers) < 2:
        raise PairingError(f"at least two {_plural(event)} are needed to pair a round")
    return numbers


def _plural(event: Competition) -> str:
    return {"individual": "players", "pair": "pairs", "team": "teams"}[event.discipline]
