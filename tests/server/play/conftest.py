"""Fixtures of the live-play tests: a real server (uvicorn in a thread, or ``arbiter serve``
as a subprocess) on a free loopback port, and helpers to create games over HTTP.

The server tests' databases come from ``tests/server/conftest.py`` (SQLite files, PostgreSQL
databases made and dropped by the run).
"""

from __future__ import annotations

import asyncio
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import uvicorn

from arbiter.server.app import create_app
from arbiter.server.runtime import Runtime
from tests.server.conftest import settings_for_test


def free_port() -> int:
    """A free TCP port on the loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def redis_answers() -> bool:
    """Whether Redis listens on 127.0.0.1:6379."""
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


class LiveServer:
    """The app served by uvicorn in a background thread (its own event loop)."""

    def __init__(self, rt: Runtime, redis_url: str | None = None, prefix: str = "") -> None:
        self.rt = rt
        self.port = free_port()
        self.app = create_app(rt.settings, runtime=rt)
        if redis_url:
            self.app.state.play_redis_url = redis_url
            self.app.state.play_redis_prefix = prefix
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            ws_per_message_deflate=False,
            proxy_headers=False,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the live server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)

    @property
    def hub(self) -> Any:
        return self.app.state.play_hub

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = httpx.post(self.http + path, json=body, headers=headers, timeout=30)
        assert r.status_code in (200, 201), r.text
        return r.json()

    def get(self, path: str, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.get(self.http + path, headers=headers, timeout=30)

    def casual(self, **spec: Any) -> tuple[int, str, str]:
        """A casual game: its id and the two seat tokens (creator first)."""
        made = self.post("/api/play/games", spec)
        other = self.post(f"/api/play/games/{made['id']}/join", {"invite": made["invite"]})
        return made["id"], made["token"], other["token"]


@pytest.fixture
def live(sqlite_runtime: Runtime) -> Iterator[LiveServer]:
    """A live server on SQLite."""
    server = LiveServer(sqlite_runtime).start()
    yield server
    server.stop()


@pytest.fixture
def live_any(runtime: Runtime) -> Iterator[LiveServer]:
    """A live server on each kind of database."""
    server = LiveServer(runtime).start()
    yield server
    server.stop()


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    """A Redis channel prefix of this test (skipped without Redis)."""
    if not redis_answers():
        pytest.skip("Redis does not answer on 127.0.0.1:6379")
    yield f"arbiter-test-{secrets.token_hex(4)}"


def run(coro: Any) -> Any:
    """Run a coroutine in a fresh event loop (the tests' client side)."""
    return asyncio.run(coro)


MakeRuntime = Callable[..., Runtime]
__all__ = ["LiveServer", "MakeRuntime", "free_port", "run", "settings_for_test"]
