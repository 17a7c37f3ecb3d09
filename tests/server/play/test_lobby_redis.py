"""The lobby across processes (Redis and PostgreSQL): two servers of one database and one
Redis, each with its own lobby, behave as one lobby. A seek made on one is seen and accepted
on the other, two accepts of one seek make one game, a player who leaves (or whose process
dies) takes their seek along for everyone, and the queue pairs players of both servers."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from arbiter.server.play.lobby_board import SeekOwner
from arbiter.server.play.lobby_redis import TTL, RedisBoard
from arbiter.server.play.quick import Waiting
from arbiter.server.play.seeks import Refusal, SeekSpec
from tests.server.conftest import PostgresDatabases
from tests.server.play.conftest import LiveServer, MakeRuntime, run
from tests.server.play.test_durability import Served
from tests.server.play.test_lobby_socket import Lobby, cookie_of, user_id

REDIS = "redis://127.0.0.1:6379/0"
SEEK = {"type": "seek", "game": "toguz", "time_control": "5m+3s", "colour": "white"}


@pytest.fixture
def prefix(redis_prefix: str) -> Iterator[str]:
    """The test's Redis prefix; its keys are deleted at the end."""
    yield redis_prefix
    client = redis.Redis.from_url(REDIS)
    keys = list(client.scan_iter(f"{redis_prefix}:*"))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture
def pair(
    postgres: PostgresDatabases, make_runtime: MakeRuntime, prefix: str
) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two servers, A and B, on one PostgreSQL database and one Redis prefix."""
    url = postgres.create()
    a = LiveServer(make_runtime(url), REDIS, prefix).start()
    b = LiveServer(make_runtime(url), REDIS, prefix).start()
    yield a, b
    a.stop()
    b.stop()


def test_a_seek_made_on_one_process_is_accepted_from_the_other(
    pair: tuple[LiveServer, LiveServer],
) -> None:
    a, b = pair
    alice, bob = cookie_of(a, "alice"), cookie_of(a, "bob")

    async def scene() -> None:
        on_a, on_b = await Lobby.open(a, alice), await Lobby.open(b, bob)
        await on_a.send(SEEK)
        seek = (await on_b.wait(lambda m: m["type"] == "seek-added"))["seek"]
        assert seek["username"] == "alice"
        late = await Lobby.open(b, bob)  # a newcomer to B is told it too
        assert [s["id"] for s in late.received[0]["seeks"]] == [seek["id"]]
        await late.close()
        await on_b.send({"type": "accept", "seek": seek["id"]})
        start_a = await on_a.wait(lambda m: m["type"] == "start")
        start_b = await on_b.wait(lambda m: m["type"] == "start")
        assert start_a["game"] == start_b["game"]
        assert (start_a["colour"], start_b["colour"]) == ("white", "black")
        await on_a.wait(lambda m: m["type"] == "seek-removed" and m["seek"] == seek["id"])
        row = a.hub.store.game(start_a["game"])
        users = {side: info["user_id"] for side, info in row.seats.items()}
        assert users == {"white": user_id(a, "alice"), "black": user_id(a, "bob")}
        await on_a.close()
        await on_b.close()

    run(scene())
    for server in pair:
        assert server.app.state.play_lobby.book.seeks == {}


def test_two_accepts_of_one_seek_on_two_processes_make_one_game(
    pair: tuple[LiveServer, LiveServer],
) -> None:
    a, b = pair
    alice, bob, carol = cookie_of(a, "alice"), cookie_of(a, "bob"), cookie_of(a, "carol")

    async def scene() -> None:
        on_a = await Lobby.open(a, alice)
        bob_a, carol_b = await Lobby.open(a, bob), await Lobby.open(b, carol)
        await on_a.send(SEEK)
        seek = (await carol_b.wait(lambda m: m["type"] == "seek-added"))["seek"]
        await bob_a.wait(lambda m: m["type"] == "seek-added")
        accept = {"type": "accept", "seek": seek["id"]}
        await asyncio.gather(bob_a.send(accept), carol_b.send(accept))

        def outcome(m: dict[str, Any]) -> bool:
            return m["type"] == "start" or (m["type"] == "error" and m.get("about") == "accept")

        got = [await bob_a.wait(outcome), await carol_b.wait(outcome)]
        starts = [m for m in got if m["type"] == "start"]
        refusals = [m for m in got if m["type"] == "error"]
        assert len(starts) == 1 and len(refusals) == 1
        assert refusals[0]["reason"] == "unknown-seek"
        assert "not open any more" in refusals[0]["message"]
        mine = await on_a.wait(lambda m: m["type"] == "start")
        assert mine["game"] == starts[0]["game"]
        for client in (on_a, bob_a, carol_b):
            await client.close()

    run(scene())


def test_of_many_boards_taking_one_seek_at_once_exactly_one_gets_it(prefix: str) -> None:
    """Twelve accepts of one seek from four processes' boards at the same instant."""

    async def scene() -> list[object]:
        boards = [RedisBoard(REDIS, prefix, f"proc-{n}") for n in range(4)]

        async def ignore(message: dict[str, Any]) -> None:
            return None

        for board in boards:
            await board.start(ignore)
        try:
            owner = SeekOwner(1, "alice", "Alice", 1500.0, True, 1)
            seek = await boards[0].add(SeekSpec("toguz", "5m+3s"), owner)

            async def take(n: int) -> object:
                try:
                    return await boards[n % 4].take(seek.id, 100 + n, 1500.0)
                except Refusal as exc:
                    return exc.code

            return list(await asyncio.gather(*(take(n) for n in range(12))))
        finally:
            for board in boards:
                await board.close()

    results = run(scene())
    assert sum(1 for r in results if not isinstance(r, str)) == 1
    assert sorted(r for r in results if isinstance(r, str)) == ["unknown-seek"] * 11


