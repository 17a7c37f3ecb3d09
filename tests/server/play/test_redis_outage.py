"""Redis away for a few seconds, then back (:mod:`arbiter.server.play.redis_listener`): each
listener says so in one warning, not once per retry and without a traceback, says in one info
line when Redis answers again, and messages flow again afterwards: a game's events between
processes, and the lobby's seeks.

Redis is a private instance on its own port (:mod:`.private_services`), restarted empty: the
machine's shared one is never touched.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter.server.play.lobby_board import SeekOwner
from arbiter.server.play.lobby_redis import RedisBoard
from arbiter.server.play.pubsub import RedisPubSub
from arbiter.server.play.seeks import SeekSpec
from tests.server.conftest import PostgresDatabases
from tests.server.play.conftest import LiveServer, MakeRuntime, run
from tests.server.play.private_services import PrivateRedis
from tests.server.play.test_lobby_socket import Lobby, cookie_of, user_id

DOWN = 3.0
"""Seconds Redis stays away: several retries of the listener."""
SEEK = {"type": "seek", "game": "toguz", "time_control": "5m+3s", "colour": "white"}


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    """A Redis of this test alone."""
    server = PrivateRedis(tmp_path / "redis").start()
    yield server
    server.close()


def _lines(caplog: pytest.LogCaptureFixture, start: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.getMessage().startswith(start)]


async def _until(done: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not done():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def _subscribers(url: str, channel: str, want: int, timeout: float = 20.0) -> int:
    """The connections subscribed to ``channel``, once there are ``want`` (or at ``timeout``)."""
    import redis.asyncio as aioredis

    client = aioredis.from_url(url)
    deadline = asyncio.get_running_loop().time() + timeout
    try:
        while True:
            [(_name, count)] = await client.pubsub_numsub(channel)
            if count >= want or asyncio.get_running_loop().time() > deadline:
                return int(count)
            await asyncio.sleep(0.1)
    finally:
        await client.aclose()


async def _alive(url: str, prefix: str, want: int, timeout: float = 20.0) -> None:
    """Wait until ``want`` lobby heartbeat keys exist under ``prefix``."""
    import redis.asyncio as aioredis

    client = aioredis.from_url(url)
    deadline = asyncio.get_running_loop().time() + timeout
    try:
        while len([k async for k in client.scan_iter(f"{prefix}:lobby:alive:*")]) < want:
            assert asyncio.get_running_loop().time() < deadline, "the heartbeats did not resume"
            await asyncio.sleep(0.1)
    finally:
        await client.aclose()


async def _outage(
    server: PrivateRedis, caplog: pytest.LogCaptureFixture, topic: str
) -> tuple[list[logging.LogRecord], list[logging.LogRecord]]:
    """Redis away for :data:`DOWN` seconds, then back: the listener's warnings and retries."""
    unreachable = f"Redis unreachable at 127.0.0.1:{server.port}: live {topic} messages"
    server.stop()
    await asyncio.sleep(DOWN)
    warnings = _lines(caplog, unreachable)
    retries = _lines(caplog, f"Redis still unreachable at 127.0.0.1:{server.port}")
    server.start()
    back = f"Redis answers again at 127.0.0.1:{server.port}: live {topic} messages"
    await _until(lambda: bool(_lines(caplog, back)))
    assert len(_lines(caplog, back)) == 1
    assert len(_lines(caplog, unreachable)) == 1  # still one: the outage ended once
    return warnings, retries


