"""Load on live play: simulated players on loopback play random legal Toguz Korgool moves in
many concurrent games against ``arbiter serve`` (one process on SQLite or PostgreSQL, or two
processes behind Redis with the two players of each game on different processes).

Each game moves every ``--interval`` seconds on average (the mover waits an exponential
delay, then moves). ``--computer N`` adds N games against the computer at level 10 (its
moves think up to 5 s each on the server's engine threads), ``--flood`` one hostile client
that opens as many connections to one seat as it may and sends chat, malformed and
over-nested messages as fast as it can: the normal games' latency shows what they cost.
``--lobby-clients N`` keeps N idle connections to the lobby socket (``/play/lobby/ws``, what
an open ``/play`` page holds) for the whole run; one the server closes counts as an error.
Latency is from a player sending a move to the opponent receiving it; a
move the opponent has not received 5 s after the measured time ends counts as an error.
Bounded: ``--games`` games for ``--seconds`` seconds, loopback only, servers stopped at the
end. Prints a table, then one line::

    games=N moves_per_s=X p50_ms=Y p99_ms=Z errors=E peak_mb=M

Examples::

    .venv/bin/python bench/load.py --games 1000 --seconds 60                 # SQLite
    .venv/bin/python bench/load.py --games 1000 --seconds 60 --setup postgres
    .venv/bin/python bench/load.py --games 1000 --seconds 60 --setup redis   # 2 processes
    .venv/bin/python bench/load.py --games 300 --computer 8 --flood --seconds 60
    .venv/bin/python bench/load.py --games 1000 --lobby-clients 200 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from arbiter.games.toguz import Position

PG = ("127.0.0.1", 5432)
REDIS = "redis://127.0.0.1:6379/0"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``arbiter serve`` as a subprocess."""

    def __init__(
        self, db: str, workdir: Path, redis: str | None, prefix: str, profile: str | None = None
    ) -> None:
        self.port = free_port()
        env = {**os.environ, "ARBITER_SECRET_KEY": "bench-secret-key-0123456789"}
        # Every simulated player comes from 127.0.0.1: the per-address quotas are not measured.
        env["ARBITER_CONNECTIONS_PER_ADDRESS"] = "100000"
        env["ARBITER_ENGINE_GAMES_PER_USER"] = "1000"
        env["ARBITER_ENGINE_GAMES"] = "1000"
        if prefix:
            env["ARBITER_REDIS_PREFIX"] = prefix
        python = [sys.executable] + (["-m", "cProfile", "-o", profile] if profile else [])
        command = [
            *python,
            "-m",
            "arbiter",
            "serve",
            "--port",
            str(self.port),
            "--db",
            db,
            "--no-demo",
            "--log-level",
            "error",
        ]
        if redis:
            command += ["--redis", redis]
        self.process = subprocess.Popen(
            command, cwd=workdir, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.http + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise SystemExit(f"the server on port {self.port} did not start")

    def peak_mb(self) -> float:
        """The server process's peak resident memory (Linux), in MB."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return float("nan")
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()


@dataclass
class Tally:
    """What the players measured."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    problems: list[str] = field(default_factory=list)
    measuring: bool = False
    stop: bool = False

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.problems) < 5:
            self.problems.append(what)


class Player:
    """One side of one game: a WebSocket, moving when it is its turn."""

    def __init__(self, game: Game, side: str, base: str, token: str) -> None:
        self.game, self.side, self.base, self.token = game, side, base, token
        self.ws: Any = None
        self.turn_seen: asyncio.Event = asyncio.Event()

    async def connect(self) -> None:
        self.ws = await websockets.connect(
            f"{self.base}/play/ws/{self.game.id}", max_size=2**22, open_timeout=60, compression=None
        )
        await self.ws.send(json.dumps({"type": "hello", "v": 1, "token": self.token}))

    async def read(self) -> None:
        tally = self.game.tally
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                kind = msg.get("type")
                if kind == "error":
                    tally.error(f"{msg.get('reason')}: {msg.get('message')}")
                    continue
                if kind not in ("event", "state"):
                    continue
                state = msg.get("state") if kind == "event" else msg.get("game")
                if state is None:
                    continue
                self.game.seen(self, state, time.perf_counter())
        except websockets.ConnectionClosed as exc:
            if not tally.stop:
                tally.error(f"connection closed: {exc}")

    async def move(self, fen: str, ply: int) -> None:
        pos = Position.from_fen(fen)
        pit = random.choice(pos.legal_moves())
        self.game.sent[ply + 1] = (time.perf_counter(), self.tally_now())
        await self.ws.send(
            json.dumps({"type": "act", "action": {"type": "move", "move": pit}, "think": 0.0})
        )

    def tally_now(self) -> bool:
        return self.game.tally.measuring