def test_a_player_leaving_one_process_takes_their_seek_from_the_others(
    pair: tuple[LiveServer, LiveServer],
) -> None:
    a, b = pair
    alice, bob = cookie_of(a, "alice"), cookie_of(a, "bob")

    async def scene() -> None:
        on_a, on_b = await Lobby.open(a, alice), await Lobby.open(b, bob)
        await on_a.send(SEEK)
        seek = (await on_b.wait(lambda m: m["type"] == "seek-added"))["seek"]
        await on_a.send({"type": "queue", "preset": "toguz-3m+2s"})
        await on_b.wait(lambda m: m["type"] == "waiting" and m["waiting"] == {"toguz-3m+2s": 1})
        await on_a.close()
        await on_b.wait(lambda m: m["type"] == "seek-removed" and m["seek"] == seek["id"])
        await on_b.wait(lambda m: m["type"] == "waiting" and m["waiting"] == {})
        later = await Lobby.open(b, bob)
        assert later.received[0]["seeks"] == [] and later.received[0]["waiting"] == {}
        await later.close()
        await on_b.close()

    run(scene())


def test_the_seeks_of_a_process_that_died_expire_with_its_heartbeat(
    pair: tuple[LiveServer, LiveServer], prefix: str
) -> None:
    """A process that stops beating (killed: no goodbye) loses its seeks and queue places
    for everyone once its heartbeat key expires."""
    _, b = pair
    bob = cookie_of(b, "bob")

    async def scene() -> None:
        on_b = await Lobby.open(b, bob)
        dying = RedisBoard(REDIS, prefix, "a-process-that-dies")

        async def ignore(message: dict[str, Any]) -> None:
            return None

        await dying.start(ignore)
        owner = SeekOwner(9999, "zed", "Zed", 1500.0, True, 1)
        seek = await dying.add(SeekSpec("toguz", "10m+5s"), owner)
        await dying.join(Waiting(9998, "Yan", "toguz-60m", 1500.0, 0.0), 2)
        await on_b.wait(lambda m: m["type"] == "seek-added" and m["seek"]["id"] == seek.id)
        await on_b.wait(lambda m: m["type"] == "waiting" and m["waiting"] == {"toguz-60m": 1})
        for task in dying._tasks:  # the process is killed: its heartbeat stops, no goodbye
            task.cancel()
        removed = await on_b.wait(
            lambda m: m["type"] == "seek-removed" and m["seek"] == seek.id, timeout=TTL + 10
        )
        assert removed["seek"] == seek.id
        await on_b.wait(lambda m: m["type"] == "waiting" and m["waiting"] == {})
        await on_b.close()
        await dying._pubsub.aclose()  # type: ignore[no-untyped-call]
        await dying._redis.aclose()

    run(scene())
    client = redis.Redis.from_url(REDIS)
    assert client.hlen(f"{prefix}:lobby:seeks") == 0 and client.hlen(f"{prefix}:lobby:queue") == 0
    client.close()


def test_the_queue_pairs_players_on_two_processes(pair: tuple[LiveServer, LiveServer]) -> None:
    a, b = pair
    alice, bob = cookie_of(a, "alice"), cookie_of(a, "bob")

    async def scene() -> None:
        on_a, on_b = await Lobby.open(a, alice), await Lobby.open(b, bob)
        await on_a.send({"type": "queue", "preset": "go9-5m+3x20s"})
        await on_a.wait(lambda m: m["type"] == "queued")
        await on_b.wait(lambda m: m["type"] == "waiting" and m["waiting"] == {"go9-5m+3x20s": 1})
        await on_b.send({"type": "queue", "preset": "go9-5m+3x20s"})
        start_a = await on_a.wait(lambda m: m["type"] == "start")
        start_b = await on_b.wait(lambda m: m["type"] == "start")
        assert start_a["game"] == start_b["game"]
        assert {start_a["colour"], start_b["colour"]} == {"white", "black"}
        row = b.hub.store.game(start_a["game"])
        assert row.kind == "go" and row.options["lobby"] == "quick"
        for client in (on_a, on_b):
            await client.wait(lambda m: m["type"] == "waiting" and m["waiting"] == {})
            await client.close()

    run(scene())
    for server in pair:
        assert len(server.app.state.play_lobby.queue) == 0


@pytest.mark.slow
def test_kill_9_of_a_server_process_takes_its_players_seeks_from_the_others(
    postgres: PostgresDatabases, make_runtime: MakeRuntime, prefix: str, tmp_path: Path
) -> None:
    """``arbiter serve`` killed with SIGKILL (no goodbye): its player's seek leaves the lobby
    of the other process once the dead process's heartbeat key has expired."""
    url = postgres.create()
    b = LiveServer(make_runtime(url), REDIS, prefix).start()
    a = Served(url, tmp_path, redis=REDIS, prefix=prefix).start()
    try:
        alice, bob = cookie_of(b, "alice"), cookie_of(b, "bob")

        async def scene() -> None:
            on_a = await Lobby.open(a, alice)  # type: ignore[arg-type]
            on_b = await Lobby.open(b, bob)
            await on_a.send(SEEK)
            seek = (await on_b.wait(lambda m: m["type"] == "seek-added"))["seek"]
            assert seek["username"] == "alice"
            a.kill()
            await on_b.wait(
                lambda m: m["type"] == "seek-removed" and m["seek"] == seek["id"],
                timeout=TTL + 10,
            )
            later = await Lobby.open(b, bob)
            assert later.received[0]["seeks"] == []
            await later.close()
            await on_b.close()
            await on_a.reader

        run(scene())
    finally:
        a.stop()
        b.stop()