@pytest.mark.slow
def test_the_games_listener_logs_an_outage_once_and_resumes(
    private_redis: PrivateRedis, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="arbiter.play")

    async def scene() -> list[dict[str, Any]]:
        heard: list[dict[str, Any]] = []

        async def handler(live_id: int, doc: dict[str, Any]) -> None:
            heard.append(doc)

        receiver = RedisPubSub(private_redis.url, "t", "receiver")
        await receiver.start(handler)
        await receiver.subscribe(7)
        try:
            warnings, retries = await _outage(private_redis, caplog, "game")
            assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
            assert "paused; retrying" in warnings[0].getMessage()
            assert 1 <= len(retries) <= 4  # retried, backing off (0.5 s, 1 s, 2 s...)
            # Nothing the listener logged carries a traceback (the publisher had nothing).
            assert [r.getMessage() for r in caplog.records if r.exc_info] == []
            # The game's channel, subscribed to before the outage, is renewed by redis-py.
            assert await _subscribers(private_redis.url, "t:game:7", 1) == 1
            sender = RedisPubSub(private_redis.url, "t", "sender")
            await sender.start(handler)
            try:
                await sender.publish(7, {"events": [{"seq": 1}]})
                await _until(lambda: bool(heard))
            finally:
                await sender.close()
        finally:
            await receiver.close()
        return heard

    heard = run(scene())
    assert heard == [{"events": [{"seq": 1}], "origin": "sender", "live": 7}]


@pytest.mark.slow
def test_the_lobby_listener_logs_an_outage_once_and_resumes(
    private_redis: PrivateRedis, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="arbiter.play")

    async def scene() -> None:
        told: list[dict[str, Any]] = []

        async def remote(message: dict[str, Any]) -> None:
            told.append(message)

        async def ignore(message: dict[str, Any]) -> None:
            return None

        here = RedisBoard(private_redis.url, "t", "here")
        await here.start(remote)
        try:
            warnings, retries = await _outage(private_redis, caplog, "lobby")
            assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
            assert len(retries) >= 1
            listener_lines = [r for r in caplog.records if r.getMessage().startswith("Redis ")]
            assert [r for r in listener_lines if r.exc_info] == []
            assert await _subscribers(private_redis.url, "t:lobby", 1) == 1
            there = RedisBoard(private_redis.url, "t", "there")
            await there.start(ignore)
            try:
                seek = await there.add(
                    SeekSpec("toguz", "5m+3s"), SeekOwner(1, "zed", "Zed", 1500.0, True, 1)
                )
                await _until(lambda: any(m["type"] == "seek-added" for m in told))
                assert [m["seek"]["id"] for m in told if m["type"] == "seek-added"] == [seek.id]
            finally:
                await there.close()
        finally:
            await here.close()

    run(scene())


@pytest.mark.slow
def test_a_seek_posted_after_redis_restarted_is_seen_and_accepted_on_the_other_process(
    postgres: PostgresDatabases, make_runtime: MakeRuntime, private_redis: PrivateRedis
) -> None:
    """Two processes with their lobbies open; Redis goes away and comes back empty. Once both
    listen again, a seek made on one reaches the other's lobby client and can be accepted."""
    url = postgres.create()
    a = LiveServer(make_runtime(url), private_redis.url, "t").start()
    b = LiveServer(make_runtime(url), private_redis.url, "t").start()
    try:
        alice, bob = cookie_of(a, "alice"), cookie_of(a, "bob")

        async def scene() -> None:
            on_a, on_b = await Lobby.open(a, alice), await Lobby.open(b, bob)
            private_redis.stop()
            await asyncio.sleep(DOWN)
            private_redis.start()
            # Both lobbies subscribe to the channel again, on their own.
            assert await _subscribers(private_redis.url, "t:lobby", 2) == 2
            # The restart lost the heartbeat keys: wait for both beats, else a reload could
            # take the other process for dead and withdraw its seek.
            await _alive(private_redis.url, "t", 2)
            await on_a.send(SEEK)
            seek = (await on_b.wait(lambda m: m["type"] == "seek-added", timeout=10))["seek"]
            assert seek["username"] == "alice"
            late = await Lobby.open(b, bob)
            assert [s["id"] for s in late.received[0]["seeks"]] == [seek["id"]]
            await late.close()
            await on_b.send({"type": "accept", "seek": seek["id"]})
            start_a = await on_a.wait(lambda m: m["type"] == "start", timeout=10)
            start_b = await on_b.wait(lambda m: m["type"] == "start", timeout=10)
            assert start_a["game"] == start_b["game"]
            row = a.hub.store.game(start_a["game"])
            users = {side: info["user_id"] for side, info in row.seats.items()}
            assert users == {"white": user_id(a, "alice"), "black": user_id(a, "bob")}
            await on_a.close()
            await on_b.close()

        run(scene())
    finally:
        a.stop()
        b.stop()
