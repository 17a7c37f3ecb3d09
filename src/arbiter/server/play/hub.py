"""Every live game of one server process: rooms, timers, the sweeper, heartbeats, recovery
after a crash, computer opponents, and results flowing into events.

**Time.** A live game's match instants are seconds since its ``epoch``, a wall-clock instant
stored with it; this process reads the wall clock once at start and advances it with
``time.monotonic()`` (:meth:`Hub.wall`), so clocks never jump with the system clock while the
process runs and stay right across restarts and between processes.

**The time the server was down is not charged** (docs/decisions.md, "Live play"): every
process writes a heartbeat each second. A process that starts and finds no other process
alive recovers the unfinished games, from the last heartbeat before the crash
(:mod:`arbiter.server.play.recovery` says what it writes into their streams). At most one
second before the crash (the heartbeat interval) is charged.

**Several processes** share the database and Redis: a game may be held by rooms in several
processes (one per process), the database decides who stores each event, Redis carries the
events to the others, and every process's sweeper applies what is due in games that no room
holds (``live_games.due_at``). A process whose heartbeat stops is dead: the others close its
players' connections in the games' streams.

**Garbage collection** keeps the live games' histories out of the collector's scans
(:mod:`arbiter.server.play.collector`).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import secrets
import socket
import sys
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from typing import Any

from arbiter.match import MatchSettings
from arbiter.server.play.access import identify
from arbiter.server.play.collector import Collector
from arbiter.server.play.engines import Computer
from arbiter.server.play.pubsub import PubSub, RedisPubSub
from arbiter.server.play.recovery import after_downtime, departed
from arbiter.server.play.refused import database_unavailable
from arbiter.server.play.render import Rendered
from arbiter.server.play.results import LOOK_AGAIN, Recorder
from arbiter.server.play.room import Room
from arbiter.server.play.stalls import Stalls
from arbiter.server.play.state import Event, GameState, Options
from arbiter.server.play.store import GameRow, LiveStore
from arbiter.server.play.viewer import Viewer
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser

__all__ = ["HEARTBEAT", "STALE", "Hub"]

log = logging.getLogger("arbiter.play")

HEARTBEAT = 1.0
"""Seconds between a process's heartbeats."""
STALE = 5.0
"""A process whose heartbeat is older than this is dead."""
IDLE = 30.0
"""Seconds a room without connections stays in memory."""
SWEEP = 0.5
"""Seconds between two looks for games with something due that no room handled."""
CATCH_UP = 2.0
"""Seconds between two comparisons of the rooms with the database (several processes)."""
SWITCH = 0.0005
"""Seconds a thread may hold the interpreter lock while another waits for it (Python's default
is 0.005). The live games' event loop gives the lock up at every socket write and then waits
for it again; behind a request thread computing (a result entered, standings) each wait was
the full 5 ms, several times a move (measured: p99 113 ms at 20 results/s on SQLite)."""


