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
``--spectators N`` watches the games with N more connections (spread evenly, no token, in a
process of their own: bench/load_watchers.py): their latency is measured too.
``--organiser-writes R`` has an organiser, signed in, enter R results a second over HTTP into
a Swiss event of the same server (entered, then corrected, table after table); a refused write
counts as an error.
Latency is from a player sending a move to the opponent (or a spectator) receiving it; a
move the opponent has not received 5 s after the measured time ends counts as an error.
The longest server pause is the longest the server's event loop woke late (and, in brackets,
its longest garbage collection), measured inside the server
(:mod:`arbiter.server.play.stalls`), the worst of the processes.
Bounded: ``--games`` games for ``--seconds`` seconds, loopback only, servers stopped at the
end. Prints a table, then one line::

    games=N moves_per_s=X p50_ms=Y p99_ms=Z max_ms=W pause_ms=P errors=E peak_mb=M ...

Examples::

    .venv/bin/python bench/load.py --games 1000 --seconds 60                 # SQLite
    .venv/bin/python bench/load.py --games 1000 --seconds 60 --setup postgres
    .venv/bin/python bench/load.py --games 1000 --seconds 60 --setup redis   # 2 processes
    .venv/bin/python bench/load.py --games 300 --computer 8 --flood --seconds 60
    .venv/bin/python bench/load.py --games 1000 --lobby-clients 200 --seconds 60
    .venv/bin/python bench/load.py --games 1000 --seconds 60 --organiser-writes 20
    .venv/bin/python bench/load.py --games 1000 --seconds 60 --spectators 5000
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
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from arbiter.games.toguz import Position
from load_clients import computer_games, flood, lobby_clients, organiser
from load_server import Server
from load_watchers import Watchers, latencies

PG = ("127.0.0.1", 5432)
REDIS = "redis://127.0.0.1:6379/0"


@dataclass
class Tally:
    """What the players measured."""

    latencies: list[float] = field(default_factory=list)
    watched: list[float] = field(default_factory=list)
    """Latencies seen by spectators."""
    organiser_writes: int = 0
    organiser_ms: list[float] = field(default_factory=list)
    """How long each of the organiser's writes took (while measured)."""
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
        sent = (time.perf_counter(), self.tally_now())
        self.game.sent[ply + 1] = sent
        self.game.sent_at[ply + 1] = sent
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
        self.sent_at: dict[int, tuple[float, bool]] = {}
        """Every move's sending (for the spectators' latencies)."""
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


