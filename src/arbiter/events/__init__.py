"""Competitions: participants, rounds, pairing systems, standings and tiebreaks (pure).

The model is immutable: a :class:`Competition` holds everything (:mod:`arbiter.events.competition`),
the operations are functions over it in their own modules, each returning a new competition,
and an :class:`Event` is a competition with those operations as methods. The whole event is one
JSON document (:mod:`arbiter.events.document`, schema 1).

>>> from arbiter.events import Event
>>> e = Event.create("go", "knockout")
>>> for name in ("Lee Chang", "Park Su", "Kim Ji", "Cho Hun"):
...     e, _ = e.add_player(name)
>>> e = e.pair_next_round()
>>> sorted(sorted((g.black, g.white)) for g in e.rounds[0].games)  # seeds 1-4 and 2-3 meet
[[1, 4], [2, 3]]
"""

from arbiter.events.competition import Competition, DrawOfLots, Lineup, RefereeWarning
from arbiter.events.document import dumps, from_document, load, loads, save, to_document
from arbiter.events.errors import (
    DocumentError,
    EventError,
    PairingError,
    ResultError,
    SettingError,
    UnknownEntry,
)
from arbiter.events.event import Event
from arbiter.events.participants import Pair, Participant, Player, Team
from arbiter.events.results import Result, Scoring
from arbiter.events.rounds import Bye, Game, Round
from arbiter.events.settings import Config, Settings
from arbiter.events.standings import Row, Standings, standings

__all__ = [
    "Bye",
    "Competition",
    "Config",
    "DocumentError",
    "DrawOfLots",
    "Event",
    "EventError",
    "Game",
    "Lineup",
    "Pair",
    "PairingError",
    "Participant",
    "Player",
    "RefereeWarning",
    "Result",
    "ResultError",
    "Round",
    "Row",
    "Scoring",
    "SettingError",
    "Settings",
    "Standings",
    "Team",
    "UnknownEntry",
    "dumps",
    "from_document",
    "load",
    "loads",
    "save",
    "standings",
    "to_document",
]
