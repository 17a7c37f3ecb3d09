"""Checking in before a round (seed 002 7.2.5): a player reports present at least 15 minutes
before the start; a later check-in is recorded and shown as late. At the start the player goes
to their game; the match records their arrival when they connect, and the late-arrival rule of
the event applies from the start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbiter.server.play.seats import side_entries
from arbiter.server.rooms.reading import now_or_wall, round_of
from arbiter.server.rooms.tables import CheckIn, RoomRound
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, require_user
from arbiter.server.services.errors import Conflict, Forbidden
from arbiter.server.services.unit import reading

__all__ = ["CHECK_IN_BEFORE", "Present", "check_in"]

CHECK_IN_BEFORE = 15 * 60.0
"""Seconds before the start by which players report present (seed 002 7.2.5)."""


@dataclass(frozen=True, slots=True)
class Present:
    """A player reported present: entry number, instant, and whether it was late (less than
    15 minutes before the start)."""

    player_no: int
    at: float
    late: bool

    @classmethod
    def of(cls, row: CheckIn, start: float | None) -> Present:
        """The check-in ``row`` for a round starting at ``start`` (``None``: not opened)."""
        return cls(row.player_no, row.at, start is not None and row.at > start - CHECK_IN_BEFORE)

    def to_json(self) -> dict[str, Any]:
        """JSON."""
        return {"player_no": self.player_no, "at": self.at, "late": self.late}


def check_in(
    rt: Runtime, user: CurrentUser | None, event_id: int, number: int, *, now: float | None = None
) -> list[Present]:
    """The caller reports present for round ``number`` (every entry of theirs with a game in
    it). Refused before the round is opened, once it has started, and for a player without a
    game in the round. Checking in twice keeps the first instant."""
    actor = require_user(user)
    moment = now_or_wall(now)
    with reading(rt, actor, event_id) as r:
        state = r.state()
        state.access.require_visible()
        rnd = round_of(state, number)
        nos = state.access.player_nos
        if not nos:
            raise Forbidden("you play in this event under no entry (ask the organiser to link you)")
        opened = r.session.get(RoomRound, (event_id, number))
        if opened is None:
            raise Conflict(f"round {number} is not open yet: the referee opens it with its start")
        start = opened.start_at
        mine = sorted(
            no
            for g in rnd.games
            for side in side_entries(state.event, g).values()
            for no in side
            if no in nos
        )
    if not mine:
        raise Conflict(f"you have no game in round {number}")
    if moment >= start:
        raise Conflict(f"round {number} has started: go to your game")
    out: list[Present] = []
    with rt.db.write() as session:
        for no in mine:
            row = session.get(CheckIn, (event_id, number, no))
            if row is None:
                row = CheckIn(event_id=event_id, round=number, player_no=no, user_id=actor.id)
                row.at = moment
                session.add(row)
            out.append(Present.of(row, start))
    return out
