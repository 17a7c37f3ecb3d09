"""The systems that pair without the scores, and what the standings ask of any system.

Round robins and Scheveningen matches pair by their schedule, knockouts and double eliminations
by their bracket: none of them reads the standings. Swiss, McMahon and the FIDE Dutch system
pair by the scores, which the standings count. So the standings ask this module, not
:func:`~arbiter.events.systems.system_for`, how many rounds a system plans and which bracket
class each participant is in: it never imports the Swiss pairing, which imports the standings.

>>> from arbiter.events.competition import Competition
>>> planned_rounds(Competition("toguz", "swiss")), bracket_classes(Competition("go", "swiss"), 0)
(0, None)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from arbiter.events.systems.double_elimination import DoubleElimination
from arbiter.events.systems.knockout import Knockout
from arbiter.events.systems.plan import PairingSystem
from arbiter.events.systems.round_robin import RoundRobin
from arbiter.events.systems.scheveningen import Scheveningen

if TYPE_CHECKING:
    from arbiter.events.competition import Competition


def scheduled_system(event: Competition) -> PairingSystem | None:
    """The system of ``event`` when it pairs without the scores, else ``None``."""
    systems: dict[str, PairingSystem] = {
        "round-robin": RoundRobin(double=False),
        "double-round-robin": RoundRobin(double=True),
        "knockout": Knockout(),
        "double-elimination": DoubleElimination(),
        "scheveningen": Scheveningen(),
    }
    return systems.get(event.system)


def planned_rounds(event: Competition) -> int:
    """The number of rounds the event's system plans (the ``rounds`` setting when it pairs by
    the scores)."""
    system = scheduled_system(event)
    return system.planned_rounds(event) if system is not None else event.config.rounds or 0


def bracket_classes(event: Competition, upto: int) -> dict[int, Fraction] | None:
    """Each participant's bracket class after round ``upto`` in a knockout system (lower is
    better), or ``None`` when the standings go by points."""
    system = scheduled_system(event)
    return system.classes(event, upto) if system is not None else None
