"""A live game's state, as the stream of its events builds it: the match, who is connected,
disconnections, referees' holds, chat, postponement, the scheduled start.

:class:`GameState` is applied event by event (:meth:`GameState.apply`), in ``seq`` order, so
that every server process holding the game computes the same state from the same stream;
:func:`arbiter.server.play.snapshot.describe` is what clients receive. Nothing here reads the
time or does I/O.

>>> from arbiter.match import MatchSettings
>>> s = GameState.new(MatchSettings.toguz("5m"), Options(), epoch=1000.0)
>>> s = s.apply(Event(0, "presence", 1001.0, {"seat": "white", "process": "p", "connected": True}))
>>> s = s.apply(Event(1, "presence", 1005.0, {"seat": "white", "process": "p", "connected": False}))
>>> s.connected("white"), s.disconnects["white"], s.disconnected_since["white"]
(False, 1, 1005.0)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from arbiter.clock import is_correspondence
from arbiter.clock.lag import DEFAULT_LAG_CAP
from arbiter.match import LogEntry, Match, MatchSettings
from arbiter.server.play.abort import abort_at
from arbiter.server.play.extras import Extras, apply_extra
from arbiter.server.play.seats import actor_of_seat, seat_of_actor, seats_of

__all__ = [
    "DEFAULT_RECONNECT_WINDOW",
    "Event",
    "GameState",
    "Options",
    "actor_of_seat",
    "seat_of_actor",
    "seats_of",
]

DEFAULT_RECONNECT_WINDOW = 180.0
"""Seconds a disconnected player has to come back (spec: the event's setting, 3 minutes)."""


@dataclass(frozen=True, slots=True)
class Options:
    """A live game's options (stored with it): ``reconnect_window`` seconds; ``lag_cap``
    seconds of network time credited per move; ``start_at``, the Unix time at which the
    server starts the game (``None``: a referee or the players start it); ``casual``: a game
    outside events (free chat, no referee); ``team``: a team event (postponement deadlines);
    ``computer``: the seat a computer plays and its engine (``{"seat", "engine", "level"}``);
    ``postpone_within``: seconds after the scheduled start by which a postponed game must start
    (seed 002 7.2.2; ``None``: the event sets no such deadline)."""

    reconnect_window: float = DEFAULT_RECONNECT_WINDOW
    lag_cap: float = DEFAULT_LAG_CAP
    start_at: float | None = None
    casual: bool = True
    team: bool = False
    computer: dict[str, Any] | None = None
    postpone_within: float | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON form stored in ``live_games.options``."""
        return {
            "reconnect_window": self.reconnect_window,
            "lag_cap": self.lag_cap,
            "start_at": self.start_at,
            "casual": self.casual,
            "team": self.team,
            "computer": self.computer,
            "postpone_within": self.postpone_within,
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Options:
        """Read :meth:`to_json`'s form."""
        return cls(
            float(doc.get("reconnect_window", DEFAULT_RECONNECT_WINDOW)),
            float(doc.get("lag_cap", DEFAULT_LAG_CAP)),
            None if doc.get("start_at") is None else float(doc["start_at"]),
            bool(doc.get("casual", True)),
            bool(doc.get("team", False)),
            doc.get("computer"),
            None if doc.get("postpone_within") is None else float(doc["postpone_within"]),
        )


@dataclass(frozen=True, slots=True)
class Event:
    """One event of a game's stream: ``seq``, ``kind`` (``action``, ``chat``, ``presence``,
    ``hold``, ``postpone``, ``casual``), ``at`` (Unix time it was stored), ``data`` and the
    account."""

    seq: int
    kind: str
    at: float
    data: dict[str, Any]
    user_id: int | None = None


@dataclass
class GameState:
    """A live game as its stream built it (see the module). Copy before changing
    (:meth:`apply` returns a new state)."""

    match: Match
    options: Options
    epoch: float
    seq: int = -1
    start_at: float | None = None
    presence: dict[tuple[str, str], bool] = field(default_factory=dict)
    disconnected_since: dict[str, float] = field(default_factory=dict)
    disconnects: dict[str, int] = field(default_factory=dict)
    holds: frozenset[str] = frozenset()
    chat: tuple[tuple[int, float, dict[str, Any]], ...] = ()
    postponement: dict[str, Any] | None = None
    extras: Extras = field(default_factory=Extras)
    _due: tuple[float | None] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def new(cls, settings: MatchSettings, options: Options, epoch: float) -> GameState:
        """A game with an empty stream."""
        return cls(Match.new(settings), options, epoch, start_at=options.start_at)

    # ----- reading

    @property
    def seats(self) -> tuple[str, ...]:
        """The game's seats."""
        return seats_of(self.match.settings)

    def t(self, wall: float) -> float:
        """The match instant of Unix time ``wall``, never before the last logged action."""
        t = wall - self.epoch
        last = self.match.last_entry
        return t if last is None or t >= last.t else last.t

    def connected(self, seat: str) -> bool:
        """Whether a player at ``seat`` is connected to some server process."""
        return any(on for (s, _), on in self.presence.items() if s == seat)

    def human_seats(self) -> tuple[str, ...]:
        """The seats people play (not the computer)."""
        computer = (self.options.computer or {}).get("seat")
        return tuple(s for s in self.seats if s != computer)

    def players_here(self) -> bool:
        """Whether a casual game may start: every player is connected — in a correspondence
        game, every player has come once (they need not meet: each moves in their own time)."""
        seats = self.human_seats()
        if is_correspondence(self.match.settings.time_control):
            return all(actor_of_seat(s) in self.match.present for s in seats)
        return all(self.connected(s) for s in seats)

    def window_ends(self) -> dict[str, float]:
        """For each disconnected seat whose window runs, the Unix time it ends. The window runs
        while the game is played (not before the start, during a pause or adjournment, or after
        the end) and no referee holds it. Correspondence games have none: their players come
        and go between moves, and only the clock's deadline counts."""
        if self.match.status not in ("playing", "marking"):
            return {}
        if is_correspondence(self.match.settings.time_control):
            return {}
        return {
            seat: since + self.options.reconnect_window
            for seat, since in self.disconnected_since.items()
            if seat not in self.holds and seat in self.human_seats()
        }

    def due_at(self) -> float | None:
        """The Unix time at which the server must act on its own next: the scheduled start, a
        flag (after the lag cap), a late-arrival forfeit, a reconnection window's end, the
        abort of a casual game without its first moves."""
        if self._due is None:
            self._due = (self._find_due(),)
        return self._due[0]

    def _find_due(self) -> float | None:
        m = self.match
        if m.is_over:
            return None
        found: list[float] = []
        if m.status == "ready" and self.start_at is not None:
            found.append(self.start_at)
        deadline = m.deadline(lag=self.options.lag_cap)
        if deadline is not None:
            found.append(self.epoch + deadline)
        found.extend(self.window_ends().values())
        computer = (self.options.computer or {}).get("seat")
        abort = abort_at(m, casual=self.options.casual, epoch=self.epoch, computer=computer)
        if abort is not None:
            found.append(abort)
        return min(found) if found else None

    def expired_seats(self, wall: float) -> tuple[str, ...]:
        """Seats whose reconnection window has ended at ``wall``."""
        return tuple(sorted(s for s, end in self.window_ends().items() if wall >= end))

    # ----- applying

    def copy(self) -> GameState:
        """A shallow copy whose dictionaries may be changed."""
        new = copy.copy(self)
        new._due = None
        new.presence = dict(self.presence)
        new.disconnected_since = dict(self.disconnected_since)
        new.disconnects = dict(self.disconnects)
        return new

    def apply(self, event: Event, match: Match | None = None) -> GameState:
        """The state after ``event`` (the next in the stream). For an action, ``match`` may
        give the match after it when the caller has it already (else the entry is applied)."""
        if event.seq != self.seq + 1:
            raise ValueError(f"event {event.seq} does not follow {self.seq}")
        new = self.copy()
        new.seq = event.seq
        data = event.data
        if event.kind == "action":
            if match is None:
                entry = LogEntry.from_json(data["entry"])
                if entry.seq != len(self.match.log):
                    raise ValueError(f"log entry {entry.seq} does not follow {len(self.match.log)}")
                match = self.match.apply(entry.action, entry.t, entry.actor)
            new.match = match
            if match.status != self.match.status and match.status == "playing":
                # A resumption restarts the windows of players still away.
                for seat in new.disconnected_since:
                    new.disconnected_since[seat] = max(new.disconnected_since[seat], event.at)
        elif event.kind == "presence":
            seat, process, on = data["seat"], data["process"], bool(data["connected"])
            was = self.connected(seat)
            if on:
                new.presence[(seat, process)] = True
            else:
                new.presence.pop((seat, process), None)
            now = new.connected(seat)
            if was and not now:
                new.disconnects[seat] = new.disconnects.get(seat, 0) + 1
                new.disconnected_since[seat] = event.at
            elif now:
                new.disconnected_since.pop(seat, None)
                new.holds = new.holds - {seat}
        elif event.kind == "hold":
            seat = data["seat"]
            new.holds = new.holds - {seat} if data.get("release") else new.holds | {seat}
            if data.get("release") and seat in new.disconnected_since:
                new.disconnected_since[seat] = event.at
        elif event.kind == "chat":
            new.chat = (*self.chat, (event.seq, event.at, data))
        elif event.kind == "casual":
            new.extras = apply_extra(self.extras, data)
        elif event.kind == "postpone":
            new.postponement, new.start_at = _postpone(self.postponement, self.start_at, data)
        else:
            raise ValueError(f"unknown event kind {event.kind!r}")
        return new


def _postpone(
    current: dict[str, Any] | None, start_at: float | None, data: dict[str, Any]
) -> tuple[dict[str, Any] | None, float | None]:
    op = data["op"]
    if op == "request":
        return {
            "by": data["by"],
            "reason": data.get("reason", ""),
            "consent": None,
            "status": "requested",
        }, start_at
    assert current is not None
    if op == "consent":
        return {**current, "consent": True}, start_at
    if op == "refuse":
        return {**current, "consent": False, "status": "refused"}, start_at
    if op == "withdraw":
        return {**current, "status": "withdrawn"}, start_at
    if op == "deny":
        return {**current, "status": "denied"}, start_at
    assert op == "grant"
    return {**current, "status": "granted", "start_at": data["start_at"]}, data["start_at"]
