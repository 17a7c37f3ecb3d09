"""A proposed Swiss or McMahon round: its pairs with their cost components, its byes, and how
it was found; the points a bye is worth.

Both pairings make one: arbiter's weights (:mod:`~arbiter.events.swiss.system`) and OpenGotha's
cost function (:mod:`~arbiter.events.swiss.opengotha_costs`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from arbiter.events.rounds import Bye, ByeKind
from arbiter.events.systems.plan import Meeting, RoundPlan

if TYPE_CHECKING:
    from arbiter.events.competition import Competition
    from arbiter.events.swiss.graph import Solution
    from arbiter.events.swiss.state import Field
    from arbiter.events.swiss.weights import Values


@dataclass(frozen=True, slots=True)
class ProposedPair:
    """A pair of the proposal: ``first`` moves first; its table and cost components."""

    table: int
    first: int
    second: int
    values: Values | None
    fixed: bool = False


@dataclass(frozen=True, slots=True)
class Proposal:
    """A proposed round: the pairs, the byes, and how the pairing was found."""

    number: int
    pairs: tuple[ProposedPair, ...]
    byes: tuple[Bye, ...]
    bye_values: Values | None
    solution: Solution | None
    field: Field

    def plan(self) -> RoundPlan:
        """The round as the event layer takes it."""
        return RoundPlan(tuple(Meeting(p.table, p.first, p.second) for p in self.pairs), self.byes)


def bye_points(event: Competition, kind: ByeKind) -> Fraction:
    """The points of a bye of ``kind``: the event's pairing bye, a draw for a half-point bye
    (match points in team events), nothing otherwise."""
    if kind == "bye":
        return event.config.bye
    if kind == "half":
        scale = event.config.match_points if event.discipline == "team" else event.config.scoring
        return scale.draw
    return Fraction(0)


def requested_and_absent(event: Competition, number: int, skip: Mapping[int, ByeKind]) -> list[Bye]:
    """The byes of round ``number`` besides the pairing bye: those ``skip`` asks for (by
    number), then one for each participant who does not play the round."""
    byes = [Bye(no, kind, bye_points(event, kind)) for no, kind in sorted(skip.items())]
    active = set(event.active(number))
    byes.extend(_absence(event, no) for no in event.numbers if no not in active)
    return byes


def _absence(event: Competition, no: int) -> Bye:
    """The bye of a participant who does not play the round: the ``absence`` setting's points
    (OpenGotha's absence value; 0 by default) unless they never play at all (withdrawn before
    their first round, as OpenGotha's pre-registered players, who score nothing)."""
    points = event.config.absence
    p = event.participant(no)
    if not points or (p.withdrawn is not None and p.withdrawn <= p.entered):
        return Bye(no, "absent", Fraction(0))
    draw = (event.config.match_points if event.discipline == "team" else event.config.scoring).draw
    return Bye(no, "half" if points == draw else "absent", points)
