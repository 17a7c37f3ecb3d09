"""Redis between processes: a burst of events is published in order without a connection per
event, and a message Redis never delivered is caught up from the database."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any

from arbiter.server.play.client import PlayClient
from arbiter.server.play.pubsub import RedisPubSub
from tests.server.conftest import PostgresDatabases
from tests.server.play.conftest import LiveServer, MakeRuntime, run

REDIS = "redis://127.0.0.1:6379/0"


def test_a_burst_of_events_arrives_complete_and_in_order(redis_prefix: str) -> None:
    """3,000 events published at once (redis-py's pool holds 100 connections: publishing with
    one each lost the 101st)."""

    async def burst() -> dict[int, list[int]]:
        got: dict[int, list[int]] = defaultdict(list)
        done = asyncio.Event()

        async def heard(live_id: int, doc: dict[str, Any]) -> None:
            got[live_id].append(int(doc["events"][0]["seq"]))
            if sum(map(len, got.values())) == 3000:
                done.set()

        sender = RedisPubSub(REDIS, redis_prefix, "sender")
        receiver = RedisPubSub(REDIS, redis_prefix, "receiver")
        await receiver.start(heard)
        await sender.start(heard)
        for live_id in (1, 2, 3):
            await receiver.subscribe(live_id)
        try:
            await asyncio.gather(
                *(sender.publish(1 + n % 3, {"events": [{"seq": n // 3}]}) for n in range(3000))
            )
            await asyncio.wait_for(done.wait(), 20)
        finally:
            await sender.close()
            await receiver.close()
        return got

    got = run(burst())
    assert {k: v for k, v in got.items()} == {k: list(range(1000)) for k in (1, 2, 3)}


def test_a_move_whose_redis_message_was_lost_still_reaches_the_other_process(
    postgres: PostgresDatabases, make_runtime: MakeRuntime, redis_prefix: str
) -> None:
    url = postgres.create()
    first = LiveServer(make_runtime(url), REDIS, redis_prefix).start()
    second = LiveServer(make_runtime(url), REDIS, redis_prefix).start()
    try:
        made = first.post("/api/play/games", {"game": "toguz", "time_control": "10m"})
        other = second.post(f"/api/play/games/{made['id']}/join", {"invite": made["invite"]})
        gid = int(made["id"])
        seats = {made["seat"]: (first, made["token"]), other["seat"]: (second, other["token"])}

        async def play() -> None:
            white_server, white_token = seats["white"]
            black_server, black_token = seats["black"]
            white = await PlayClient.connect(white_server.ws, gid, token=white_token)
            black = await PlayClient.connect(black_server.ws, gid, token=black_token)
            await black.wait_state(lambda g: g["status"] == "playing", timeout=10)
            await white.wait_state(lambda g: g["status"] == "playing", timeout=10)

            async def dropped(live_id: int, message: dict[str, Any]) -> None:
                return None  # Redis "lost" every message of the white player's process

            white_server.hub.pubsub.publish = dropped
            await white.act({"type": "move", "move": 3})
            state = await black.wait_state(lambda g: g["ply"] == 1, timeout=15)
            assert state["last_move"]["side"] == "white"
            assert black.gaps == []
            await white.close()
            await black.close()

        run(play())
    finally:
        first.stop()
        second.stop()
