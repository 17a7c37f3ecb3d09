"""Writing the event document: the whole event as one JSON object (schema 1).

``to_document(event)`` gives plain JSON values, in the order ``docs/event-file.md`` shows them;
``dumps`` the text arbiter writes (reading it back and writing it again gives the same text).

>>> from arbiter.events.participants import Player
>>> doc = to_document(Competition("go", "round-robin", players=(Player(1, "Lee", "Chang"),)))
>>> doc["schema"], doc["type"], doc["players"][0]["surname"]
(1, 'arbiter-event', 'Lee')
"""

from __future__ import annotations

import json
from typing import Any

from arbiter.events.competition import Competition
from arbiter.events.exact import to_json
from arbiter.events.participants import Player
from arbiter.events.rounds import Game

SCHEMA = 1
TYPE = "arbiter-event"

Json = Any


def _player(p: Player) -> dict[str, Json]:
    doc = _player_fields(p)
    if p.skips:
        # written only when there are some: documents without them stay as they were
        doc["skips"] = list(p.skips)
    return doc


def _player_fields(p: Player) -> dict[str, Json]:
    return {
        "no": p.no,
        "surname": p.surname,
        "given": p.given,
        "gender": p.gender,
        "born": p.born.isoformat() if p.born else None,
        "club": p.club,
        "city": p.city,
        "country": p.country,
        "title": p.title,
        "rank": str(p.rank) if p.rank is not None else None,
        "rating": p.rating,
        "coach": p.coach,
        "medical": p.medical,
        "entered": p.entered,
        "withdrawn": p.withdrawn,
        "excluded": p.excluded,
        "ids": dict(p.ids),
    }


def _game(g: Game) -> dict[str, Json]:
    return {
        "table": g.table,
        "board": g.board,
        "black": g.black,
        "white": g.white,
        "black_player": g.black_player,
        "white_player": g.white_player,
        "handicap": g.handicap,
        "komi": to_json(g.komi) if g.komi is not None else None,
        "result": str(g.result) if g.result is not None else None,
        "extra": [str(r) for r in g.extra],
        "slot": g.slot,
    }


def to_document(event: Competition) -> dict[str, Json]:
    """The event as a JSON object."""
    return {
        "schema": SCHEMA,
        "type": TYPE,
        "game": event.game,
        "discipline": event.discipline,
        "system": event.system,
        "settings": event.settings.to_json(),
        "draw": {"seed": event.draw.seed, "registered": list(event.draw.registered)}
        if event.draw
        else None,
        "seeding": list(event.seeding),
        "players": [_player(p) for p in event.players],
        "pairs": [
            {
                "no": p.no,
                "name": p.name,
                "man": p.man,
                "woman": p.woman,
                "entered": p.entered,
                "withdrawn": p.withdrawn,
                "excluded": p.excluded,
            }
            for p in event.pairs
        ],
        "teams": [
            {
                "no": t.no,
                "name": t.name,
                "players": list(t.players),
                "reserves": list(t.reserves),
                "club": t.club,
                "country": t.country,
                "entered": t.entered,
                "withdrawn": t.withdrawn,
                "excluded": t.excluded,
            }
            for t in event.teams
        ],
        "rounds": [
            {
                "number": r.number,
                "games": [_game(g) for g in r.games],
                "byes": [{"no": b.no, "kind": b.kind, "points": to_json(b.points)} for b in r.byes],
            }
            for r in event.rounds
        ],
        "lineups": [
            {
                "round": lu.round,
                "team": lu.team,
                "players": list(lu.players),
                "override": lu.override,
            }
            for lu in event.lineups
        ],
        "warnings": [
            {"round": w.round, "player": w.player, "reason": w.reason} for w in event.warnings
        ],
    }


def dumps(event: Competition) -> str:
    """The event document as text (UTF-8 JSON, indented, ending with a newline)."""
    return json.dumps(to_document(event), ensure_ascii=False, indent=2) + "\n"
