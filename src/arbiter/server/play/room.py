"""One live game in one server process: its state, its connections, and its single writer.

Everything that changes the game goes through :meth:`Room.commit` under the room's lock: the
new events are built on the current state (a tick or a late start first, then the action),
stored in one committed transaction, and only then acknowledged and sent to the connections
(and to the other processes). A concurrent writer in another process makes the store refuse
the ``seq`` (:class:`~arbiter.server.play.store.SeqTaken`): the room reloads the events it
missed and builds again on them.

A timer is armed at the state's :meth:`~arbiter.server.play.state.GameState.due_at` (the
round start, a flag after the lag cap, a reconnection window's end); when it fires, what is due
is applied through the same path.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocketDisconnect

from arbiter.clock import Side
from arbiter.clock.lag import LagCompensation, network_time
from arbiter.errors import ArbiterError
from arbiter.match import (
    SYSTEM,
    Action,
    Actor,
    Arrive,
    Match,
    MatchError,
    Move,
    SetResult,
    Start,
    action_from_json,
)
from arbiter.match import errors as E
from arbiter.server.play import protocol
from arbiter.server.play.state import (
    SERVER_REFEREE,
    Event,
    GameState,
    actor_of_seat,
    chat_for,
    chat_visible,
    describe,
    seat_of_actor,
    winner_by_no_show,
)
from arbiter.server.play.store import GameRow, SeqTaken
from arbiter.server.services.accounts import CurrentUser

if TYPE_CHECKING:
    from arbiter.server.play.hub import Hub

__all__ = ["Connection", "Refused", "Room", "Viewer"]

log = logging.getLogger("arbiter.play")

RING = 128
"""Events a room keeps rendered, so that a client that reconnects gets what it missed."""

_REASONS: dict[type[MatchError], str] = {
    E.NotYourTurn: "not-your-turn",
    E.IllegalMatchMove: "illegal-move",
    E.DrawOfferRefused: "draw-offer-refused",
    E.ConsentRequired: "consent-required",
    E.ClaimRejected: "claim-rejected",
    E.NotPermitted: "not-permitted",
    E.GameOver: "game-over",
    E.WrongPhase: "wrong-phase",
    E.Overdue: "overdue",
    E.TimeWentBack: "time-went-back",
    E.ClockRefused: "clock-refused",
    E.ActionError: "malformed",
}


class Refused(ArbiterError):
    """A client's request the game does not allow; ``reason`` is the protocol's word."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def reason_of(exc: MatchError) -> str:
    """The protocol's reason word for a match error."""
    for cls in type(exc).__mro__:
        if cls in _REASONS and issubclass(cls, MatchError):
            return _REASONS[cls]
    return "refused"


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is on a connection: a ``player`` at ``seat``, a ``referee`` or a ``spectator``."""

    kind: str
    seat: str | None = None
    user: CurrentUser | None = None

    @property
    def key(self) -> str:
        """``referee``, ``spectator`` or the seat (for chat visibility)."""
        return self.seat if self.kind == "player" and self.seat else self.kind

    @property
    def actor(self) -> Actor | None:
        """The match actor this viewer acts as (``None`` for spectators)."""
        if self.kind == "player" and self.seat:
            return actor_of_seat(self.seat)
        if self.kind == "referee":
            return Actor.referee(self.user.username if self.user else "")
        return None

    def to_json(self) -> dict[str, Any]:
        """``{"role": …, "seat": …, "name": …}``."""
        return {
            "role": self.kind,
            "seat": self.seat,
            "name": None if self.user is None else (self.user.display_name or self.user.username),
        }


class Connection:
    """A client connection: an outgoing queue drained by a writer task, so that a slow client
    never holds up the game (a client whose queue overflows is disconnected and resumes)."""

    MAX_QUEUE = 512

    def __init__(self, send: Callable[[str], Any], close: Callable[[int, str], Any]) -> None:
        self._send = send
        self._close = close
        self.viewer = Viewer("spectator")
        self.queue: asyncio.Queue[tuple[str, int, str] | str] = asyncio.Queue()
        self.closed = False
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the writer."""
        self.task = asyncio.create_task(self._writer())

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already made)."""
        if self.closed:
            return
        if self.queue.qsize() >= self.MAX_QUEUE:
            self.close(1013, "too slow: reconnect and resume")
            return
        self.queue.put_nowait(message if isinstance(message, str) else protocol.dumps(message))

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued, then close with ``code``."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(("close", code, reason))

    async def _writer(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    await self._close(item[1], item[2])
                    return
                await self._send(item)
        except (OSError, RuntimeError, WebSocketDisconnect):
            # The socket is gone (a disconnection, a close already sent): the reader notices
            # and leaves the room.
            self.closed = True
        except Exception:
            # Anything else is a message this connection could not send: said in the log,
            # and the client reconnects and resumes from its last seq.
            log.exception("a live-play message could not be sent: closing the connection")
            self.closed = True
            with contextlib.suppress(Exception):
                await self._close(1011, "a message could not be sent: reconnect")

    async def drain(self) -> None:
        """Wait for the writer to finish (after :meth:`close`)."""
        if self.task is not None:
            try:
                await asyncio.wait_for(self.task, 5.0)
            except (TimeoutError, asyncio.CancelledError, Exception):
                self.task.cancel()


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
        late-arrival forfeit (after the lag cap), a no-show after the reconnection window."""
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
        expired = self.state.expired_seats(self.wall)
        if expired and not self.match.is_over:
            sides = tuple(sorted({_side_of(seat) for seat in expired}))
            text = winner_by_no_show(self.match.kind, sides)
            self.act(SetResult(text, "no-show"), SERVER_REFEREE)


