"""Pairing systems, each behind one small interface (:mod:`~arbiter.events.systems.plan`).

A system looks at an event (entries, settings, rounds played) and plans the next round: who
meets whom at which table, who moves first, who has a bye. It never builds games itself: the
event layer (:mod:`arbiter.events.pairing`) turns a :class:`RoundPlan` into games, boards,
handicaps and forfeits. Systems that place participants by a bracket rather than by points
(knockout, double elimination) also give each participant's bracket class.

The systems are :mod:`.round_robin`, :mod:`.knockout`, :mod:`.double_elimination`,
:mod:`.scheveningen`, :mod:`.swiss_dutch` and :mod:`arbiter.events.swiss` (Swiss and McMahon);
each imports :mod:`.plan`, never this package's face. To add a system, implement
:class:`PairingSystem` and name it in :func:`system_for`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.events.systems.plan import (
    Meeting,
    NotYetAvailable,
    PairingSystem,
    RoundPlan,
    active_numbers,
)
from arbiter.events.systems.schedules import scheduled_system

if TYPE_CHECKING:
    from arbiter.events.competition import Competition

__all__ = [
    "Meeting",
    "NotYetAvailable",
    "PairingSystem",
    "RoundPlan",
    "active_numbers",
    "system_for",
]


def system_for(event: Competition) -> PairingSystem:
    """The pairing system of ``event``."""
    found = scheduled_system(event)
    if found is not None:
        return found
    # imported when asked: pairing by the scores brings in the standings and the matching,
    # which the scheduled systems (and whoever asks only for them) do not need
    from arbiter.events.swiss.system import SwissSystem
    from arbiter.events.systems.swiss_dutch import SwissDutch

    by_scores: dict[str, PairingSystem] = {
        "swiss": SwissSystem("swiss"),
        "mcmahon": SwissSystem("mcmahon"),
        "swiss-dutch": SwissDutch(),
    }
    return by_scores[event.system]
