"""How fast the server answers a referee: entering a result, reading a round, the standings.

Builds a Toguz Korgool Swiss event through the API (in-process HTTP client, SQLite file; and
PostgreSQL on 127.0.0.1:5432 when it answers), plays some rounds, then times the requests a
referee's desk makes during a round. Prints one table; run with ``.venv/bin/python
bench/server_results.py [PLAYERS] [ROUNDS]``.
"""

from __future__ import annotations

import secrets
import socket
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arbiter.server.app import create_app
from arbiter.server.config import PasswordCost, RateLimit, Settings
from arbiter.server.migrate import upgrade
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from arbiter.server.storage.database import Database

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

PASSWORD = "benchmark password"


def _runtime(url: str) -> Runtime:
    settings = Settings(
        database_url=url,
        secret_key="benchmark-secret-key-0123",
        password_cost=PasswordCost(1, 8, 1),
        login_limit_per_client=RateLimit(10_000, 60),
        demo=False,
    )
    db = Database(settings)
    upgrade(db.engine)
    return Runtime.create(settings, db)


def _timed(call: Callable[[], Any], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = call()
        samples.append(time.perf_counter() - start)
        assert response.status_code < 300, response.text
    return statistics.median(samples) * 1000


def measure(url: str, players: int, rounds: int) -> dict[str, float]:
    rt = _runtime(url)
    accounts.create_user(rt, "chief", PASSWORD, admin=True)
    client = TestClient(create_app(rt.settings, runtime=rt))
    token = client.post("/api/auth/token", data={"username": "chief", "password": PASSWORD})
    client.headers["Authorization"] = f"Bearer {token.json()['access_token']}"
    body = {"game": "toguz", "system": "swiss", "name": "Bench", "rounds": rounds + 1}
    event_id = client.post("/api/events", json=body).json()["id"]
    csv = "name,rating\n" + "".join(f"Player{i} Bench,{2000 - i}\n" for i in range(players))
    client.post(
        f"/api/events/{event_id}/participants/import",
        files={"file": ("p.csv", csv.encode(), "text/csv")},
    )
    base = f"/api/events/{event_id}"
    times: dict[str, float] = {}
    for number in range(1, rounds + 2):
        start = time.perf_counter()
        games = client.post(f"{base}/rounds", json={"round": number}).json()["games"]
        times["pair a round"] = (time.perf_counter() - start) * 1000
        if number > rounds:
            break
        for g in games:
            client.put(
                f"{base}/rounds/{number}/games/{g['table']}/result",
                json={"result": "1(82)-0(70)" if g["table"] % 3 else "0(75)-1(85)"},
            )
    last = rounds + 1
    tables = [g["table"] for g in client.get(f"{base}/rounds/{last}").json()["games"]]
    pending = iter(tables)
    times["enter a result"] = _timed(
        lambda: client.put(
            f"{base}/rounds/{last}/games/{next(pending)}/result", json={"result": "1-0(70)"}
        ),
        min(20, len(tables)),
    )
    times["read the round"] = _timed(lambda: client.get(f"{base}/rounds/{last}"), 10)
    times["standings"] = _timed(lambda: client.get(f"{base}/standings"), 10)
    times["crosstable"] = _timed(lambda: client.get(f"{base}/crosstable"), 5)
    rt.db.dispose()
    return times


def _postgres_url() -> tuple[str, Callable[[], None]] | None:
    try:
        socket.create_connection(("127.0.0.1", 5432), timeout=1).close()
    except OSError:
        return None
    import psycopg

    name = f"arbiter_bench_{secrets.token_hex(4)}"
    admin = {"host": "127.0.0.1", "user": "postgres", "dbname": "postgres", "autocommit": True}
    with psycopg.connect(**admin) as conn:  # type: ignore[arg-type]
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(**admin) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return f"postgresql://postgres@127.0.0.1:5432/{name}", drop


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        results["SQLite"] = measure(f"sqlite:///{Path(tmp) / 'bench.db'}", players, rounds)
    pg = _postgres_url()
    if pg is not None:
        url, drop = pg
        try:
            results["PostgreSQL"] = measure(url, players, rounds)
        finally:
            drop()
    print(f"Toguz Korgool Swiss, {players} players, {rounds} rounds played, round {rounds + 1}")
    print("median milliseconds per request (in-process HTTP client)")
    names = list(next(iter(results.values())))
    print(f"{'request':<18}" + "".join(f"{db:>12}" for db in results))
    for name in names:
        print(f"{name:<18}" + "".join(f"{results[db][name]:>12.1f}" for db in results))


if __name__ == "__main__":
    main()
