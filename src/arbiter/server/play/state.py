"""A live game's state, as the stream of its events builds it: the match, who is connected,
disconnections, referees' holds, chat, postponement, the scheduled start.

:class:`GameState` is applied event by event (:meth:`GameState.apply`), in ``seq`` order, so
that every server process holding the game computes the same state from the same stream;
:func:`describe` is what clients receive. Nothing here reads the time or does I/O.

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

from arbiter.clock import Side
from arbiter.clock.lag import DEFAULT_LAG_CAP
from arbiter.match import Actor, LogEntry, Match, MatchSettings, other_side
from arbiter.match.go import GoBoard
from arbiter.match.toguz import ToguzBoard

__all__ = [
    "DEFAULT_RECONNECT_WINDOW",
    "Event",
    "GameState",
    "Options",
    "actor_of_seat",
    "describe",
    "seat_of_actor",
    "seats_of",
]

DEFAULT_RECONNECT_WINDOW = 180.0
"""Seconds a disconnected player has to come back (spec: the event's setting, 3 minutes)."""

SERVER_REFEREE = Actor.referee("arbiter")
"""The actor of what the server decides for the referee under the event's rules: a no-show
after the reconnection window, a pause while the server was down."""


@dataclass(frozen=True, slots=True)
class Options:
    """A live game's options (stored with it): ``reconnect_window`` seconds; ``lag_cap``
    seconds of network time credited per move; ``start_at``, the Unix time at which the
    server starts the game (``None``: a referee or the players start it); ``casual``: a game
    outside events (free chat, no referee); ``team``: a team event (postponement deadlines);
    ``computer``: the seat a computer plays and its engine (``{"seat", "engine", "level"}``)."""

    reconnect_window: float = DEFAULT_RECONNECT_WINDOW
    lag_cap: float = DEFAULT_LAG_CAP
    start_at: float | None = None
    casual: bool = True
    team: bool = False
    computer: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON form stored in ``live_games.options``."""
        return {
            "reconnect_window": self.reconnect_window,
            "lag_cap": self.lag_cap,
            "start_at": self.start_at,
            "casual": self.casual,
            "team": self.team,
            "computer": self.computer,
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
        )


@dataclass(frozen=True, slots=True)
class Event:
    """One event of a game's stream: ``seq``, ``kind`` (``action``, ``chat``, ``presence``,
    ``hold``, ``postpone``), ``at`` (Unix time it was stored), ``data`` and the account."""

    seq: int
    kind: str
    at: float
    data: dict[str, Any]
    user_id: int | None = None


def seats_of(settings: MatchSettings) -> tuple[str, ...]:
    """The seats of a game: ``black``, ``white``; in pair go ``black.man``, ``black.woman``,
    ``white.man``, ``white.woman``.

    >>> seats_of(MatchSettings.go("10m", size=9, pair=True))
    ('black.man', 'black.woman', 'white.man', 'white.woman')
    """
    if settings.pair:
        return ("black.man", "black.woman", "white.man", "white.woman")
    return ("black", "white")


def actor_of_seat(seat: str) -> Actor:
    """The match actor who sits at ``seat``.

    >>> actor_of_seat("white.woman").to_json()
    {'kind': 'player', 'side': 'white', 'role': 'woman'}
    """
    side, _, role = seat.partition(".")
    assert side in ("black", "white")
    return Actor.player(side, role or None)  # type: ignore[arg-type]


def seat_of_actor(actor: Actor) -> str | None:
    """The seat of a player actor (``None`` for referees and the system)."""
    if not actor.is_player or actor.side is None:
        return None
    return actor.side + (f".{actor.role}" if actor.role else "")


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

    def window_ends(self) -> dict[str, float]:
        """For each disconnected seat whose window runs, the Unix time it ends. The window runs
        while the game is played (not before the start, during a pause or adjournment, or after
        the end) and no referee holds it."""
        if self.match.status not in ("playing", "marking"):
            return {}
        return {
            seat: since + self.options.reconnect_window
            for seat, since in self.disconnected_since.items()
            if seat not in self.holds and seat in self.human_seats()
        }

    def due_at(self) -> float | None:
        """The Unix time at which the server must act on its own next: the scheduled start, a
        flag (after the lag cap), a late-arrival forfeit, a reconnection window's end."""
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


# ----- what clients see


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
        "reconnect_window": state.options.reconnect_window,
        "casual": state.options.casual,
    }
    if full:
        found["settings"] = settings.to_json()
    return found


def chat_visible(data: dict[str, Any], viewer: str) -> bool:
    """Whether a chat message is for ``viewer`` (``referee``, ``spectator`` or a seat): public
    messages (``to: players``) are for everyone; a message to the referee is for referees and
    its sender; a referee's message to a seat for that seat and the referees."""
    to = data.get("to")
    if to == "players" or viewer == "referee":
        return True
    if to == "referee":
        return data.get("from") == viewer
    return to == viewer


def chat_for(state: GameState, viewer: str) -> list[dict[str, Any]]:
    """The chat messages ``viewer`` may read, oldest first."""
    return [
        {"seq": seq, "at": at, **data} for seq, at, data in state.chat if chat_visible(data, viewer)
    ]


def winner_by_no_show(kind: str, losers: tuple[Side, ...]) -> str:
    """The result text of a no-show: the other side wins by forfeit, both absent ``--``.

    >>> winner_by_no_show("toguz", ("black",)), winner_by_no_show("go", ("black",))
    ('+-', '-+')
    """
    if len(set(losers)) == 2:
        return "--"
    winner = other_side(losers[0])
    first = "white" if kind == "toguz" else "black"
    return "+-" if winner == first else "-+"
