"""Events being built on a live game's state, each applied at once so that the next sees it:
what a room's single writer (:meth:`arbiter.server.play.room.Room.commit`) stores in one
transaction. :meth:`Builder.settle` applies what is due at the build's time first.
"""

from __future__ import annotations

from typing import Any

from arbiter.match import SYSTEM, Action, Actor, Match, SetResult, Start
from arbiter.match.actors import AGREEMENT
from arbiter.server.play.abort import abort_at
from arbiter.server.play.seats import SERVER_REFEREE, side_of_seat, winner_by_no_show
from arbiter.server.play.state import Event, GameState

__all__ = ["Builder"]


class Builder:
    """Events being built on a state: each is applied at once, so the next sees it."""

    def __init__(self, state: GameState, wall: float) -> None:
        self.state = state
        self.wall = wall
        self.built: list[tuple[Event, GameState]] = []

    @property
    def match(self) -> Match:
        """The match as built so far."""
        return self.state.match

    @property
    def t(self) -> float:
        """The match instant of the build's time."""
        return self.state.t(self.wall)

    def add(
        self,
        kind: str,
        data: dict[str, Any],
        user_id: int | None = None,
        match: Match | None = None,
    ) -> Event:
        """Add an event; ``match`` is the match after it (actions)."""
        event = Event(self.state.seq + 1, kind, round(self.wall, 6), data, user_id)
        self.state = self.state.apply(event, match)
        self.built.append((event, self.state))
        return event

    def act(
        self, action: Action, actor: Actor, user_id: int | None = None, t: float | None = None
    ) -> Event:
        """Apply a match action at ``t`` (the build's instant by default)."""
        new = self.match.apply(action, self.t if t is None else t, actor)
        entry = new.last_entry
        assert entry is not None
        return self.add("action", {"entry": entry.to_json()}, user_id, new)

    def settle(self) -> None:
        """Apply what is due at the build's time: the scheduled start, a flag fall or a
        late-arrival forfeit (after the lag cap), a no-show after the reconnection window, the
        abort of a casual game whose first moves were not made (:mod:`.abort`)."""
        s = self.state
        m = s.match
        if m.status == "ready" and s.start_at is not None and self.wall >= s.start_at:
            self.act(Start(), SYSTEM, t=s.t(s.start_at))
        for _ in range(3):
            m = self.match
            due = m.deadline(lag=self.state.options.lag_cap)
            if due is None or due > self.t:
                break
            new = m.tick(self.t)
            if new is m:
                break
            entry = new.last_entry
            assert entry is not None
            self.add("action", {"entry": entry.to_json()}, None, new)
        options = self.state.options
        computer = (options.computer or {}).get("seat")
        abort = abort_at(
            self.match, casual=options.casual, epoch=self.state.epoch, computer=computer
        )
        if abort is not None and self.wall >= abort:
            self.add("casual", {"op": "abort"})
            self.act(SetResult("Void", "void"), AGREEMENT, t=self.state.t(abort))
            return
        expired = self.state.expired_seats(self.wall)
        if expired and not self.match.is_over:
            sides = tuple(sorted({side_of_seat(seat) for seat in expired}))
            text = winner_by_no_show(self.match.kind, sides)
            self.act(SetResult(text, "no-show"), SERVER_REFEREE)
