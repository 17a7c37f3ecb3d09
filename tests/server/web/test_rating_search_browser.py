"""The rating-list search with its script, in a real browser (Playwright driving Debian's
Chromium) against ``arbiter serve``: an administrator loads the EGF sample on the upload page,
then finds a player as they type on the participants page; a click fills the registration
form, PIN included."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import DATA
from tests.server.helpers import blocked_by_policy
from tests.server.web.test_browser import TIMEOUT_MS, free_port, new_event, shot

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api")

SAMPLE = DATA / "ratings" / "egf_allworld_sample.html"
PASSWORD = "administrator password"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``arbiter serve`` on a fresh database with an administrator's account; its address."""
    if not SAMPLE.exists():
        pytest.skip(f"{SAMPLE} is not here (../shared/data)")
    folder = tmp_path_factory.mktemp("lists")
    url = f"sqlite:///{folder / 'arbiter.db'}"
    env = {**os.environ, "ARBITER_DEMO": "no", "ARBITER_DATABASE_URL": url}
    command = [sys.executable, "-m", "arbiter"]
    subprocess.run(
        [*command, "user", "create", "root", "--admin", "--password-stdin"],
        input=PASSWORD + "\n",
        text=True,
        check=True,
        env=env,
        capture_output=True,
    )
    port = free_port()
    with (folder / "server.log").open("w") as log:
        server = subprocess.Popen(
            [*command, "serve", "--port", str(port), "--log-level", "warning"],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while not _answers(base):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((folder / "server.log").read_text())
                time.sleep(0.2)
            yield base
        finally:
            server.terminate()
            server.wait(timeout=20)


def _answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/api/health", timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def test_find_as_one_types_and_fill_the_form(chromium: Any, live: str) -> None:
    context = chromium.new_context(base_url=live, viewport={"width": 1100, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("console", lambda msg: problems.extend(blocked_by_policy(msg)))
    expect = sync_api.expect

    page.goto("/login")
    page.get_by_label("User name").fill("root")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("status")).to_have_text("You are signed in.")

    page.goto("/admin/rating-lists")
    page.locator("#f-registry").select_option("egf")
    page.locator("input[type=file]").set_input_files(str(SAMPLE))
    page.get_by_role("button", name="Load", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("The list EGF (EGD) is loaded.")
    shot(page, "rating-lists")

    page.goto("/")
    event = new_event(page, "Lists Cup", "go", "mcmahon", {})
    page.locator("#f-find").fill("rene aa")
    row = page.locator("[data-rating-results] tbody tr")
    expect(row).to_have_count(1)
    expect(row.first).to_contain_text("Aaij Rene")
    shot(page, "rating-search")
    row.first.get_by_role("button", name="Use").click()
    assert page.locator("#add #f-name").input_value() == "Aaij, Rene"
    assert page.locator("#add #f-rank").input_value() == "4d"
    assert page.locator("#add #f-rating").input_value() == "2388"
    assert page.locator("#add #f-club").input_value() == "Gron"
    assert page.locator("#add #f-country").input_value() == "NL"
    expect(page.locator("[data-list-id-note]")).to_contain_text("EGF 10537560")
    page.get_by_role("button", name="Register", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("The participant is registered.")
    answer = page.request.get(f"/api/events/{event}/participants")
    [player] = answer.json()["players"]
    assert (player["name"], player["rank"], player["ids"]) == (
        "Aaij Rene",
        "4d",
        {"egf": "10537560"},
    )

    # a name typed over the chosen one drops the list's id
    page.locator("#f-find").fill("10825089")
    expect(page.locator("[data-rating-results] tbody tr")).to_have_count(1)
    page.locator("[data-rating-results] button").click()
    expect(page.locator("[data-list-id-note]")).to_be_visible()
    page.locator("#add #f-name").fill("Abramov, Pyotr")
    expect(page.locator("[data-list-id-note]")).to_be_hidden()
    assert page.locator("#add [name=list_id]").input_value() == ""
    page.locator("#f-find").fill("nobody at all")
    expect(page.locator("[data-rating-results]")).to_have_text("Nobody found.")
    context.close()
    assert not problems, f"the page's script failed: {problems}"
