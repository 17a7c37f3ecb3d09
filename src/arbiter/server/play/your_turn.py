"""A player's games where it is their move (``GET /api/play/your-turn``; the page
``/play/your-turn``): the live games not over whose seat to move is held by the account,
soonest deadline first — what a correspondence player opens every day.

Between moves nothing runs for these games but the deadline (``live_games.due_at``, checked by
every process's sweeper); the list reads the games' rows and replays their streams.
"""

from __future__ import annotations

from typing import Any, cast

from fastapi import APIRouter, Request
from sqlalchemy import Table, select

from arbiter.server.api.schemas import error_responses
from arbiter.server.auth.dependencies import UserDep
from arbiter.server.play.hub import Hub
from arbiter.server.play.lifespan import hub_of
from arbiter.server.play.seats import seat_of_actor
from arbiter.server.play.store import GameRow, LiveStore, game_row
from arbiter.server.play.tables import LiveGame
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Unauthenticated

__all__ = ["games_of_account", "router", "your_turn"]

_GAMES = cast(Table, LiveGame.__table__)

router = APIRouter()


def games_of_account(store: LiveStore, user_id: int) -> list[GameRow]:
    """The live games not over where the account holds a seat."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(_GAMES).where(_GAMES.c.status != "over").order_by(_GAMES.c.id)
        ).all()
    found = [game_row(r) for r in rows]
    return [
        row
        for row in found
        if any((info or {}).get("user_id") == user_id for info in row.seats.values())
    ]


async def your_turn(hub: Hub, user: CurrentUser) -> list[dict[str, Any]]:
    """The account's games where it is their move: ``id``, ``game``, ``time_control``,
    ``correspondence``, ``seat``, ``ply``, ``deadline`` (Unix time the flag falls, ``null``
    when no clock runs), ``casual`` and ``event_id``; soonest deadline first."""
    rows = await hub.store.run(games_of_account, hub.store, user.id)
    out: list[dict[str, Any]] = []
    for row in rows:
        room = await hub.room(row.id)
        if room is None:
            continue
        state = room.state
        m = state.match
        turn = m.turn
        seat = None if turn is None else seat_of_actor(turn)
        if m.status != "playing" or seat is None:
            continue
        if (row.seats.get(seat) or {}).get("user_id") != user.id:
            continue
        deadline = m.clock.deadline() if m.clocked else None  # the flag's instant
        out.append(
            {
                "id": row.id,
                "game": m.kind,
                "time_control": str(m.settings.time_control),
                "correspondence": m.settings.time_control.system == "correspondence",
                "seat": seat,
                "ply": m.ply,
                "deadline": None if deadline is None else round(state.epoch + deadline, 3),
                "casual": state.options.casual,
                "event_id": row.event_id,
            }
        )
    out.sort(key=lambda g: (g["deadline"] is None, g["deadline"] or 0.0, g["id"]))
    return out


@router.get("/api/play/your-turn", tags=["live play"], responses=error_responses(401))
async def your_turn_api(request: Request, user: UserDep) -> list[dict[str, Any]]:
    """The signed-in player's live games where it is their move, soonest deadline first."""
    if user is None:
        raise Unauthenticated("sign in to see the games where it is your move")
    return await your_turn(hub_of(request), user)
