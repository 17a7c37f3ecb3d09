"""The JSON game record: the form in which arbiter stores a finished or running game.

Version 1, for Toguz Korgool (documented in ``docs/formats.md``)::

    {
      "format": "arbiter-game", "version": 1, "game": "toguz", "variant": "toguz",
      "event": "…", "site": "…", "round": "3", "date": "2026-05-01",
      "white": {"name": "Surname Given", "rating": 1650}, "black": {"name": "…"},
      "time_control": "60m",
      "start": null,
      "moves": [{"move": "76", "pit": 7, "clock": 3541.0, "draw_offer": false}, …],
      "result": {"text": "1(82)-0(60)", "winner": "white", "korgools": [82, 60],
                 "termination": "kazan"},
      "tags": {"TimeControl": "60", …}
    }

``start`` is the FEN of the start position when it is not the initial one; a move's ``clock``
is the mover's time left after it (seconds; omitted when unknown); ``result`` is ``null`` while
the game is unfinished; ``termination`` says how it ended when known (``kazan``, ``atsyz-kalu``,
``resignation``, ``time``, ``agreement``, ``forfeit``, ``adjudication``); ``notes`` (left out
when there are none) are the referees' notes, ``{"ply": 12, "text": "Warning 1 to White"}``,
each after the moves played when it came (``0``: before the first). Reading checks the moves
against the rules.

>>> from arbiter.games.toguz import Position
>>> from arbiter.records.toguz_record import record_from_moves
>>> rec = record_from_moves(Position.initial(), [7, 8], {"White": "Asanov Bakyt"})
>>> read_json(write_json(rec)) == rec
True
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

from arbiter.errors import ArbiterError, Text
from arbiter.games.toguz.notation import MoveText, NotationError, parse_move
from arbiter.i18n import N_
from arbiter.limits import MAX_MOVES, LimitError, loads, shown
from arbiter.records.toguz_record import (
    GameResult,
    RecordedMove,
    RecordError,
    ToguzRecord,
    replay,
)

FORMAT = "arbiter-game"
VERSION = 1
TERMINATIONS = (
    "kazan",
    "atsyz-kalu",
    "draw-81",
    "resignation",
    "time",
    "agreement",
    "repetition",
    "forfeit",
    "adjudication",
)
# Tags that the JSON record holds as fields of its own.
_FIELD_TAGS = {"Event": "event", "Site": "site", "Round": "round", "Date": "date"}


def _termination(record: ToguzRecord) -> str | None:
    if record.result is None:
        return None
    term = record.tags.get("Termination")
    if term in TERMINATIONS:
        return term
    final = replay(record).final
    if record.zero or (final.is_over and final.atsyz_kalu and max(final.kazans) < 82):
        return "atsyz-kalu"
    if final.is_over and max(final.kazans) >= final.variant.to_win:
        return "kazan"
    if final.is_over:
        return "draw-81"
    return None


def to_document(record: ToguzRecord) -> dict[str, Any]:
    """The record as a JSON-ready dictionary."""
    tags = dict(record.tags)
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": "toguz"}
    doc["variant"] = record.variant
    for tag, key in _FIELD_TAGS.items():
        if tag in tags:
            doc[key] = tags.pop(tag)
    for side in ("White", "Black"):
        player: dict[str, Any] = {"name": tags.pop(side, "")}
        elo = tags.pop(f"{side}Elo", None)
        if elo is not None:
            player["rating"] = int(elo) if elo.isdecimal() else elo
        doc[side.lower()] = player
    doc["time_control"] = record.time_control
    doc["start"] = record.start
    moves = []
    for m in record.moves:
        item: dict[str, Any] = {"move": str(MoveText(m.text.pit, m.text.landing, m.text.tuz))}
        item["pit"] = m.text.pit
        if m.text.kazan is not None:
            item["kazan"] = m.text.kazan
        if m.clock is not None:
            item["clock"] = m.clock
        if m.text.draw_offer:
            item["draw_offer"] = True
        if m.comment:
            item["comment"] = m.comment
        moves.append(item)
    doc["moves"] = moves
    if record.notes:
        doc["notes"] = [{"ply": ply, "text": text} for ply, text in record.notes]
    tags.pop("Result", None)
    tags.pop("Termination", None)
    if record.result is None:
        doc["result"] = None
    else:
        doc["result"] = {
            "text": str(record.result),
            "winner": record.result.winner,
            "korgools": list(record.result.korgools) if record.result.korgools else None,
            "termination": _termination(record),
        }
    doc["tags"] = tags
    return doc


def write_json(record: ToguzRecord) -> str:
    """The record as JSON text (UTF-8, indented)."""
    return json.dumps(to_document(record), ensure_ascii=False, indent=2) + "\n"


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise RecordError(f"JSON game record: {message}")


def from_document(doc: Any, *, check: bool = True) -> ToguzRecord:
    """Read a JSON-ready dictionary; :class:`RecordError` says what is wrong.

    With ``check`` (the default) the moves must also replay cleanly under the rules.
    """
    _need(isinstance(doc, dict), "the document must be an object")
    _need(doc.get("format") == FORMAT, f'"format" must be "{FORMAT}"')
    _need(doc.get("version") == VERSION, f"unsupported version {shown(doc.get('version'))}")
    game = doc.get("game")
    _need(game == "toguz", f"this reader takes Toguz Korgool, not {shown(game)}")
    variant = doc.get("variant", "toguz")
    _need(variant in ("toguz", "bestemshe"), f"unknown variant {shown(variant)}")
    tags: dict[str, str] = {}
    raw_tags = doc.get("tags", {})
    _need(isinstance(raw_tags, dict), '"tags" must be an object')
    for tag, key in _FIELD_TAGS.items():
        if doc.get(key) is not None:
            tags[tag] = str(doc[key])
    for side in ("white", "black"):
        player = doc.get(side, {})
        _need(isinstance(player, dict), f'"{side}" must be an object')
        if player.get("name"):
            tags[side.capitalize()] = str(player["name"])
        if player.get("rating") is not None:
            tags[f"{side.capitalize()}Elo"] = str(player["rating"])
    time_control = doc.get("time_control")
    _need(time_control is None or isinstance(time_control, str), "'time_control' must be text")
    tags.update({str(k): str(v) for k, v in raw_tags.items()})
    raw_moves = doc.get("moves", [])
    _need(isinstance(raw_moves, list), '"moves" must be a list')
    if len(raw_moves) > MAX_MOVES:  # each move is replayed: bound them before
        raise RecordError(N_("a record holds at most {limit} moves"), limit=MAX_MOVES)
    moves: list[RecordedMove] = []
    for i, item in enumerate(raw_moves, 1):
        _need(isinstance(item, dict) and "move" in item, f"move {i} needs a 'move'")
        try:
            text = parse_move(str(item["move"]))
        except NotationError as exc:
            raise RecordError(f"JSON game record: move {i}: {exc}") from None
        _need(item.get("pit", text.pit) == text.pit, f"move {i}: 'pit' and 'move' disagree")
        comment = item.get("comment")
        _need(comment is None or isinstance(comment, str), f"move {i}: 'comment' must be text")
        kazan = item.get("kazan")
        _need(kazan is None or isinstance(kazan, int), f"move {i}: 'kazan' must be a number")
        clock = item.get("clock")
        _need(
            clock is None or (isinstance(clock, int | float) and clock >= 0),
            f"move {i}: 'clock' must be seconds left",
        )
        moves.append(
            RecordedMove(
                MoveText(text.pit, text.landing, text.tuz, kazan, bool(item.get("draw_offer"))),
                clock=None if clock is None else float(clock),
                comment=comment,
            )
        )
    result = None
    zero = False
    raw_result = doc.get("result")
    if raw_result is not None:
        _need(isinstance(raw_result, dict) and "text" in raw_result, "'result' needs a 'text'")
        result = GameResult.parse(str(raw_result["text"]))
        term = raw_result.get("termination")
        _need(term is None or term in TERMINATIONS, f"unknown termination {shown(term)}")
        zero = term == "atsyz-kalu"
        if term is not None and term not in ("kazan", "atsyz-kalu", "draw-81"):
            tags["Termination"] = term
    start = doc.get("start")
    _need(start is None or isinstance(start, str), "'start' must be a FEN (text) or null")
    notes = _notes(doc.get("notes", []), len(moves))
    record = ToguzRecord(
        moves=tuple(moves),
        tags=MappingProxyType(tags),
        result=result,
        zero=zero,
        start=start,
        variant=variant,
        time_control=time_control,
        notes=notes,
    )
    if not check:
        return record
    try:
        problems = replay(record).mismatches
    except ArbiterError as exc:
        raise RecordError(f"JSON game record: {exc}") from None
    _need(not problems, problems[0] if problems else "")
    return record


def _notes(raw: Any, plies: int) -> tuple[tuple[int, str], ...]:
    _need(isinstance(raw, list), "'notes' must be a list")
    _need(len(raw) <= MAX_MOVES, f"a record holds at most {MAX_MOVES} notes")
    notes: list[tuple[int, str]] = []
    for i, item in enumerate(raw, 1):
        _need(isinstance(item, dict), f"note {i} must be an object")
        ply, text = item.get("ply"), item.get("text")
        _need(
            isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply <= plies,
            f"note {i}: 'ply' is the number of moves played before it (0 to {plies})",
        )
        _need(isinstance(text, str) and text != "", f"note {i}: 'text' must be text")
        notes.append((ply, text))
    return tuple(notes)


def read_json(text: str) -> ToguzRecord:
    """Read a JSON game record whose moves replay cleanly; :class:`RecordError` if not."""
    return from_document(_load(text))


def from_json_unchecked(text: str) -> ToguzRecord:
    """Read a JSON game record without replaying it (for tools that report mismatches)."""
    return from_document(_load(text), check=False)


def _load(text: str) -> Any:
    # limits.loads: a record nested a hundred thousand levels deep is refused before the
    # parser recurses into it
    try:
        return loads(text, Text(N_("the JSON game record")))
    except LimitError as exc:
        raise RecordError(exc.template, **exc.params) from None
