"""The OpenGotha test tournaments and their cost dumps (../shared/data/opengotha/pairgoth-tests).

Used by the cost-mode tests, the replay test and ``bench/pairing.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

from arbiter.events.event import Event
from arbiter.events.formats.opengotha import opengotha_parameters, read_opengotha
from arbiter.events.swiss.opengotha_costs import OpenGothaParameters
from tests.conftest import DATA

ROOT = DATA / "opengotha" / "pairgoth-tests"

#: Tournaments with cost dumps: name -> (tournament file, dump folder).
DUMPED = (
    "simpleswiss",
    "notsosimpleswiss",
    "simplemm",
    "notsimplemm",
    "Toulouse2024",
    "20240921-KPMC-Splitbug",
    "bosp2024",
)
#: Tournaments with stored pairings to replay.
REPLAYED = (*DUMPED[:-1], "bosp2024")


def tournament_file(name: str) -> Path:
    """The tournament XML of ``name``."""
    paired = ROOT / "pairings" / f"{name}.xml"
    return paired if paired.exists() else ROOT / name / f"{name}.xml"


def dumps(name: str) -> list[tuple[int, Path]]:
    """``(round, file)`` of the cost dumps of ``name``, by round."""
    found = []
    for path in (ROOT / name).glob(f"{name}_weights_R*.txt"):
        match = re.search(r"_R(\d+)\.txt$", path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


@dataclass(frozen=True)
class Tournament:
    """An OpenGotha file as an arbiter event, its parameters and who takes part in each round
    (from the file's ``participating`` flags and registration status, as OpenGotha reads
    them)."""

    event: Event
    params: OpenGothaParameters
    present: dict[int, frozenset[int]]

    def present_in(self, number: int) -> frozenset[int]:
        """Participants of round ``number``."""
        return self.present[number]


def load(name: str, path: Path | None = None) -> Tournament:
    """Read ``name`` (or the file at ``path``)."""
    path = path or tournament_file(name)
    event = read_opengotha(path)
    params = OpenGothaParameters.from_file(opengotha_parameters(path))
    flags: dict[str, tuple[str, str]] = {}
    for el in ET.parse(path).getroot().iter("Player"):
        key = f"{el.get('name', '')} {el.get('firstName', '')}".strip()
        flags[key] = (el.get("participating") or "1" * 20, el.get("registeringStatus", "FIN"))
    present: dict[int, frozenset[int]] = {}
    for r in range(1, params.rounds + 1):
        present[r] = frozenset(
            p.no
            for p in event.players
            if flags[p.name][1] == "FIN"
            and (len(flags[p.name][0]) < r or flags[p.name][0][r - 1] == "1")
        )
    return Tournament(event, params, present)


def read_dump(path: Path) -> list[dict[str, str]]:
    """The blocks of a dump, one per pair."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("Round ") and lines[1] == "Costs"
    return [
        dict(line.split("=", 1) for line in lines[i : i + 12]) for i in range(2, len(lines), 12)
    ]
