"""Writing an OpenGotha tournament file (individual Go events)."""

from __future__ import annotations

from xml.etree import ElementTree as ET

from arbiter.events.event import Event
from arbiter.events.formats.common import FormatError
from arbiter.events.formats.opengotha.games import game_attributes
from arbiter.events.formats.opengotha.pairing_parameters import pairing_attributes
from arbiter.events.formats.opengotha.parameters import (
    absence_value,
    general_attributes,
    handicap_attributes,
)
from arbiter.events.formats.opengotha.placement import (
    MAX_CRITERIA,
    TEAM_CRITERIA_OUT,
    add_criteria,
    criteria_names,
)
from arbiter.events.formats.opengotha.players import (
    MAX_ROUNDS,
    player_attributes,
    player_key,
)
from arbiter.events.formats.opengotha.tree import document, in_order
from arbiter.events.participants import Player

#: How OpenGotha shows the tournament (``DPParameterSet``): its defaults.
DISPLAY = {
    "displayClCol": "true",
    "displayCoCol": "true",
    "displayIndGamesInMatches": "true",
    "displayNPPlayers": "false",
    "displayNumCol": "true",
    "displayPlCol": "true",
    "gameFormat": "full",
    "playerSortType": "name",
    "showByePlayer": "true",
    "showNotFinallyRegisteredPlayers": "true",
    "showNotPairedPlayers": "true",
    "showNotParticipatingPlayers": "false",
    "showPlayerClub": "true",
    "showPlayerCountry": "false",
    "showPlayerGrade": "true",
}


def write_opengotha(event: Event) -> str:
    """The event as an OpenGotha tournament file (individual Go events).

    Team and pair events and Toguz Korgool events have no OpenGotha form (a
    :class:`~arbiter.events.formats.errors.FormatError` says so).
    """
    if event.game != "go":
        raise FormatError("OpenGotha files hold Go tournaments; this event is Toguz Korgool")
    if event.discipline != "individual":
        raise FormatError(
            f"OpenGotha export is for individual events; this is a {event.discipline} event "
            "(OpenGotha team files are imported only)"
        )
    config = event.config
    keys = _keys(event)
    span = min(max(config.rounds or 0, len(event.rounds)), MAX_ROUNDS)
    root = ET.Element("Tournament", {"dataVersion": "201", "runningMode": "SAL"})
    players = ET.SubElement(root, "Players")
    for p in event.players:
        ET.SubElement(players, "Player", player_attributes(event, p, span))
    games = ET.SubElement(root, "Games")
    byes = ET.SubElement(root, "ByePlayers")
    for rnd in event.rounds:
        for g in rnd.games:
            ET.SubElement(games, "Game", game_attributes(rnd.number, g, keys))
        for b in rnd.byes:
            if b.kind == "bye":
                ET.SubElement(
                    byes, "ByePlayer", {"player": keys[b.no], "roundNumber": str(rnd.number)}
                )
    tps = ET.SubElement(root, "TournamentParameterSet")
    ET.SubElement(tps, "GeneralParameterSet", general_attributes(event, span, absence_value(event)))
    ET.SubElement(tps, "HandicapParameterSet", handicap_attributes(config))
    names = criteria_names(event)
    add_criteria(tps, "PlacementParameterSet", names + ["NULL"] * (MAX_CRITERIA - len(names)))
    pairing = pairing_attributes(config, event.system == "mcmahon")
    ET.SubElement(tps, "PairingParameterSet", in_order(pairing))
    ET.SubElement(tps, "DPParameterSet", in_order(DISPLAY))
    ET.SubElement(
        tps,
        "PublishParameterSet",
        {"exportToLocalFile": "true", "htmlAutoScroll": "false", "print": "true"},
    )
    ttps = ET.SubElement(root, "TeamTournamentParameterSet")
    ET.SubElement(ttps, "TeamGeneralParameterSet", {"teamSize": "4"})
    add_criteria(ttps, "TeamPlacementParameterSet", TEAM_CRITERIA_OUT)
    return document(root)


def _keys(event: Event) -> dict[int, str]:
    """The players' OpenGotha keys by number; two players with one key are refused."""
    keys: dict[int, str] = {}
    owners: dict[str, Player] = {}
    for p in event.players:
        key = player_key(p.surname, p.given or "x")
        if key in owners:
            raise FormatError(
                f"{p.name} (number {p.no}) and {owners[key].name} (number {owners[key].no}) "
                "have the same OpenGotha key: change one name"
            )
        owners[key] = p
        keys[p.no] = key
    return keys
