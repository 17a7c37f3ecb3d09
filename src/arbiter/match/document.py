"""A match as one JSON document: its settings and its log (what a server stores).

::

    {"format": "arbiter-match", "version": 1,
     "settings": {"game": "toguz", "time_control": "60m", …},
     "log": [{"seq": 0, "t": 0.0, "actor": {"kind": "referee"}, "action": {"type": "start"}},
             {"seq": 1, "t": 12.5, "actor": {"kind": "player", "side": "white"},
              "action": {"type": "move", "move": 7}}, …]}

Reading replays the log, so a document that does not replay is refused with the entry that
fails.

>>> from arbiter.match import Actor, Match, MatchSettings, Move, Start
>>> m = Match.new(MatchSettings.toguz()).apply(Start(), 0, Actor.referee())
>>> m = m.apply(Move(7), 3, Actor.player("white"))
>>> match_from_json(match_to_json(m)) == m
True
"""

from __future__ import annotations

from typing import Any

from arbiter.match.errors import ActionError
from arbiter.match.log import LogEntry
from arbiter.match.match import Match, replay
from arbiter.match.settings import MatchSettings

__all__ = ["FORMAT", "VERSION", "match_from_json", "match_to_json"]

FORMAT = "arbiter-match"
VERSION = 1


def match_to_json(match: Match) -> dict[str, Any]:
    """The match's settings and log as a JSON-ready object."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "settings": match.settings.to_json(),
        "log": [entry.to_json() for entry in match.log],
    }


def match_from_json(doc: Any) -> Match:
    """Rebuild a match from :func:`match_to_json`'s object by replaying its log."""
    if not isinstance(doc, dict):
        raise ActionError(f"a match document is an object, not {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise ActionError(f'a match document has "format": "{FORMAT}"')
    if doc.get("version") != VERSION:
        raise ActionError(f"unsupported match document version {doc.get('version')!r}")
    log = doc.get("log", [])
    if not isinstance(log, list):
        raise ActionError('"log" must be a list of entries')
    settings = MatchSettings.from_json(doc.get("settings"))
    return replay(settings, (LogEntry.from_json(item) for item in log))
