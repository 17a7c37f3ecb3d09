"""A private PostgreSQL and a private Redis for the failure tests: each on its own port and in
the test's temporary directory, so that restarting them never touches the machine's shared
servers (127.0.0.1:5432 and :6379), which other tests use at the same time.

PostgreSQL refuses to run as root: when the tests run as root (CI, containers), its commands
run as the ``postgres`` user through ``runuser``. The tests are skipped, saying why, only when
the programs are missing.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tests.server.play.conftest import free_port

__all__ = ["PrivatePostgres", "PrivateRedis"]


def _wait_for_port(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing answers on 127.0.0.1:{port}")


class PrivatePostgres:
    """A PostgreSQL cluster of one test: ``initdb`` into ``root``, ``pg_ctl`` to start, stop
    and restart it. Durability settings are PostgreSQL's defaults except ``fsync``: a crash
    of the machine is not what these tests are about."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        pg_ctl = found[-1] if found else shutil.which("pg_ctl")
        if pg_ctl is None:
            pytest.skip("PostgreSQL's initdb and pg_ctl are not installed")
        self.bin = Path(pg_ctl).parent
        self.as_user: list[str] = []
        # Its own directory under /tmp: reachable by the postgres user (pytest's tmp_path is
        # root's alone), and short enough for the socket's path.
        root = Path(tempfile.mkdtemp(prefix="arbiter-pg-"))
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                pytest.skip("running as root without a postgres user to run PostgreSQL as")
            if shutil.which("runuser") is None:
                pytest.skip("running as root without runuser to start PostgreSQL as postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
            os.chown(root, user.pw_uid, user.pw_gid)
        self.root = root
        self.data = root / "data"
        self.port = free_port()
        self._pg(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "--no-sync",
            "-E",
            "UTF8",
        )

    def _pg(self, program: str, *args: str) -> None:
        subprocess.run(
            [*self.as_user, str(self.bin / program), *args],
            check=True,
            capture_output=True,
            text=True,
        )

    @property
    def url(self) -> str:
        """The URL of the ``postgres`` database."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> PrivatePostgres:
        """Start the server and wait until it accepts connections."""
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._pg(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.root / "log"),
            "-w",
            "-o",
            options,
            "start",
        )
        _wait_for_port(self.port)
        return self

    def stop(self) -> None:
        """Stop the server at once (``-m immediate``: its clients' connections just break,
        as when the server crashes or is restarted)."""
        self._pg("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def close(self) -> None:
        """Stop the server if it runs and remove its files (the fixture's end)."""
        subprocess.run(
            [
                *self.as_user,
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.data),
                "-m",
                "immediate",
                "stop",
            ],
            capture_output=True,
        )
        shutil.rmtree(self.root, ignore_errors=True)


class PrivateRedis:
    """A Redis server of one test, without persistence (``--save ''``): a restart loses every
    subscription and message in flight, which is what the tests want."""

    def __init__(self, root: Path) -> None:
        program = shutil.which("redis-server")
        if program is None:
            pytest.skip("redis-server is not installed")
        self.program = program
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The URL of database 0."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> PrivateRedis:
        """Start the server and wait until it answers."""
        self.process = subprocess.Popen(
            [
                self.program,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.root),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for_port(self.port)
        return self

    def stop(self) -> None:
        """Kill the server (its clients' connections break)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None

    close = stop
