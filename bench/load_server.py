"""``arbiter serve`` as a subprocess for ``bench/load.py`` (optionally under cProfile), with
what it measured of itself: peak memory, CPU time, its longest pauses."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

_PROFILED = """
import cProfile, signal, sys
out = sys.argv[1]
sys.argv = ["arbiter", *sys.argv[2:]]
profiler = cProfile.Profile()
def written(signum, frame):
    profiler.disable()
    profiler.dump_stats(out)
    raise SystemExit(0)
signal.signal(signal.SIGTERM, written)
profiler.enable()
from arbiter.cli import main
try:
    main()
finally:
    profiler.disable()
    profiler.dump_stats(out)
"""
"""The server under cProfile (``--profile``), its statistics written when it stops."""


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
        self.stall_report = workdir / f"stalls-{self.port}.json"
        env["ARBITER_STALL_REPORT"] = str(self.stall_report)
        # uvicorn re-raises SIGTERM after its graceful shutdown, which would end
        # ``python -m cProfile`` before it writes: the profile is written by a handler instead.
        python = [sys.executable] + (["-c", _PROFILED, profile] if profile else ["-m", "arbiter"])
        command = [
            *python,
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
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def cpu_seconds(self) -> float:
        """CPU time the server process used so far (Linux), in seconds."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stalls(self) -> dict[str, Any]:
        """What the server measured of its own pauses (written when it stopped)."""
        try:
            return dict(json.loads(self.stall_report.read_text()))
        except (OSError, ValueError):
            return {}