async def client_lag(tally: Tally) -> None:
    """The load generator's own longest stall: latency it adds is not the server's."""
    tally.client_pause = 0.0  # type: ignore[attr-defined]
    while True:
        before = time.perf_counter()
        await asyncio.sleep(0.01)
        late = time.perf_counter() - before - 0.01
        tally.client_pause = max(tally.client_pause, late)  # type: ignore[attr-defined]


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
    spectators: int = 0,
    organising: tuple[Path, str, float] | None = None,
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
    print(f"  {len(everyone)} players connected in {time.perf_counter() - t0:.1f} s", flush=True)
    watchers = None
    if spectators:
        watchers = Watchers(
            [
                (playing[i % len(playing)].id, servers[i % len(servers)].ws)
                for i in range(spectators)
            ]
        )
        took = await watchers.start()
        print(f"  {spectators} spectators connected in {took:.1f} s (a process of their own)")
    readers = [asyncio.create_task(p.read()) for p in everyone]
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
    if organising is not None:
        workdir, db, rate = organising
        extra += await organiser(servers[0], workdir, db, rate, tally)
        print(f"  an organiser entering {rate:g} results/s", flush=True)
    await asyncio.sleep(max(2.0, interval))  # warm-up: every game started and moving
    lag = asyncio.create_task(client_lag(tally))
    tally.measuring = True
    began = time.perf_counter()
    tally.window = (time.time(), 0.0)  # type: ignore[attr-defined]
    cpu = [s.cpu_seconds() for s in servers]
    await asyncio.sleep(seconds)
    # CPU per move is steadier than latency on a machine shared with other work.
    tally.cpu = sum(s.cpu_seconds() - c for s, c in zip(servers, cpu, strict=True))  # type: ignore[attr-defined]
    tally.measuring = False
    lag.cancel()
    tally.window = (tally.window[0], time.time())  # type: ignore[attr-defined]
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
    if watchers is not None:
        seen, problems, stall = await watchers.finish()
        for problem in problems:
            tally.error(problem)
        tally.watched = latencies(seen, {g.id: g.sent_at for g in playing})
        print(f"  the spectators' process's own longest stall: {stall * 1000:.1f} ms")
    for p in everyone:
        await p.ws.close()
    for r in readers:
        r.cancel()
    for item in extra:
        if isinstance(item, asyncio.Task):
            item.cancel()
        elif isinstance(item, httpx.AsyncClient):
            await item.aclose()
        else:
            await item.close()
    tally.latencies.sort()
    tally.watched.sort()
    tally.moves_per_s = tally.moves / elapsed  # type: ignore[attr-defined]
    return tally


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
    parser.add_argument(
        "--spectators",
        type=int,
        default=0,
        help="spectator connections spread over the games (default 0)",
    )
    parser.add_argument(
        "--organiser-writes",
        type=float,
        default=0.0,
        help="results a second an organiser enters over HTTP meanwhile (default 0)",
    )
    args = parser.parse_args()
    if not 1 <= args.games <= 5000 or not 1 <= args.seconds <= 600:
        raise SystemExit("--games is 1 to 5000, --seconds 1 to 600")
    if not 0 <= args.lobby_clients <= 5000:
        raise SystemExit("--lobby-clients is 0 to 5000")
    if not 0 <= args.spectators <= 20000 or not 0 <= args.organiser_writes <= 200:
        raise SystemExit("--spectators is 0 to 20000, --organiser-writes 0 to 200")
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
                args.spectators,
                (workdir, db, args.organiser_writes) if args.organiser_writes else None,
            )
        )
        peak = max(s.peak_mb() for s in servers)
    finally:
        for s in servers:
            s.stop()
        stalls = [s.stalls() for s in servers]
        shutil.rmtree(workdir, ignore_errors=True)
        if pg_name is not None:
            import psycopg

            with psycopg.connect(
                host=PG[0], port=PG[1], user="postgres", dbname="postgres", autocommit=True
            ) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')
    lat = tally.latencies
    both = sorted(lat + tally.watched)  # players and spectators
    p50, p99 = percentile(lat, 0.50) * 1000, percentile(lat, 0.99) * 1000
    top = max(both) * 1000 if both else float("nan")
    watched_p99 = percentile(tally.watched, 0.99) * 1000
    # The server's worst second while measured (connecting 2,000 players before is not).
    start, end = tally.window  # type: ignore[attr-defined]
    seconds = [
        v for s in stalls for at, v in s.get("seconds", {}).items() if start - 1 <= int(at) <= end
    ]
    pause = max((v[0] for v in seconds), default=float("nan"))
    collection = max((v[1] for v in seconds), default=float("nan"))
    rate = tally.moves_per_s  # type: ignore[attr-defined]
    print()
    print(
        f"{'setup':<10}{'games':>7}{'computer':>9}{'flood':>6}{'lobby':>6}{'watch':>6}"
        f"{'org/s':>6}{'moves':>8}{'moves/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
        f"{'pause ms':>10}{'errors':>8}{'peak MB':>9}"
    )
    print(
        f"{args.setup:<10}{args.games:>7}{args.computer:>9}{'yes' if args.flood else 'no':>6}"
        f"{args.lobby_clients:>6}{args.spectators:>6}{args.organiser_writes:>6g}{tally.moves:>8}"
        f"{rate:>9.1f}{p50:>9.1f}{p99:>9.1f}{top:>9.1f}{pause:>10.1f}{tally.errors:>8}{peak:>9.0f}"
    )
    if args.flood:
        sent, closed = tally.flood_sent, tally.flood_closed  # type: ignore[attr-defined]
        print(f"the flooding client sent {sent} messages; the server closed it {closed} times")
    if lat:
        print(f"mean {statistics.fmean(lat) * 1000:.1f} ms over {len(lat)} moves")
    if tally.watched:
        print(f"spectators: p99 {watched_p99:.1f} ms over {len(tally.watched)} deliveries")
    if args.organiser_writes:
        took = sorted(tally.organiser_ms) or [float("nan")]
        print(
            f"the organiser entered {tally.organiser_writes} results while measured "
            f"(each took p50 {percentile(took, 0.5):.0f} ms, max {took[-1]:.0f} ms)"
        )
    for s in stalls:
        whole = {k: v for k, v in s.items() if k != "seconds"}
        print(f"server pauses over the whole run (start-up included): {whole}")
    print(f"longest server pause while measured: {pause:.1f} ms (collection {collection:.1f} ms)")
    client = tally.client_pause * 1000  # type: ignore[attr-defined]
    print(f"the load generator's own longest stall while measured: {client:.1f} ms")
    cpu_ms = tally.cpu * 1000 / max(1, tally.moves)  # type: ignore[attr-defined]
    print(f"server CPU while measured: {tally.cpu:.1f} s, {cpu_ms:.2f} ms a move")  # type: ignore[attr-defined]
    for problem in tally.problems:
        print(f"error: {problem}")
    print(
        f"setup={args.setup} games={args.games} moves_per_s={rate:.1f} p50_ms={p50:.1f} "
        f"p99_ms={p99:.1f} max_ms={top:.1f} pause_ms={pause:.1f} collection_ms={collection:.1f} "
        f"errors={tally.errors} cpu_ms_per_move={cpu_ms:.2f} peak_mb={peak:.0f} "
        f"lobby_clients={args.lobby_clients} "
        f"spectators={args.spectators} spectators_p99_ms={watched_p99:.1f} "
        f"organiser_writes={args.organiser_writes:g}"
    )


if __name__ == "__main__":
    main()
