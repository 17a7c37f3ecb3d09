"""A match as a game record: SGF for Go, the federation's notation, PlayOK's PGN-like export and
the JSON game record for Toguz Korgool, each with the clock times.

The record is written from the match as it stands (a finished game carries its result; an
unfinished one is written as such):

- **Toguz Korgool** (:func:`toguz_record`): the moves with ``X`` for a tuz, ``=`` after a move
  that came with a draw offer (seed 000 8.3), the mover's time left after each move as
  ``{[%clk H:MM:SS]}``, the result with korgool counts, a ``Termination`` tag. A forfeit has
  no korgools (``1-0``); a double forfeit or no result leaves the result open (``*``) with the
  termination in the tag. The referees' notes are comments after the move they followed.
- **Go** (:func:`go_game`, :func:`sgf`): the engine's game with the players (pair go: man and
  woman of each side), event, ``TM``/``OT``, the time left after each move (``BL``/``WL`` and
  ``OB``/``OW`` in overtime), penalties, the referees' notes (warnings, clock corrections,
  pauses, results set: :mod:`arbiter.match.notes`) as comments, and ``RE``; a double forfeit is
  written ``RE[Void]`` with the reason in the game comment (SGF has no double forfeit).

>>> from arbiter.match import Actor, Match, MatchSettings, Move, Start
>>> m = Match.new(MatchSettings.toguz("60m", white="A", black="B"))
>>> m = m.apply(Start(), 0, Actor.referee()).apply(Move(7), 19, Actor.player("white"))
>>> print(federation_text(m).splitlines()[-1])
1. 76 {[%clk 0:59:41]} *
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from arbiter.clock import ClockState
from arbiter.errors import ArbiterError
from arbiter.games.go import Game, GameInfo, Rank
from arbiter.games.go import Player as GoPlayer
from arbiter.games.go import Result as GoResult
from arbiter.match.errors import WrongPhase
from arbiter.match.go import GoBoard
from arbiter.match.match import Match
from arbiter.match.notes import RefereeNote, referee_notes
from arbiter.match.result import MatchResult
from arbiter.match.settings import Player
from arbiter.match.toguz import ToguzBoard
from arbiter.records.game_json import write_json
from arbiter.records.sgf import write_sgf
from arbiter.records.toguz_record import GameResult, ToguzRecord, record_from_moves
from arbiter.records.toguz_text import write_federation, write_playok

__all__ = [
    "FORMATS",
    "export",
    "federation_text",
    "go_game",
    "json_text",
    "playok_text",
    "sgf",
    "toguz_record",
]

Format = Literal["sgf", "federation", "playok", "json"]
FORMATS: dict[str, tuple[Format, ...]] = {
    "go": ("sgf",),
    "toguz": ("federation", "playok", "json"),
}
"""The formats each game is exported to."""

# Our terminations as the JSON game record names them (arbiter.records.game_json).
_RECORD_TERMINATION = {
    "kazan": "kazan",
    "atsyz-kalu": "atsyz-kalu",
    "draw-81": "draw-81",
    "resignation": "resignation",
    "time": "time",
    "both-flags": "time",
    "agreement": "agreement",
    "repetition": "repetition",
    "draw-offers": "forfeit",
    "warnings": "forfeit",
    "late-arrival": "forfeit",
    "no-show": "forfeit",
    "forfeit": "forfeit",
    "adjudication": "adjudication",
    "referee": "adjudication",
}


def _names(players: tuple[Player, ...]) -> str:
    return " & ".join(p.name for p in players if p.name)


# ----- Toguz Korgool


def toguz_record(match: Match) -> ToguzRecord:
    """The Toguz Korgool game as a record (moves, clocks, draw offers, result, tags)."""
    board = match.board
    if not isinstance(board, ToguzBoard):
        raise WrongPhase("this is a Go match: export it as SGF")
    s = match.settings
    tags: dict[str, str] = {}
    for tag, value in (("Event", s.event), ("Site", s.site), ("Date", s.date), ("Round", s.round)):
        if value:
            tags[tag] = value
    for side in ("white", "black"):
        players = match.players(side)
        if _names(players):
            tags[side.capitalize()] = _names(players)
        if players and players[0].rating is not None:
            tags[f"{side.capitalize()}Elo"] = str(players[0].rating)
    result = match.result
    record_result: GameResult | None = None
    if result is not None:
        tags["Termination"] = _RECORD_TERMINATION.get(result.termination, result.termination)
        if result.text not in ("--", "Void"):
            record_result = GameResult(result.winner, result.korgools)
    clocks = [_mover_time(m.clock) for m in match.moves]
    record = record_from_moves(
        board.start,
        board.pits,
        tags,
        clocks=clocks,
        draw_offers=[m.draw_offer for m in match.moves],
        result=record_result,
    )
    notes = tuple((min(n.ply, len(record.moves)), str(n.sentence())) for n in _notes(match))
    return dataclasses.replace(record, time_control=str(s.time_control), notes=notes)


def _notes(match: Match) -> tuple[RefereeNote, ...]:
    return referee_notes(match.log, over=match.is_over)


def _mover_time(state: ClockState | None) -> float | None:
    if state is None:
        return None
    return 0.0 if state.flagged else state.main


def federation_text(match: Match) -> str:
    """The game in the federation's notation (seed 000 2.9, 7)."""
    return write_federation(toguz_record(match))


