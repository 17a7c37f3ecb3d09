"""The game room of one round as the caller may see it: its start, its games (the first mover's
side first) with their live games, and who checked in — everybody's check-ins for the event's
staff, their own for a player. The live games' states are added by
:func:`arbiter.server.rooms.live.with_live`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from arbiter.server.auth.roles import Permission
from arbiter.server.play.hub import Hub
from arbiter.server.play.seats import side_entries
from arbiter.server.rooms.checkin import CHECK_IN_BEFORE, Present
from arbiter.server.rooms.reading import account_names, now_or_wall, round_of
from arbiter.server.rooms.tables import CheckIn, RoomRound
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.state import EventState
from arbiter.server.services.unit import reading

__all__ = ["RoomGame", "RoomView", "room_view"]


@dataclass(frozen=True, slots=True)
class RoomGame:
    """A game of the round as the room lists it: the first mover's side first (Black in Go,
    White in Toguz Korgool), each side's player entries, the result, the live game."""

    table: int
    board: int | None
    game_id: int
    first: str
    second: str
    sides: dict[str, tuple[int, ...]]
    result: str
    provisional: bool
    live_id: int | None

    def to_json(self) -> dict[str, Any]:
        """JSON."""
        return {
            "table": self.table,
            "board": self.board,
            "first": self.first,
            "second": self.second,
            "sides": {k: list(v) for k, v in self.sides.items()},
            "result": self.result or None,
            "provisional": self.provisional,
            "live": self.live_id,
        }


@dataclass(frozen=True, slots=True)
class RoomView:
    """The game room of one round as the caller may see it (see :func:`room_view`)."""

    state: EventState
    round: int
    start_at: float | None
    opened_by: str | None
    now: float
    games: list[RoomGame]
    names: dict[int, str]
    checkins: dict[int, Present]
    mine: tuple[int, ...]
    staff: bool
    may_open: bool
    published: bool
    live: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def started(self) -> bool:
        """Whether the round's start has passed."""
        return self.start_at is not None and self.now >= self.start_at

    @property
    def may_check_in(self) -> bool:
        """Whether the caller may check in now."""
        return bool(self.mine) and self.start_at is not None and not self.started

    @property
    def checked_in(self) -> bool:
        """Whether every entry of the caller in this round has checked in."""
        return bool(self.mine) and all(no in self.checkins for no in self.mine)

    def to_json(self) -> dict[str, Any]:
        """JSON (the room page's script reads it)."""
        return {
            "event": self.state.id,
            "round": self.round,
            "game": self.state.event.game,
            "start_at": self.start_at,
            "opened_by": self.opened_by,
            "now": self.now,
            "check_in_by": None if self.start_at is None else self.start_at - CHECK_IN_BEFORE,
            "mine": list(self.mine),
            "checked_in": self.checked_in,
            "staff": self.staff,
            "present": {str(k): v.to_json() for k, v in sorted(self.checkins.items())},
            "names": {str(k): v for k, v in sorted(self.names.items())},
            "games": [
                {**g.to_json(), "state": self.live.get(g.live_id) if g.live_id else None}
                for g in self.games
            ],
        }


def room_view(
    hub: Hub,
    user: CurrentUser | None,
    event_id: int,
    number: int,
    *,
    now: float | None = None,
) -> RoomView:
    """The round's room: its start, its games with their live games, and who checked in
    (everybody's check-ins for the event's staff; a player sees their own). The live states
    are added by the caller (:func:`arbiter.server.rooms.live.with_live`)."""
    rt = hub.rt
    moment = now_or_wall(now)
    with reading(rt, user, event_id) as r:
        state = r.state()
        state.access.require_visible()
        rnd = round_of(state, number)
        opened = r.session.get(RoomRound, (event_id, number))
        rows = list(
            r.session.scalars(
                select(CheckIn).where(CheckIn.event_id == event_id, CheckIn.round == number)
            )
        )
    event = state.event
    staff = state.access.is_staff
    live = {row.game_id: row.id for row in hub.store.games_of_event(event_id)}
    first, second = ("black", "white") if event.game == "go" else ("white", "black")
    games: list[RoomGame] = []
    names: dict[int, str] = {}
    mine: list[int] = []
    for g in rnd.games:
        sides = side_entries(event, g)
        for nos in sides.values():
            for no in nos:
                names[no] = event.name_of(no)
                if no in state.access.player_nos:
                    mine.append(no)
        gid = state.games[g.key].id
        shown = {first: event.name_of(getattr(g, first)), second: event.name_of(getattr(g, second))}
        for colour in (first, second):
            player = getattr(g, f"{colour}_player")
            if player is not None:
                shown[colour] += f": {event.name_of(player)}"
        games.append(
            RoomGame(
                g.table,
                g.board,
                gid,
                shown[first],
                shown[second],
                sides,
                str(g.result) if g.result is not None else "",
                bool(g.result and g.result.provisional),
                live.get(gid),
            )
        )
    start = None if opened is None else opened.start_at
    checkins = {
        c.player_no: Present.of(c, start)
        for c in rows
        if staff or c.player_no in state.access.player_nos
    }
    opener = None
    if opened is not None:
        opener = account_names(rt, {opened.opened_by}).get(opened.opened_by or 0)
    return RoomView(
        state,
        number,
        start,
        opener,
        moment,
        games,
        names if staff else {no: names[no] for no in mine},
        checkins,
        tuple(sorted(set(mine))),
        staff,
        state.access.can(Permission.RECORD_RESULT),
        state.rounds[number].published,
    )
