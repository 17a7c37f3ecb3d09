"""Durability and scale: ``kill -9`` of the server mid-game loses nothing and charges the
time it was down to nobody; two server processes behind Redis serve the same game to
clients connected to different processes. The servers are ``arbiter serve`` subprocesses."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from arbiter.server.migrate import upgrade
from arbiter.server.play.client import PlayClient
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts, entries, events, roles, rounds
from arbiter.server.storage.database import Database
from tests.server.conftest import PASSWORD, PostgresDatabases
from tests.server.play.conftest import free_port, run, settings_for_test

pytestmark = pytest.mark.slow


class Served:
    """``arbiter serve`` as a subprocess."""

    def __init__(
        self,
        db: str,
        tmp: Path,
        *,
        redis: str | None = None,
        prefix: str = "",
        port: int | None = None,
        workers: int = 1,
    ) -> None:
        self.port = port or free_port()
        self.db, self.tmp, self.redis, self.prefix = db, tmp, redis, prefix
        self.workers = workers
        self.process: subprocess.Popen[str] | None = None
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"

    def start(self) -> Served:
        env = {**os.environ, "ARBITER_SECRET_KEY": "test-secret-key-0123456789"}
        if self.prefix:
            env["ARBITER_REDIS_PREFIX"] = self.prefix
        command = [
            sys.executable,
            "-m",
            "arbiter",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--no-demo",
            "--log-level",
            "warning",
        ]
        if self.redis:
            command += ["--redis", self.redis]
        if self.workers > 1:
            command += ["--workers", str(self.workers)]
        self.process = subprocess.Popen(
            command,
            cwd=self.tmp,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.http + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
            if self.process.poll() is not None:
                break
        out = self.process.stdout.read() if self.process.stdout and self.process.poll() else ""
        raise RuntimeError(f"arbiter serve did not start:\n{out}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def post(self, path: str, body: dict[str, object]) -> dict[str, object]:
        r = httpx.post(self.http + path, json=body, timeout=30)
        assert r.status_code in (200, 201), r.text
        found: dict[str, object] = r.json()
        return found


@pytest.fixture
def cleanup() -> Iterator[list[Served]]:
    servers: list[Served] = []
    yield servers
    for s in servers:
        s.stop()


def test_kill_9_mid_game_loses_nothing_and_the_time_down_is_not_charged(
    tmp_path: Path, cleanup: list[Served]
) -> None:
    db = f"sqlite:///{tmp_path / 'arbiter.db'}"
    server = Served(db, tmp_path).start()
    cleanup.append(server)
    made = server.post("/api/play/games", {"game": "toguz", "time_control": "5m"})
    other = server.post(f"/api/play/games/{made['id']}/join", {"invite": made["invite"]})
    gid = int(str(made["id"]))

    async def before() -> tuple[int, dict[str, object]]:
        white = await PlayClient.connect(server.ws, gid, token=str(made["token"]))
        black = await PlayClient.connect(server.ws, gid, token=str(other["token"]))
        await white.wait_state(lambda g: g["status"] == "playing")
        for who, pit in ((white, 7), (black, 3), (white, 5), (black, 2)):
            await who.act({"type": "move", "move": pit})
        state = await white.wait_state(lambda g: g["ply"] == 4)
        # The ack came after the commit: kill the server right now.
        return white.seq, state

    last_seq, seen = run(before())
    killed_at = time.time()
    server.kill()
    time.sleep(3.0)  # the server is down for a while
    server.process = None
    server.start()

    async def after() -> None:
        white = await PlayClient.connect(
            server.ws, gid, token=str(made["token"]), last_seq=last_seq
        )
        black = await PlayClient.connect(server.ws, gid, token=str(other["token"]))
        game = white.game
        assert game is not None
        assert game["moves"] == seen["moves"]  # nothing lost
        assert white.gaps == []
        actions = [e["entry"]["action"]["type"] for e in white.events() if e["kind"] == "action"]
        assert actions[:2] == ["pause", "resume"]  # the server's recovery, in the stream
        # White was to move and thinking when the server died: at most the heartbeat
        # interval (1 s) and the restart are charged, not the 3 s the server was down.
        before_main = seen["clocks"]["white"]["main"]  # type: ignore[index]
        now_main = game["clocks"]["white"]["main"]
        charged = before_main - now_main
        assert 0 <= charged < 1.0 + (time.time() - killed_at - 3.0) + 0.5, charged
        await white.act({"type": "move", "move": 9})  # play on
        await black.act({"type": "move", "move": 1})
        final = await black.wait_state(lambda g: g["ply"] == 6)
        assert final["moves"][:4] == seen["moves"]
        await white.close()
        await black.close()

    run(after())


def _event_round(db: str) -> tuple[int, dict[str, str]]:
    """An event of two players with round 1 paired, on database ``db``: its id and the API
    tokens of the chief referee and of the players (``1``, ``2``: by entry number)."""
    config = settings_for_test(db)
    database = Database(config)
    upgrade(database.engine)
    rt = Runtime.create(config, database)
    try:
        chief = accounts.create_user(rt, "chief", PASSWORD, admin=True)
        made = events.create_event(
            rt, chief, game="toguz", system="round-robin", name="Cup", settings={}
        )
        for name in ("Asanov Bakyt", "Bekova Aida"):
            entries.add_player(rt, chief, made.id, entries.PlayerFields(name))
        rounds.pair_round(rt, chief, made.id, 1)
        tokens = {"chief": accounts.open_session(rt, chief, "token", "t").secret}
        for no, username in ((1, "asanov"), (2, "bekova")):
            user = accounts.create_user(rt, username, PASSWORD)
            roles.grant_role(rt, chief, made.id, username, "player", player_no=no)
            tokens[str(no)] = accounts.open_session(rt, user, "token", "t").secret
        return made.id, tokens
    finally:
        database.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_an_event_result_acknowledged_just_before_a_kill_is_not_lost(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path, cleanup: list[Served]
) -> None:
    if backend == "sqlite":
        db = f"sqlite:///{tmp_path / 'arbiter.db'}"
    else:
        db = request.getfixturevalue("postgres").create()
    event_id, tokens = _event_round(db)
    server = Served(db, tmp_path).start()
    cleanup.append(server)
    chief = {"Authorization": f"Bearer {tokens['chief']}"}
    made = httpx.post(
        f"{server.http}/api/play/events/{event_id}/rounds/1",
        json={"start_at": time.time() + 0.5},
        headers=chief,
        timeout=30,
    )
    assert made.status_code == 200, made.text
    gid = int(made.json()[0]["id"])

    async def play() -> None:
        a = await PlayClient.connect(server.ws, gid, auth=tokens["1"])
        b = await PlayClient.connect(server.ws, gid, auth=tokens["2"])
        await a.wait_state(lambda g: g["status"] == "playing", timeout=10)
        loser = b if a.welcome and a.welcome["you"]["seat"] == "white" else a
        await loser.act({"type": "resign"})  # acknowledged: the result is stored live

    run(play())
    server.kill()  # at once: the event's copy of the result used to follow ~30 ms later
    server.process = None
    server.start()
    deadline = time.monotonic() + 20
    while True:
        game = httpx.get(
            f"{server.http}/api/events/{event_id}/rounds/1/games/1", headers=chief, timeout=10
        ).json()
        if game.get("result") or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert game["result"] in ("1(0)-0(0)", "0(0)-1(0)"), game


def test_two_processes_behind_redis_serve_one_game(
    postgres: PostgresDatabases, tmp_path: Path, redis_prefix: str, cleanup: list[Served]
) -> None:
    db = postgres.create()
    first = Served(db, tmp_path, redis="redis://127.0.0.1:6379/0", prefix=redis_prefix).start()
    cleanup.append(first)
    second = Served(db, tmp_path, redis="redis://127.0.0.1:6379/0", prefix=redis_prefix).start()
    cleanup.append(second)
    made = first.post(
        "/api/play/games", {"game": "go", "size": 9, "time_control": "5m", "side": "black"}
    )
    other = second.post(f"/api/play/games/{made['id']}/join", {"invite": made["invite"]})
    gid = int(str(made["id"]))

    async def play() -> None:
        black = await PlayClient.connect(first.ws, gid, token=str(made["token"]))
        white = await PlayClient.connect(second.ws, gid, token=str(other["token"]))
        watch_first = await PlayClient.connect(first.ws, gid)
        watch_second = await PlayClient.connect(second.ws, gid)
        await black.wait_state(lambda g: g["status"] == "playing", timeout=10)
        moves = ["E5", "C3", "G7", "C7", "G3", "E3", "E7", "D5"]
        for i, move in enumerate(moves):
            who = black if i % 2 == 0 else white
            await who.wait_state(lambda g, n=i: g["ply"] == n, timeout=10)
            await who.act({"type": "move", "move": move})
        for client in (black, white, watch_first, watch_second):
            state = await client.wait_state(lambda g: g["ply"] == len(moves), timeout=10)
            assert state["moves"] == moves
            assert client.gaps == []
        # Both processes' spectators saw the same numbered stream, to the same end.
        one = {e["seq"]: e.get("entry") for e in watch_first.events()}
        two = {e["seq"]: e.get("entry") for e in watch_second.events()}
        assert max(one) == max(two) and all(one[k] == two[k] for k in set(one) & set(two))
        # Out of turn, refused whichever process the player is on.
        refused = await white.request({"type": "act", "action": {"type": "move", "move": "A1"}})
        assert refused["type"] == "error" and refused["reason"] == "not-your-turn"
        for c in (black, white, watch_first, watch_second):
            await c.close()

    run(play())
    match = httpx.get(f"{second.http}/api/play/games/{gid}/match", timeout=10).json()
    assert [e["action"].get("move") for e in match["log"] if e["action"]["type"] == "move"] == [
        "E5",
        "C3",
        "G7",
        "C7",
        "G3",
        "E3",
        "E7",
        "D5",
    ]