class Game:
    """Two players of one game."""

    def __init__(self, gid: int, tally: Tally, interval: float) -> None:
        self.id = gid
        self.tally = tally
        self.interval = interval
        self.players: dict[str, Player] = {}
        self.sent: dict[int, tuple[float, bool]] = {}
        self.scheduled = -1
        self.over = False

    def seen(self, player: Player, state: dict[str, Any], now: float) -> None:
        ply = state["ply"]
        sent = self.sent.pop(ply, None) if state.get("last_move") else None
        if sent is not None and state["last_move"]["side"] != player.side:
            at, measured = sent
            if measured:
                self.tally.latencies.append(now - at)
                self.tally.moves += 1
        elif sent is not None:
            self.sent[ply] = sent  # the mover's own echo: wait for the opponent
        if state["result"] is not None:
            self.over = True
            return
        if (
            state["status"] == "playing"
            and state["to_move"] == player.side
            and self.scheduled < ply
            and not self.tally.stop
        ):
            self.scheduled = ply
            delay = random.expovariate(1.0 / self.interval)
            fen = state["board"]["fen"]
            asyncio.get_running_loop().call_later(
                delay, lambda: asyncio.ensure_future(self._move(player, fen, ply))
            )

    async def _move(self, player: Player, fen: str, ply: int) -> None:
        if self.tally.stop or self.over:
            return
        try:
            await player.move(fen, ply)
        except websockets.ConnectionClosed:
            if not self.tally.stop:
                self.tally.error("closed while moving")


async def create_games(servers: list[Server], count: int) -> list[tuple[int, str, str]]:
    """``count`` casual games: (id, White's token, Black's token)."""
    made: list[tuple[int, str, str]] = []
    limit = asyncio.Semaphore(16)
    async with httpx.AsyncClient(timeout=60) as client:

        async def one(i: int) -> None:
            a, b = servers[0], servers[-1]
            async with limit:
                r = await client.post(
                    a.http + "/api/play/games", json={"game": "toguz", "time_control": "60m"}
                )
                r.raise_for_status()
                g = r.json()
                r = await client.post(
                    f"{b.http}/api/play/games/{g['id']}/join", json={"invite": g["invite"]}
                )
                r.raise_for_status()
                made.append((g["id"], g["token"], r.json()["token"]))

        await asyncio.gather(*(one(i) for i in range(count)))
    return made


async def drive(
    servers: list[Server],
    games: int,
    seconds: float,
    interval: float,
    computer: int = 0,
    flooding: bool = False,
    lobby: int = 0,
) -> Tally:
    # The load generator's own full collections would show up as server latency.
    gc.freeze()
    gc.set_threshold(200_000, 50, 1_000_000)
    tally = Tally()
    t0 = time.perf_counter()
    made = await create_games(servers, games)
    print(f"  {games} games created in {time.perf_counter() - t0:.1f} s", flush=True)
    playing = [Game(gid, tally, interval) for gid, _, _ in made]
    for game, (_, white, black) in zip(playing, made, strict=True):
        game.players["white"] = Player(game, "white", servers[0].ws, white)
        game.players["black"] = Player(game, "black", servers[-1].ws, black)
    t0 = time.perf_counter()
    limit = asyncio.Semaphore(64)

    async def connect(p: Player) -> None:
        async with limit:
            await p.connect()

    everyone = [p for g in playing for p in g.players.values()]
    await asyncio.gather(*(connect(p) for p in everyone))
    readers = [asyncio.create_task(p.read()) for p in everyone]
    print(f"  {len(everyone)} players connected in {time.perf_counter() - t0:.1f} s", flush=True)
    extra: list[Any] = []
    tally.flood_closed = 0  # type: ignore[attr-defined]
    tally.flood_sent = 0  # type: ignore[attr-defined]
    if computer:
        extra += await computer_games(servers[0], computer, tally)
        print(f"  {computer} games against the computer (level 10) started", flush=True)
    if flooding:
        extra += await flood(servers[0], tally)
        print("  a flooding client started", flush=True)
    if lobby:
        extra += await lobby_clients(servers, lobby, tally)
        print(f"  {lobby} idle lobby clients connected", flush=True)
    await asyncio.sleep(max(2.0, interval))  # warm-up: every game started and moving
    tally.measuring = True
    began = time.perf_counter()
    await asyncio.sleep(seconds)
    tally.measuring = False
    elapsed = time.perf_counter() - began
    # Moves in flight arrive; one still missing after 5 s is counted as lost.
    for _ in range(50):
        if not any(measured for g in playing for _, measured in g.sent.values()):
            break
        await asyncio.sleep(0.1)
    tally.stop = True
    pending = sum(
        1
        for g in playing
        for _, (at, measured) in g.sent.items()
        if measured and time.perf_counter() - at > 5.0
    )
    for _ in range(pending):
        tally.error("a move never reached the opponent")
    for p in everyone:
        await p.ws.close()
    for r in readers:
        r.cancel()
    for item in extra:
        if isinstance(item, asyncio.Task):
            item.cancel()
        else:
            await item.close()
    tally.latencies.sort()
    tally.moves_per_s = tally.moves / elapsed  # type: ignore[attr-defined]
    return tally


