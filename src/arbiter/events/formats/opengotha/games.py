"""OpenGotha's games and byes (``Games/Game``, ``ByePlayers/ByePlayer``) and their results.

Results, both ways: Black wins ``B+``, White wins ``W+``, equal ``0`` (jigo), both lose
``Void``, both win ``++``; the ``_BYDEF`` forms are forfeits (``+-``, ``-+``, ``--``); a draw
or a double win by default is read as played (``0``, ``++``), with a note.

>>> result_name(Result.parse("-+", "go")), RESULTS_IN["RESULT_BLACKWINS"]
('RESULT_WHITEWINS_BYDEF', 'B+')
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from xml.etree import ElementTree as ET

from arbiter.events.formats.common import FormatError, shown
from arbiter.events.formats.opengotha.players import Entry, player_key
from arbiter.events.formats.opengotha.tree import in_order, whole
from arbiter.events.results import Result
from arbiter.events.rounds import Game
from arbiter.events.settings import Config

#: OpenGotha's result names, read as arbiter results (``None``: no result yet). Each is counted
#: as OpenGotha counts it (``Tournament.fillBaseScoringInfo``): a win is a point, a jigo half a
#: point each, both lose nothing for either, both win a point each; ``_BYDEF`` is "by default".
RESULTS_IN: dict[str, str | None] = {
    "RESULT_UNKNOWN": None,
    "RESULT_BLACKWINS": "B+",
    "RESULT_WHITEWINS": "W+",
    "RESULT_EQUAL": "0",
    "RESULT_BOTHLOSE": "Void",
    "RESULT_BOTHWIN": "++",
    "RESULT_BLACKWINS_BYDEF": "+-",
    "RESULT_WHITEWINS_BYDEF": "-+",
    "RESULT_BOTHLOSE_BYDEF": "--",
    # a draw or a double win by default has no arbiter form: kept as played (a note says so)
    "RESULT_EQUAL_BYDEF": "0",
    "RESULT_BOTHWIN_BYDEF": "++",
}
#: Results arbiter cannot hold (none left since ``++``); kept for the callers that list them.
UNREPRESENTABLE: dict[str, str] = {}
#: Other spellings of result names (Pairgoth writes ``RESULT_BOTHLOOSE``).
SPELLINGS = {"RESULT_BOTHLOOSE": "RESULT_BOTHLOSE"}


@dataclass(frozen=True, slots=True)
class Played:
    """A ``<Game>`` as read: where it was played, between whom, on what terms."""

    round: int
    table: int
    black: Entry
    white: Entry
    handicap: int
    komi: Fraction | None
    result: Result | None


def read_game(
    el: ET.Element,
    i: int,
    by_key: Mapping[str, Entry],
    config: Config,
    notes: list[str],
    busy: dict[int, set[str]] | None = None,
) -> Played:
    """Game ``i`` of the file (``by_key``: the players by OpenGotha key); the komi is the
    event's, its handicap komi in a handicap game. ``busy`` collects who plays in each round,
    refusing a player in two games of one round."""
    r, table = _where(el, i)
    black = _player(el, "blackPlayer", by_key)
    white = _player(el, "whitePlayer", by_key)
    if busy is not None:
        for key in (black.key, white.key):
            if key in busy[r]:
                raise FormatError(f"round {r}: {by_key[key].player.name} plays two games")
            busy[r].add(key)
    handicap = min(max(whole(el, "handicap", 0, f"game {i}"), 0), 9)
    komi = config.komi_for(handicap)
    return Played(r, table, black, white, handicap, komi, _result(el, r, table, notes))


def _where(el: ET.Element, i: int) -> tuple[int, int]:
    r = whole(el, "roundNumber", 0, f"game {i}")
    table = whole(el, "tableNumber", 0, f"game {i}")
    if not 1 <= r <= 99:
        raise FormatError(f"game {i}: roundNumber {r} is not a round from 1 to 99")
    if table < 1:
        raise FormatError(f"game {i}: tableNumber {table} is not a table number")
    return r, table


def _player(el: ET.Element, attr: str, by_key: Mapping[str, Entry]) -> Entry:
    ref = el.get(attr) or ""
    key = player_key(ref, "")
    found = by_key.get(key)
    if found is None:
        raise FormatError(
            f"round {el.get('roundNumber')} table {el.get('tableNumber')}: "
            f"{attr} {shown(ref)} is not a player of the file"
        )
    return found


def _result(el: ET.Element, r: int, table: int, notes: list[str]) -> Result | None:
    name = (el.get("result") or "RESULT_UNKNOWN").strip().upper()
    name = SPELLINGS.get(name, name)
    if name not in RESULTS_IN:
        raise FormatError(f"round {r} table {table}: unknown result {shown(name)}")
    text = RESULTS_IN[name]
    if name == "RESULT_EQUAL_BYDEF":
        notes.append(f"round {r} table {table}: a draw by default is kept as jigo")
    if name == "RESULT_BOTHWIN_BYDEF":
        notes.append(f"round {r} table {table}: a double win by default is kept as ++ (both win)")
    return Result.parse(text, "go") if text is not None else None


def read_byes(
    root: ET.Element, by_key: Mapping[str, Entry], notes: list[str] | None = None
) -> dict[int, list[str]]:
    """The keys of the players with a bye, by round: one a round, as OpenGotha keeps them (its
    tournament has one bye player per round, and reading a file it keeps the last
    ``<ByePlayer>`` of a round; ``notes`` names the players whose bye is not kept)."""
    out: dict[int, list[str]] = defaultdict(list)
    # Pairgoth writes its byes in a <ByePlayer> container instead of <ByePlayers>
    found = root.findall("ByePlayers/ByePlayer") + root.findall("ByePlayer/ByePlayer")
    for i, el in enumerate(found, start=1):
        r = whole(el, "roundNumber", 0, f"bye {i}")
        if not 1 <= r <= 99:
            raise FormatError(f"bye {i}: roundNumber {r} is not a round from 1 to 99")
        key = player_key(el.get("player") or "", "")
        if key not in by_key:
            raise FormatError(f"bye {i}: {shown(el.get('player'))} is not a player of the file")
        dropped = [k for k in out[r] if k != key]
        if dropped and notes is not None:
            notes.append(
                f"round {r}: two byes (ByePlayer); as OpenGotha, the last is kept: "
                f"{by_key[key].player.name}, not {by_key[dropped[0]].player.name}"
            )
        out[r] = [key]
    return dict(out)


def result_name(result: Result | None) -> str:
    """OpenGotha's name of a result."""
    if result is None:
        return "RESULT_UNKNOWN"
    if result.kind == "void":
        return "RESULT_BOTHLOSE"
    if result.kind == "double-forfeit":
        return "RESULT_BOTHLOSE_BYDEF"
    if result.kind == "double-win":
        return "RESULT_BOTHWIN"
    bydef = "_BYDEF" if result.kind == "forfeit" else ""
    if result.winner is None:
        return "RESULT_EQUAL"
    return f"RESULT_{'BLACK' if result.winner == 'black' else 'WHITE'}WINS{bydef}"


def game_attributes(number: int, game: Game, keys: Mapping[int, str]) -> dict[str, str]:
    """The ``<Game>`` element of ``game`` in round ``number`` (``keys``: the players'
    OpenGotha keys by number)."""
    return in_order(
        {
            "blackPlayer": keys[game.black],
            "handicap": str(game.handicap),
            "knownColor": "true",
            "result": result_name(game.result),
            "roundNumber": str(number),
            "tableNumber": str(game.table),
            "whitePlayer": keys[game.white],
        }
    )
