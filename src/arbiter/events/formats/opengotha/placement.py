"""OpenGotha's placement criteria (``PlacementParameterSet``) and arbiter's tiebreaks, both ways.

Placement criteria become tiebreak codes: ``MMS``, ``NBW`` → ``PTS``, ``SOSM``/``SOSW`` →
``SOS``, ``SOSOSM`` → ``SOSOS``, ``SODOSM`` → ``SODOS``, ``CUSSM`` → ``CUSS``, ``DC`` → ``DE``;
``EXT``, ``EXR``, ``CPS`` and ``Rating`` keep their names (``RATING``); the team criteria
``TEAMP`` → ``MP``, ``BDW`` → ``GP``, ``BDW3U``... → ``BRD``.

>>> notes: list[str] = []
>>> tiebreak_codes(["MMS", "SOSM", "SOSOSM", "ELO"], CRITERIA_IN, notes), notes
(['MMS', 'SOS', 'SOSOS'], ['placement criteria ELO have no arbiter tiebreak: not kept'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.etree import ElementTree as ET

from arbiter.events.event import Event
from arbiter.events.formats.opengotha.tree import whole
from arbiter.events.standings import criteria

#: Placement criteria (OpenGotha's long names) and the tiebreak codes they become.
CRITERIA_IN: dict[str, str] = {
    "MMS": "MMS",
    "NBW": "PTS",
    "SOSM": "SOS",
    "SOSW": "SOS",
    "SOSM-1": "SOS-1",
    "SOSW-1": "SOS-1",
    "SOSOSM": "SOSOS",
    "SOSOSW": "SOSOS",
    "SODOSM": "SODOS",
    "SODOSW": "SODOS",
    "CUSSM": "CUSS",
    "CUSSW": "CUSS",
    "DC": "DE",
    "SDC": "DE",
    "EXT": "EXT",
    "EXR": "EXR",
    "CPS": "CPS",
    "RATING": "RATING",
}
#: Team placement criteria and the team tiebreak codes they become.
TEAM_CRITERIA_IN: dict[str, str] = {
    "TEAMP": "MP",
    "BDW": "GP",
    "BDW3U": "BRD",
    "BDW2U": "BRD",
    "BDW1U": "BRD",
}
#: Tiebreak codes written as OpenGotha criteria; ``*`` is ``M`` in McMahon, ``W`` in Swiss.
CRITERIA_OUT: dict[str, str] = {
    "SOS": "SOS*",
    "SOS-1": "SOS*-1",
    "SOSOS": "SOSOS*",
    "SODOS": "SODOS*",
    "CUSS": "CUSS*",
    "DE": "DC",
    "BH": "SOSW",
    "BH-C1": "SOSW-1",
    "SB": "SODOSW",
    "EXT": "EXT",
    "EXR": "EXR",
    "CPS": "CPS",
    "RATING": "Rating",
}
MAX_CRITERIA = 6
#: The team criteria written (arbiter exports no team tournament: OpenGotha's defaults).
TEAM_CRITERIA_OUT = ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR")

_TEAM_PATH = "TeamTournamentParameterSet/TeamPlacementParameterSet/PlacementCriteria/*"


def placement_names(tps: ET.Element | None) -> list[str]:
    """The placement criteria of a ``TournamentParameterSet`` in their order, ``NULL`` left out."""
    path = "PlacementParameterSet/PlacementCriteria/PlacementCriterion"
    found = tps.findall(path) if tps is not None else []
    names = [
        (c.get("name") or "NULL").strip()
        for c in sorted(found, key=lambda c: whole(c, "number", 0, "PlacementCriterion"))
    ]
    return [c for c in names if c.upper() != "NULL"]


def read_tiebreaks(
    root: ET.Element, placement: Sequence[str], mcmahon: bool, team: bool, notes: list[str]
) -> list[str]:
    """The tiebreak codes of the file's criteria (of its team tournament with ``team``)."""
    if team:
        names = [(c.get("name") or "NULL").strip() for c in root.findall(_TEAM_PATH)]
        return tiebreak_codes(names, TEAM_CRITERIA_IN, notes)
    names = list(placement)
    if not mcmahon and names and names[0].upper() == "NBW":
        # in a Go Swiss the points are the McMahon score from 0, as the default names it
        names = ["MMS", *names[1:]]
    return tiebreak_codes(names, CRITERIA_IN, notes)


def tiebreak_codes(names: Sequence[str], table: Mapping[str, str], notes: list[str]) -> list[str]:
    """The codes of ``names`` by ``table``, each once; a note names those without one."""
    codes: list[str] = []
    dropped: list[str] = []
    for name in names:
        if name.upper() == "NULL":
            continue
        code = table.get(name.upper())
        if code is None:
            dropped.append(name)
        elif code not in codes:
            codes.append(code)
    if dropped:
        notes.append(f"placement criteria {', '.join(dropped)} have no arbiter tiebreak: not kept")
    return codes


def criteria_names(event: Event) -> list[str]:
    """The placement criteria written for the event's tiebreaks (at most six)."""
    mcmahon = event.system == "mcmahon"
    cup = event.config.tiebreaks[:1] == ("CPS",)  # the cup score is the main score itself
    names = [] if cup else ["MMS" if mcmahon else "NBW"]
    for code in criteria(event):
        if code in ("PTS", "MMS", "MP"):
            continue
        name = CRITERIA_OUT.get(code)
        if name is None:
            continue
        name = name.replace("*", "M" if mcmahon else "W")
        if name not in names:
            names.append(name)
    return names[:MAX_CRITERIA]


def add_criteria(parameter_set: ET.Element, tag: str, names: Sequence[str]) -> None:
    """Criteria ``names``, numbered from 1, in a new ``tag`` of ``parameter_set``."""
    placement = ET.SubElement(ET.SubElement(parameter_set, tag), "PlacementCriteria")
    for i, name in enumerate(names, start=1):
        ET.SubElement(placement, "PlacementCriterion", {"name": name, "number": str(i)})
