"""The lobby's board in Redis: one set of open seeks and one quick-pairing queue for every
process of the server (``arbiter serve --redis URL``, several workers or machines).

Keys, under the server's Redis prefix (docs/server.md, "Several processes"):

- ``<prefix>:lobby:seeks``, a hash: seek id → the seek (JSON, with the process and the
  connection it lives with);
- ``<prefix>:lobby:queue``, a hash: account id → the player waiting (JSON, likewise);
- ``<prefix>:lobby:alive:<process>``, this process's heartbeat, a key that expires
  :data:`TTL` seconds after the last beat (every :data:`BEAT` seconds);
- the channel ``<prefix>:lobby`` tells the other processes what changed at once (heard by a
  :class:`arbiter.server.play.redis_listener.RedisListener`, which rides out Redis outages).

**Exactly once.** Taking a seek is one Lua script that reads and deletes its field: of two
processes accepting one seek at the same instant, one gets it, the other finds it gone and
refuses (``unknown-seek``). Two queued players are paired by a script that deletes both
entries only if both are still what the pairing process read, so a player is never in two
games, whichever processes pair at once.

**A dead process's seeks expire.** At every beat each process reloads both hashes, removes
the entries of processes whose heartbeat key has expired, and tells its own clients of every
difference with what it knew, so that a Redis message that never arrived (pub/sub delivers at
most once) is made good within a beat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any, Final

from arbiter.server.play.lobby_board import Board, Remote, SeekOwner, refuse_unknown
from arbiter.server.play.lobby_records import (
    seek_of,
    seek_record,
    text,
    waiting_of,
    waiting_record,
)
from arbiter.server.play.quick import Pair, QuickQueue, Waiting
from arbiter.server.play.redis_listener import Outage, RedisListener
from arbiter.server.play.seeks import MAX_SEEKS, MAX_SEEKS_PER_PLAYER, Refusal, Seek, SeekSpec

__all__ = ["BEAT", "TTL", "RedisBoard"]

log = logging.getLogger("arbiter.play")

BEAT: Final = 1.0
"""Seconds between a process's lobby heartbeats (and reloads of the board)."""
TTL: Final = 6
"""Seconds a process's heartbeat lasts: its seeks go this long after it died."""

_ADD = """
local all = redis.call('HVALS', KEYS[1])
if #all >= tonumber(ARGV[3]) then return 'full' end
local mine = 0
for _, v in ipairs(all) do
  if cjson.decode(v)['user_id'] == tonumber(ARGV[2]) then mine = mine + 1 end
end
if mine >= tonumber(ARGV[4]) then return 'mine' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[5])
return 'ok'
"""
_POP = """
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v then redis.call('HDEL', KEYS[1], ARGV[1]) end
return v
"""
_DELETE_IF = """
local n = 0
for i = 1, #ARGV, 2 do
  if redis.call('HGET', KEYS[1], ARGV[i]) ~= ARGV[i + 1] then return 0 end
end
for i = 1, #ARGV, 2 do n = n + redis.call('HDEL', KEYS[1], ARGV[i]) end
return n
"""


