"""The game record viewer: a Go (SGF) or Toguz Korgool (JSON game record, federation notation)
record read once, then drawn position by position.

:func:`read_record` replays the record through the rules engine and keeps every position;
:meth:`RecordView.frame` draws one of them (the board, the move that led to it, the comment) in
the current language. A page shows one frame and steps by links (no script needed); its script
fetches the next frames as JSON. Parsed records are cached, so stepping does not re-read them.

>>> view = read_record("1. 76 87")
>>> view.game, view.plies, [m.text for m in view.moves]
('toguz', 2, ['76', '87'])
>>> frame = view.frame(1)
>>> frame.ply, frame.caption, str(frame.board)[:4]
(1, '1. White 76', '<svg')
>>> read_record("(;GM[1]SZ[9];B[ee];W[cc])").moves[1].text
'C7'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal

from markupsafe import Markup

from arbiter import i18n
from arbiter.errors import ArbiterError
from arbiter.games.go import Game as GoGame
from arbiter.games.go import Position as GoPosition
from arbiter.games.go.scoring import Score, territory
from arbiter.games.toguz import Position as ToguzPosition
from arbiter.i18n import N_, gettext
from arbiter.records.game_json import read_json
from arbiter.records.sgf import read_sgf
from arbiter.records.toguz_record import ToguzRecord, replay
from arbiter.records.toguz_text import read_games
from arbiter.reports.go_score import score_lines
from arbiter.server.web.board import go_board, toguz_board, toguz_last

RecordFormat = Literal["sgf", "arbiter-game", "toguz-text"]
#: How long a record the viewer reads (characters), as the server stores at most.
MAX_RECORD = 2_000_000
SIDE_WORDS = {"white": N_("White"), "black": N_("Black")}
#: What records write for a header they do not know (PGN's ``?`` and ``-``).
UNKNOWN = frozenset({"?", "-", "*"})


class RecordError(ArbiterError):
    """A record the viewer cannot read."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move of the record: its ply (from 1), the side, the move as written, a comment."""

    ply: int
    number: int
    side: str
    text: str
    comment: str = ""


@dataclass(frozen=True, slots=True)
class Frame:
    """One position as a page shows it."""

    ply: int
    board: Markup
    caption: str
    comment: str
    facts: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RecordView:
    """A record read and replayed: players, headers, moves, every position."""

    game: Literal["go", "toguz"]
    white: str
    black: str
    result: str
    tags: tuple[tuple[str, str], ...]
    moves: tuple[Move, ...]
    problems: tuple[str, ...]
    positions: tuple[GoPosition, ...] | tuple[ToguzPosition, ...]
    #: The count of a Go game the record says was counted (its dead stones marked), else None.
    score: Score | None = None

    @property
    def plies(self) -> int:
        """How many moves can be stepped through."""
        return len(self.positions) - 1

    def clamp(self, ply: int | None) -> int:
        """``ply`` within the record (``None``: the last position)."""
        if ply is None:
            return self.plies
        return max(0, min(ply, self.plies))

    def frame(self, ply: int | None) -> Frame:
        """The position after ``ply`` moves, drawn (``None``: the final position)."""
        at = self.clamp(ply)
        move = self.moves[at - 1] if at > 0 else None
        caption = gettext("Start")
        if move is not None:
            caption = f"{move.number}. {gettext(SIDE_WORDS[move.side])} {move.text}"
        if self.game == "toguz":
            pos = self.positions[at]
            assert isinstance(pos, ToguzPosition)
            last = None
            if move is not None:
                before = self.positions[at - 1]
                assert isinstance(before, ToguzPosition)
                last = toguz_last(before, int(move.text[0]))
            board = toguz_board(pos, last=last)
            white_k, black_k = pos.kazans
            facts = (
                (gettext("White's kazan"), str(white_k)),
                (gettext("Black's kazan"), str(black_k)),
            )
        else:
            go = self.positions[at]
            assert isinstance(go, GoPosition)
            counted = self.score is not None and at == self.plies
            board = go_board(go, territory=territory(go) if counted else ())
            facts = (
                (gettext("Captured by Black"), str(go.captures("black"))),
                (gettext("Captured by White"), str(go.captures("white"))),
            )
            if counted and self.score is not None:
                count = tuple((gettext("Count"), line) for line in score_lines(self.score))
                return Frame(at, board, caption, move.comment if move else "", facts + count)
        return Frame(at, board, caption, move.comment if move else "", facts)


