"""Fixtures of the server tests: databases (SQLite files, and PostgreSQL databases made and
dropped by this run), runtimes, API clients signed in as different people.

PostgreSQL runs on 127.0.0.1:5432 (trust auth, user postgres; CI starts it). Each test run
creates databases named ``arbiter_test_<pid>_<random>_<n>`` and drops them at the end; the
PostgreSQL tests are skipped, saying why, only when the server does not answer.
"""

from __future__ import annotations

import os
import secrets
import socket
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from arbiter.server.app import create_app
from arbiter.server.config import PasswordCost, RateLimit, Settings
from arbiter.server.migrate import upgrade
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from arbiter.server.storage.database import Database

with warnings.catch_warnings():
    # Starlette's test client prefers the httpx2 package; httpx works the same for these tests.
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

PG_HOST, PG_PORT = "127.0.0.1", 5432
#: argon2 at its cheapest: tests sign in often; the real cost is the server's default.
CHEAP = PasswordCost(time_cost=1, memory_kib=8, parallelism=1)
PASSWORD = "correct horse battery"


def postgres_answers() -> bool:
    """Whether a PostgreSQL server listens on 127.0.0.1:5432."""
    try:
        with socket.create_connection((PG_HOST, PG_PORT), timeout=1):
            return True
    except OSError:
        return False


class PostgresDatabases:
    """Creates databases for this run and drops them all at the end."""

    def __init__(self) -> None:
        self.prefix = f"arbiter_test_{os.getpid()}_{secrets.token_hex(3)}"
        self.made: list[str] = []

    def _admin(self) -> Any:
        import psycopg

        return psycopg.connect(
            host=PG_HOST, port=PG_PORT, user="postgres", dbname="postgres", autocommit=True
        )

    def create(self) -> str:
        """A new empty database's URL."""
        name = f"{self.prefix}_{len(self.made)}"
        with self._admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return f"postgresql://postgres@{PG_HOST}:{PG_PORT}/{name}"

    def drop_all(self) -> None:
        """Drop every database this run made."""
        if not self.made:
            return
        with self._admin() as conn:
            for name in self.made:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.made.clear()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresDatabases]:
    """PostgreSQL databases for this run (skipped when no server answers)."""
    if not postgres_answers():
        pytest.skip(f"PostgreSQL does not answer on {PG_HOST}:{PG_PORT}")
    databases = PostgresDatabases()
    yield databases
    databases.drop_all()


BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind: a SQLite file, a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'arbiter.db'}"
    databases: PostgresDatabases = request.getfixturevalue("postgres")
    return databases.create()


def settings_for_test(url: str, **changes: Any) -> Settings:
    """Settings for a test server: cheap hashing, a fixed key, generous sign-in limits."""
    base = Settings(
        database_url=url,
        secret_key="test-secret-key-0123456789",
        password_cost=CHEAP,
        login_limit_per_client=RateLimit(1000, 60),
        login_limit_per_account=RateLimit(1000, 60),
        demo=False,
    )
    return base.with_overrides(**changes)


@pytest.fixture
def make_runtime() -> Iterator[Callable[..., Runtime]]:
    """Runtimes on upgraded databases; disposed at the end."""
    made: list[Runtime] = []

    def make(url: str, **changes: Any) -> Runtime:
        settings = settings_for_test(url, **changes)
        db = Database(settings)
        upgrade(db.engine)
        rt = Runtime.create(settings, db)
        made.append(rt)
        return rt

    yield make
    for rt in made:
        rt.db.dispose()


@pytest.fixture
def runtime(make_runtime: Callable[..., Runtime], database_url: str) -> Runtime:
    """A runtime on an upgraded database of each kind."""
    return make_runtime(database_url)


@pytest.fixture
def sqlite_runtime(make_runtime: Callable[..., Runtime], tmp_path: Path) -> Runtime:
    """A runtime on an upgraded SQLite file."""
    return make_runtime(f"sqlite:///{tmp_path / 'arbiter.db'}")


@dataclass
class Api:
    """An API client acting as one person (a bearer token, or anonymous)."""

    client: TestClient
    token: str | None = None
    username: str | None = None
    headers: dict[str, str] = field(default_factory=dict)

    def _h(self, extra: dict[str, str] | None) -> dict[str, str]:
        h = dict(self.headers)
        if self.token:
            h["Authorization"] = f"Bearer {self.token}"
        h.update(extra or {})
        return h

    def get(self, path: str, **kw: Any) -> Any:
        return self.client.get(path, headers=self._h(kw.pop("headers", None)), **kw)

    def post(self, path: str, **kw: Any) -> Any:
        return self.client.post(path, headers=self._h(kw.pop("headers", None)), **kw)

    def put(self, path: str, **kw: Any) -> Any:
        return self.client.put(path, headers=self._h(kw.pop("headers", None)), **kw)

    def patch(self, path: str, **kw: Any) -> Any:
        return self.client.patch(path, headers=self._h(kw.pop("headers", None)), **kw)

    def delete(self, path: str, **kw: Any) -> Any:
        return self.client.delete(path, headers=self._h(kw.pop("headers", None)), **kw)


class Server:
    """An app on a runtime, with helpers to make accounts and sign them in."""

    def __init__(self, rt: Runtime) -> None:
        self.rt = rt
        self.app = create_app(rt.settings, runtime=rt)
        self.client = TestClient(self.app, raise_server_exceptions=True)
        self.anonymous = Api(self.client)

    def user(self, username: str, *, admin: bool = False) -> Api:
        """A new account, signed in with an API token."""
        accounts.create_user(self.rt, username, PASSWORD, admin=admin)
        return self.sign_in(username)

    def sign_in(self, username: str) -> Api:
        """An API client with a fresh token for ``username``."""
        r = self.client.post("/api/auth/token", data={"username": username, "password": PASSWORD})
        assert r.status_code == 200, r.text
        return Api(self.client, r.json()["access_token"], username)

    def browser(self) -> TestClient:
        """A separate client with its own cookie jar."""
        return TestClient(self.app, raise_server_exceptions=True)


@pytest.fixture
def server(sqlite_runtime: Runtime) -> Server:
    """An app on SQLite."""
    return Server(sqlite_runtime)


@pytest.fixture
def any_server(runtime: Runtime) -> Server:
    """An app on each kind of database."""
    return Server(runtime)


CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium (``.ci/run`` installs it); Playwright never downloads a browser."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright, for a module's browser tests."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed (.ci/run installs Debian's chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
