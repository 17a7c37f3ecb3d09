"""OpenGotha's tournament parameters (``TournamentParameterSet``): the general parameters
(name, dates, rounds, komi, time, McMahon bar and floor, values of a bye and an absence), the
handicap, and arbiter's settings made of them, both ways.

The event is McMahon when the first placement criterion is ``MMS``, else Swiss. An absence
(a round skipped by a player who stays in the tournament) is worth ``genMMS2ValueAbsent`` half
points in McMahon, ``genNBW2ValueAbsent`` in Swiss.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from xml.etree import ElementTree as ET

from arbiter.clock.control import Absolute, ByoYomi, Canadian, Fischer, TimeControl
from arbiter.errors import ArbiterError
from arbiter.events.event import Event
from arbiter.events.formats.common import Source, settings_from, shown
from arbiter.events.formats.opengotha.pairing_parameters import read_pairing
from arbiter.events.formats.opengotha.placement import placement_names, read_tiebreaks
from arbiter.events.formats.opengotha.players import parse_rank, rank_text
from arbiter.events.formats.opengotha.tree import attributes, collapse, flag, in_order, parse, whole
from arbiter.events.settings import Config, Settings
from arbiter.games.go.rank import Rank

_GENERAL = "GeneralParameterSet"
_HANDICAP = "HandicapParameterSet"


@dataclass
class TournamentFile:
    """A tournament file being read: its root, its parameter sets (``planned`` is the number of
    rounds), and the notes on what could not be kept."""

    root: ET.Element
    general: dict[str, str]
    handicap: dict[str, str]
    pairing: dict[str, str]
    placement: list[str]
    planned: int
    notes: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, root: ET.Element) -> TournamentFile:
        """The file of the ``<Tournament>`` element ``root``."""
        tps = root.find("TournamentParameterSet")
        general = attributes(tps, _GENERAL)
        return cls(
            root,
            general,
            attributes(tps, _HANDICAP),
            attributes(tps, "PairingParameterSet"),
            placement_names(tps),
            # OpenGotha reads a missing numberOfRounds as 5
            whole(general, "numberOfRounds", 5, _GENERAL),
        )

    @property
    def mcmahon(self) -> bool:
        """Whether the tournament is McMahon: its first placement criterion is the McMahon
        score."""
        first = self.placement[0].upper() if self.placement else ""
        return first in ("MMS", "STS")

    @property
    def version(self) -> str | None:
        """The file's ``dataVersion``."""
        return self.root.get("dataVersion")

    def value(self, what: str) -> int:
        """OpenGotha's value (in half points) of a bye (``Bye``) or an absence (``Absent``)."""
        attr = f"gen{'MMS' if self.mcmahon else 'NBW'}2Value{what}"
        return min(max(whole(self.general, attr, 0, _GENERAL), 0), 2)


def opengotha_parameters(source: Source) -> dict[str, dict[str, str]]:
    """The raw attributes of each parameter set of an OpenGotha file, by element name
    (``GeneralParameterSet``, ``HandicapParameterSet``, ``PairingParameterSet``, ...), and the
    placement criteria as ``{"1": "MMS", "2": "SOSM", ...}`` under ``PlacementCriteria``.

    For programs that need OpenGotha's own pairing weights (which an arbiter event does not
    keep).
    """
    root = parse(source)
    out: dict[str, dict[str, str]] = {}
    tps = root.find("TournamentParameterSet")
    if tps is not None:
        for element in tps:
            out[element.tag] = dict(element.attrib)
        out["PlacementCriteria"] = {
            c.get("number", str(i + 1)): c.get("name", "NULL")
            for i, c in enumerate(tps.findall("PlacementParameterSet/PlacementCriteria/*"))
        }
    return out


def read_settings(file: TournamentFile, team: bool) -> Settings:
    """The event's settings from the file's parameters (of its team tournament with ``team``)."""
    g = file.general
    notes = file.notes
    system = "swiss" if team or not file.mcmahon else "mcmahon"
    discipline = "team" if team else "individual"
    config = Config(Settings(), "go", system, discipline)  # type: ignore[arg-type]
    values: dict[str, str] = {}
    values["name"] = collapse(g.get("name"))
    values["city"] = collapse(g.get("location"))
    values["chief_referee"] = collapse(g.get("director"))
    for key, attr in (("start", "beginDate"), ("end", "endDate")):
        text = (g.get(attr) or "").strip()
        if text:
            try:
                values[key] = date.fromisoformat(text).isoformat()
            except ValueError:
                notes.append(f"{attr} {shown(text)} is not a date (YYYY-MM-DD): not kept")
    if file.planned:
        values["rounds"] = str(file.planned)
    if g.get("komi"):
        values["komi"] = g["komi"].strip()
    control = _time_control(g, notes)
    if control is not None:
        values["time_control"] = str(control)
    values["round_down"] = "yes" if flag(g.get("genRoundDownNBWMMS"), True) else "no"
    if file.mcmahon:
        for key, attr, default in (("floor", "genMMFloor", "20K"), ("bar", "genMMBar", "4D")):
            rank = parse_rank(g.get(attr) or default)
            values[key] = str(min(rank, Rank(8)))
        zero = parse_rank(g.get("genMMZero") or "30K")
        if zero != Rank(-30):
            notes.append(f"genMMZero {rank_text(zero)}: McMahon scores are counted from 30K here")
    values["bye"] = str(Fraction(file.value("Bye"), 2))
    if not team:
        values["absence"] = str(Fraction(file.value("Absent"), 2))
    h = file.handicap
    ceiling = whole(h, "hdCeiling", 9, _HANDICAP)
    by_mms = flag(h.get("hdBasedOnMMS"), True) or (h.get("hdBase") or "").upper() == "MMS"
    values["handicap"] = (
        "none" if ceiling == 0 or team else "mms" if file.mcmahon and by_mms else "rank"
    )
    if ceiling > 0:
        values["handicap_max"] = str(min(ceiling, 9))
    values["handicap_correction"] = str(min(max(whole(h, "hdCorrection", 1, _HANDICAP), 0), 9))
    values["handicap_threshold"] = str(parse_rank(h.get("hdNoHdRankThreshold") or "1D"))
    codes = read_tiebreaks(file.root, file.placement, file.mcmahon, team, notes)
    if codes:
        values["tiebreaks"] = ",".join(codes)
    values.update(read_pairing(file.pairing))
    return settings_from(
        values, config, notes, lambda key, text, exc: f"setting {key}: {exc}; not kept"
    )


