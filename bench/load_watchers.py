"""The spectators of ``bench/load.py`` in a process of their own.

Five thousand more connections in the load generator's process made it the slowest part of the
measurement: its own event loop stalled for up to 220 ms (printed as "the load generator's own
longest stall"), and every latency it measured meanwhile, players' and spectators', grew by as
much — a figure of the generator, not of the server. Real spectators are other machines; here
they are another process, with an interpreter lock of its own.

The process connects its spectators, says so, watches until told to stop, then sends back when
it received each move (game, ply, ``time.perf_counter()``) and what went wrong. On Linux
``perf_counter`` reads ``CLOCK_MONOTONIC``, one clock for every process of the machine, so the
parent subtracts the time the player sent the move (:func:`latencies`).
"""

from __future__ import annotations

import asyncio
import gc
import json
import multiprocessing
import time
from multiprocessing.connection import Connection
from typing import Any

import websockets

Seen = tuple[int, int, float]
"""A move a spectator received: game id, ply, when (``perf_counter``)."""


async def _watch(game_id: int, base: str, seen: list[Seen], problems: list[str], stop: Any) -> Any:
    ws = await websockets.connect(
        f"{base}/play/ws/{game_id}", max_size=2**22, open_timeout=60, compression=None
    )
    await ws.send(json.dumps({"type": "hello", "v": 1}))

    async def read() -> None:
        ply = -1
        try:
            async for raw in ws:
                msg = json.loads(raw)
                if msg.get("type") == "error":
                    problems.append(f"spectator: {msg.get('reason')}: {msg.get('message')}")
                    continue
                # A move's event, once (a presence event later shows the same last move).
                state = msg.get("state") if msg.get("kind") == "action" else None
                if not state or not state.get("last_move") or state["ply"] <= ply:
                    continue
                ply = state["ply"]
                seen.append((game_id, ply, time.perf_counter()))
        except websockets.ConnectionClosed as exc:
            if not stop.is_set():
                problems.append(f"spectator closed: {exc}")

    return ws, asyncio.create_task(read())


async def _main(assignments: list[tuple[int, str]], pipe: Connection) -> None:
    # As in the load generator: this process's own full collections would show as latency.
    gc.freeze()
    gc.set_threshold(200_000, 50, 1_000_000)
    seen: list[Seen] = []
    problems: list[str] = []
    stop = asyncio.Event()
    limit = asyncio.Semaphore(64)

    async def one(game_id: int, base: str) -> Any:
        async with limit:
            return await _watch(game_id, base, seen, problems, stop)

    t0 = time.perf_counter()
    watching = await asyncio.gather(*(one(g, b) for g, b in assignments))
    gc.freeze()
    pipe.send(("connected", time.perf_counter() - t0))
    stall = [0.0]

    async def lag() -> None:  # this process's own stalls: latency it adds is not the server's
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            stall[0] = max(stall[0], time.perf_counter() - before - 0.01)

    lagging = asyncio.create_task(lag())
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, pipe.recv)  # "stop"
    stop.set()
    lagging.cancel()
    problems.append(f"__stall__ {stall[0]}")
    for ws, task in watching:
        await ws.close()
        task.cancel()
    pipe.send(("seen", seen, problems))


def _run(assignments: list[tuple[int, str]], pipe: Connection) -> None:
    asyncio.run(_main(assignments, pipe))


class Watchers:
    """The spectators' process: :meth:`start` (connected), :meth:`finish` (what they saw)."""

    def __init__(self, assignments: list[tuple[int, str]]) -> None:
        self.assignments = assignments
        self._pipe, child = multiprocessing.get_context("spawn").Pipe()
        self._child = child
        self._process: Any = None

    async def start(self) -> float:
        """Start the process; returns once every spectator is connected (the seconds it took)."""
        ctx = multiprocessing.get_context("spawn")
        self._process = ctx.Process(target=_run, args=(self.assignments, self._child), daemon=True)
        self._process.start()
        kind, took = await asyncio.get_running_loop().run_in_executor(None, self._pipe.recv)
        assert kind == "connected"
        return float(took)

    async def finish(self) -> tuple[list[Seen], list[str], float]:
        """Stop watching; every move seen, every problem, and the process's longest stall (s)."""
        self._pipe.send("stop")
        loop = asyncio.get_running_loop()
        kind, seen, problems = await loop.run_in_executor(None, self._pipe.recv)
        assert kind == "seen"
        self._process.join(30)
        stall = float(problems.pop().split()[1])
        return seen, problems, stall


def latencies(seen: list[Seen], sent: dict[int, dict[int, tuple[float, bool]]]) -> list[float]:
    """Each measured move's latency to a spectator: received (``seen``) minus sent (``sent``:
    by game id and ply, the sending time and whether it was measured)."""
    found = []
    for game_id, ply, at in seen:
        mine = sent.get(game_id, {}).get(ply)
        if mine is not None and mine[1]:
            found.append(at - mine[0])
    return found
