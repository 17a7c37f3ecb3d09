"""``arbiter serve --workers N``: N processes on one port, each a full member through Redis
and PostgreSQL (one game served from two workers, a player on each), and refused on SQLite.

Which worker a connection landed on shows in the game's stream: a player's connection is a
``presence`` event naming the process that holds it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from arbiter.server.play.client import PlayClient
from tests.server.conftest import PostgresDatabases
from tests.server.play.conftest import run
from tests.server.play.test_durability import Served

MOVES = ["E5", "C3", "G7", "C7", "G3", "E3"]


async def _process(watcher: PlayClient, since: int, seat: str, connected: bool) -> str:
    """The process named by the first presence event of ``seat`` that ``watcher`` received
    after its first ``since`` messages (``connected``: a connection arrived, or the seat's
    last one left that process)."""
    before = {id(m) for m in watcher.received[:since]}

    def wanted(m: dict[str, Any]) -> bool:
        if m.get("kind") != "presence" or id(m) in before:
            return False
        return bool(m["presence"]["seat"] == seat and m["presence"]["connected"] == connected)

    found = await watcher.wait(wanted, timeout=15)
    return str(found["presence"]["process"])


@pytest.mark.slow
def test_two_workers_serve_one_game_with_a_player_on_each(
    postgres: PostgresDatabases, tmp_path: Path, redis_prefix: str
) -> None:
    server = Served(
        postgres.create(),
        tmp_path,
        redis="redis://127.0.0.1:6379/0",
        prefix=redis_prefix,
        workers=2,
    ).start()
    try:
        made = server.post(
            "/api/play/games", {"game": "go", "size": 9, "time_control": "5m", "side": "black"}
        )
        other = server.post(f"/api/play/games/{made['id']}/join", {"invite": made["invite"]})
        gid = int(str(made["id"]))

        async def play() -> None:
            watcher = await PlayClient.connect(server.ws, gid)
            since = len(watcher.received)
            black = await PlayClient.connect(server.ws, gid, token=str(made["token"]))
            black_on = await _process(watcher, since, "black", True)
            # The kernel hands each new connection to one worker: connect white until it
            # lands on the other one.
            for _attempt in range(60):
                since = len(watcher.received)
                white = await PlayClient.connect(server.ws, gid, token=str(other["token"]))
                white_on = await _process(watcher, since, "white", True)
                if white_on != black_on:
                    break
                since = len(watcher.received)
                await white.close()
                await _process(watcher, since, "white", False)
            assert white_on != black_on, "every connection went to one worker"
            await black.wait_state(lambda g: g["status"] == "playing", timeout=10)
            for i, move in enumerate(MOVES):
                who = black if i % 2 == 0 else white
                await who.wait_state(lambda g, n=i: g["ply"] == n, timeout=15)
                await who.act({"type": "move", "move": move})
            await black.act({"type": "resign"})
            for client in (black, white, watcher):
                state = await client.wait_state(lambda g: g["status"] == "over", timeout=15)
                assert state["moves"] == MOVES
                assert client.gaps == []
                await client.close()

        run(play())
        match = httpx.get(f"{server.http}/api/play/games/{gid}/match", timeout=10).json()
        logged = [e["action"]["move"] for e in match["log"] if e["action"]["type"] == "move"]
        assert logged == MOVES
    finally:
        server.stop()


@pytest.mark.parametrize("redis", [[], ["--redis", "redis://127.0.0.1:6379/0"]])
def test_several_workers_on_sqlite_are_refused(tmp_path: Path, redis: list[str]) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "arbiter",
            "serve",
            "--db",
            f"sqlite:///{tmp_path / 'arbiter.db'}",
            "--workers",
            "2",
            "--port",
            "1",  # never reached: refused before the port is looked at
            *redis,
        ],
        cwd=tmp_path,
        env={**os.environ, "ARBITER_LANG": "en"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "arbiter: several workers need PostgreSQL (--db postgresql://…): SQLite serves one process"
    ]
    assert not (tmp_path / "arbiter.db").exists()  # nothing was created
