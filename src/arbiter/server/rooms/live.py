"""The live games in a game room: each one's summary in the room's list, and the referee's
alerts — a player waiting more than 5 minutes for the opponent (seed 002 7.2.6), a player away
whose reconnection window runs (7.2.10), repeated disconnections, a game awaiting a decision,
a postponement waiting for the referee.
"""

from __future__ import annotations

from typing import Any

from arbiter.server.play.hub import Hub
from arbiter.server.play.seats import seats_of
from arbiter.server.play.snapshot import describe
from arbiter.server.play.state import GameState
from arbiter.server.rooms.view import RoomView

__all__ = ["REPEATED_DISCONNECTS", "WAIT_ALERT", "alerts", "live_summary", "with_live"]

WAIT_ALERT = 5 * 60.0
"""Seconds a player waits for the opponent before the referee is alerted (seed 002 7.2.6)."""
REPEATED_DISCONNECTS = 3
"""Disconnections from which the referee sees a warning sign (seed 002 7.2.10)."""


def alerts(state: GameState, wall: float) -> list[dict[str, Any]]:
    """What in a live game needs the referee now, most urgent first: ``decision`` (the game
    waits for a referee's decision), ``waiting`` (a player has waited more than 5 minutes for
    the opponent, seed 002 7.2.6; ``absent``: nobody came), ``away`` (a player's reconnection
    window runs, 7.2.10), ``disconnects`` (repeated), ``postponement`` (a request waits for the
    referee), each with the side or seat concerned."""
    m = state.match
    found: list[dict[str, Any]] = []
    if m.is_over:
        return found
    if m.status == "awaiting-decision":
        found.append({"kind": "decision", "what": m.awaiting})
    started = m.started_at is not None and m.status != "ready"
    if started and state.start_at is not None and wall - state.start_at >= WAIT_ALERT:
        here = [side for side in ("black", "white") if m.is_present(side)]
        if len(here) == 1:
            missing = "white" if here[0] == "black" else "black"
            found.append({"kind": "waiting", "side": missing, "since": state.start_at})
        elif not here:
            found.append({"kind": "absent", "since": state.start_at})
    for seat, end in sorted(state.window_ends().items()):
        found.append({"kind": "away", "seat": seat, "until": end})
    for seat in seats_of(m.settings):
        count = state.disconnects.get(seat, 0)
        if count >= REPEATED_DISCONNECTS:
            found.append({"kind": "disconnects", "seat": seat, "count": count})
    p = state.postponement
    if p is not None and p.get("status") == "requested":
        found.append({"kind": "postponement", "seat": p.get("by"), "consent": p.get("consent")})
    return found


def live_summary(state: GameState, wall: float) -> dict[str, Any]:
    """A live game in a room's list: status, clocks as of ``wall`` and the side whose clock
    runs, who is connected (and how often they dropped), the result and the alerts."""
    full = describe(state, wall, full=False)
    return {
        "status": full["status"],
        "awaiting": full["awaiting"],
        "ply": full["ply"],
        "to_move": full["to_move"],
        "running": full["running"],
        "clocks": full["clocks"],
        "server_time": full["server_time"],
        "result": full["result"],
        "start_at": full["start_at"],
        "seats": full["seats"],
        "present": {side: state.match.is_present(side) for side in ("black", "white")},
        "postponement": full["postponement"],
        "alerts": alerts(state, wall),
    }


async def with_live(hub: Hub, view: RoomView) -> RoomView:
    """``view`` with the live summary of each of its games (loaded into this process)."""
    wall = hub.wall()
    for game in view.games:
        if game.live_id is None:
            continue
        room = await hub.room(game.live_id)
        if room is not None:
            view.live[game.live_id] = live_summary(room.state, wall)
    return view