class Hub:
    """The live games of this process (see the module)."""

    def __init__(
        self,
        rt: Runtime,
        *,
        redis_url: str | None = None,
        redis_prefix: str = "arbiter",
        wall: Callable[[], float] | None = None,
    ) -> None:
        self.rt = rt
        self.store = LiveStore(rt.db)
        self.pid = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"
        self.pubsub: PubSub = (
            RedisPubSub(redis_url, redis_prefix, self.pid) if redis_url else PubSub()
        )
        self.rooms: dict[int, Room] = {}
        self._loading: dict[int, asyncio.Future[Room | None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []
        self._wall0 = time.time()
        self._mono0 = time.monotonic()
        self._wall = wall  # tests inject the time (days of a correspondence game in a second)
        self.collector = Collector(rt.inflight)
        self.stalls = Stalls()
        self._switch = sys.getswitchinterval()
        self._behind: dict[int, int] = {}
        self.stopping = False
        self._beating_since: float | None = None
        """Since when this process's heartbeats have been stored without a miss."""
        self.computer = Computer(self)
        self.recorder = Recorder(rt, self.store)
        self.addresses: Counter[str] = Counter()
        """Open WebSocket connections per client address (``quotas.connections_per_address``)."""

    # ----- time and tasks

    def wall(self) -> float:
        """Unix time, advanced by the monotonic clock since this process started (or the
        injected time source's, when the hub was given one)."""
        if self._wall is not None:
            return self._wall()
        return self._wall0 + (time.monotonic() - self._mono0)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` in the background, keeping a reference until it ends."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("live-play task failed", exc_info=task.exception())

    # ----- life

    async def start(self) -> None:
        """Register this process, recover the games after a crash of the whole server, and
        start the heartbeat and the sweeper."""
        # What was loaded at start is never rescanned; see the module on collection.
        gc.freeze()
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH)
        self.stalls.start()
        await self.pubsub.start(self._on_pubsub)
        before = await self.store.run(self.store.heartbeats)
        dead: set[str] = set()
        if before:
            # A process is dead when its heartbeat does not move.
            await asyncio.sleep(HEARTBEAT * 1.6)
            after = await self.store.run(self.store.heartbeats)
            dead = {p for p, at in before.items() if after.get(p, at) <= at}
        down_since = await self.store.run(self.store.register, self.pid, self.wall(), dead)
        self._beating_since = self.wall()
        if down_since is not None:
            await self._recover(down_since)
        # Results of games that ended just before a crash (of this process or another).
        await self.recorder.sweep()
        self._loops.append(asyncio.create_task(self._heartbeat(), name="arbiter-heartbeat"))
        self._loops.append(asyncio.create_task(self._sweeper(), name="arbiter-sweeper"))

    async def stop(self) -> None:
        """Close every connection and stop (the heartbeat stops; a restart recovers)."""
        self.stopping = True
        for task in self._loops:
            task.cancel()
        for room in list(self.rooms.values()):
            for conn in list(room.subscribers):
                conn.close(1012, "the server is restarting: reconnect")
            room.close()
        self.computer.close()
        for task in list(self._tasks):
            task.cancel()
        try:  # the last heartbeat is the stop's instant: a restart charges nothing before it
            await self.store.run(self.store.beat, self.pid, self.wall())
        except Exception:
            log.exception("the last heartbeat failed")
        await self.pubsub.close()
        await self.store.aclose()
        self.stalls.stop()
        sys.setswitchinterval(self._switch)
        gc.unfreeze()  # what this hub froze is the collector's again (tests run many hubs)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                await self.store.run(self.store.beat, self.pid, self.wall())
                if self._beating_since is None:
                    self._beating_since = self.wall()
                self.collector.tick()
            except Exception as exc:
                self._beating_since = None
                if database_unavailable(exc):
                    log.warning("heartbeat: the database is not answering: %s", exc)
                else:
                    log.exception("heartbeat failed")

    async def _sweeper(self) -> None:
        last_bury = last_catch_up = last_results = 0.0
        while True:
            await asyncio.sleep(SWEEP)
            try:
                now = self.wall()
                for live_id in await self.store.run(self.store.due, now - 0.25):
                    room = await self.room(live_id)
                    if room is not None:
                        await room.due()
                if self.pubsub.distributed and now - last_catch_up > CATCH_UP:
                    last_catch_up = now
                    await self.catch_up()
                if now - last_results > LOOK_AGAIN:
                    last_results = now
                    await self.recorder.sweep()
                if now - last_bury > STALE and self._beating(now):
                    last_bury = now
                    beats = await self.store.run(self.store.heartbeats)
                    dead = [p for p, at in beats.items() if p != self.pid and at < now - STALE]
                    if dead:
                        await self._bury(set(dead))
                self._evict()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if database_unavailable(exc):
                    log.warning("sweeper: the database is not answering: %s", exc)
                else:
                    log.exception("sweeper failed")

    def _beating(self, now: float) -> bool:
        """Whether this process has stored its heartbeats for the last ``STALE`` seconds: only
        then is another's old heartbeat its death. (After the database was down for everyone,
        every heartbeat is old until each process has beaten again: a process that looked
        then buried the live ones, and their connected players started reconnection windows
        that would have ended in no-shows.)"""
        return self._beating_since is not None and now - self._beating_since >= STALE

    async def catch_up(self) -> None:
        """Reload the rooms that the database shows behind, twice in a row: events another
        process stored whose Redis message never came (pub/sub delivers at most once). One
        look behind is usually a message still on its way."""
        held = [i for i, r in self.rooms.items() if not r.closed]
        stored = await self.store.run(self.store.last_seqs, held)
        behind: dict[int, int] = {}
        for live_id, last in stored.items():
            room = self.rooms.get(live_id)
            if room is None or room.state.seq >= last:
                continue
            if self._behind.get(live_id) == room.state.seq + 1:
                log.warning(
                    "game %s: events from %d on never came from Redis", live_id, room.state.seq + 1
                )
                await room.catch_up()
            else:
                behind[live_id] = room.state.seq + 1
        self._behind = behind

    def _evict(self) -> None:
        mono = time.monotonic()
        for live_id, room in list(self.rooms.items()):
            if room.subscribers or room.engine_busy or room.lock.locked():
                continue
            if room.idle_since is not None and mono - room.idle_since > IDLE:
                room.close()
                del self.rooms[live_id]
                self.computer.forget(live_id)
                self.spawn(self.pubsub.unsubscribe(live_id))

    # ----- recovery

    async def _recover(self, down_since: float) -> None:
        """The server as a whole was down since ``down_since``: see the module."""
        log.warning("recovering live games after a stop at %.3f", down_since)
        build = after_downtime(down_since, self.pid)
        for live_id in await self.store.run(self.store.unfinished):
            room = await self.room(live_id)
            if room is None:
                continue
            try:
                await room.commit(build, settle=False)
            except Exception:
                log.exception("game %s: recovery failed", live_id)

    async def _bury(self, dead: set[str]) -> None:
        """Close the connections of dead processes in the games' streams."""
        for live_id in await self.store.run(self.store.unfinished):
            room = await self.room(live_id)
            if room is None:
                continue
            gone = [(s, p) for (s, p), on in room.state.presence.items() if on and p in dead]
            if gone:
                await room.commit(departed(gone), settle=False)
        await self.store.run(self.store.forget, sorted(dead))

    # ----- rooms

    async def room(self, live_id: int) -> Room | None:
        """The room of game ``live_id`` (loaded from the database on first use), or ``None``
        when there is no such game."""
        room = self.rooms.get(live_id)
        if room is not None:
            return room
        pending = self._loading.get(live_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[live_id] = future
        try:
            room = await self._load(live_id)
            future.set_result(room)
            return room
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._loading[live_id]

    async def _load(self, live_id: int) -> Room | None:
        row = await self.store.run(self.store.game, live_id)
        if row is None:
            return None
        if self.pubsub.distributed:
            await self.pubsub.subscribe(live_id)
        events = await self.store.run(self.store.events, live_id)
        state = GameState.new(
            MatchSettings.from_json(row.settings), Options.from_json(row.options), row.epoch
        )
        room = Room(self, row, state)
        wall = self.wall()
        keep = len(events) - 64
        for i, event in enumerate(events):
            room.state = room.state.apply(event)
            if i >= keep:
                room.render(event, room.state, wall)
        self.rooms[live_id] = room
        room.arm()
        return room

    def after_change(self, room: Room, before: GameState | None = None) -> None:
        """Re-arm the room's timer; when the game just ended, record the result in its
        event (or rate a casual game between two accounts); when the computer is to act, let
        it."""
        room.arm()
        m = room.state.match
        if before is not None and m.is_over and not before.match.is_over:
            if room.row.event_id is not None:
                self.spawn(self.recorder.record(room.row, m.result.text if m.result else None))
            elif room.state.options.casual and not room.state.options.computer:
                from arbiter.server.services.ratings import rate_casual_game

                self.spawn(asyncio.to_thread(rate_casual_game, self.rt, room.id, m))
            self.computer.game_over(room)
        self.computer.consider(room)

    async def _on_pubsub(self, live_id: int, doc: dict[str, Any]) -> None:
        room = self.rooms.get(live_id)
        if room is None:
            return
        events = [
            Event(int(e["seq"]), str(e["kind"]), float(e["at"]), e["data"], e.get("user_id"))
            for e in doc.get("events", [])
        ]
        rendered: dict[int, Rendered] = {}
        for item in doc.get("rendered") or []:
            seq, public, private, data = item
            rendered[int(seq)] = (int(seq), str(public), private, data)
        # Not awaited: a room busy committing must not hold up the messages of every other
        # game behind it (measured: p99 ~600 ms with two processes). The room's lock is
        # first come, first served, so one game's messages still apply in order.
        self.spawn(room.on_remote(events, rendered))

    # ----- who is connecting

    async def identify(
        self, row: GameRow, token: str | None, user: CurrentUser | None
    ) -> Viewer | None:
        """Who the connection is (:func:`arbiter.server.play.access.identify`)."""
        return await identify(self.rt, row, token, user)