def playok_text(match: Match) -> str:
    """The game as PlayOK exports it (PGN-like)."""
    return write_playok(toguz_record(match))


def json_text(match: Match) -> str:
    """The game as arbiter's JSON game record (docs/formats.md)."""
    return write_json(toguz_record(match))


# ----- Go


def _go_players(players: tuple[Player, ...]) -> tuple[GoPlayer, ...]:
    out = []
    for p in players:
        try:
            rank = Rank.parse(p.rank) if p.rank else None
        except ArbiterError:
            rank = None
        out.append(GoPlayer(p.name, rank))
    return tuple(out)


def _go_result(result: MatchResult) -> GoResult:
    if result.text == "--":
        return GoResult.void()
    return GoResult.parse(result.text)


def go_game(match: Match) -> Game:
    """The Go game as the engine's record, ready for :func:`arbiter.records.sgf.write_sgf`."""
    board = match.board
    if not isinstance(board, GoBoard):
        raise WrongPhase("this is a Toguz Korgool match: export it in the federation's notation")
    s = match.settings
    tm, ot = s.time_control.sgf()
    comments: list[str] = []
    result = match.result
    if result is not None:
        comments.append(f"Result: {result.text} ({result.termination.replace('-', ' ')})")
    game = board.game
    moves = list(game.moves)
    before: list[str] = []
    for note in _notes(match):
        if note.what == "penalise":
            continue  # SGF writes the penalties themselves (arbiter.records.sgf)
        text = str(note.sentence())
        if 0 < note.ply <= len(moves):
            played = moves[note.ply - 1]
            comment = f"{played.comment}\n{text}" if played.comment else text
            moves[note.ply - 1] = dataclasses.replace(played, comment=comment)
        else:
            before.append(text)
    comments[:0] = before
    info = GameInfo(
        black=_go_players(match.players("black")),
        white=_go_players(match.players("white")),
        event=s.event,
        round=s.round,
        date=s.date,
        place=s.site,
        time_limit=tm,
        overtime=ot or "",
        comment="\n".join(comments),
    )
    ended = _go_result(result) if result is not None and result.termination != "points" else None
    return dataclasses.replace(game, info=info, moves=tuple(moves), ended=ended)


def sgf(match: Match) -> bytes:
    """The Go game as SGF FF[4] (UTF-8)."""
    return write_sgf(go_game(match))


def export(match: Match, fmt: str) -> str:
    """The game in ``fmt``: ``"sgf"`` (Go), ``"federation"``, ``"playok"`` or ``"json"``
    (Toguz Korgool)."""
    allowed = FORMATS[match.kind]
    if fmt not in allowed:
        raise WrongPhase(f"a {match.kind} game is exported as {', '.join(allowed)}, not {fmt!r}")
    if fmt == "sgf":
        return sgf(match).decode("utf-8")
    if fmt == "federation":
        return federation_text(match)
    if fmt == "playok":
        return playok_text(match)
    return json_text(match)
