"""The organiser's flow in a real browser (Playwright driving Debian's Chromium) against the real
server (``arbiter serve`` on a free port, a fresh SQLite database): one Go McMahon and one Toguz
Korgool Swiss event, from signing in to the exported results. Screenshots of the key pages go to
``tests/artifacts/web/`` (git-ignored).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter.games.go import Game
from arbiter.games.toguz import Position
from arbiter.records.sgf import write_sgf
from arbiter.records.toguz_record import record_from_moves
from arbiter.records.toguz_text import write_federation
from tests.server.helpers import blocked_by_policy
from tests.server.web.flows import GO_CSV, TOGUZ_CSV

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api")

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"
PASSWORD = "organiser password"
TIMEOUT_MS = 15_000


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``arbiter serve`` on a fresh database with one organiser account; its address."""
    folder = tmp_path_factory.mktemp("live")
    url = f"sqlite:///{folder / 'arbiter.db'}"
    env = {**os.environ, "ARBITER_DEMO": "no"}
    command = [sys.executable, "-m", "arbiter"]
    subprocess.run(
        [*command, "user", "create", "organiser", "--name", "Aigul", "--password-stdin"],
        input=PASSWORD + "\n",
        text=True,
        check=True,
        env={**env, "ARBITER_DATABASE_URL": url},
        capture_output=True,
    )
    port = free_port()
    log = (folder / "server.log").open("w")
    server = subprocess.Popen(
        [*command, "serve", "--db", url, "--port", str(port), "--log-level", "warning"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/health", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    "the server did not start: " + (folder / "server.log").read_text()
                )
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()


@pytest.fixture
def page(chromium: Any, live: str) -> Iterator[Any]:
    """A fresh browser window (its own cookies) on the live server."""
    context = chromium.new_context(
        base_url=live, viewport={"width": 1100, "height": 900}, locale="en-GB"
    )
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda exc: problems.append(str(exc)))
    tab.on("console", lambda msg: problems.extend(blocked_by_policy(msg)))
    yield tab
    context.close()
    assert not problems, f"the page's script failed: {problems}"


def shot(page: Any, name: str, *, full: bool = True) -> None:
    """Save a screenshot as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


def sign_in(page: Any) -> None:
    page.goto("/")
    page.get_by_role("link", name="Sign in").first.click()
    page.get_by_label("User name").fill("organiser")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    sync_api.expect(page.get_by_role("status")).to_have_text("You are signed in.")


def new_event(page: Any, name: str, game: str, system: str, settings: dict[str, str]) -> int:
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Event name").fill(name)
    page.get_by_label("Go" if game == "go" else "Toguz Korgool", exact=True).check()
    page.get_by_label("Pairing system").select_option(system)
    page.get_by_label("Rounds").fill("3")
    for label, value in settings.items():
        field = page.locator(f"#f-{label}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.get_by_role("button", name="Create the event").click()
    sync_api.expect(page).to_have_url(re.compile(r"/events/\d+/participants"))
    found = re.search(r"/events/(\d+)/", page.url)
    assert found
    return int(found.group(1))


def register(page: Any, fields: dict[str, str], csv_text: str) -> None:
    for label, value in fields.items():
        page.locator(f"#add #f-{label}").fill(value)
    page.get_by_role("button", name="Register", exact=True).click()
    sync_api.expect(page.get_by_role("status")).to_have_text("The participant is registered.")
    page.locator("#f-format").select_option("csv")
    page.locator("#import input[type=file]").set_input_files(
        {"name": "players.csv", "mimeType": "text/csv", "buffer": csv_text.encode()}
    )
    page.get_by_role("button", name="Import").click()
    sync_api.expect(page.get_by_role("status")).to_have_text(
        "The participants of the file are registered."
    )


def pair_round(page: Any, event: int, number: int) -> None:
    page.goto(f"/events/{event}")
    page.get_by_role("button", name=f"Pair round {number}").click()
    sync_api.expect(page).to_have_url(re.compile(rf"/events/{event}/rounds/{number}\?done=paired"))


def enter_results(page: Any, results: list[str]) -> None:
    """Type each result and press Enter: the script saves it in place and goes on."""
    inputs = page.locator("input[name=result]")
    assert inputs.count() == len(results)
    for i, text in enumerate(results):
        inputs.nth(i).fill(text)
        inputs.nth(i).press("Enter")
        sync_api.expect(page.locator("[data-done]")).to_have_text(str(i + 1))


def table_rows(page: Any) -> list[list[str]]:
    """The report table's rows as text cells."""
    rows: list[list[str]] = page.locator("table.report tbody tr").evaluate_all(
        "rows => rows.map(r => Array.from(r.cells).map(c => c.textContent.trim()))"
    )
    return rows