async def computer_games(server: Server, count: int, tally: Tally) -> list[Any]:
    """``count`` games against the computer at level 10, the human side moving at once."""
    sockets = []
    async with httpx.AsyncClient(timeout=60) as client:
        for _ in range(count):
            r = await client.post(
                server.http + "/api/play/computer",
                json={"game": "toguz", "time_control": "60m", "side": "black", "level": 10},
            )
            r.raise_for_status()
            g = r.json()
            ws = await websockets.connect(
                f"{server.ws}/play/ws/{g['id']}", max_size=2**22, compression=None
            )
            await ws.send(json.dumps({"type": "hello", "v": 1, "token": g["token"]}))
            sockets.append(ws)

    async def play(ws: Any) -> None:
        try:
            async for raw in ws:
                msg = json.loads(raw)
                state = msg.get("state") if msg.get("type") == "event" else msg.get("game")
                if not state or state["status"] != "playing" or state["to_move"] != "black":
                    continue
                pit = random.choice(Position.from_fen(state["board"]["fen"]).legal_moves())
                await ws.send(json.dumps({"type": "act", "action": {"type": "move", "move": pit}}))
        except websockets.ConnectionClosed:
            pass

    return [asyncio.create_task(play(ws)) for ws in sockets] + sockets


async def flood(server: Server, tally: Tally) -> list[Any]:
    """One hostile client: eight connections to one seat (those the server lets in), each
    sending chat, malformed and over-nested messages just under the per-connection rate,
    reconnecting whenever the server closes it."""
    async with httpx.AsyncClient(timeout=60) as client:
        r = await client.post(server.http + "/api/play/games", json={"game": "toguz"})
        r.raise_for_status()
        g = r.json()
    junk = [
        json.dumps({"type": "chat", "text": "x" * 400}),
        '{"type": "chat", "to": "players", "text": "gg \\ud800"}',
        "[" * 4000,
        "not json at all",
    ]

    async def spam() -> None:
        while not tally.stop:
            try:
                async with websockets.connect(
                    f"{server.ws}/play/ws/{g['id']}", compression=None
                ) as ws:
                    await ws.send(json.dumps({"type": "hello", "v": 1, "token": g["token"]}))
                    drain = asyncio.create_task(_drain(ws))
                    try:
                        while not tally.stop:
                            for message in junk:
                                await ws.send(message)
                            tally.flood_sent += len(junk)  # type: ignore[attr-defined]
                            await asyncio.sleep(0.15)
                    finally:
                        drain.cancel()
            except (websockets.ConnectionClosed, OSError, websockets.InvalidStatus):
                tally.flood_closed += 1  # type: ignore[attr-defined]
                await asyncio.sleep(0.05)

    return [asyncio.create_task(spam()) for _ in range(8)]


async def lobby_clients(servers: list[Server], count: int, tally: Tally) -> list[Any]:
    """``count`` idle connections to the lobby socket, spread over the servers, each reading
    what the lobby sends; one closed before the end of the run is an error."""
    sockets = []
    for i in range(count):
        server = servers[i % len(servers)]
        ws = await websockets.connect(f"{server.ws}/play/lobby/ws", compression=None)
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if first.get("type") != "lobby":
            tally.error(f"the lobby said {first!r} first")
        sockets.append(ws)

    async def idle(ws: Any) -> None:
        try:
            async for _ in ws:
                pass
        except websockets.ConnectionClosed:
            pass
        if not tally.stop:
            tally.error("a lobby client was disconnected")

    return [asyncio.create_task(idle(ws)) for ws in sockets] + sockets


