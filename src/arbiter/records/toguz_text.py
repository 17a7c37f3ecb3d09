"""Toguz Korgool records as text: the federation's notation and PlayOK's PGN-like export.

Both share one layout, so one reader takes either::

    [White "argenby"]
    [Black "sportt"]
    [Result "1-0"]

    1. 76(10) 87(2) 2. 99 91 3. 78 91(14) 4. 45(22) 77(16) 5. 58(26) 15(18) 6. 25X 27X ...
    68. 23 1-0 {zero}

- tags ``[Name "value"]`` (optional in the federation's notation);
- move numbers ``12.`` (``12...`` before a Black move), then the moves in the federation's
  notation (:mod:`arbiter.games.toguz.notation`): ``76``, ``25X`` (also Cyrillic ``х``), with
  PlayOK's ``(n)`` after a capture and ``=`` after a move that came with a draw offer;
- comments in braces; ``{[%clk 0:59:12]}`` after a move gives the mover's time left; a
  referee's note is a comment after the move it followed (``{Warning 1 to White: phone}``),
  or before the first move;
- the result ``1-0``, ``0-1``, ``1/2-1/2`` or ``*``, in the federation's records with korgools:
  ``1(82)-0(60)``; PlayOK's ``{zero}`` after it says a side had no korgools left.

A file holds any number of games: a new game starts at a tag after moves, or at a move after a
result.

>>> games = read_games("1. 76 98 2. 66 87 1/2-1/2")
>>> len(games), [str(m) for m in games[0].moves], str(games[0].result)
(1, ['76', '98', '66', '87'], '1/2-1/2')
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from types import MappingProxyType

from arbiter.errors import ArbiterError
from arbiter.games.toguz.notation import MoveText, NotationError, parse_move
from arbiter.i18n import N_
from arbiter.limits import MAX_MOVES
from arbiter.records.toguz_record import (
    RESULT_RE,
    GameResult,
    RecordedMove,
    RecordError,
    ToguzRecord,
    record_from_moves,
)

_TOKEN = re.compile(
    r"""
    \s*(?:
      (?P<tag>\[\s*(?P<tname>[A-Za-z0-9_]+)\s+"(?P<tvalue>(?:[^"\\]|\\.)*)"\s*\])
    | (?P<comment>\{[^}]*\})
    | (?P<number>\d+\.(?:\.\.)?)
    | (?P<word>[^\s{}\[\]]+)
    )""",
    re.VERBOSE,
)
_CLOCK = re.compile(r"\[%clk\s+(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)\]")
_RESULT_WORD = re.compile(rf"(?:{RESULT_RE.pattern})|\*|=")
_PLAYOK_TAGS = (
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Time",
    "TimeControl",
    "WhiteElo",
    "BlackElo",
)


class _Builder:
    def __init__(self) -> None:
        self.tags: dict[str, str] = {}
        self.moves: list[RecordedMove] = []
        self.result: GameResult | None = None
        self.ended = False
        self.zero = False
        self.comments: list[str] = []
        self.notes: list[tuple[int, str]] = []

    @property
    def empty(self) -> bool:
        return not self.tags and not self.moves and not self.ended

    def build(self) -> ToguzRecord:
        result = self.result
        if result is None and "Result" in self.tags and self.tags["Result"] != "*":
            result = GameResult.parse(self.tags["Result"])
        start = self.tags.get("FEN")
        variant = self.tags.get("Variant", "toguz").lower()
        return ToguzRecord(
            moves=tuple(self.moves),
            tags=MappingProxyType(dict(self.tags)),
            result=result,
            zero=self.zero,
            start=start,
            variant="bestemshe" if variant == "bestemshe" else "toguz",
            notes=tuple(self.notes),
        )


def _tokens(text: str) -> Iterator[tuple[str, re.Match[str], int]]:
    pos = 0
    line = 1
    n = len(text)
    while pos < n:
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            rest = text[pos:].strip()
            if not rest:
                return
            line += text.count("\n", pos, pos + len(text[pos:]) - len(text[pos:].lstrip()))
            raise RecordError(N_("line {line}: cannot read {text!r}"), line=line, text=rest[:20])
        kind = next(k for k in ("tag", "comment", "number", "word") if m.group(k) is not None)
        line += text.count("\n", pos, m.start(kind))
        yield kind, m, line
        line += text.count("\n", m.start(kind), m.end())
        pos = m.end()


def read_games(text: str) -> list[ToguzRecord]:
    """Every game in ``text``; :class:`RecordError` names the line of anything unreadable."""
    games: list[ToguzRecord] = []
    cur = _Builder()
    for kind, m, line in _tokens(text.replace("\r\n", "\n")):
        if kind == "tag":
            if cur.moves or cur.ended:
                games.append(cur.build())
                cur = _Builder()
            value = m.group("tvalue").replace('\\"', '"').replace("\\\\", "\\")
            cur.tags[m.group("tname")] = value
        elif kind == "comment":
            body = m.group("comment")[1:-1].strip()
            clk = _CLOCK.search(body)
            if body == "zero" and cur.ended:
                cur.zero = True
            elif clk and cur.moves and not cur.ended:
                h, mi, s = clk.groups()
                last = cur.moves[-1]
                rest = _CLOCK.sub("", body).strip() or None
                cur.moves[-1] = RecordedMove(
                    last.text, clock=int(h) * 3600 + int(mi) * 60 + float(s), comment=rest
                )
            elif not cur.moves and not cur.ended and body:
                cur.notes.append((0, body))  # a note before the first move (a referee's)
            elif cur.moves and not cur.ended:
                last = cur.moves[-1]
                note = f"{last.comment} {body}" if last.comment else body
                cur.moves[-1] = RecordedMove(last.text, clock=last.clock, comment=note)
        elif kind == "number":
            if cur.ended:
                games.append(cur.build())
                cur = _Builder()
        else:
            word = m.group("word")
            if _RESULT_WORD.fullmatch(word):
                if cur.ended:
                    raise RecordError(
                        N_("line {line}: a second result {result!r} in one game"),
                        line=line,
                        result=word,
                    )
                cur.result = None if word == "*" else GameResult.parse(word)
                cur.ended = True
                continue
            try:
                move = parse_move(word)
            except NotationError as exc:
                raise RecordError(N_("line {line}: {error}"), line=line, error=exc.text) from None
            if cur.ended:
                games.append(cur.build())
                cur = _Builder()
            if len(cur.moves) >= MAX_MOVES:  # each move is replayed: bound them first
                raise RecordError(
                    N_("line {line}: a record holds at most {limit} moves"),
                    line=line,
                    limit=MAX_MOVES,
                )
            cur.moves.append(RecordedMove(move))
    if not cur.empty:
        games.append(cur.build())
    return games


def _clock_comment(seconds: float) -> str:
    whole = int(seconds)
    frac = seconds - whole
    h, rem = divmod(whole, 3600)
    mi, s = divmod(rem, 60)
    secs = f"{s:02d}" if frac < 0.05 else f"{s + frac:04.1f}"
    return f"{{[%clk {h}:{mi:02d}:{secs}]}}"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str) -> str:
    """``{text}``, with a brace that would end it early written as a parenthesis."""
    return "{" + text.replace("}", ")") + "}"


def _movetext(record: ToguzRecord, *, playok: bool, width: int = 79) -> str:
    words: list[str] = []
    start = record.start_position()
    white_first = start.to_move == "white"
    number = start.fullmove
    notes: dict[int, list[str]] = {}
    for after, note in record.notes:
        notes.setdefault(after, []).append(_comment(note))
    words.extend(notes.get(0, []))
    for ply, move in enumerate(record.moves):
        white = (ply % 2 == 0) == white_first
        text = move.text
        if not playok:
            text = type(text)(text.pit, text.landing, text.tuz, None, text.draw_offer)
        if white:
            words.append(f"{number}.")
        elif ply == 0:
            words.append(f"{number}...")
        words.append(str(text))
        if move.clock is not None:
            words.append(_clock_comment(move.clock))
        if move.comment:
            words.append(_comment(move.comment))
        words.extend(notes.get(ply + 1, []))
        if not white:
            number += 1
    if record.result is None:
        words.append("*")
    else:
        res = record.result
        words.append(str(res if not playok else GameResult(res.winner)))
    if record.zero and playok:
        words.append("{zero}")
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def _with_board_facts(record: ToguzRecord) -> ToguzRecord:
    """The record with what the board says filled in: PlayOK's ``(n)``, ``{zero}``, and the
    korgool counts of a result the board decided. Unchanged if its moves do not play."""
    try:
        fresh = record_from_moves(record.start_position(), [m.text.pit for m in record.moves])
    except ArbiterError:
        return record
    moves = tuple(
        RecordedMove(
            MoveText(
                new.text.pit, new.text.landing, new.text.tuz, new.text.kazan, old.text.draw_offer
            ),
            clock=old.clock,
            comment=old.comment,
        )
        for old, new in zip(record.moves, fresh.moves, strict=True)
    )
    result = record.result
    board = fresh.result
    if result is not None and result.korgools is None and board and board.winner == result.winner:
        result = board
    return dataclasses.replace(record, moves=moves, result=result, zero=record.zero or fresh.zero)


def write_federation(record: ToguzRecord) -> str:
    """The record in the federation's notation: tags, moves with ``X``, result with korgools.

    >>> from arbiter.games.toguz import Position
    >>> from arbiter.records.toguz_record import record_from_moves
    >>> text = write_federation(record_from_moves(Position.initial(), [7, 8], {"White": "A"}))
    >>> print(text, end="")
    [White "A"]
    <BLANKLINE>
    1. 76 87 *
    """
    record = _with_board_facts(record)
    head = "".join(f'[{k} "{_escape(v)}"]\n' for k, v in record.tags.items() if k != "Result")
    if record.result is not None:
        head += f'[Result "{record.result}"]\n'
    return (head + "\n" if head else "") + _movetext(record, playok=False) + "\n"


def write_playok(record: ToguzRecord) -> str:
    """The record as PlayOK exports it: its tags, ``(n)`` after captures, ``{zero}``.

    >>> from arbiter.games.toguz import Position
    >>> from arbiter.records.toguz_record import record_from_moves
    >>> print(write_playok(record_from_moves(Position.initial(), [7, 8])).splitlines()[-1])
    1. 76(10) 87(2) *
    """
    record = _with_board_facts(record)
    tags = dict(record.tags)
    tags["Result"] = "*" if record.result is None else str(GameResult(record.result.winner))
    for name in _PLAYOK_TAGS:
        tags.setdefault(name, "?" if name in ("Event", "Site", "Date") else "-")
    ordered = [k for k in _PLAYOK_TAGS if k in tags] + [k for k in tags if k not in _PLAYOK_TAGS]
    head = "".join(f'[{k} "{_escape(tags[k])}"]\n' for k in ordered)
    return head + "\n" + _movetext(record, playok=True) + "\n"
