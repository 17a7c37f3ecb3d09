"""The lobby of this process (``/play/lobby/ws``, docs/play-protocol.md "The lobby"): who is
connected, the open seeks (:mod:`arbiter.server.play.seeks`), the quick-pairing queue
(:mod:`arbiter.server.play.quick`), and the games they start.

Everything here runs on the event loop, so accepting a seek takes it out of the book before
anything awaits: two players accepting the same seek cannot both get it. A seek lives with the
connection that made it, a place in the queue with the connection that asked for it; a
closed connection takes both along, and everyone is told at once.

Where the seeks and the queue are kept is the board's business
(:mod:`arbiter.server.play.lobby_board`): this process's memory, or Redis when the server runs
several processes (:mod:`arbiter.server.play.lobby_redis`), so that a seek made on one process
is seen and accepted on every other, and the queue pairs players of different processes. What
another process changed reaches this one's clients through :meth:`Lobby.remote`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any, Final

from arbiter.server.play import protocol
from arbiter.server.play.connection import Connection
from arbiter.server.play.hub import Hub
from arbiter.server.play.live_list import live_games
from arbiter.server.play.lobby_board import Board, LocalBoard, SeekOwner
from arbiter.server.play.lobby_redis import RedisBoard
from arbiter.server.play.matched import Player, create_paired, lobby_rating
from arbiter.server.play.pubsub import RedisPubSub
from arbiter.server.play.quick import Pair, Waiting
from arbiter.server.play.seeks import PRESET_KEYS, PRESETS, Refusal, Seek, SeekSpec, parse_spec
from arbiter.server.services.accounts import CurrentUser

__all__ = ["GAMES_EVERY", "QUEUE_EVERY", "Lobby", "LobbyClient"]

log = logging.getLogger("arbiter.play")

QUEUE_EVERY: Final = 1.0
"""Seconds between two looks at the queue (its ranges widen with time)."""
GAMES_EVERY: Final = 5.0
"""Seconds between two looks at the games under way (the clients are told when they change)."""


@dataclass(eq=False)
class LobbyClient:
    """One connection to the lobby: its number, its writer, the account (``None``: a
    visitor, who may watch the lobby but not seek)."""

    id: int
    conn: Connection
    user: CurrentUser | None
    queued: str | None = None
    starts: list[int] = field(default_factory=list)


class Lobby:
    """The lobby of one process (see the module)."""

    def __init__(self, hub: Hub, board: Board | None = None) -> None:
        self.hub = hub
        if board is None:
            pubsub = hub.pubsub
            if isinstance(pubsub, RedisPubSub):
                board = RedisBoard(pubsub.url, pubsub.prefix, hub.pid)
            else:
                board = LocalBoard()
        self.book = board
        self.clients: dict[int, LobbyClient] = {}
        self._next = 0
        self._ticker: asyncio.Task[None] | None = None
        self._games: tuple[int, ...] | None = None
        self._started: asyncio.Task[None] | None = None

    @property
    def queue(self) -> dict[int, Waiting]:
        """The players waiting in the quick-pairing queue, as this process knows them."""
        return self.book.waiting

    async def start(self) -> None:
        """Open the board (once; every connection waits for it)."""
        if self._started is None:
            self._started = asyncio.ensure_future(self.book.start(self.remote))
        try:
            await asyncio.shield(self._started)
        except Exception:
            self._started = None  # Redis did not answer: the next connection tries again
            raise

    async def close(self) -> None:
        """Close the board: with Redis, this process's seeks and places in the queue go."""
        if self._started is not None:
            await self.book.close()

    async def remote(self, message: dict[str, Any]) -> None:
        """What another process changed, told to this process's clients."""
        kind = message.get("type")
        if kind in ("seek-added", "seek-removed"):
            self._broadcast(message)
        elif kind == "waiting":
            self._broadcast_waiting()
        elif kind == "start":
            white, black = int(message["white"]), int(message["black"])
            self._tell_start(int(message["game"]), {"white": white, "black": black})

    # ----- connections

    def attach(self, conn: Connection, user: CurrentUser | None) -> LobbyClient:
        """A new connection: it is told the seeks, the presets and who it is."""
        self._next += 1
        client = LobbyClient(self._next, conn, user)
        self.clients[client.id] = client
        conn.send(
            {
                "type": "lobby",
                "you": None
                if user is None
                else {"username": user.username, "name": user.display_name},
                "seeks": [s.to_json() for s in self.book.seeks.values()],
                "presets": [p.to_json() for p in PRESETS],
                "waiting": self._waiting(),
            }
        )
        if self._ticker is None or self._ticker.done():
            self._ticker = self.hub.spawn(self._tick())
        return client

    async def detach(self, client: LobbyClient) -> None:
        """A connection closed: its seeks and its place in the queue go."""
        self.clients.pop(client.id, None)
        for seek in await self.book.drop_connection(client.id):
            self._broadcast({"type": "seek-removed", "seek": seek.id})
        if client.queued is not None and client.user is not None:
            await self.book.leave(client.user.id, client.id)
            self._broadcast_waiting()

    # ----- messages

    async def handle(self, client: LobbyClient, msg: dict[str, Any]) -> None:
        """Answer one client message (``seek``, ``cancel``, ``accept``, ``queue``,
        ``unqueue``); a refusal is an ``error`` message and changes nothing."""
        kind = msg.get("type")
        mid = msg.get("id")
        try:
            if kind not in ("seek", "cancel", "accept", "queue", "unqueue"):
                raise Refusal("malformed", f"unknown message type {str(kind)[:40]!r}")
            user = client.user
            if user is None:
                raise Refusal("sign-in", "sign in to seek, accept or queue for a game")
            if kind == "seek":
                await self._seek(client, user, msg)
            elif kind == "cancel":
                seek = await self.book.cancel(msg.get("seek"), user.id)
                self._broadcast({"type": "seek-removed", "seek": seek.id})
            elif kind == "accept":
                await self._accept(client, user, msg.get("seek"))
            elif kind == "queue":
                await self._queue(client, user, msg.get("preset"))
            else:
                await self._unqueue(client, user)
        except Refusal as exc:
            error = protocol.error(exc.code, str(exc), mid)
            client.conn.send({**error, "about": kind, "field": exc.field})

    async def _seek(self, client: LobbyClient, user: CurrentUser, msg: dict[str, Any]) -> None:
        spec = parse_spec(msg)
        rating, provisional = await asyncio.to_thread(lobby_rating, self.hub.rt, user.id, spec)
        owner = SeekOwner(user.id, user.username, user.display_name, rating, provisional, client.id)
        seek = await self.book.add(spec, owner)
        self._broadcast({"type": "seek-added", "seek": seek.to_json()})

    async def _accept(self, client: LobbyClient, user: CurrentUser, seek_id: object) -> None:
        seek = await self.book.find(seek_id)
        if seek is None:
            raise Refusal("unknown-seek", "this seek is not open any more", "seek")
        if seek.user_id == user.id:
            raise Refusal("own-seek", "this is your own seek: wait for an opponent", "seek")
        rating, _ = await asyncio.to_thread(lobby_rating, self.hub.rt, user.id, seek.spec)
        # Anew, and at once for every process: the seek may have gone meanwhile.
        taken = await self.book.take(seek_id, user.id, rating)
        self._broadcast({"type": "seek-removed", "seek": taken.id})
        me = Player(user.id, user.display_name)
        owner = Player(taken.user_id, taken.name)
        colour = taken.spec.colour
        if colour == "random":
            colour = secrets.choice(["white", "black"])
        white, black = (owner, me) if colour == "white" else (me, owner)
        await self._start(taken, white, black, "seek")

    async def _queue(self, client: LobbyClient, user: CurrentUser, key: object) -> None:
        preset = PRESET_KEYS.get(key) if isinstance(key, str) else None
        if preset is None:
            raise Refusal("invalid", "no such preset", "preset")
        rating, _ = await asyncio.to_thread(lobby_rating, self.hub.rt, user.id, preset.spec())
        for other in self.clients.values():
            if other.user is not None and other.user.id == user.id:
                other.queued = None  # one place in the queue per player, this connection's
        client.queued = preset.key
        entry = Waiting(user.id, user.display_name, preset.key, rating, self.hub.wall())
        pair = await self.book.join(entry, client.id)
        client.conn.send({"type": "queued", "preset": preset.key})
        self._broadcast_waiting()
        if pair is not None:
            await self._start_pair(pair)

    async def _unqueue(self, client: LobbyClient, user: CurrentUser) -> None:
        if await self.book.leave(user.id) is None:
            raise Refusal("not-queued", "you are not in the queue")
        for other in self.clients.values():
            if other.user is not None and other.user.id == user.id:
                other.queued = None
        client.conn.send({"type": "unqueued"})
        self._broadcast_waiting()

    # ----- games

    async def _start_pair(self, pair: Pair) -> None:
        preset = PRESET_KEYS[pair.preset]
        first, second = (pair.first, pair.second)
        if secrets.randbelow(2):
            first, second = second, first
        white, black = Player(first.user_id, first.name), Player(second.user_id, second.name)
        for client in self.clients.values():
            if client.user is not None and client.user.id in (white.user_id, black.user_id):
                client.queued = None
        self._broadcast_waiting()
        await self._start(preset.spec(), white, black, "quick")

    async def _start(
        self, source: Seek | SeekSpec, white: Player, black: Player, origin: str
    ) -> None:
        spec = source.spec if isinstance(source, Seek) else source
        for who in (white, black):
            for seek in await self.book.drop_player(who.user_id):
                self._broadcast({"type": "seek-removed", "seek": seek.id})
            await self.book.leave(who.user_id)
        live_id = await asyncio.to_thread(
            create_paired, self.hub, spec, white, black, origin=origin
        )
        self._tell_start(live_id, {"white": white.user_id, "black": black.user_id})
        await self.book.started(live_id, white.user_id, black.user_id)

    def _tell_start(self, live_id: int, players: dict[str, int]) -> None:
        """Send each player of a new game, on this process, to it."""
        for client in self.clients.values():
            if client.user is None:
                continue
            for colour, user_id in players.items():
                if client.user.id == user_id:
                    client.queued = None
                    client.starts.append(live_id)
                    client.conn.send(
                        {
                            "type": "start",
                            "game": live_id,
                            "url": f"/play/games/{live_id}",
                            "colour": colour,
                        }
                    )

    # ----- fan-out

    def _broadcast(self, message: dict[str, Any]) -> None:
        text = protocol.dumps(message)
        for client in list(self.clients.values()):
            client.conn.send(text)

    def _waiting(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for entry in self.queue.values():
            counts[entry.preset] = counts.get(entry.preset, 0) + 1
        return counts

    def _broadcast_waiting(self) -> None:
        self._broadcast({"type": "waiting", "waiting": self._waiting()})

    async def _tick(self) -> None:
        """Pair whoever the widening ranges now allow, and tell the clients when the games
        under way change; ends when nobody is connected."""
        last_games = 0.0
        while self.clients:
            await asyncio.sleep(QUEUE_EVERY)
            try:
                now = self.hub.wall()
                for pair in await self.book.match(now):
                    await self._start_pair(pair)
                if now - last_games >= GAMES_EVERY:
                    last_games = now
                    await self.look_at_games()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the lobby's tick failed")

    async def look_at_games(self) -> None:
        """Tell the clients (``games``) when the games under way have changed."""
        listed = await asyncio.to_thread(live_games, self.hub.rt)
        key = tuple(g.id for g in listed)
        if self._games is not None and key != self._games:
            self._broadcast({"type": "games"})
        self._games = key
