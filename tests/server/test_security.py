"""The holes a probe of the server found, each closed: a page of another site moving for a
signed-in player over the live-play socket, signing a visitor in from another site, pages
without a Content-Security-Policy, seat cookies without ``Secure`` behind HTTPS, sign-in limits
that failed under concurrency (and cost 64 MiB per attempt), and CSV cells a spreadsheet would
run as formulas."""

from __future__ import annotations

import asyncio
import csv
import io
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from arbiter.server.play.client import PlayClient
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts, entries, events, ratings, results, rounds
from tests.server.conftest import PASSWORD, Server
from tests.server.play.conftest import LiveServer, MakeRuntime, free_port, run

EVIL = "http://evil.example"


@pytest.fixture
def live(sqlite_runtime: Runtime) -> Iterator[LiveServer]:
    """A live server on SQLite."""
    server = LiveServer(sqlite_runtime).start()
    yield server
    server.stop()


FORMULA = '=HYPERLINK("http://evil.example","x")'


def _bearer(live: LiveServer, username: str) -> str:
    user = accounts.create_user(live.rt, username, PASSWORD)
    return accounts.open_session(live.rt, user, "token", "t").secret


def test_a_page_of_another_site_cannot_act_as_the_player(live: LiveServer) -> None:
    token = _bearer(live, "aigul")
    made = live.post(
        "/api/play/games", {"game": "toguz", "time_control": "5m", "side": "white"}, token=token
    )
    live.post(f"/api/play/games/{made['id']}/join", {"invite": made["invite"]})
    signed_in = httpx.post(
        f"{live.http}/api/auth/login", json={"username": "aigul", "password": PASSWORD}
    )
    cookie = f"arbiter_session={signed_in.cookies['arbiter_session']}"
    gid = int(made["id"])

    async def attack() -> None:
        with pytest.raises(websockets.InvalidStatus) as refused:
            await PlayClient.connect(live.ws, gid, cookie=cookie, origin=EVIL)
        assert refused.value.response.status_code == 403
        for other in ("http://127.0.0.1:1", f"http://sub.127.0.0.1:{live.port}"):
            with pytest.raises(websockets.InvalidStatus):
                await PlayClient.connect(live.ws, gid, cookie=cookie, origin=other)
        # From the site itself, the same cookie is the player.
        mine = await PlayClient.connect(live.ws, gid, cookie=cookie, origin=live.http)
        assert mine.welcome and mine.welcome["you"] == {
            "role": "player",
            "seat": "white",
            "name": "aigul",
        }
        assert mine.game is not None and mine.game["ply"] == 0  # nothing was played
        await mine.close()

    run(attack())


def test_another_site_cannot_sign_a_visitor_in(server: Server) -> None:
    accounts.create_user(server.rt, "org", PASSWORD)
    browser = server.browser()
    form = {"username": "org", "password": PASSWORD, "next": "/"}
    forged = browser.post("/login", data=form, headers={"Origin": EVIL}, follow_redirects=False)
    assert forged.status_code == 403 and "arbiter_session" not in forged.headers.get(
        "set-cookie", ""
    )
    # Without the visitor's token (a form posted from elsewhere that hides its origin): refused.
    hidden = browser.post("/login", data=form, follow_redirects=False)
    assert hidden.status_code == 403 and "arbiter_session" not in str(hidden.headers)
    # The API's sign-in from another site's page: refused too.
    api = browser.post("/api/auth/login", json=form, headers={"Origin": EVIL})
    assert api.status_code == 403 and "arbiter_session" not in str(api.headers)
    # The site's own form, with its token, signs in.
    browser = server.browser()
    page = browser.get("/login")
    token = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page.text)
    assert token is not None
    assert "HttpOnly" in page.headers["set-cookie"] and "SameSite=lax" in page.headers["set-cookie"]
    ok = browser.post("/login", data={**form, "csrf_token": token.group(1)}, follow_redirects=False)
    assert ok.status_code == 303 and "arbiter_session=" in ok.headers["set-cookie"]


def test_every_page_has_a_strict_content_security_policy(server: Server) -> None:
    browser = server.browser()
    for path in ("/", "/login", "/play", "/viewer", "/ratings", "/api/health", "/nowhere"):
        answer = browser.get(path)
        policy = answer.headers["content-security-policy"]
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, path
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert answer.headers["referrer-policy"] == "same-origin"
        assert "camera=()" in answer.headers["permissions-policy"]
        assert answer.headers["x-content-type-options"] == "nosniff"


