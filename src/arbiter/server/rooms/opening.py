"""Opening a round in the game room: a referee opens a paired and published round with its
start time; its live games are created at once
(:func:`arbiter.server.play.round_games.create_round_games`) and the server starts each one's
clock at the start — the first mover's, present or not (seed 002 2.6, 7.2.1). Opening it again
creates only the games that have none yet (after a pairing edit).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from arbiter.server.auth.roles import Permission
from arbiter.server.play.hub import Hub
from arbiter.server.play.round_games import create_round_games
from arbiter.server.rooms.reading import now_or_wall, round_of
from arbiter.server.rooms.tables import RoomRound
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Conflict, Invalid
from arbiter.server.services.unit import reading

__all__ = ["LAST_START", "PAST_START", "Opened", "open_round"]

PAST_START = 5.0
"""Seconds in the past a round start may lie (a referee starting "now")."""
LAST_START = 4_102_444_800.0
"""The latest round start accepted (2100-01-01), so that nonsense never reaches the clocks."""


@dataclass(frozen=True, slots=True)
class Opened:
    """A round opened: its start and its live games (``created`` false: made before)."""

    round: int
    start_at: float
    games: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        """The API's answer."""
        return {"round": self.round, "start_at": self.start_at, "games": self.games}


def open_round(
    hub: Hub,
    user: CurrentUser | None,
    event_id: int,
    number: int,
    start_at: float,
    *,
    now: float | None = None,
) -> Opened:
    """Open round ``number`` for online play starting at ``start_at`` (Unix seconds): its live
    games are created and the server starts them then. A referee's act; the round must be
    paired and published (seed 002 7.2.3: players see the pairing before the round). Opening it
    again keeps the first start and creates only the games without one."""
    rt = hub.rt
    moment = now_or_wall(now)
    with reading(rt, user, event_id) as r:
        state = r.state()
        acting = state.access.require(Permission.RECORD_RESULT, "opening a round")
        round_of(state, number)
        if not state.rounds[number].published:
            raise Conflict(
                f"publish round {number} first: players see their pairing before the round "
                "(seed 002 7.2.3)",
                "round",
            )
        found = r.session.get(RoomRound, (event_id, number))
        known = None if found is None else found.start_at
    if known is None:
        if not moment - PAST_START <= start_at <= LAST_START:
            raise Invalid("the round starts now or later, not in the past", "start_at")
        with rt.db.write() as session:
            if session.get(RoomRound, (event_id, number)) is None:
                session.add(
                    RoomRound(
                        event_id=event_id,
                        round=number,
                        start_at=start_at,
                        opened_by=acting.id,
                        opened_at=datetime.now(UTC),
                    )
                )
            else:  # another referee opened it meanwhile: theirs stands
                known = session.get(RoomRound, (event_id, number)).start_at  # type: ignore[union-attr]
    start = start_at if known is None else known
    if known is not None and abs(start_at - known) > 1.0:
        raise Conflict(
            f"round {number} is open already, starting at {_clock(known)}: a game is moved by "
            "a postponement",
            "start_at",
            {"round": number, "start_at": known},
        )
    made = create_round_games(hub, user, event_id, number, start)
    return Opened(number, start, made)


def _clock(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")
