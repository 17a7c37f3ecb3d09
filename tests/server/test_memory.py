"""Refused requests keep no memory: hostile records posted to the viewer are refused (422)
and the server's memory stays where it was. Measured before the fix: 60 such posts of an
800 kB SGF grew ``arbiter serve`` from 115 to 2,478 MB, not given back 30 s later."""

from __future__ import annotations

import re
import time
from pathlib import Path

import httpx
import pytest

from tests.server.play.test_durability import Served

pytestmark = pytest.mark.slow

NESTED_SGF = "(;GM[1]FF[4]SZ[19]" + "(;B[aa]" * 100_000 + ")" * 100_000 + ")"
NESTED_JSON = '{"a":' * 50_000


def _resident_mb(pid: int) -> float:
    found = re.search(r"VmRSS:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text())
    assert found
    return int(found.group(1)) / 1024


def test_hostile_records_posted_to_the_viewer_keep_no_memory(tmp_path: Path) -> None:
    server = Served(f"sqlite:///{tmp_path / 'arbiter.db'}", tmp_path).start()
    try:
        assert server.process is not None
        client = httpx.Client(base_url=server.http, timeout=60)
        form = client.get("/viewer")
        token = re.search(r'name="csrf_token" value="([0-9a-f]+)"', form.text)
        assert token is not None
        before = _resident_mb(server.process.pid)
        for i in range(20):
            record = NESTED_SGF if i % 2 == 0 else NESTED_JSON
            answer = client.post(
                "/viewer",
                data={"csrf_token": token.group(1)},
                files={"file": ("game.sgf", record.encode(), "application/x-go-sgf")},
            )
            assert answer.status_code == 422, answer.text[:300]
            assert "nest" in answer.text
        time.sleep(2.5)  # two heartbeats: what the collector gives back, it has given
        grown = _resident_mb(server.process.pid) - before
        assert grown < 150, f"the server kept {grown:.0f} MB of refused requests"
        assert client.get("/api/health").status_code == 200
    finally:
        server.stop()
