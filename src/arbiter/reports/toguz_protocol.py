"""The Toguz Korgool game protocol as federations print it (seed 000 section 7, 2.9).

A header (event, round, date, place, the players with their ratings), the moves in the
federation's notation (``X`` for a tuz, ``=`` for a move made with a draw offer) in blocks of ten,
a board diagram after every ten moves (Black's kazan, Black's row 9→1, White's row 1→9, White's
kazan, ``X`` for a tuz), the result with the korgool counts, the referees' notes (warnings, clock
corrections, pauses, a result set: each after the move it followed), and lines for the
signatures of both players and the referee.

>>> from arbiter.games.toguz import Position
>>> from arbiter.records.toguz_record import record_from_moves
>>> html = protocol_html(record_from_moves(Position.initial(), [7, 8, 9], {"White": "Asanov"}))
>>> "<td>76</td>" in html and "Asanov" in html
True
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.games.toguz import Position
from arbiter.games.toguz.diagram import rows
from arbiter.records.toguz_record import GameResult, ToguzRecord, replay
from arbiter.reports.render import render

BLOCK = 10  # moves (of both sides) per block, and a diagram after each


@dataclass(frozen=True, slots=True)
class Diagram:
    """A position as the protocol prints it: kazans and both rows, ``X`` for a tuz."""

    after: int
    black_kazan: int
    black_row: tuple[str, ...]
    white_row: tuple[str, ...]
    white_kazan: int

    @classmethod
    def of(cls, pos: Position, after: int) -> Diagram:
        black, white = rows(pos)
        kw, kb = pos.kazans
        return cls(after, kb, tuple(black), tuple(white), kw)


@dataclass(frozen=True, slots=True)
class Block:
    """Ten numbered moves: (number, White's move, Black's move), and the diagram after them."""

    moves: tuple[tuple[int, str, str], ...]
    diagram: Diagram


def blocks(record: ToguzRecord) -> list[Block]:
    """The record's moves in blocks of ten with a diagram after each (the last may be short)."""
    played = replay(record)
    positions = played.positions
    start = positions[0]
    white_first = start.to_move == "white"
    lines: dict[int, list[str]] = {}
    for ply, move in enumerate(record.moves):
        if ply + 1 >= len(positions):
            break
        number = start.fullmove + (ply + (0 if white_first else 1)) // 2
        white_moves = (ply % 2 == 0) == white_first
        pair = lines.setdefault(number, ["", ""])
        pair[0 if white_moves else 1] = str(move)
    out: list[Block] = []
    numbers = sorted(lines)
    for i in range(0, len(numbers), BLOCK):
        chunk = numbers[i : i + BLOCK]
        last = chunk[-1]
        # The position after the last move of the block: count the plies up to it.
        plies = sum(1 for n in numbers if n <= last for side in lines[n] if side)
        pos = positions[min(plies, len(positions) - 1)]
        out.append(
            Block(tuple((n, lines[n][0], lines[n][1]) for n in chunk), Diagram.of(pos, last))
        )
    return out


def final_result(record: ToguzRecord) -> GameResult | None:
    """The recorded result, with the korgool counts from the board when it decided the game."""
    board = replay(record).final.result
    result = record.result
    if result is None and board is not None:
        return GameResult(board.winner, board.korgools)
    if result is not None and result.korgools is None and board and board.winner == result.winner:
        return GameResult(board.winner, board.korgools)
    return result


@dataclass(frozen=True, slots=True)
class Note:
    """A referee's note as the protocol prints it: after which move (``number`` and whether
    it was White's; ``number`` 0: before the first move) and what it says."""

    number: int
    white: bool
    text: str


def notes(record: ToguzRecord) -> list[Note]:
    """The record's referee notes, each placed after the move it followed."""
    start = record.start_position()
    white_first = start.to_move == "white"
    out = []
    for ply, text in record.notes:
        if ply == 0:
            out.append(Note(0, white_first, text))
            continue
        last = ply - 1
        number = start.fullmove + (last + (0 if white_first else 1)) // 2
        out.append(Note(number, (last % 2 == 0) == white_first, text))
    return out


def protocol_html(record: ToguzRecord, lang: str = "en") -> str:
    """The game protocol as HTML with a print stylesheet, in ``lang``."""
    tag = record.tags.get
    return render(
        "toguz_protocol.html",
        lang,
        title=f"{tag('White', '?')} – {tag('Black', '?')}",
        event=tag("Event", ""),
        round=tag("Round", ""),
        date=tag("Date", ""),
        site=tag("Site", ""),
        white=tag("White", ""),
        black=tag("Black", ""),
        white_rating=tag("WhiteElo", ""),
        black_rating=tag("BlackElo", ""),
        time_control=record.time_control or "",
        blocks=blocks(record),
        result=final_result(record),
        notes=notes(record),
        variant=record.variant,
    )