def test_seat_cookies_are_secure_behind_a_trusted_https_proxy(
    make_runtime: MakeRuntime, tmp_path: Path
) -> None:
    rt = make_runtime(f"sqlite:///{tmp_path / 'p.db'}", trusted_proxies=("127.0.0.1",))
    live = LiveServer(rt).start()
    try:
        client = httpx.Client(base_url=live.http, follow_redirects=False)
        page = client.get("/play", headers={"X-Forwarded-Proto": "https"})
        token = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page.text)
        assert token is not None
        visitor = page.headers["set-cookie"]
        assert "Secure" in visitor  # so the client below sends it by hand (it is on http)
        made = client.post(
            "/play/new",
            data={"game": "toguz", "time_control": "5m", "csrf_token": token.group(1)},
            headers={
                "X-Forwarded-Proto": "https",
                "Origin": "https://" + live.http.removeprefix("http://"),
                "Cookie": visitor.split(";")[0],
            },
        )
        assert made.status_code == 303, made.text
        cookies = made.headers.get_list("set-cookie")
        seats = [c for c in cookies if c.startswith(("arbiter_seat_", "arbiter_invite_"))]
        assert len(seats) == 2
        for cookie in seats:
            assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    finally:
        live.stop()


def test_forwarded_headers_of_an_untrusted_client_are_ignored(live: LiveServer) -> None:
    client = httpx.Client(base_url=live.http, follow_redirects=False)
    page = client.get("/play", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" not in page.headers["set-cookie"]  # the proxy is not trusted


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, int]]:
    """``arbiter serve`` with the real password cost (argon2id, 64 MiB) and the default
    sign-in limits; its address and process id."""
    port = free_port()
    env = {**os.environ, "ARBITER_SECRET_KEY": "test-secret-key-0123456789"}
    for key in ("ARBITER_LOGIN_LIMIT_CLIENT", "ARBITER_LOGIN_LIMIT_ACCOUNT"):
        env.pop(key, None)
    db = f"sqlite:///{tmp_path / 'served.db'}"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "arbiter",
            "user",
            "create",
            "aigul",
            "--db",
            db,
            "--password-stdin",
        ],
        input=f"{PASSWORD}\n",
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    command = [sys.executable, "-m", "arbiter", "serve", "--port", str(port), "--db", db]
    process = subprocess.Popen(
        [*command, "--no-demo", "--log-level", "warning"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield base, process.pid
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        process.kill()


def _peak_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    assert found
    return int(found.group(1)) / 1024


@pytest.mark.slow
def test_concurrent_wrong_passwords_meet_the_limits_and_the_memory_stays_bounded(
    served: tuple[str, int],
) -> None:
    base, pid = served

    async def guesses() -> list[int]:
        async with httpx.AsyncClient(base_url=base, timeout=60) as client:
            tries = [
                client.post(
                    "/api/auth/token", data={"username": "aigul", "password": f"guess-{i:04d}"}
                )
                for i in range(40)
            ]
            return [r.status_code for r in await asyncio.gather(*tries)]

    codes = asyncio.run(guesses())
    assert codes.count(401) <= 5, codes  # the account's limit: 5 a minute
    assert set(codes) <= {401, 429}
    assert _peak_mb(pid) < 300, f"peak {_peak_mb(pid):.0f} MB"

    # Another address for every attempt, claimed in X-Forwarded-For: the peer is not a trusted
    # proxy, so all of them count against the one address (20 a minute).
    rotating = [
        httpx.post(
            base + "/api/auth/token",
            data={"username": f"nobody{i}", "password": "wrong-password"},
            headers={"X-Forwarded-For": f"10.{i // 256}.{i % 256}.7"},
            timeout=30,
        ).status_code
        for i in range(30)
    ]
    assert rotating[-5:] == [429] * 5, rotating
    assert _peak_mb(pid) < 300


def test_formula_names_are_neutralised_in_every_csv(server: Server) -> None:
    rt = server.rt
    chief = accounts.create_user(rt, "chief", PASSWORD, admin=True)
    made = events.create_event(
        rt, chief, game="go", system="swiss", name="Cup", settings={"rounds": "3"}
    )
    for name in (FORMULA, "+cmd|' /C calc'!A0", "Asanov Bakyt", "Bekova Aida"):
        entries.add_player(rt, chief, made.id, entries.PlayerFields(name, rank="1d"))
    rounds.pair_round(rt, chief, made.id, 1)
    events.publish_event(rt, chief, made.id, True)
    for table in (1, 2):
        results.record_result(rt, chief, made.id, 1, table, None, "B+R")
    api = server.sign_in("chief")
    base = f"/api/events/{made.id}"
    exports = {
        "standings": api.get(f"{base}/standings?format=csv"),
        "crosstable": api.get(f"{base}/crosstable?format=csv"),
        "pairings": api.get(f"{base}/rounds/1?format=csv"),
    }
    for what, answer in exports.items():
        assert answer.status_code == 200, (what, answer.text)
        cells = [c for row in csv.reader(io.StringIO(answer.text)) for c in row]
        assert not [c for c in cells if c.startswith(("=", "+", "@", "\t", "\r"))], what
        assert any(c.startswith("'=HYPERLINK(") for c in cells), (what, answer.text)
    listed = ratings.list_csv("egf", [_row(FORMULA)])
    assert "'" + FORMULA in next(csv.reader(io.StringIO(listed.splitlines()[1])))


def _row(name: str) -> Any:
    from datetime import UTC, datetime

    return ratings.ListRow(1, 1, name, 2100.0, None, 3, datetime(2026, 12, 1, tzinfo=UTC))