async def _drain(ws: Any) -> None:
    try:
        async for _ in ws:
            pass
    except websockets.ConnectionClosed:
        pass


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured time (default 10)")
    parser.add_argument(
        "--interval",
        type=float,
        default=2.0,
        help="mean seconds between two moves of a game (default 2)",
    )
    parser.add_argument(
        "--setup",
        choices=("sqlite", "postgres", "redis"),
        default="sqlite",
        help="one process on SQLite or PostgreSQL, or two processes behind Redis on PostgreSQL",
    )
    parser.add_argument("--profile", help="write the (first) server's cProfile data here")
    parser.add_argument(
        "--computer", type=int, default=0, help="games against the computer at level 10 too"
    )
    parser.add_argument("--flood", action="store_true", help="add one flooding client")
    parser.add_argument(
        "--lobby-clients",
        type=int,
        default=0,
        help="idle lobby WebSocket clients kept connected during the run (default 0)",
    )
    args = parser.parse_args()
    if not 1 <= args.games <= 5000 or not 1 <= args.seconds <= 600:
        raise SystemExit("--games is 1 to 5000, --seconds 1 to 600")
    if not 0 <= args.lobby_clients <= 5000:
        raise SystemExit("--lobby-clients is 0 to 5000")
    workdir = Path(tempfile.mkdtemp(prefix="arbiter-load-"))
    pg_name = None
    if args.setup == "sqlite":
        db = f"sqlite:///{workdir / 'load.db'}"
    else:
        import psycopg

        pg_name = f"arbiter_bench_{os.getpid()}_{secrets.token_hex(3)}"
        with psycopg.connect(
            host=PG[0], port=PG[1], user="postgres", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{pg_name}"')
        db = f"postgresql://postgres@{PG[0]}:{PG[1]}/{pg_name}"
    redis = REDIS if args.setup == "redis" else None
    prefix = f"arbiter-bench-{secrets.token_hex(4)}" if redis else ""
    servers: list[Server] = []
    try:
        servers.append(Server(db, workdir, redis, prefix, args.profile))
        if args.setup == "redis":
            servers.append(Server(db, workdir, redis, prefix))
        print(
            f"setup {args.setup}: {len(servers)} process(es), {args.games} games, "
            f"a move every {args.interval:g} s per game, {args.seconds:g} s measured",
            flush=True,
        )
        tally = asyncio.run(
            drive(
                servers,
                args.games,
                args.seconds,
                args.interval,
                args.computer,
                args.flood,
                args.lobby_clients,
            )
        )
        peak = max(s.peak_mb() for s in servers)
    finally:
        for s in servers:
            s.stop()
        shutil.rmtree(workdir, ignore_errors=True)
        if pg_name is not None:
            import psycopg

            with psycopg.connect(
                host=PG[0], port=PG[1], user="postgres", dbname="postgres", autocommit=True
            ) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')
    lat = tally.latencies
    p50, p99 = percentile(lat, 0.50) * 1000, percentile(lat, 0.99) * 1000
    rate = tally.moves_per_s  # type: ignore[attr-defined]
    print()
    print(
        f"{'setup':<10}{'games':>7}{'computer':>9}{'flood':>6}{'lobby':>6}{'moves':>8}{'moves/s':>9}"
        f"{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'errors':>8}{'peak MB':>9}"
    )
    print(
        f"{args.setup:<10}{args.games:>7}{args.computer:>9}{'yes' if args.flood else 'no':>6}"
        f"{args.lobby_clients:>6}{tally.moves:>8}{rate:>9.1f}{p50:>9.1f}{p99:>9.1f}"
        f"{(max(lat) * 1000 if lat else float('nan')):>9.1f}{tally.errors:>8}{peak:>9.0f}"
    )
    if args.flood:
        sent, closed = tally.flood_sent, tally.flood_closed  # type: ignore[attr-defined]
        print(f"the flooding client sent {sent} messages; the server closed it {closed} times")
    if lat:
        print(f"mean {statistics.fmean(lat) * 1000:.1f} ms over {len(lat)} moves")
    for problem in tally.problems:
        print(f"error: {problem}")
    print(
        f"games={args.games} moves_per_s={rate:.1f} p50_ms={p50:.1f} p99_ms={p99:.1f} "
        f"errors={tally.errors} peak_mb={peak:.0f} lobby_clients={args.lobby_clients}"
    )


if __name__ == "__main__":
    main()
