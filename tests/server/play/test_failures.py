"""A piece of the server fails during play (issue 17): Redis restarted, PostgreSQL restarted,
one of two server processes killed with ``kill -9``. Each test plays a real game through the
failure and asserts that no acknowledged move is lost and that the game can still be finished.

Redis and PostgreSQL are private instances on their own ports (:mod:`.private_services`): the
machine's shared ones are never restarted.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from arbiter.server.play.client import PlayClient, ServerError
from arbiter.server.play.hub import STALE
from tests.server.conftest import PostgresDatabases
from tests.server.play.conftest import LiveServer, MakeRuntime, run
from tests.server.play.private_services import PrivatePostgres, PrivateRedis
from tests.server.play.test_durability import Served

MOVES = ["E5", "C3", "G7", "C7", "G3", "E3", "E7", "D5", "D4", "F6", "F4", "D6"]
"""A game of go on 9×9, black first: every move legal."""


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    """A Redis of this test alone."""
    server = PrivateRedis(tmp_path / "redis").start()
    yield server
    server.close()


@pytest.fixture
def private_postgres() -> Iterator[PrivatePostgres]:
    """A PostgreSQL of this test alone."""
    server = PrivatePostgres()
    try:
        yield server.start()
    finally:
        server.close()


def _logged_moves(server: LiveServer | Served, gid: int) -> list[str]:
    match = httpx.get(f"{server.http}/api/play/games/{gid}/match", timeout=10).json()
    return [e["action"]["move"] for e in match["log"] if e["action"]["type"] == "move"]


async def _move(who: PlayClient, ply: int, acked: list[str], timeout: float = 15) -> None:
    """``who`` plays move number ``ply`` once it sees the game there; ``acked`` gets it."""
    await who.wait_state(lambda g: g["ply"] == ply, timeout=timeout)
    await who.act({"type": "move", "move": MOVES[ply]})
    acked.append(MOVES[ply])


async def _subscribers(url: str, channel: str, want: int = 2, timeout: float = 20) -> int:
    """The processes subscribed to ``channel``, once there are ``want`` (or at ``timeout``)."""
    import redis.asyncio as aioredis

    client = aioredis.from_url(url)
    deadline = time.monotonic() + timeout
    try:
        while True:
            [(_name, count)] = await client.pubsub_numsub(channel)
            if count >= want or time.monotonic() > deadline:
                return int(count)
            await asyncio.sleep(0.1)
    finally:
        await client.aclose()


def _go_game(first: LiveServer | Served, second: LiveServer | Served) -> tuple[int, str, str]:
    """A casual game of go, made on ``first`` (black) and joined on ``second`` (white)."""
    made: dict[str, Any] = first.post(
        "/api/play/games", {"game": "go", "size": 9, "time_control": "10m", "side": "black"}
    )
    other: dict[str, Any] = second.post(
        f"/api/play/games/{made['id']}/join", {"invite": made["invite"]}
    )
    return int(made["id"]), str(made["token"]), str(other["token"])


@pytest.mark.slow
def test_redis_restarted_during_play(
    postgres: PostgresDatabases, make_runtime: MakeRuntime, private_redis: PrivateRedis
) -> None:
    """Two processes; Redis goes away and comes back empty. The moves played meanwhile reach
    the other process from the database (the hub's catch-up); a game first opened meanwhile
    opens all the same; once Redis is back both processes are subscribed to both games again
    and the messages flow: nothing acknowledged is lost, the games are finished."""
    url = postgres.create()
    first = LiveServer(make_runtime(url), private_redis.url, "t").start()
    second = LiveServer(make_runtime(url), private_redis.url, "t").start()
    try:
        gid, black_token, white_token = _go_game(first, second)
        later, later_black, later_white = _go_game(first, second)
        acked: list[str] = []

        async def play() -> None:
            black = await PlayClient.connect(first.ws, gid, token=black_token)
            white = await PlayClient.connect(second.ws, gid, token=white_token)
            await black.wait_state(lambda g: g["status"] == "playing", timeout=10)
            players = (black, white)
            for ply in range(2):
                await _move(players[ply % 2], ply, acked)
            private_redis.stop()
            for ply in range(2, 4):  # each reaches the other process from the database
                await _move(players[ply % 2], ply, acked, timeout=30)
            # A game neither process has open yet.
            other = (
                await PlayClient.connect(first.ws, later, token=later_black),
                await PlayClient.connect(second.ws, later, token=later_white),
            )
            await other[0].wait_state(lambda g: g["status"] == "playing", timeout=30)
            private_redis.start()
            # Both processes subscribe to the games' channels again, on their own.
            for live_id in (gid, later):
                channel = first.hub.pubsub.channel(live_id)
                assert await _subscribers(private_redis.url, channel) == 2, live_id
            other_acked: list[str] = []
            for ply in range(2):
                await _move(other[ply % 2], ply, other_acked)
            await other[0].act({"type": "resign"})
            for client in other:
                state = await client.wait_state(lambda g: g["status"] == "over", timeout=30)
                assert state["moves"] == other_acked
                await client.close()
            for ply in range(4, 8):
                await _move(players[ply % 2], ply, acked, timeout=30)
            for client in players:
                state = await client.wait_state(lambda g: g["ply"] == 8, timeout=30)
                assert state["moves"] == acked
                assert client.gaps == []
            await white.act({"type": "resign"})
            for client in players:
                state = await client.wait_state(lambda g: g["status"] == "over", timeout=30)
                assert state["moves"] == acked
                await client.close()

        run(play())
        assert _logged_moves(first, gid) == acked == MOVES[:8]
    finally:
        first.stop()
        second.stop()


def test_postgresql_restarted_during_play(
    make_runtime: MakeRuntime, private_postgres: PrivatePostgres
) -> None:
    """PostgreSQL goes away: a move then is refused with ``unavailable`` ("try again"), not
    acknowledged; once PostgreSQL is back the same move is accepted and the game goes on to
    its end. Every acknowledged move is in the database."""
    server = LiveServer(make_runtime(private_postgres.url)).start()
    try:
        gid, black_token, white_token = _go_game(server, server)
        acked: list[str] = []
        refusals: list[dict[str, Any]] = []

        async def play() -> None:
            black = await PlayClient.connect(server.ws, gid, token=black_token)
            white = await PlayClient.connect(server.ws, gid, token=white_token)
            await black.wait_state(lambda g: g["status"] == "playing", timeout=10)
            players = (black, white)
            for ply in range(3):
                await _move(players[ply % 2], ply, acked)
            await white.wait_state(lambda g: g["ply"] == 3)
            private_postgres.stop()
            with pytest.raises(ServerError) as refused:
                await white.act({"type": "move", "move": MOVES[3]})
            refusals.append(refused.value.doc)
            private_postgres.start()
            # The first tries after the restart may meet connections the restart broke.
            for _attempt in range(20):
                try:
                    await white.act({"type": "move", "move": MOVES[3]})
                except ServerError as exc:
                    assert exc.reason == "unavailable", exc.doc
                    await asyncio.sleep(0.25)
                    continue
                acked.append(MOVES[3])
                break
            for ply in range(4, 8):
                await _move(players[ply % 2], ply, acked)
            await black.act({"type": "resign"})
            for client in players:
                state = await client.wait_state(lambda g: g["status"] == "over")
                assert state["moves"] == acked
                await client.close()

        run(play())
        assert refusals[0]["reason"] == "unavailable"
        assert "try again" in refusals[0]["message"]
        assert _logged_moves(server, gid) == acked == MOVES[:8]
    finally:
        server.stop()


@pytest.mark.slow
def test_one_of_two_processes_killed(
    postgres: PostgresDatabases, tmp_path: Path, redis_prefix: str
) -> None:
    """Two ``arbiter serve`` processes behind Redis, a player on each; the process of the
    player to move is killed with ``kill -9``. That player reconnects to the other process and
    plays on: the moves are all there, their clock ran through the failure as through any
    disconnection (the service was up), the opponent's stood; once the survivor finds the
    dead process (5 s without a heartbeat) it records its connections gone, and the player,
    connected again, is not away. The game is finished."""
    db = postgres.create()
    redis = "redis://127.0.0.1:6379/0"
    first = Served(db, tmp_path, redis=redis, prefix=redis_prefix).start()
    second = Served(db, tmp_path, redis=redis, prefix=redis_prefix).start()
    try:
        gid, black_token, white_token = _go_game(first, second)
        acked: list[str] = []

        async def play() -> None:
            black = await PlayClient.connect(first.ws, gid, token=black_token)
            white = await PlayClient.connect(second.ws, gid, token=white_token)
            await black.wait_state(lambda g: g["status"] == "playing", timeout=10)
            for ply in range(3):
                await _move((black, white)[ply % 2], ply, acked)
            seen = await white.wait_state(lambda g: g["ply"] == 3)
            [dead] = {
                e["presence"]["process"]
                for e in white.events()
                if e["kind"] == "presence" and e["presence"]["seat"] == "white"
            }
            killed_at = time.monotonic()
            second.kill()  # white, to move, loses its server
            await white.closed
            white = await PlayClient.connect(first.ws, gid, token=white_token, last_seq=white.seq)
            game = white.game
            assert game is not None and game["moves"] == acked
            assert white.gaps == []
            ran = time.monotonic() - killed_at
            clocks, before = game["clocks"], seen["clocks"]
            assert clocks["black"]["main"] == before["black"]["main"]  # black's clock stood
            # White's ran on for the time since (plus the age of the state seen, under 1 s).
            charged = before["white"]["main"] - clocks["white"]["main"]
            assert ran - 1.0 <= charged <= ran + 1.0, (charged, ran)
            await _move(white, 3, acked)
            # The survivor buries the dead process: its connections close in the stream.
            gone = await black.wait(
                lambda m: (
                    m.get("kind") == "presence"
                    and m["presence"]["process"] == dead
                    and not m["presence"]["connected"]
                ),
                timeout=30,
            )
            assert gone["state"]["seats"]["white"]["connected"] is True
            for ply in range(4, 8):
                await _move((black, white)[ply % 2], ply, acked)
            await white.act({"type": "resign"})
            for client in (black, white):
                state = await client.wait_state(lambda g: g["status"] == "over")
                assert state["moves"] == acked
                await client.close()

        run(play())
        assert _logged_moves(first, gid) == acked == MOVES[:8]
    finally:
        first.stop()
        second.stop()


@pytest.mark.slow
def test_postgresql_down_longer_than_the_heartbeat_buries_no_live_process(
    make_runtime: MakeRuntime, private_postgres: PrivatePostgres, private_redis: PrivateRedis
) -> None:
    """Two processes, PostgreSQL down for longer than a process may miss its heartbeat (5 s):
    when it is back, neither process takes the other for dead — the players connected to it
    stay connected in the game (no reconnection window that would end in a no-show) — and the
    game goes on to its end."""
    first = LiveServer(make_runtime(private_postgres.url), private_redis.url, "t").start()
    second = LiveServer(make_runtime(private_postgres.url), private_redis.url, "t").start()
    try:
        gid, black_token, white_token = _go_game(first, second)
        acked: list[str] = []

        async def play() -> None:
            black = await PlayClient.connect(first.ws, gid, token=black_token)
            white = await PlayClient.connect(second.ws, gid, token=white_token)
            await black.wait_state(lambda g: g["status"] == "playing", timeout=10)
            players = (black, white)
            for ply in range(2):
                await _move(players[ply % 2], ply, acked)
            private_postgres.stop()
            await asyncio.sleep(STALE + 1.5)
            private_postgres.start()
            for ply in range(2, 6):
                for _attempt in range(40):  # until the pools have connected again
                    try:
                        await _move(players[ply % 2], ply, acked, timeout=30)
                        break
                    except ServerError as exc:
                        assert exc.reason == "unavailable", exc.doc
                        await asyncio.sleep(0.25)
            # Long enough for each process's sweeper to look for dead processes again.
            await asyncio.sleep(STALE + 1.5)
            await _move(black, 6, acked)
            await _move(white, 7, acked)
            for client in players:
                state = await client.wait_state(lambda g: g["ply"] == 8, timeout=15)
                gone = [
                    e["presence"]
                    for e in client.events()
                    if e["kind"] == "presence" and not e["presence"]["connected"]
                ]
                assert gone == []
                assert all(s["connected"] for s in state["seats"].values())
            await white.act({"type": "resign"})
            for client in players:
                state = await client.wait_state(lambda g: g["status"] == "over", timeout=15)
                assert state["moves"] == acked
                await client.close()

        run(play())
        assert _logged_moves(first, gid) == acked == MOVES[:8]
    finally:
        first.stop()
        second.stop()