def _time_control(g: dict[str, str], notes: list[str]) -> TimeControl | None:
    system = (g.get("complementaryTimeSystem") or "SUDDENDEATH").strip().upper()
    basic = whole(g, "basicTime", 0, _GENERAL) * 60
    try:
        if system == "STDBYOYOMI" and whole(g, "stdByoYomiTime", 0, _GENERAL) > 0:
            return ByoYomi(basic, 1, whole(g, "stdByoYomiTime", 0, _GENERAL))
        if system == "CANBYOYOMI" and whole(g, "canByoYomiTime", 0, _GENERAL) > 0:
            moves = max(whole(g, "nbMovesCanTime", 1, _GENERAL), 1)
            return Canadian(basic, moves, whole(g, "canByoYomiTime", 0, _GENERAL))
        if system == "FISCHER" and whole(g, "fischerTime", 0, _GENERAL) > 0 and basic > 0:
            return Fischer(basic, whole(g, "fischerTime", 0, _GENERAL))
        if basic > 0:
            return Absolute(basic)
    except ArbiterError as exc:
        notes.append(f"time control: {exc}; not kept")
    return None


def absence_value(event: Event) -> int:
    """The absence value (half points) to write: the ``absence`` setting, else the points of the
    byes of players who did not take part in a round, or 0 when there are none."""
    if event.config.absence:
        return min(max(int(event.config.absence * 2), 0), 2)
    for rnd in event.rounds:
        for b in rnd.byes:
            if b.kind in ("half", "zero", "absent"):
                return min(max(int(b.points * 2), 0), 2)
    return 0


def general_attributes(event: Event, span: int, absent: int) -> dict[str, str]:
    """The ``GeneralParameterSet`` of the event; ``span`` rounds, ``absent`` the absence value."""
    config = event.config
    bye = str(min(max(int(config.bye * 2), 0), 2))
    text = config.text("time_control")
    control = TimeControl.parse(text) if text else None
    attrs: dict[str, str] = {
        "bInternet": "false",
        "director": config.text("chief_referee"),
        "genCountNotPlayedGamesAsHalfPoint": "false",
        "genMMBar": rank_text(config.bar),
        "genMMFloor": rank_text(config.floor),
        "genMMS2ValueAbsent": str(absent),
        "genMMS2ValueBye": bye,
        "genMMZero": "30K",
        "genNBW2ValueAbsent": str(absent),
        "genNBW2ValueBye": bye,
        "genRoundDownNBWMMS": "true" if config.round_down else "false",
        "komi": config.text("komi"),
        "location": config.text("city"),
        "name": config.name,
        "numberOfCategories": "1",
        "numberOfRounds": str(span),
        "shortName": re.sub(r"[^A-Za-z0-9_-]+", "_", config.name).strip("_") or "arbiter",
        "size": "19",
    }
    attrs.update(_time_attributes(control))
    for key, attr in (("start", "beginDate"), ("end", "endDate")):
        text = config.text(key)
        if text:
            attrs[attr] = text
    return in_order(attrs)


def _time_attributes(control: TimeControl | None) -> dict[str, str]:
    """The time system's attributes, OpenGotha's defaults for the periods it does not use."""
    attrs = {
        "basicTime": str(round(control.main / 60)) if control is not None else "0",
        "canByoYomiTime": "300",
        "complementaryTimeSystem": "SUDDENDEATH",
        "fischerTime": "10",
        "nbMovesCanTime": "15",
        "stdByoYomiTime": "30",
    }
    if isinstance(control, ByoYomi):
        attrs.update(complementaryTimeSystem="STDBYOYOMI", stdByoYomiTime=_seconds(control.period))
    elif isinstance(control, Canadian):
        attrs.update(
            complementaryTimeSystem="CANBYOYOMI",
            canByoYomiTime=_seconds(control.period),
            nbMovesCanTime=str(control.moves),
        )
    elif isinstance(control, Fischer):
        attrs.update(complementaryTimeSystem="FISCHER", fischerTime=_seconds(control.increment))
    return attrs


def _seconds(value: float) -> str:
    return str(round(value))


def handicap_attributes(config: Config) -> dict[str, str]:
    """The ``HandicapParameterSet`` of the event's settings."""
    on = config.handicap in ("rank", "mms")
    return {
        "hdBasedOnMMS": "true" if config.handicap == "mms" else "false",
        "hdCeiling": str(config.handicap_max) if on else "0",
        "hdCorrection": str(config.handicap_correction),
        "hdNoHdRankThreshold": rank_text(config.handicap_threshold),
    }