def download_json(page: Any, link: str) -> Any:
    with page.expect_download() as info:
        page.get_by_role("link", name=link).click()
    return json.loads(Path(info.value.path()).read_text(encoding="utf-8"))


def no_sideways_scrolling(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def test_go_mcmahon_event_from_sign_in_to_export(page: Any, chromium: Any, live: str) -> None:
    sign_in(page)
    event = new_event(
        page, "Bishkek Go Open", "go", "mcmahon", {"city": "Bishkek", "bar": "1d", "komi": "6.5"}
    )
    register(page, {"name": "Chen, Wei", "rank": "2d", "club": "Beijing"}, GO_CSV)
    names = page.locator("table.players td.name").all_text_contents()
    assert len(names) == 7 and names[0] == "Chen Wei"
    shot(page, "go-participants")

    pair_round(page, event, 1)
    games = page.locator("input[name=result]")
    assert games.count() == 3
    assert page.locator("tr.bye").count() == 1
    shot(page, "go-round-1")

    page.get_by_role("link", name="Print the pairings").click()
    sync_api.expect(page.locator("table.report tbody tr")).to_have_count(4)
    page.emulate_media(media="print")
    shot(page, "go-pairings-print")
    page.emulate_media(media="screen")
    page.go_back()

    # a result the grammar refuses is shown next to its game, and nothing is saved
    games.first.fill("B+X")
    games.first.press("Enter")
    error = page.locator("#t1 [data-error]")
    sync_api.expect(error).to_be_visible()
    assert page.locator("[data-done]").text_content() == "0"
    enter_results(page, ["B+R", "W+2.5", "B+0.5"])
    sync_api.expect(error).to_be_hidden()
    page.reload()
    assert page.locator("input[name=result]").evaluate_all("l => l.map(i => i.value)") == [
        "B+R",
        "W+2.5",
        "B+0.5",
    ]
    page.get_by_role("button", name="Publish the round").click()
    sync_api.expect(page.get_by_role("status")).to_have_text("The round is published.")

    page.get_by_role("navigation", name="Event").get_by_role("link", name="Standings").click()
    page.wait_for_url("**/standings*")  # the click returns before the new page is there
    rows = table_rows(page)
    assert len(rows) == 7
    assert sorted(r[3] for r in rows) == ["0", "0", "0", "1", "1", "1", "1"]  # with the bye
    shot(page, "go-standings")
    page.get_by_role("navigation", name="Event").get_by_role("link", name="Crosstable").click()
    page.wait_for_url("**/crosstable*")
    cross = table_rows(page)
    assert {r[1] for r in cross} == set(names)
    # the wall list: round 1's column, three games won (``2+/b0``) and the bye (``0+``)
    assert sum(bool(re.fullmatch(r"\d+\+/[bw]\d", r[5])) for r in cross) == 3
    shot(page, "go-crosstable")

    # a game's record: store it, then step through it without reloading
    page.goto(f"/events/{event}/rounds/1/games/1")
    sgf = write_sgf(
        Game.new(19).play("Q16").play("D4").play("Q4").play("D16", comment="a calm move")
    )
    page.get_by_label("or paste the record").fill(sgf.decode())
    page.get_by_role("button", name="Store the record").click()
    sync_api.expect(page.locator("[data-position]")).to_have_text("4 / 4")
    page.get_by_role("button", name="Previous move").click()
    sync_api.expect(page.locator("[data-caption]")).to_have_text("3. Black Q4")
    page.locator("[data-viewer]").press("Home")
    sync_api.expect(page.locator("[data-position]")).to_have_text("0 / 4")
    page.locator("[data-moves] button").nth(3).click()
    sync_api.expect(page.locator("[data-comment]")).to_have_text("a calm move")
    assert page.url.endswith("ply=4")
    shot(page, "go-record-viewer")

    page.goto(f"/events/{event}")
    exported = download_json(page, "Event file (JSON)")
    assert exported["settings"]["bar"] == "1d"
    assert [g["result"] for g in exported["rounds"][0]["games"]] == ["B+R", "W+2.5", "B+0.5"]

    # a standings screen in the hall follows the results entered meanwhile, without reloading
    pair_round(page, event, 2)
    hall = page.context.new_page()
    hall.clock.install()
    hall.goto(f"/events/{event}/standings")
    assert "after round 2" in hall.locator("h2").first.text_content()
    assert sum(float(r[3]) for r in table_rows(hall)) == 5  # round 1, and round 2's bye
    enter_results(page, ["W+R", "B+R", "W+R"])
    hall.clock.fast_forward(31_000)
    hall.wait_for_function(
        "() => Array.from(document.querySelectorAll('table.report tbody tr'))"
        ".reduce((s, r) => s + Number(r.cells[3].textContent), 0) === 8"
    )
    hall.close()

    # on a phone: the round's games are cards, nothing scrolls sideways
    phone = chromium.new_context(base_url=live, viewport={"width": 360, "height": 740})
    mobile = phone.new_page()
    mobile.goto(f"/events/{event}/rounds/2")
    assert mobile.locator("text=Sign in").count() >= 1  # another browser: not signed in
    mobile.close()
    phone.close()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"/events/{event}/rounds/2")
    no_sideways_scrolling(page)
    shot(page, "go-round-2-phone")
    for path in (
        "",
        "/participants",
        "/standings",
        "/crosstable",
        "/settings",
        "/rounds/1/games/1",
    ):
        page.goto(f"/events/{event}{path}")
        no_sideways_scrolling(page)
    shot(page, "go-record-viewer-phone")


