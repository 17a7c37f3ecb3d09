"""The commands: ``arbiter serve`` as a subprocess (what ``make run`` starts), ``arbiter db``,
``arbiter user``."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from arbiter.cli import main
from arbiter.server.migrate import head

STARTUP_LIMIT = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARBITER_")}
    env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[str], float]]:
    """``arbiter serve --port P`` started in an empty directory (default database there)."""
    port = free_port()
    start = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "arbiter", "serve", "--port", str(port)],
        cwd=tmp_path,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    ready = None
    while time.monotonic() - start < STARTUP_LIMIT and process.poll() is None:
        try:
            if httpx.get(f"{base}/api/health", timeout=2).status_code == 200:
                ready = time.monotonic() - start
                break
        except httpx.TransportError:
            time.sleep(0.2)
    try:
        if ready is None:
            process.kill()
            output = process.communicate()[0]
            pytest.fail(f"arbiter serve did not answer within {STARTUP_LIMIT} s:\n{output}")
        yield base, process, ready
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.mark.slow
def test_serve_answers_with_the_demo_events(
    served: tuple[str, subprocess.Popen[str], float], tmp_path: Path
) -> None:
    base, process, ready = served
    assert ready < STARTUP_LIMIT
    home = httpx.get(f"{base}/", timeout=10)
    assert home.status_code == 200, home.text[:2000]
    events = httpx.get(f"{base}/api/events", timeout=10).json()
    by_game = {(e["game"], e["system"]): e for e in events}
    assert set(by_game) == {("go", "mcmahon"), ("toguz", "swiss")}
    go = by_game[("go", "mcmahon")]
    assert go["name"] in home.text
    standings = httpx.get(f"{base}/api/events/{go['id']}/standings", timeout=10).json()
    assert len(standings["rows"]) == 12 and standings["order"][0] == "MMS"
    toguz = by_game[("toguz", "swiss")]
    rows = httpx.get(f"{base}/api/events/{toguz['id']}/standings", timeout=10).json()["rows"]
    assert len(rows) == 10
    assert (tmp_path / "arbiter.db").exists()
    process.send_signal(signal.SIGINT)
    output = process.communicate(timeout=20)[0]
    assert f"arbiter serving on {base}" in output
    assert "demo event" in output


def test_serve_refuses_a_port_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(SystemExit) as exit_info:
            main(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'a.db'}"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == (
        f"arbiter: 127.0.0.1:{port} is in use: choose another port with --port\n"
    )


@dataclass
class Ran:
    """What a command did: exit code, standard output and error."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Callable[..., Ran]:
    """Run ``arbiter ARGS`` in this process (with ``stdin``), without ARBITER_* variables."""
    for name in [k for k in os.environ if k.startswith("ARBITER_")]:
        monkeypatch.delenv(name)

    def call(args: list[str], stdin: str = "") -> Ran:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        with pytest.raises(SystemExit) as exit_info:
            main(args)
        out = capsys.readouterr()
        return Ran(int(exit_info.value.code or 0), out.out, out.err)

    return call


def test_db_upgrade_and_user_create_admin(tmp_path: Path, run: Callable[..., Ran]) -> None:
    url = f"sqlite:///{tmp_path / 'arbiter.db'}"
    empty = run(["db", "current", "--db", url])
    assert empty.returncode == 0 and "revision none (empty)" in empty.stdout
    up = run(["db", "upgrade", "--db", url])
    assert up.returncode == 0 and f"upgraded from empty to {head()}" in up.stdout
    again = run(["db", "upgrade", "--db", url])
    assert again.stdout.strip().endswith(f"already at revision {head()}")
    assert "(current)" in run(["db", "current", "--db", url]).stdout

    made = run(
        ["user", "create", "chief", "--admin", "--password-stdin", "--db", url], "a long secret\n"
    )
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("created administrator chief (id 1)")
    taken = run(["user", "create", "Chief", "--password-stdin", "--db", url], "another secret\n")
    assert taken.returncode == 2
    assert taken.stderr == "arbiter: the user name 'Chief' is taken\n"
    short = run(["user", "create", "x2", "--password-stdin", "--db", url], "short\n")
    assert short.returncode == 2 and "at least 8 characters" in short.stderr
    nobody = run(["user", "password", "ghost", "--password-stdin", "--db", url], "a new secret\n")
    assert nobody.returncode == 2 and nobody.stderr == "arbiter: no account named 'ghost'\n"
    reset = run(["user", "password", "chief", "--password-stdin", "--db", url], "a new secret\n")
    assert reset.returncode == 0
    listed = run(["user", "list", "--db", url])
    assert listed.stdout.splitlines() == ["1\tchief\tchief  admin"]


def test_db_commands_name_a_bad_database(tmp_path: Path, run: Callable[..., Ran]) -> None:
    bad = run(["db", "upgrade", "--db", "mysql://localhost/x"])
    assert bad.returncode == 2
    assert bad.stderr.startswith("arbiter: unsupported database 'mysql://localhost/x'")
    missing = run(["db", "upgrade", "--db", f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}"])
    assert missing.returncode == 2 and missing.stderr.startswith("arbiter: cannot upgrade")
    assert "Traceback" not in missing.stderr


def test_serve_without_upgrade_refuses_an_old_schema(
    tmp_path: Path, run: Callable[..., Ran]
) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    refused = run(["serve", "--no-upgrade", "--db", url, "--port", str(free_port())])
    assert refused.returncode == 2
    assert refused.stderr == (
        f"arbiter: the database is empty, not at {head()}: run 'arbiter db upgrade' first\n"
    )
