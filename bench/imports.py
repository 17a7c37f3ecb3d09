"""How long importing players takes, and how long the import holds the database's write lock.

    .venv/bin/python bench/imports.py [SIZES ...]      # default: 1000 5000 10000

For each size and format (a CSV player list, a FIDE TRF, an OpenGotha tournament file) a new Go
McMahon event is made on a SQLite file, and the file's players are entered through the service
layer (:func:`arbiter.server.services.entries.import_entries`, what ``POST
/api/events/{id}/participants/import`` calls). The table gives the whole call's seconds and the
longest write transaction it opened (SQLite's write lock is held from ``BEGIN IMMEDIATE`` to
the commit: every other writer waits that long), and the seconds of the same import through
HTTP, the answer included. A TRF numbers its players in four columns, so its largest size is
9,999. Not part of the tests.
"""

from __future__ import annotations

import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from sqlalchemy.orm import Session

from arbiter.events.event import Event
from arbiter.events.formats.opengotha import write_opengotha
from arbiter.events.formats.trf import write_trf
from arbiter.events.participants import Player
from arbiter.games.go.rank import Rank
from arbiter.server.app import create_app
from arbiter.server.config import PasswordCost, Settings
from arbiter.server.migrate import upgrade
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts, entries, events
from arbiter.server.storage.database import Database

PASSWORD = "benchmark password"
TRF_MOST = 9999  # the start number has four columns


def csv_file(n: int) -> bytes:
    """A CSV player list of ``n`` players."""
    rows = ["name,rank,rating,club,country"]
    rows += [
        f"Player{i} Given{i},{i % 30 + 1}k,{1000 + i % 2000},Club{i % 50},FR" for i in range(n)
    ]
    return ("\n".join(rows) + "\n").encode()


def _event(n: int, game: str) -> Event:
    players = tuple(
        Player(
            no=i + 1,
            surname=f"Surname{i}",
            given=f"Given{i}",
            rank=Rank(-(i % 30) - 1) if game == "go" else None,
            rating=1000 + i % 2000,
            club=f"Club{i % 40}",
            country="FR",
        )
        for i in range(n)
    )
    system = "mcmahon" if game == "go" else "swiss"
    return replace(Event(game, system), players=players)  # type: ignore[arg-type]


def trf_file(n: int) -> bytes:
    """A TRF of ``n`` players (at most 9,999)."""
    return write_trf(_event(min(n, TRF_MOST), "toguz")).encode()


def opengotha_file(n: int) -> bytes:
    """An OpenGotha tournament file of ``n`` players."""
    return write_opengotha(_event(n, "go")).encode()


FORMATS: dict[str, Callable[[int], bytes]] = {
    "csv": csv_file,
    "trf": trf_file,
    "opengotha": opengotha_file,
}


class LockTimer:
    """Wraps the runtime's write transactions and keeps the longest one's seconds."""

    def __init__(self, db: Database) -> None:
        self.longest = 0.0
        self._write = db.write
        db.write = self._timed  # type: ignore[method-assign]

    @contextmanager
    def _timed(self) -> Iterator[Session]:
        start = time.perf_counter()
        try:
            with self._write() as session:
                yield session
        finally:
            self.longest = max(self.longest, time.perf_counter() - start)


def measure(fmt: str, n: int, directory: Path) -> tuple[int, float, float]:
    """Players entered, the call's seconds and the longest write transaction's seconds."""
    settings = Settings(
        database_url=f"sqlite:///{directory / f'{fmt}-{n}.db'}",
        secret_key="benchmark-secret-key-0123",
        password_cost=PasswordCost(1, 8, 1),
        demo=False,
    )
    db = Database(settings)
    upgrade(db.engine)
    rt = Runtime.create(settings, db)
    user = accounts.create_user(rt, "organiser", PASSWORD)
    event_id = events.create_event(rt, user, game="go", system="mcmahon", name="Bench").id
    data = FORMATS[fmt](n)
    timer = LockTimer(db)
    start = time.perf_counter()
    added = entries.import_entries(rt, user, event_id, fmt, data)
    seconds = time.perf_counter() - start
    db.dispose()
    return len(added.added), seconds, timer.longest


def measure_http(fmt: str, n: int, directory: Path) -> float:
    """The seconds of ``POST /api/events/{id}/participants/import`` of the same file, answer
    included (the in-process HTTP client of the tests)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
        from fastapi.testclient import TestClient

    settings = Settings(
        database_url=f"sqlite:///{directory / f'http-{fmt}-{n}.db'}",
        secret_key="benchmark-secret-key-0123",
        password_cost=PasswordCost(1, 8, 1),
        demo=False,
    )
    db = Database(settings)
    upgrade(db.engine)
    rt = Runtime.create(settings, db)
    accounts.create_user(rt, "organiser", PASSWORD)
    client = TestClient(create_app(settings, runtime=rt))
    token = client.post("/api/auth/token", data={"username": "organiser", "password": PASSWORD})
    headers = {"Authorization": f"Bearer {token.json()['access_token']}"}
    made = client.post("/api/events", json={"game": "go", "system": "mcmahon"}, headers=headers)
    data = FORMATS[fmt](n)
    start = time.perf_counter()
    r = client.post(
        f"/api/events/{made.json()['id']}/participants/import",
        files={"file": ("players", data, "application/octet-stream")},
        data={"format": fmt},
        headers=headers,
    )
    seconds = time.perf_counter() - start
    assert r.status_code == 201, r.text[:200]
    db.dispose()
    return seconds


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [1000, 5000, 10000]
    print(
        f"{'format':<10} {'rows':>6} {'entered':>8} {'seconds':>8} {'write lock s':>13}"
        f" {'HTTP s':>7}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for fmt in FORMATS:
            for n in sizes:
                count, seconds, lock = measure(fmt, n, Path(tmp))
                http = measure_http(fmt, n, Path(tmp))
                print(
                    f"{fmt:<10} {n:>6} {count:>8} {seconds:>8.2f} {lock:>13.2f} {http:>7.2f}",
                    flush=True,
                )


if __name__ == "__main__":
    main(sys.argv[1:])
