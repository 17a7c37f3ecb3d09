"""One live game in one server process: its state, its connections, and its single writer.

Everything that changes the game goes through :meth:`Room.commit` under the room's lock: the
new events are built on the current state (a tick or a late start first, then the action;
:class:`~arbiter.server.play.builder.Builder`), stored in one committed transaction, and only
then acknowledged and sent to the connections (and to the other processes). A concurrent
writer in another process makes the store refuse the ``seq``
(:class:`~arbiter.server.play.store.SeqTaken`): the room reloads the events it missed and
builds again on them.

A timer is armed at the state's :meth:`~arbiter.server.play.state.GameState.due_at` (the
round start, a flag after the lag cap, a reconnection window's end); when it fires, what is due
is applied through the same path.

The room knows the process that holds it only as a :class:`Host` (the hub, for the server).
What clients ask of the game is in :mod:`arbiter.server.play.requests`; how events are sent, in
:mod:`arbiter.server.play.render`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from arbiter.errors import ArbiterError
from arbiter.match import SYSTEM, Arrive, MatchError, Start
from arbiter.server.play.builder import Builder
from arbiter.server.play.chat import ChatQuota
from arbiter.server.play.connection import Connection
from arbiter.server.play.pubsub import PubSub
from arbiter.server.play.refused import Refused
from arbiter.server.play.render import Rendered, deliver, render, state_message, welcome
from arbiter.server.play.seats import actor_of_seat
from arbiter.server.play.state import Event, GameState
from arbiter.server.play.store import GameRow, LiveStore, SeqTaken
from arbiter.server.play.viewer import Viewer
from arbiter.server.runtime import Runtime

__all__ = ["Host", "Room", "Viewer"]

log = logging.getLogger("arbiter.play")

RING = 128
"""Events a room keeps rendered, so that a client that reconnects gets what it missed."""


class Host(Protocol):
    """What a room needs of the process that holds it (:class:`arbiter.server.play.hub.Hub`)."""

    rt: Runtime
    store: LiveStore
    pubsub: PubSub
    pid: str
    """The process's name in presence events."""
    stopping: bool
    """Set while the process stops: connections closing then are no disconnections."""

    def wall(self) -> float:
        """Unix time (advanced by the monotonic clock)."""

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` in the background."""

    def after_change(self, room: Room, before: GameState | None = None) -> None:
        """What follows a change of ``room``'s state (``before``: the state it replaced)."""


class Room:
    """One live game held by this process (see the module)."""

    def __init__(self, hub: Host, row: GameRow, state: GameState) -> None:
        self.hub = hub
        self.row = row
        self.id = row.id
        self.state = state
        self.lock = asyncio.Lock()
        self.subscribers: set[Connection] = set()
        self.local: dict[str, int] = {}
        self.ring: deque[Rendered] = deque(maxlen=RING)
        self._timer: asyncio.TimerHandle | None = None
        self.engine_busy = False
        self.chat_quota = ChatQuota()
        self.idle_since: float | None = time.monotonic()
        self.closed = False

    # ----- rendering

    def render(self, event: Event, after: GameState, wall: float) -> None:
        """Keep ``event``'s message in the ring (:func:`arbiter.server.play.render.render`)."""
        self.ring.append(render(event, after, wall, self.id))

    def _send_since(self, conn: Connection, last_seq: int | None, wall: float) -> None:
        """The events after ``last_seq`` when the ring still holds them all, then the full
        state as of ``wall`` (lock held)."""
        oldest = self.ring[0][0] if self.ring else self.state.seq + 1
        if last_seq is not None and oldest - 1 <= last_seq <= self.state.seq:
            for item in self.ring:
                if item[0] > last_seq:
                    deliver(conn, item)
        conn.send(state_message(self.state, conn.viewer, wall))

    # ----- joining and leaving

    async def join(self, conn: Connection, last_seq: int | None) -> None:
        """Add ``conn``: it receives the events after ``last_seq`` (or the full state), then
        every new one. A player's first connection is their arrival and their presence."""
        async with self.lock:
            wall = self.hub.wall()
            conn.send(welcome(self.id, conn.viewer, self.state.seq, wall))
            self._send_since(conn, last_seq, wall)
            self.subscribers.add(conn)
            self.idle_since = None
        if self.state.options.computer:
            self.hub.rt.thinking.game_seen(self.id, connected=True)
        seat = conn.viewer.seat_played
        if seat is not None:
            self.local[seat] = self.local.get(seat, 0) + 1
            if self.local[seat] == 1:
                await self._presence(seat, True, conn.viewer)
        self.hub.after_change(self)

    async def resync(self, conn: Connection, last_seq: int) -> None:
        """Send ``conn`` the events after ``last_seq`` it may have missed (or the full state)."""
        async with self.lock:
            self._send_since(conn, last_seq, self.hub.wall())

    async def leave(self, conn: Connection) -> None:
        """Remove ``conn``; a seat's last connection here gone is a disconnection."""
        self.subscribers.discard(conn)
        if not self.subscribers:
            self.idle_since = time.monotonic()
            if self.state.options.computer:
                self.hub.rt.thinking.game_seen(self.id, connected=False)
        seat = conn.viewer.seat_played
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
                    b.act(Arrive(), actor, viewer.user_id)
            if (
                on
                and b.state.options.casual
                and b.match.status == "ready"
                and b.state.start_at is None
                and b.state.players_here()
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
        await self.hub.store.store(
            self.id,
            events,
            status=m.status,
            result=None if m.result is None else m.result.text,
            due_at=final.due_at(),
            mirror=mirror,
        )

    def _publish(self, b: Builder) -> None:
        before = self._show(b.built)
        if self.hub.pubsub.distributed:
            events = [
                {"seq": e.seq, "kind": e.kind, "at": e.at, "data": e.data, "user_id": e.user_id}
                for e, _ in b.built
            ]
            # The messages as rendered here go along: describing the state is most of what a
            # move costs, and the other processes would each do it again.
            rendered = [list(item) for item in list(self.ring)[-len(b.built) :]]
            doc = {"events": events, "rendered": rendered}
            self.hub.spawn(self.hub.pubsub.publish(self.id, doc))
        self.hub.after_change(self, before)

    def _show(
        self, built: list[tuple[Event, GameState]], rendered: dict[int, Rendered] | None = None
    ) -> GameState:
        """Make the last state of ``built`` the room's and send its events to the connections
        (as ``rendered`` by the process that stored them, where given); the state it
        replaced."""
        before = self.state
        self.state = built[-1][1]
        wall = self.hub.wall()
        for event, after in built:
            done = rendered.get(event.seq) if rendered else None
            if done is not None:
                self.ring.append(done)
            else:
                self.render(event, after, wall)
        fresh = list(self.ring)[-len(built) :]
        for conn in list(self.subscribers):
            for item in fresh:
                deliver(conn, item)
        return before

    async def catch_up(self) -> None:
        """Apply what the database holds beyond this room's state."""
        async with self.lock:
            await self._reload()

    async def _reload(self) -> None:
        """Apply the events other processes stored since this state (lock held)."""
        events = await self.hub.store.run(self.hub.store.events, self.id, self.state.seq + 1)
        self._apply_remote(events)

    def _apply_remote(
        self, events: list[Event], rendered: dict[int, Rendered] | None = None
    ) -> None:
        state = self.state
        built: list[tuple[Event, GameState]] = []
        for event in events:
            if event.seq <= state.seq:
                continue
            state = state.apply(event)
            built.append((event, state))
        if built:
            self.hub.after_change(self, self._show(built, rendered))

    async def on_remote(
        self, events: list[Event], rendered: dict[int, Rendered] | None = None
    ) -> None:
        """Events another process stored (and their messages as it ``rendered`` them, by
        ``seq``): applied in order; a gap reloads from the database."""
        async with self.lock:
            if not events or events[-1].seq <= self.state.seq:
                return
            if events[0].seq > self.state.seq + 1:
                await self._reload()
            else:
                self._apply_remote(events, rendered)

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