def detect(text: str) -> RecordFormat:
    """The record format of ``text``: SGF, a JSON game record or Toguz Korgool notation.

    >>> detect("(;GM[1])"), detect('{"moves": []}'), detect("1. 76 87")
    ('sgf', 'arbiter-game', 'toguz-text')
    """
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("("):
        return "sgf"
    if head.startswith("{"):
        return "arbiter-game"
    return "toguz-text"


def read_record(text: str, fmt: RecordFormat | None = None) -> RecordView:
    """Read a record (its format detected unless given) and replay it; :class:`RecordError`
    (or the reader's own error) when it cannot be read."""
    # The view holds words of the reader's language (a pass): one cached view per language.
    return _read_record(text, fmt, i18n.current())


@functools.lru_cache(maxsize=16)
def _read_record(text: str, fmt: RecordFormat | None, lang: str) -> RecordView:
    if len(text) > MAX_RECORD:
        raise RecordError(f"a record has at most {MAX_RECORD} characters")
    kind = fmt or detect(text)
    if kind == "sgf":
        return _go_view(read_sgf(text.encode("utf-8")))
    if kind == "arbiter-game":
        return _toguz_view(read_json(text))
    games = read_games(text)
    if not games:
        raise RecordError("the text holds no Toguz Korgool game")
    return _toguz_view(games[0])


def _go_positions(game: GoGame) -> list[GoPosition]:
    """Every position of the game: the start, then one after each move, with the record's
    setup edits applied where they were made (before the move of their ply)."""

    def edited(pos: GoPosition, ply: int) -> GoPosition:
        for edit in game.edits:
            if edit.ply == ply:
                pos = pos.edit(
                    black=edit.black, white=edit.white, empty=edit.empty, to_move=edit.to_move
                )
        return pos

    out = [game.start]
    pos = game.start
    for ply, move in enumerate(game.moves):
        pos = edited(pos, ply)
        if pos.phase == "marking":
            pos = pos.resume()
        pos = pos.play_as(move.color, move.move)
        out.append(pos)
    out[-1] = edited(out[-1], len(game.moves))
    if game.position.phase == "finished":
        out[-1] = game.position  # the record's count: the same stones, the dead ones marked
    return out


def _go_view(game: GoGame) -> RecordView:
    info = game.info
    moves = tuple(
        Move(
            i + 1,
            i + 1,
            m.color,
            m.move.gtp() if m.move is not None else gettext("pass"),
            m.comment,
        )
        for i, m in enumerate(game.moves)
    )
    tags = [
        (N_("Event"), info.event),
        (N_("Round"), info.round),
        (N_("Date"), info.date),
        (N_("Venue"), info.place),
        (N_("Komi"), f"{game.rules.komi:g}"),
        (N_("Handicap"), str(game.start.handicap) if game.start.handicap else ""),
    ]
    result = game.result
    return RecordView(
        game="go",
        white=" & ".join(str(p) for p in info.white),
        black=" & ".join(str(p) for p in info.black),
        result=str(result) if result is not None else "",
        tags=tuple((k, v) for k, v in tags if v),
        moves=moves,
        problems=(),
        positions=tuple(_go_positions(game)),
        score=game.score() if game.position.phase == "finished" else None,
    )


def _toguz_view(record: ToguzRecord) -> RecordView:
    replayed = replay(record)
    positions: tuple[ToguzPosition, ...] = replayed.positions
    moves = []
    # The referees' notes show with the move they followed (issue 15).
    notes: dict[int, list[str]] = {}
    for ply, text in record.notes:
        notes.setdefault(max(ply, 1), []).append(text)
    for i, rec in enumerate(record.moves[: len(positions) - 1]):
        before = positions[i]
        said = "\n".join([rec.comment or "", *notes.get(i + 1, [])]).strip()
        moves.append(Move(i + 1, before.fullmove, before.to_move, str(rec), said))
    tags = [
        (N_("Event"), record.tag("Event")),
        (N_("Round"), record.tag("Round")),
        (N_("Date"), record.tag("Date")),
        (N_("Venue"), record.tag("Site")),
    ]
    return RecordView(
        game="toguz",
        white=record.tag("White"),
        black=record.tag("Black"),
        result=str(record.result) if record.result is not None else "",
        tags=tuple((k, v) for k, v in tags if v and v not in UNKNOWN),
        moves=tuple(moves),
        problems=replayed.mismatches,
        positions=positions,
    )