class RedisBoard(Board):
    """The board of every process, in Redis (see the module)."""

    distributed = True

    def __init__(self, url: str, prefix: str, proc: str) -> None:
        import redis.asyncio as aioredis

        self.proc = proc
        self.prefix = prefix
        self.seeks = {}
        self.waiting = {}
        self._redis = aioredis.from_url(url, decode_responses=True)
        self._listener = RedisListener(self._redis, proc, self._heard, "lobby")
        self._beating = Outage(self._listener.where, "the lobby's heartbeat and reload")
        self._pubsub = self._listener.pubsub
        self._add = self._redis.register_script(_ADD)
        self._pop = self._redis.register_script(_POP)
        self._delete_if = self._redis.register_script(_DELETE_IF)
        self._queue_raw: dict[str, str] = {}
        self._stamp = 0  # counts this process's changes to the mirror of the seeks
        self._remote: Remote | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.channel = f"{prefix}:lobby"
        self.seeks_key = f"{prefix}:lobby:seeks"
        self.queue_key = f"{prefix}:lobby:queue"

    def alive_key(self, proc: str) -> str:
        """The heartbeat key of process ``proc``."""
        return f"{self.prefix}:lobby:alive:{proc}"

    # ----- life

    async def start(self, remote: Remote) -> None:
        self._remote = remote
        await self._redis.set(self.alive_key(self.proc), "1", ex=TTL)
        await self._listener.open(self.channel)
        await self.reload()
        self._tasks = [
            asyncio.create_task(self._listener.run(), name="arbiter-lobby-listener"),
            asyncio.create_task(self._beat(), name="arbiter-lobby-heartbeat"),
        ]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self._withdraw(self.proc)
            await self._redis.delete(self.alive_key(self.proc))
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        await self._redis.aclose()

    async def _publish(self, message: dict[str, Any]) -> None:
        doc = {**message, "origin": self.proc}
        await self._redis.publish(self.channel, json.dumps(doc, separators=(",", ":")))

    async def _heard(self, doc: dict[str, Any]) -> None:
        assert self._remote is not None
        kind = doc.get("type")
        if kind == "seek-added":
            seek = seek_of(doc["record"])
            if seek.id in self.seeks:
                return
            self.seeks[seek.id] = seek
            self._stamp += 1
            await self._remote({"type": "seek-added", "seek": seek.to_json()})
        elif kind == "seek-removed":
            self._stamp += 1
            if self.seeks.pop(str(doc["seek"]), None) is not None:
                await self._remote({"type": "seek-removed", "seek": str(doc["seek"])})
        elif kind == "waiting":
            await self._reload_queue()  # tells the clients if the counts changed
        elif kind == "start":
            await self._remote(doc)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(BEAT)
            try:
                await self._redis.set(self.alive_key(self.proc), "1", ex=TTL)
                await self.reload()
                self._beating.answered()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._beating.failed(exc, "lobby: the Redis heartbeat")

    async def _hash(self, key: str) -> dict[str, str]:
        found = await self._redis.hgetall(key)
        return {text(k): text(v) for k, v in found.items()}

    # ----- reloading, and the dead processes' entries

    async def reload(self) -> None:
        """Read both hashes, withdraw the entries of dead processes, and tell this process's
        clients what changed since they were told."""
        stamp = self._stamp
        seeks = {k: seek_of(v) for k, v in (await self._hash(self.seeks_key)).items()}
        queue = await self._hash(self.queue_key)
        procs = {s.proc for s in seeks.values()} | {waiting_of(v)[1] for v in queue.values()}
        procs.discard(self.proc)
        for proc in sorted(procs):
            if not await self._redis.exists(self.alive_key(proc)):
                await self._withdraw(proc)
                seeks = {k: s for k, s in seeks.items() if s.proc != proc}
        if self._stamp == stamp:  # else the hash read is older than the mirror: next beat
            await self._catch_up(seeks)
        await self._reload_queue()

    async def _catch_up(self, seeks: dict[str, Seek]) -> None:
        gone = [k for k in self.seeks if k not in seeks]
        new = [s for k, s in seeks.items() if k not in self.seeks]
        before = self.seeks
        self.seeks = dict(seeks)
        if self._remote is None:
            return
        for key in gone:
            if key in before:
                await self._remote({"type": "seek-removed", "seek": key})
        for seek in new:
            await self._remote({"type": "seek-added", "seek": seek.to_json()})

    async def _reload_queue(self) -> None:
        raw = await self._hash(self.queue_key)
        before = self._counts()
        self._queue_raw = dict(raw)
        self.waiting = {int(k): waiting_of(v)[0] for k, v in raw.items()}
        if self._remote is not None and self._counts() != before:
            await self._remote({"type": "waiting"})

    def _counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for entry in self.waiting.values():
            counts[entry.preset] = counts.get(entry.preset, 0) + 1
        return counts

    async def _withdraw(self, proc: str) -> None:
        """Remove every seek and place in the queue of process ``proc`` (dead, or closing)."""
        for key, raw in (await self._hash(self.seeks_key)).items():
            if seek_of(raw).proc == proc and await self._pop(keys=[self.seeks_key], args=[key]):
                self._stamp += 1
                await self._publish({"type": "seek-removed", "seek": key})
                if self.seeks.pop(key, None) is not None and self._remote is not None:
                    await self._remote({"type": "seek-removed", "seek": key})
        dropped = 0
        for key, raw in (await self._hash(self.queue_key)).items():
            if waiting_of(raw)[1] == proc:
                dropped += await self._delete_if(keys=[self.queue_key], args=[key, raw])
        if dropped:
            await self._publish({"type": "waiting"})

    # ----- seeks

    async def add(self, spec: SeekSpec, owner: SeekOwner) -> Seek:
        seek = Seek(
            secrets.token_hex(6),
            owner.user_id,
            owner.username,
            owner.name,
            owner.rating,
            owner.provisional,
            owner.conn,
            spec,
            self.proc,
        )
        record = seek_record(seek)
        args: list[str | int] = [seek.id, seek.user_id, MAX_SEEKS, MAX_SEEKS_PER_PLAYER, record]
        done = await self._add(keys=[self.seeks_key], args=args)
        if done == "mine":
            raise Refusal(
                "too-many-seeks", f"at most {MAX_SEEKS_PER_PLAYER} open seeks: cancel one first"
            )
        if done == "full":
            raise Refusal("too-many-seeks", "the lobby is full: accept a seek instead")
        self.seeks[seek.id] = seek
        self._stamp += 1
        await self._publish({"type": "seek-added", "record": record})
        return seek

    async def find(self, seek_id: object) -> Seek | None:
        if not isinstance(seek_id, str) or not 0 < len(seek_id) <= 40:
            return None
        raw = await self._redis.hget(self.seeks_key, seek_id)
        return None if raw is None else seek_of(text(raw))

    async def _take_out(self, seek_id: str) -> Seek | None:
        raw = await self._pop(keys=[self.seeks_key], args=[seek_id])
        self.seeks.pop(seek_id, None)
        self._stamp += 1
        if raw is None:
            return None
        await self._publish({"type": "seek-removed", "seek": seek_id})
        return seek_of(text(raw))

    async def cancel(self, seek_id: object, user_id: int) -> Seek:
        seek = await self.find(seek_id)
        if seek is None or seek.user_id != user_id:
            raise Refusal("unknown-seek", "no such open seek of yours", "seek")
        taken = await self._take_out(seek.id)
        if taken is None:
            raise refuse_unknown()
        return taken

    async def take(self, seek_id: object, user_id: int, rating: float) -> Seek:
        seek = await self.find(seek_id)
        if seek is None:
            raise refuse_unknown()
        if seek.user_id == user_id:
            raise Refusal("own-seek", "this is your own seek: wait for an opponent", "seek")
        if not seek.spec.fits(rating):
            raise Refusal("out-of-range", "your rating is outside the range this seek asks for")
        taken = await self._take_out(seek.id)
        if taken is None:  # accepted by someone else, on another process, just now
            raise refuse_unknown()
        return taken

    async def _drop(self, keep: Any) -> list[Seek]:
        gone = []
        for key, raw in (await self._hash(self.seeks_key)).items():
            if not keep(seek_of(raw)):
                taken = await self._take_out(key)
                if taken is not None:
                    gone.append(taken)
        return gone

    async def drop_connection(self, conn: int) -> list[Seek]:
        return await self._drop(lambda s: s.proc != self.proc or s.conn != conn)

    async def drop_player(self, user_id: int) -> list[Seek]:
        return await self._drop(lambda s: s.user_id != user_id)

    # ----- the queue

    async def join(self, entry: Waiting, conn: int) -> Pair | None:
        record = waiting_record(entry, self.proc, conn)
        await self._redis.hset(self.queue_key, str(entry.user_id), record)
        raw = await self._hash(self.queue_key)
        others = QuickQueue({int(k): waiting_of(v)[0] for k, v in raw.items()})
        pair = others.join(entry)
        if pair is not None and not await self._claim(pair, raw):
            pair = None  # one of them was paired on another process meanwhile
        await self._publish({"type": "waiting"})
        await self._reload_queue()
        return pair

    async def _claim(self, pair: Pair, raw: dict[str, str]) -> bool:
        """Take both players of ``pair`` out of the queue if both are still as read."""
        first, second = str(pair.first.user_id), str(pair.second.user_id)
        if first not in raw or second not in raw:
            return False
        args = [first, raw[first], second, raw[second]]
        return bool(await self._delete_if(keys=[self.queue_key], args=args))

    async def leave(self, user_id: int, conn: int | None = None) -> Waiting | None:
        found = await self._redis.hget(self.queue_key, str(user_id))
        if found is None:
            return None
        raw = text(found)
        entry, proc, owner = waiting_of(raw)
        if conn is not None and (proc != self.proc or owner != conn):
            return None  # queued again since, from another connection
        if not await self._delete_if(keys=[self.queue_key], args=[str(user_id), raw]):
            return None
        await self._publish({"type": "waiting"})
        await self._reload_queue()
        return entry

    async def match(self, now: float) -> list[Pair]:
        raw = await self._hash(self.queue_key)
        if len(raw) < 2:
            return []
        queue = QuickQueue({int(k): waiting_of(v)[0] for k, v in raw.items()})
        pairs = [p for p in queue.match(now) if await self._claim(p, raw)]
        if pairs:
            await self._publish({"type": "waiting"})
            await self._reload_queue()
        return pairs

    async def started(self, live_id: int, white: int, black: int) -> None:
        await self._publish({"type": "start", "game": live_id, "white": white, "black": black})
