"""The bracket lines of ``arbiter event show``: one line a knockout meeting, the first mover first.

In Toguz Korgool White moves first, in Go Black (seed 000 9.5, seed 002 1.4), and each game's
result is written in that order (``1-0(76)``: White won, Black kept 76), so the names are
printed in the same order, each with its colour, and a line reads left to right as its result
does. A team match is named by the teams, the one moving first on board 1 first, with the match
score in board points and who goes on; the board games are in ``event show --round N``.

>>> from arbiter.events.event import Event
>>> e = Event.create("toguz", "knockout")
>>> for name in ("Asanov Bakyt", "Bekova Aida"):
...     e, _ = e.add_player(name)
>>> e = e.pair_next_round()
>>> g = e.rounds[0].games[0]
>>> e = e.record_result(1, 1, None, "1-0(76)")
>>> line = meeting_lines(e)[0]
>>> line == f"round 1 R1-1: {e.name_of(g.white)} (White) – {e.name_of(g.black)} (Black) 1-0(76)"
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.commands.common import tr
from arbiter.i18n import N_

if TYPE_CHECKING:
    from arbiter.events.competition import Competition
    from arbiter.events.results import Side
    from arbiter.events.rounds import Game
    from arbiter.events.teams import MatchSummary


def _colour(side: Side) -> str:
    return tr(N_("White")) if side == "white" else tr(N_("Black"))


def _order(event: Competition) -> tuple[Side, Side]:
    """The sides in the order they move: White first in Toguz Korgool, Black first in Go."""
    return ("white", "black") if event.game == "toguz" else ("black", "white")


def _single(event: Competition, g: Game) -> str:
    first, second = _order(event)
    pair = (
        f"{event.name_of(g.participant_of(first))} ({_colour(first)}) – "
        f"{event.name_of(g.participant_of(second))} ({_colour(second)})"
    )
    shown = ", ".join(str(r) for r in g.extra)
    extra = " " + tr(N_("(extra: {results})"), results=shown) if g.extra else ""
    return f"{pair} {g.result or ''}{extra}".rstrip()


def _match(event: Competition, games: tuple[Game, ...]) -> str:
    from arbiter.events.exact import show
    from arbiter.events.korgool_counts import describe
    from arbiter.events.teams import korgools_needed, meeting_winner, summarize

    summary = summarize(event, games)
    a, b = summary.teams
    first, second = _order(event)
    on_board = N_("{colour} on board 1")
    lead, follow = tr(on_board, colour=_colour(first)), tr(on_board, colour=_colour(second))
    pair = f"{event.name_of(a)} ({lead}) – {event.name_of(b)} ({follow})"
    if not any(g.result is not None for g in games):
        return pair
    score = f"{show(summary.board_points[a])}–{show(summary.board_points[b])}"
    if not summary.complete:
        return f"{pair} {score}?"
    board_one = min(games, key=lambda g: g.board or 0)
    parts = [score]
    if board_one.extra:
        parts.append(tr(N_("(extra: {results})"), results=", ".join(map(str, board_one.extra))))
    needed = korgools_needed(event, games)
    winner = meeting_winner(event, games)
    if needed:
        parts.append(tr(N_("korgools needed: {games}"), games=describe(event, needed)))
    elif winner is not None and winner in (a, b):
        goes_on = tr(N_("{name} goes on"), name=event.name_of(winner))
        why = _why(event, summary, bool(board_one.extra))
        parts.append(f"{goes_on} ({why})" if why else goes_on)
    return f"{pair} " + ", ".join(parts)


def _why(event: Competition, summary: MatchSummary, extra: bool) -> str:
    """Which criterion of seed 000 10.2 (Go: the boards in order) decided a drawn match."""
    a, b = summary.teams
    if summary.board_points[a] != summary.board_points[b] or extra:
        return ""
    lost = summary.korgools_lost
    if event.game == "toguz" and lost[a] != lost[b]:
        return tr(N_("korgools in lost games {first}–{second}"), first=lost[a], second=lost[b])
    if event.game == "toguz":
        return tr(N_("board 1"))
    return tr(N_("the boards in order"))


def meeting_lines(event: Competition) -> list[str]:
    """One line a meeting of every paired round: where, the sides (the first mover first, with
    the colour), the result or the match score."""
    lines: list[str] = []
    for rnd in event.rounds:
        for table in rnd.tables:
            games = tuple(g for g in rnd.games if g.table == table)
            head = min(games, key=lambda g: g.board or 0)
            text = _match(event, games) if head.board is not None else _single(event, head)
            where = tr(N_("round {round}"), round=rnd.number)
            lines.append(f"{where} {head.slot or ''}: {text}")
    return lines
