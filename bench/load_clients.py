"""The extra clients of ``bench/load.py``: an organiser entering results over
HTTP, games against the computer, a flooding client, idle lobby connections."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import websockets

from arbiter.games.toguz import Position

if TYPE_CHECKING:
    from load import Server, Tally


async def organiser(server: Server, workdir: Path, db: str, rate: float, tally: Tally) -> list[Any]:
    """A signed-in organiser entering ``rate`` results a second into a Swiss event of 200
    players over HTTP: each table's result entered, then corrected, one table after another."""
    password = "bench organiser password"
    env = {**os.environ, "ARBITER_SECRET_KEY": "bench-secret-key-0123456789"}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "arbiter",
            "user",
            "create",
            "organiser",
            "--admin",
            "--password-stdin",
            "--db",
            db,
        ],
        input=password + "\n" + password + "\n",
        text=True,
        cwd=workdir,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    client = httpx.AsyncClient(base_url=server.http, timeout=30)
    r = await client.post("/api/auth/token", data={"username": "organiser", "password": password})
    r.raise_for_status()
    client.headers["Authorization"] = f"Bearer {r.json()['access_token']}"
    r = await client.post(
        "/api/events", json={"game": "toguz", "system": "swiss", "name": "Load", "rounds": 5}
    )
    r.raise_for_status()
    base = f"/api/events/{r.json()['id']}"
    csv = "name,rating\n" + "".join(f"Player{i} Load,{2000 - i}\n" for i in range(200))
    r = await client.post(
        f"{base}/participants/import", files={"file": ("p.csv", csv.encode(), "text/csv")}
    )
    r.raise_for_status()
    r = await client.post(f"{base}/rounds", json={"round": 1})
    r.raise_for_status()
    tables = [g["table"] for g in r.json()["games"]]
    versions: dict[int, int | None] = dict.fromkeys(tables)

    async def write() -> None:
        turn = 0
        began = time.perf_counter()
        while not tally.stop:
            table = tables[turn % len(tables)]
            text = "1(82)-0(70)" if (turn // len(tables)) % 2 == 0 else "0(70)-1(82)"
            body: dict[str, Any] = {"result": text}
            if versions[table] is not None:
                body["version"] = versions[table]
            try:
                asked = time.perf_counter()
                r = await client.put(f"{base}/rounds/1/games/{table}/result", json=body)
                if tally.measuring:
                    tally.organiser_ms.append((time.perf_counter() - asked) * 1000)
                if r.status_code >= 300:
                    tally.error(f"organiser: {r.status_code} {r.text[:200]}")
                else:
                    versions[table] = r.json()["version"]
                    if tally.measuring:
                        tally.organiser_writes += 1
            except httpx.HTTPError as exc:
                tally.error(f"organiser: {exc!r}")
            turn += 1
            await asyncio.sleep(max(0.0, began + turn / rate - time.perf_counter()))

    return [asyncio.create_task(write()), client]


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
