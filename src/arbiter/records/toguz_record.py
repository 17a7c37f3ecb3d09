"""A Toguz Korgool game record: tags, the moves as written, the result; and its replay.

A record holds the moves as they were written (federation notation, perhaps with PlayOK's
``(n)``), so that :func:`replay` can check them against the rules: each move's landing pit, the
``X`` marks, the kazan totals, and the result where the board decides it. Records are read and
written by :mod:`arbiter.records.toguz_text` (federation notation, PlayOK) and
:mod:`arbiter.records.game_json` (JSON).

>>> from arbiter.games.toguz import Position
>>> rec = record_from_moves(Position.initial(), [7, 8])
>>> [str(m) for m in rec.moves]
['76', '87']
>>> replay(rec).mismatches
()
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from arbiter.errors import ArbiterError
from arbiter.games.toguz import IllegalMove, Position
from arbiter.games.toguz.notation import MoveText, play_and_describe, play_text
from arbiter.i18n import N_

# Results of a Toguz game, White first: 1-0, 0-1, 1/2-1/2, each with optional korgool counts.
RESULT_RE = re.compile(r"(1|0|1/2)(?:\((\d{1,3})\))?-(1|0|1/2)(?:\((\d{1,3})\))?")
_WINNERS = {("1", "0"): "white", ("0", "1"): "black", ("1/2", "1/2"): None}


class RecordError(ArbiterError):
    """A record that cannot be read."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """A recorded result: the winner (``None`` for a draw) and korgool counts when written.

    >>> GameResult.parse("1(82)-0(60)")
    GameResult(winner='white', korgools=(82, 60))
    >>> str(GameResult.parse("1/2-1/2"))
    '1/2-1/2'
    """

    winner: str | None
    korgools: tuple[int, int] | None = None

    @classmethod
    def parse(cls, text: str) -> GameResult:
        """Read ``1-0``, ``0-1``, ``1/2-1/2`` (also ``=``), with optional ``(n)`` counts."""
        text = text.strip()
        if text == "=":
            return cls(None)
        m = RESULT_RE.fullmatch(text)
        if m is None or (m.group(1), m.group(3)) not in _WINNERS:
            raise RecordError(
                N_(
                    "{text!r} is not a result: write 1-0, 0-1 or 1/2-1/2, with korgools as "
                    "1(82)-0(60)"
                ),
                text=text[:40],  # cut: the text may be a hostile file's megabytes
            )
        w, b = m.group(2), m.group(4)
        if (w is None) != (b is None):
            raise RecordError(
                N_("{text!r}: give the korgools of both sides or of neither"), text=text
            )
        korgools = (int(w), int(b)) if w is not None and b is not None else None
        return cls(_WINNERS[(m.group(1), m.group(3))], korgools)

    def __str__(self) -> str:
        left, right = {"white": ("1", "0"), "black": ("0", "1"), None: ("1/2", "1/2")}[self.winner]
        if self.korgools is None:
            return f"{left}-{right}"
        return f"{left}({self.korgools[0]})-{right}({self.korgools[1]})"


@dataclass(frozen=True, slots=True)
class RecordedMove:
    """One move as written, with what the record adds to it.

    ``clock`` is the mover's time left after the move, in seconds, when the record knows it.
    """

    text: MoveText
    clock: float | None = None
    comment: str | None = None

    def __str__(self) -> str:
        """The move in the federation's notation (PlayOK's ``(n)`` left out)."""
        t = self.text
        return f"{t.pit}{t.landing}{'X' if t.tuz else ''}{'=' if t.draw_offer else ''}"


@dataclass(frozen=True, slots=True)
class ToguzRecord:
    """A game as recorded.

    ``tags`` keep the record's headers as written (PlayOK's ``White``, ``Black``, ``Date``,
    ``Event``, ``Round``, ...); ``result`` is the recorded result or ``None`` (unfinished or
    unknown); ``zero`` says the record states the game ended because a side had no korgools
    (PlayOK's ``{zero}``); ``start`` is the start position's FEN when it is not the initial one;
    ``notes`` are the referees' notes, each with the number of moves played when it came
    (``0``: before the first move).
    """

    moves: tuple[RecordedMove, ...]
    tags: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    result: GameResult | None = None
    zero: bool = False
    start: str | None = None
    variant: str = "toguz"
    time_control: str | None = None
    notes: tuple[tuple[int, str], ...] = ()

    def tag(self, name: str, default: str = "") -> str:
        """A header's value, or ``default``."""
        return self.tags.get(name, default)

    def start_position(self) -> Position:
        """The position the moves start from."""
        if self.start is not None:
            return Position.from_fen(self.start)
        return Position.initial(self.variant)

    def describe(self) -> str:
        """A short identification for messages: players and date."""
        white = self.tag("White", "?")
        black = self.tag("Black", "?")
        when = " ".join(x for x in (self.tag("Date"), self.tag("Time")) if x)
        return f"{white} - {black}" + (f", {when}" if when else "")


@dataclass(frozen=True, slots=True)
class Replay:
    """The outcome of replaying a record: every position reached and what did not match."""

    positions: tuple[Position, ...]
    mismatches: tuple[str, ...]

    @property
    def final(self) -> Position:
        """The last position reached."""
        return self.positions[-1]


def _label(ply: int, start: Position, move: object) -> str:
    first_white = start.to_move == "white"
    number = start.fullmove + (ply + (0 if first_white else 1)) // 2
    side = "White" if (ply % 2 == 0) == first_white else "Black"
    return f"move {number} ({side} {move})"


def replay(record: ToguzRecord) -> Replay:
    """Play a record through the rules and list what does not match.

    Checked: every move is legal, lands where its second digit says, carries ``X`` exactly when
    it makes a tuz and, where the record gives ``(n)``, leaves the mover's kazan at n; moves that
    make an even capture must carry ``(n)`` when the record uses that mark at all; no move
    follows the end of the game; and the recorded result (with its korgool counts, and the
    ``{zero}`` mark) agrees with the board wherever the board decided the game (82 or more,
    81-81, no korgools to move). Resignations and time losses cannot be checked.
    """
    pos = record.start_position()
    start = pos
    positions = [pos]
    problems: list[str] = []
    marks_kazan = any(m.text.kazan is not None for m in record.moves)
    for ply, rec in enumerate(record.moves):
        label = _label(ply, start, rec)
        if pos.is_over:
            problems.append(f"{label}: the game was already over ({pos.result})")
            break
        try:
            pos, note = play_text(pos, rec.text)
        except IllegalMove as exc:
            try:
                pos, note = play_and_describe(pos, rec.text.pit)
            except IllegalMove:
                problems.append(f"{label}: {exc}")
                break
            problems.append(f"{label}: {exc}")
        positions.append(pos)
        if rec.text.kazan is not None and rec.text.kazan != note.kazan:
            problems.append(f"{label}: the kazan holds {note.kazan} after it, not {rec.text.kazan}")
        elif rec.text.kazan is None and marks_kazan and note.captured:
            problems.append(f"{label}: it captures {note.captured}, but has no ({note.kazan})")
    else:
        problems.extend(_check_end(record, pos))
    return Replay(tuple(positions), tuple(problems))


def _check_end(record: ToguzRecord, pos: Position) -> list[str]:
    problems: list[str] = []
    board = pos.result
    if record.zero and not (board is not None and pos.atsyz_kalu):
        problems.append("the record says {zero}, but the side to move still has korgools")
    recorded = record.result
    if board is None or recorded is None:
        return problems
    if recorded.winner != board.winner or (
        recorded.korgools is not None and recorded.korgools != board.korgools
    ):
        problems.append(f"the record gives {recorded}, but the board gives {board}")
    return problems


def record_from_moves(
    start: Position,
    pits: Iterable[int],
    tags: Mapping[str, str] | None = None,
    *,
    clocks: Iterable[float | None] | None = None,
    draw_offers: Iterable[bool] | None = None,
    result: GameResult | None = None,
) -> ToguzRecord:
    """A record of the moves ``pits`` played from ``start``, written in the notation.

    ``result`` defaults to the board's result when the moves end the game.
    """
    pos = start
    moves: list[RecordedMove] = []
    pit_list = list(pits)
    clock_list = list(clocks) if clocks is not None else [None] * len(pit_list)
    offers = list(draw_offers) if draw_offers is not None else [False] * len(pit_list)
    for pit, clock, offer in zip(pit_list, clock_list, offers, strict=True):
        pos, note = play_and_describe(pos, pit)
        text = MoveText(
            pit=note.pit,
            landing=note.landing,
            tuz=note.tuz,
            kazan=note.kazan if note.captured else None,
            draw_offer=offer,
        )
        moves.append(RecordedMove(text, clock=clock))
    board = pos.result
    if result is None and board is not None:
        result = GameResult(board.winner, board.korgools)
    zero = board is not None and pos.atsyz_kalu and max(pos.kazans) < pos.variant.to_win
    initial = Position.initial(start.variant.name, first=start.to_move)
    return ToguzRecord(
        moves=tuple(moves),
        tags=MappingProxyType(dict(tags or {})),
        result=result,
        zero=zero,
        start=None if start == initial and start.to_move == "white" else start.fen(),
        variant=start.variant.name,
    )