def test_toguz_swiss_event_in_kyrgyz_and_english(page: Any) -> None:
    sign_in(page)
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Toguz Korgool", exact=True).check()
    sync_api.expect(page.locator("#f-komi")).to_be_hidden()  # a Go setting
    sync_api.expect(page.locator("option[value=mcmahon]")).to_be_disabled()
    page.goto("/")
    event = new_event(
        page, "Naryn Toguz Cup", "toguz", "swiss", {"korgools": "required", "city": "Naryn"}
    )
    register(page, {"name": "Duishov, Emil", "rating": "1500", "title": "II"}, TOGUZ_CSV)
    assert page.locator("table.players td.name").count() == 7

    pair_round(page, event, 1)
    inputs = page.locator("input[name=result]")
    assert inputs.count() == 3
    # korgool counts are required by this event: a bare 1-0 is refused in place
    inputs.first.fill("1-0")
    inputs.first.press("Enter")
    sync_api.expect(page.locator("[data-error]").first).to_contain_text("korgool")
    enter_results(page, ["1(82)-0(60)", "0(70)-1(92)", "1/2(81)-1/2(81)"])
    page.get_by_role("link", name="Print result slips").click()
    sync_api.expect(page.locator("section.slip")).to_have_count(3)
    shot(page, "toguz-result-slips")
    page.go_back()
    page.get_by_role("button", name="Publish the round").click()

    # the language switch on every page; the choice stays
    page.get_by_role("link", name="Кыргызча").click()
    sync_api.expect(page.locator("html")).to_have_attribute("lang", "ky")
    page.get_by_role("navigation", name="Мелдеш").get_by_role(
        "link", name="Жыйынтык таблица"
    ).click()
    sync_api.expect(page.locator("h2").first).to_contain_text("Жыйынтык таблица")
    points = sorted(r[3] for r in table_rows(page))
    assert points == ["0", "0", "0.5", "0.5", "1", "1", "1"]  # a draw and a bye
    shot(page, "toguz-standings-ky")
    page.get_by_role("navigation", name="Мелдеш").get_by_role(
        "link", name="Турнирдик таблица"
    ).click()
    page.wait_for_url("**/crosstable*")
    headers = page.locator("table.report thead th").all_text_contents()
    assert headers[:2] == ["№", "Фамилиясы, аты"]
    shot(page, "toguz-crosstable-ky")
    page.get_by_role("link", name="English").click()
    sync_api.expect(page.locator("html")).to_have_attribute("lang", "en")

    # a record in the federation's notation, uploaded as a file and stepped through
    page.goto(f"/events/{event}/rounds/1/games/1")
    moves = [7, 8, 9, 1, 2, 3]
    record = write_federation(
        record_from_moves(Position.initial(), moves, {"White": "A", "Black": "B"})
    )
    page.locator("#f-file").set_input_files(
        {"name": "game.txt", "mimeType": "text/plain", "buffer": record.encode()}
    )
    page.get_by_role("button", name="Store the record").click()
    sync_api.expect(page.locator("[data-position]")).to_have_text("6 / 6")
    page.get_by_role("button", name="Start").click()
    sync_api.expect(page.locator("[data-facts] dd").first).to_have_text("0")
    page.get_by_role("button", name="Next move").click()
    sync_api.expect(page.locator("[data-caption]")).to_have_text("1. White 76")
    sync_api.expect(page.locator("[data-facts] dd").first).to_have_text("10")
    assert page.locator('[data-frame-board] g.pit[data-side="white"][data-pit="7"]').count() == 1
    shot(page, "toguz-record-viewer")

    page.goto(f"/events/{event}")
    exported = download_json(page, "Event file (JSON)")
    assert exported["game"] == "toguz" and len(exported["players"]) == 7
    pair_round(page, event, 2)
    assert page.locator("input[name=result]").count() == 3
    shot(page, "toguz-round-2")
    page.goto("/")
    shot(page, "home")
