"""A live game as clients see it at one instant (docs/play-protocol.md, "The state"): the
match (status, turn, board, moves, clocks as of that instant, offers, result, the referees'
notices), the players and who is connected, disconnections, the scheduled start and the
postponement.

:func:`describe` is pure: the same state and instant give the same snapshot in every process.
Chat is not part of it (each viewer reads the messages meant for them:
:func:`arbiter.server.play.chat.chat_for`).
"""

from __future__ import annotations

from typing import Any

from arbiter.match import Match
from arbiter.match.go import GoBoard
from arbiter.match.notes import referee_notes
from arbiter.match.toguz import ToguzBoard
from arbiter.server.play.postponement import postponed_start_limit
from arbiter.server.play.seats import seat_of_actor
from arbiter.server.play.state import GameState

__all__ = ["describe"]


def _clocks(match: Match, t: float) -> dict[str, Any] | None:
    if not match.clocked:
        return None
    out: dict[str, Any] = {}
    for side in ("black", "white"):
        state = match.clock_state(side, t)
        assert state is not None
        out[side] = {
            "main": round(state.main, 3),
            "periods": state.periods,
            "moves_left": state.moves_left,
            "period_left": None if state.period_left is None else round(state.period_left, 3),
            "flagged": state.flagged,
        }
    return out


def _board(match: Match) -> dict[str, Any]:
    board = match.board
    if isinstance(board, ToguzBoard):
        pos = board.position
        white, black = pos.kazans
        return {"fen": pos.fen(), "kazans": {"white": white, "black": black}}
    assert isinstance(board, GoBoard)
    gpos = board.position
    marks = {"black": "X", "white": "O", None: "."}
    rows = ["".join(marks[c] for c in row) for row in reversed(gpos.board)]
    return {
        "size": gpos.size,
        "rows": rows,
        "captures": {"black": gpos.captures("black"), "white": gpos.captures("white")},
        "dead": [p.gtp() for p in gpos.dead_stones],
        "accepted": sorted(gpos.accepted),
        "handicap": board.handicap,
        # Free handicap stones Black is placing (seed 002 appendix 1 note), else null.
        "placing": {"stones": board.placing, "placed": list(board.placed)}
        if board.placing
        else None,
        "komi": gpos.rules.komi,
        "ko": None if gpos.ko_point is None else gpos.ko_point.gtp(),
    }


def describe(state: GameState, wall: float, *, full: bool = True) -> dict[str, Any]:
    """Everything a client shows, as of Unix time ``wall``: the match (status, turn, board,
    moves, clocks *as of* ``wall``, offers, result), the players and who is connected,
    disconnections, the scheduled start and the postponement. Chat is not included (clients
    get it from :func:`chat_for`)."""
    m = state.match
    t = state.t(wall)
    settings = m.settings
    turn = m.turn
    last = m.moves[-1] if m.moves else None
    players = {side: [p.to_json() for p in m.players(side)] for side in ("black", "white")}
    proposal = m.resignation
    windows = state.window_ends()
    computer = (state.options.computer or {}).get("seat")
    found: dict[str, Any] = {
        "seq": state.seq,
        "server_time": round(wall, 3),
        "t": round(t, 3),
        "game": m.kind,
        "status": m.status,
        "awaiting": m.awaiting,
        "ply": m.ply,
        "to_move": m.to_move,
        "turn": None if turn is None else turn.to_json(),
        "board": _board(m),
        "moves": [r.text for r in m.moves],
        "last_move": None
        if last is None
        else {
            "ply": last.ply,
            "side": last.side,
            "role": last.role,
            "text": last.text,
            "spent": round(last.spent, 3),
            "draw_offer": last.draw_offer,
        },
        "clocks": _clocks(m, t),
        "running": m.clock.running_side if m.clocked else None,
        "draw_offer": m.draw_offer,
        "draw_offers": {side: m.draw_offers_made(side) for side in ("black", "white")},
        "offered_at": [r.ply for r in m.moves if r.draw_offer],
        "claims": {side: list(m.claims(side)) for side in ("black", "white")},
        "resignation_proposal": None
        if proposal is None
        else {
            "by": seat_of_actor(proposal.proposer),
            "consented": proposal.consented,
        },
        "warnings": [{"side": w.side, "reason": w.reason} for w in m.warnings],
        "notices": [note.to_json() for note in referee_notes(m.log, over=m.is_over)],
        "result": None if m.result is None else m.result.to_json(),
        "players": players,
        "seats": {
            seat: {
                "connected": state.connected(seat),
                "disconnects": state.disconnects.get(seat, 0),
                "away_since": state.disconnected_since.get(seat),
                "window_ends": windows.get(seat),
                "held": seat in state.holds,
                "computer": seat == computer,
            }
            for seat in state.seats
        },
        "start_at": state.start_at,
        "postponement": state.postponement,
        "postpone_by": postponed_start_limit(state),
        "reconnect_window": state.options.reconnect_window,
        "casual": state.options.casual,
        "extras": state.extras.to_json(m.ply),
        "correspondence": m.settings.time_control.system == "correspondence",
    }
    if full:
        found["settings"] = settings.to_json()
    return found