def _side_of(seat: str) -> Side:
    return "black" if seat.startswith("black") else "white"


class Room:
    """One live game held by this process (see the module)."""

    def __init__(self, hub: Hub, row: GameRow, state: GameState) -> None:
        self.hub = hub
        self.row = row
        self.id = row.id
        self.state = state
        self.lock = asyncio.Lock()
        self.subscribers: set[Connection] = set()
        self.local: dict[str, int] = {}
        self.ring: deque[tuple[int, str, str | None, dict[str, Any] | None]] = deque(maxlen=RING)
        self._timer: asyncio.TimerHandle | None = None
        self.engine_busy = False
        self.chat_sent: dict[str, deque[float]] = {}
        self.idle_since: float | None = time.monotonic()
        self.closed = False

    # ----- rendering

    def render(self, event: Event, after: GameState, wall: float) -> None:
        """Keep ``event``'s message in the ring (public text; for chat the private form). An
        event that cannot be rendered is logged and sent as ``kind: "unreadable"``, so that
        the stream skips no seq and nothing is lost silently."""
        try:
            self._render(event, after, wall)
        except Exception:
            log.exception("game %s: event %d cannot be sent to clients", self.id, event.seq)
            unreadable = {"type": "event", "seq": event.seq, "kind": "unreadable", "at": event.at}
            self.ring.append((event.seq, protocol.dumps(unreadable), None, None))

    def _render(self, event: Event, after: GameState, wall: float) -> None:
        head: dict[str, Any] = {
            "type": "event",
            "seq": event.seq,
            "kind": event.kind,
            "at": event.at,
        }
        data = event.data
        if event.kind == "chat":
            full = protocol.dumps({**head, "chat": data})
            hidden = protocol.dumps({**head, "chat": {"private": True}})
            self.ring.append((event.seq, hidden, full, data))
            return
        if event.kind == "action":
            head["entry"] = data["entry"]
        else:
            head[event.kind] = data
        head["state"] = describe(after, wall, full=False)
        self.ring.append((event.seq, protocol.dumps(head), None, None))

    def _deliver(self, conn: Connection, item: tuple[int, str, str | None, Any]) -> None:
        _seq, public, private, data = item
        if private is not None and chat_visible(data, conn.viewer.key):
            conn.send(private)
        else:
            conn.send(public)

    def state_message(self, viewer: Viewer, wall: float) -> dict[str, Any]:
        """The full state for ``viewer`` (with the chat it may read)."""
        return {
            "type": "state",
            "seq": self.state.seq,
            "game": describe(self.state, wall),
            "chat": chat_for(self.state, viewer.key),
        }

    # ----- joining and leaving

    async def join(self, conn: Connection, last_seq: int | None) -> None:
        """Add ``conn``: it receives the events after ``last_seq`` (or the full state), then
        every new one. A player's first connection is their arrival and their presence."""
        async with self.lock:
            wall = self.hub.wall()
            conn.send(
                {
                    "type": "welcome",
                    "v": protocol.VERSION,
                    "game": self.id,
                    "you": conn.viewer.to_json(),
                    "seq": self.state.seq,
                    "server_time": wall,
                }
            )
            oldest = self.ring[0][0] if self.ring else self.state.seq + 1
            if last_seq is not None and last_seq >= oldest - 1 and last_seq <= self.state.seq:
                for item in self.ring:
                    if item[0] > last_seq:
                        self._deliver(conn, item)
            conn.send(self.state_message(conn.viewer, wall))
            self.subscribers.add(conn)
            self.idle_since = None
        if self.state.options.computer:
            self.hub.rt.thinking.game_seen(self.id, connected=True)
        seat = conn.viewer.seat if conn.viewer.kind == "player" else None
        if seat is not None:
            self.local[seat] = self.local.get(seat, 0) + 1
            if self.local[seat] == 1:
                await self._presence(seat, True, conn.viewer)
        self.hub.after_change(self)

    async def resync(self, conn: Connection, last_seq: int) -> None:
        """Send ``conn`` the events after ``last_seq`` it may have missed (or the full state)."""
        async with self.lock:
            oldest = self.ring[0][0] if self.ring else self.state.seq + 1
            if oldest - 1 <= last_seq <= self.state.seq:
                for item in self.ring:
                    if item[0] > last_seq:
                        self._deliver(conn, item)
            conn.send(self.state_message(conn.viewer, self.hub.wall()))

    async def leave(self, conn: Connection) -> None:
        """Remove ``conn``; a seat's last connection here gone is a disconnection."""
        self.subscribers.discard(conn)
        if not self.subscribers:
            self.idle_since = time.monotonic()
            if self.state.options.computer:
                self.hub.rt.thinking.game_seen(self.id, connected=False)
        seat = conn.viewer.seat if conn.viewer.kind == "player" else None
        if seat is not None and self.local.get(seat, 0) > 0:
            self.local[seat] -= 1
            if self.local[seat] == 0 and not self.hub.stopping:
                await self._presence(seat, False, conn.viewer)

    async def _presence(self, seat: str, on: bool, viewer: Viewer) -> None:
        pid = self.hub.pid

        def build(b: Builder) -> None:
            if b.state.presence.get((seat, pid), False) != on:
                b.add("presence", {"seat": seat, "process": pid, "connected": on})
            m = b.match
            actor = actor_of_seat(seat)
            if on and not m.is_over and actor not in m.present:
                with contextlib.suppress(MatchError):
                    b.act(Arrive(), actor, viewer.user.id if viewer.user else None)
            if (
                on
                and b.state.options.casual
                and b.match.status == "ready"
                and b.state.start_at is None
                and all(b.state.connected(s) for s in b.state.human_seats())
            ):
                b.act(Start(), SYSTEM)

        try:
            await self.commit(build)
        except Exception:
            log.exception("game %s: cannot record the presence of %s", self.id, seat)

    # ----- the single writer

    async def commit(
        self, build: Callable[[Builder], Any], *, settle: bool = True
    ) -> tuple[list[Event], Any]:
        """Build events on the current state (what is due first, when ``settle``), store
        them, then send them. Returns the events and what ``build`` returned. A ``build``
        that raises changes nothing (what was due is still stored and sent)."""
        async with self.lock:
            for _attempt in range(5):
                b = Builder(self.state, self.hub.wall())
                if settle:
                    b.settle()
                settled = len(b.built)
                failure: BaseException | None = None
                answer: Any = None
                try:
                    answer = build(b)
                except (MatchError, Refused, ArbiterError) as exc:
                    failure = exc
                    del b.built[settled:]
                    b.state = b.built[-1][1] if b.built else self.state
                if not b.built:
                    if failure is not None:
                        raise failure
                    return [], answer
                try:
                    await self._store(b)
                except SeqTaken:
                    await self._reload()
                    continue
                self._publish(b)
                if failure is not None:
                    raise failure
                return [e for e, _ in b.built], answer
            raise Refused("busy", "the game is changing too fast: try again")

    async def _store(self, b: Builder) -> None:
        events = [e for e, _ in b.built]
        final = b.state
        m = final.match
        mirror = None
        if self.row.game_id is not None:
            entries = [e.data["entry"] for e in events if e.kind == "action"]
            mirror = (self.row.game_id, entries)
        await self.hub.store.run(
            self.hub.store.append,
            self.id,
            events,
            status=m.status,
            result=None if m.result is None else m.result.text,
            due_at=final.due_at(),
            mirror=mirror,
        )

    def _publish(self, b: Builder) -> None:
        before = self.state
        self.state = b.state
        wall = self.hub.wall()
        for event, after in b.built:
            self.render(event, after, wall)
        fresh = list(self.ring)[-len(b.built) :]
        for conn in list(self.subscribers):
            for item in fresh:
                self._deliver(conn, item)
        if self.hub.pubsub.distributed:
            events = [
                {"seq": e.seq, "kind": e.kind, "at": e.at, "data": e.data, "user_id": e.user_id}
                for e, _ in b.built
            ]
            self.hub.spawn(self.hub.pubsub.publish(self.id, {"events": events}))
        self.hub.after_change(self, before)

    async def catch_up(self) -> None:
        """Apply what the database holds beyond this room's state."""
        async with self.lock:
            await self._reload()

    async def _reload(self) -> None:
        """Apply the events other processes stored since this state (lock held)."""
        events = await self.hub.store.run(self.hub.store.events, self.id, self.state.seq + 1)
        self._apply_remote(events)

    def _apply_remote(self, events: list[Event]) -> None:
        if not events:
            return
        before = self.state
        state = self.state
        built: list[tuple[Event, GameState]] = []
        for event in events:
            if event.seq <= state.seq:
                continue
            state = state.apply(event)
            built.append((event, state))
        if not built:
            return
        self.state = state
        wall = self.hub.wall()
        for event, after in built:
            self.render(event, after, wall)
        fresh = list(self.ring)[-len(built) :]
        for conn in list(self.subscribers):
            for item in fresh:
                self._deliver(conn, item)
        self.hub.after_change(self, before)

    async def on_remote(self, events: list[Event]) -> None:
        """Events another process stored: applied in order; a gap reloads from the database."""
        async with self.lock:
            if not events or events[-1].seq <= self.state.seq:
                return
            if events[0].seq > self.state.seq + 1:
                await self._reload()
            else:
                self._apply_remote(events)

    # ----- timers

    def arm(self) -> None:
        """Arm the timer at the state's next due instant."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.closed:
            return
        due = self.state.due_at()
        if due is None:
            return
        delay = max(0.0, due - self.hub.wall()) + 0.001
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(delay, lambda: self.hub.spawn(self.due()))

    async def due(self) -> None:
        """Apply what is due now (the timer or the sweeper calls this)."""
        try:
            await self.commit(lambda b: None)
        except Exception:
            log.exception("game %s: cannot apply what is due", self.id)

    def close(self) -> None:
        """Stop the timer (the room leaves the process's memory)."""
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()

    # ----- client messages

    async def act(self, viewer: Viewer, doc: dict[str, Any], think: float | None) -> int:
        """A match action from a client; the seq of its event."""
        actor = viewer.actor
        if actor is None:
            raise Refused("not-a-player", "spectators watch: only the players and referees act")
        action = action_from_json(doc)
        user_id = viewer.user.id if viewer.user else None
        lag = LagCompensation(self.state.options.lag_cap)

        def build(b: Builder) -> int:
            act = action
            m = b.match
            if (
                isinstance(act, Move)
                and think is not None
                and m.clocked
                and m.clock.status == "running"
                and m.turn == actor
            ):
                began = m.clock.turn_started
                assert began is not None
                credit = lag.credit(b.t - began, network_time(b.t - began, think))
                act = Move(act.move, act.draw_offer, round(credit, 6))
            # A move too late even with its network time is refused as overdue; the flag
            # is declared by the timer once the lag cap has passed.
            return b.act(act, actor, user_id).seq

        _events, seq = await self.commit(build)
        return int(seq)

    async def chat(self, viewer: Viewer, doc: dict[str, Any]) -> int:
        """A chat message, under the spec's rules (seed 002 7.3.2, pair-go.md)."""
        to = doc.get("to", "players")
        m = self.state.match
        opts = self.state.options
        if viewer.kind == "spectator":
            raise Refused("not-permitted", "spectators do not chat")
        if viewer.kind == "referee":
            if to == "referee":
                raise Refused("not-permitted", "a referee writes to the players or to one seat")
        else:
            if to == "referee":
                if opts.casual:
                    raise Refused("not-permitted", "a game outside events has no referee")
            elif to != "players":
                raise Refused("not-permitted", "players write to the referee or to everyone")
            else:
                in_play = m.status not in ("ready", "over")
                if m.settings.pair and in_play:
                    raise Refused(
                        "not-permitted",
                        "pair go partners may not talk during the game (seed 004): only the "
                        "turn question and the resignation proposal",
                    )
                if not opts.casual and "text" in doc and m.status != "over":
                    raise Refused(
                        "not-permitted",
                        "during an event game opponents exchange only greetings, a word at "
                        "resignation and a protest notice (seed 002 7.3.2): send a phrase",
                    )
        if viewer.kind != "referee":
            self._chat_quota(viewer.key)
        data: dict[str, Any] = {"from": viewer.key, "to": to}
        if viewer.user is not None:
            data["name"] = viewer.user.display_name or viewer.user.username
        if "text" in doc:
            data["text"] = doc["text"]
        else:
            data["phrase"] = doc["phrase"]
        user_id = viewer.user.id if viewer.user else None
        events, _ = await self.commit(lambda b: b.add("chat", data, user_id), settle=False)
        return events[-1].seq

    def _chat_quota(self, key: str) -> None:
        """A player's chat within the quotas: so many a minute, so many in the game (what the
        referee writes is never refused: the game's official word)."""
        quotas = self.hub.rt.settings.quotas
        now = time.monotonic()
        sent = self.chat_sent.setdefault(key, deque())
        while sent and now - sent[0] > 60.0:
            sent.popleft()
        if len(sent) >= quotas.chat_per_minute:
            raise Refused("too-fast", f"at most {quotas.chat_per_minute} chat messages a minute")
        said = sum(1 for _seq, _at, data in self.state.chat if data.get("from") != "referee")
        if said >= quotas.chat_per_game:
            raise Refused(
                "chat-full", f"this game's chat is full ({quotas.chat_per_game} messages)"
            )
        sent.append(now)

    async def hold(self, viewer: Viewer, seat: str, release: bool) -> int:
        """A referee holds (or releases) a disconnected player's reconnection window."""
        if viewer.kind != "referee":
            raise Refused("not-permitted", "only a referee holds a reconnection window")
        if seat not in self.state.human_seats():
            raise Refused("malformed", f"this game has no player at {seat}")
        data = {"seat": seat, "release": release, "by": viewer.key}
        events, _ = await self.commit(lambda b: b.add("hold", data))
        return events[-1].seq

    async def postpone(self, viewer: Viewer, doc: dict[str, Any]) -> int:
        """A postponement step (seed 002 7.2.2, 7.2.7): a player requests before the deadline,
        the opponent consents or refuses, the referee grants (with the new start) or denies."""
        op = doc["op"]

        def build(b: Builder) -> int:
            s = b.state
            pending = (
                s.postponement
                if s.postponement and s.postponement["status"] == "requested"
                else None
            )
            if s.options.casual:
                raise Refused("not-permitted", "games outside events are not postponed")
            if s.match.status != "ready":
                raise Refused("wrong-phase", "only a game not yet started can be postponed")
            data: dict[str, Any] = {"op": op, "by": viewer.key}
            if op == "request":
                if viewer.kind != "player":
                    raise Refused("not-permitted", "a player requests a postponement")
                if pending is not None:
                    raise Refused("wrong-phase", "a postponement is already requested")
                if s.start_at is None:
                    raise Refused("wrong-phase", "the game has no scheduled start to move")
                hours = 3 if s.options.team else 1
                if b.wall > s.start_at - hours * 3600:
                    raise Refused(
                        "too-late",
                        f"a postponement is requested at least {hours} h before the start "
                        "(seed 002 7.2.2)",
                    )
                data["reason"] = doc.get("reason", "")
            elif op in ("consent", "refuse"):
                if viewer.kind != "player" or pending is None:
                    raise Refused("wrong-phase", "no postponement request awaits the opponent")
                asker = actor_of_seat(pending["by"]).side
                if actor_of_seat(viewer.key).side == asker or pending["consent"] is not None:
                    raise Refused("not-permitted", "the opponent answers the request, once")
            elif op == "withdraw":
                if pending is None or pending["by"] != viewer.key:
                    raise Refused("not-permitted", "only the player who asked withdraws")
            else:
                if viewer.kind != "referee":
                    raise Refused("not-permitted", "the referee grants or denies postponements")
                if pending is None:
                    raise Refused("wrong-phase", "no postponement request is pending")
                if op == "grant":
                    if pending["consent"] is not True:
                        raise Refused("wrong-phase", "the opponent has not consented")
                    start = doc.get("start_at")
                    if start is None or start <= b.wall:
                        raise Refused("malformed", "a granted postponement sets a future start_at")
                    data["start_at"] = float(start)
            return b.add("postpone", data, viewer.user.id if viewer.user else None).seq

        _events, seq = await self.commit(build, settle=False)
        return int(seq)

    def whose_turn(self) -> dict[str, Any]:
        """Pair go's question (seed 004): whose turn is it?"""
        turn = self.state.match.turn
        return {
            "turn": None if turn is None else turn.to_json(),
            "seat": None if turn is None else seat_of_actor(turn),
        }
