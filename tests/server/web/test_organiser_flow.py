"""A chief referee who has never seen a terminal runs a McMahon from the browser alone (issue
14), in English and in Russian: a fresh server with no account, the first sign-up is the
administrator, the EGF list loaded on its page, 20 players registered by searching it, a
duplicate caught, a referee appointed (who signs up and enters a round's results), a claim link
used by a third account, three settings changed in the form, three rounds paired and played,
the pairings and standings printed, the ``.h9`` downloaded in the order of the standings.

Nothing here calls the command line or the API: every step is a page. In Russian, no page of
the flow shows a catalogue text left in English."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from arbiter import i18n
from tests.conftest import DATA
from tests.server.helpers import blocked_by_policy
from tests.server.web.test_browser import TIMEOUT_MS, free_port, shot, table_rows

pytestmark = pytest.mark.slow
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

SAMPLE = DATA / "ratings" / "egf_allworld_sample.html"
PASSWORD = "a long password"
#: Collects what every page shows, for the language check.
TEXTS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.parentElement.closest("script, style")) continue;
    const t = n.textContent.replace(/\\s+/g, " ").trim();
    if (t) out.push(t);
  }
  const named = "[placeholder], [title], [aria-label], [data-confirm]";
  for (const e of document.querySelectorAll(named)) {
    for (const a of ["placeholder", "title", "aria-label", "data-confirm"]) {
      if (e.getAttribute(a)) out.push(e.getAttribute(a).trim());
    }
  }
  return out;
}"""


@functools.cache
def english(lang: str) -> frozenset[str]:
    """The catalogue's English texts that read differently in ``lang``."""
    with i18n.catalogue_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    return frozenset(
        m.id
        for m in catalog
        if isinstance(m.id, str) and isinstance(m.string, str) and m.string and m.string != m.id
    )


def pins(count: int) -> list[str]:
    """The PINs of the first ``count`` players of the EGF sample with a name."""
    found = re.findall(r"^\s*(\d{8})\s+(?!\(undefined\))\S", SAMPLE.read_text(), re.M)
    assert len(found) >= count
    return found[:count]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """``arbiter serve`` on an empty database: no account, no demo events; its address."""
    if not SAMPLE.exists():
        pytest.skip(f"{SAMPLE} is not here (../shared/data)")
    url = f"sqlite:///{tmp_path / 'arbiter.db'}"
    env = {**os.environ, "ARBITER_DEMO": "no", "ARBITER_DATABASE_URL": url}
    port = free_port()
    with (tmp_path / "server.log").open("w") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "arbiter",
                "serve",
                "--port",
                str(port),
                "--log-level",
                "warning",
            ],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while not _answers(base):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((tmp_path / "server.log").read_text())
                time.sleep(0.2)
            yield base
        finally:
            process.terminate()
            process.wait(timeout=20)


def _answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/api/health", timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


class Person:
    """One browser window of one person, checking the language of every page it sees."""

    def __init__(self, chromium: Any, base: str, lang: str, width: int = 1100) -> None:
        self.lang = lang
        self.context = chromium.new_context(
            base_url=base, viewport={"width": width, "height": 900}, accept_downloads=True
        )
        self.context.set_default_timeout(TIMEOUT_MS)
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.page.on("pageerror", lambda exc: self.problems.append(str(exc)))
        self.page.on("console", lambda msg: self.problems.extend(blocked_by_policy(msg)))
        self.page.on("load", lambda page: self.check_language())
        self.untranslated: dict[str, set[str]] = {}
        self.page.goto(f"/?lang={lang}")  # remembered by the language cookie

    def check_language(self) -> None:
        """Note every text of the page that the catalogue translates but the page shows in
        English."""
        if self.lang == i18n.DEFAULT:
            return
        try:
            texts = self.page.evaluate(TEXTS)
        except sync_api.Error:  # the page went on meanwhile
            return
        left = {t for t in texts if t in english(self.lang)}
        if left:
            self.untranslated.setdefault(self.page.url, set()).update(left)

    def go(self, path: str) -> Any:
        """Open a page of the site."""
        self.page.goto(path)
        return self.page

    def submit(self, form: str) -> None:
        """Press the submit button of the form ``form`` (a selector)."""
        self.page.locator(f"{form} button[type=submit]").first.click()
        self.page.wait_for_load_state()

    def sign_up(self, username: str, name: str) -> None:
        """Open an account on the sign-up page."""
        page = self.go("/signup")
        page.locator("#f-username").fill(username)
        page.locator("#f-display_name").fill(name)
        page.locator("#f-password").fill(PASSWORD)
        page.locator("#f-password2").fill(PASSWORD)
        self.submit("form[action='/signup']")
        expect(page).to_have_url(re.compile(r"/account\?done=account-created"))

    def close(self) -> None:
        self.context.close()
        assert not self.problems, f"the page's script failed: {self.problems}"
        assert not self.untranslated, f"English left on {self.lang} pages: {self.untranslated}"


def enter_round(person: Person, event: int, number: int) -> None:
    """Enter a result for every game of the round (the first mover wins)."""
    page = person.go(f"/events/{event}/rounds/{number}")
    inputs = page.locator("input[name=result]")
    count = inputs.count()
    assert count == 10
    for i in range(count):
        inputs.nth(i).fill("B+R" if i % 3 else "W+R")
        inputs.nth(i).press("Enter")
        expect(page.locator("[data-done]")).to_have_text(str(i + 1))


def run_the_event(chromium: Any, base: str, lang: str) -> None:
    chief = Person(chromium, base, lang)
    chief.sign_up("chief", "Aigul Bekova")
    # the first account of the server is its administrator: it loads the EGF list
    page = chief.go("/admin/rating-lists")
    page.locator("#f-registry").select_option("egf")
    page.locator("input[type=file]").set_input_files(str(SAMPLE))
    chief.submit("form[action='/admin/rating-lists']")
    expect(page).to_have_url(re.compile(r"loaded=egf"))

    page = chief.go("/events/new")
    page.locator("#f-name").fill("Бишкек Опен" if lang == "ru" else "Bishkek Open")
    page.locator("input[name=game][value=go]").check()
    page.locator("#f-system").select_option("mcmahon")
    page.locator("#f-rounds").fill("3")
    chief.submit("form[action='/events/new']")
    expect(page).to_have_url(re.compile(r"/events/\d+/participants"))
    found = re.search(r"/events/(\d+)/", page.url)
    assert found
    event = int(found.group(1))

    chosen = pins(21)
    for pin in chosen[:20]:
        page.locator("#f-find").fill(pin)
        expect(page.locator("[data-rating-results] tbody tr")).to_have_count(1)
        page.locator("[data-rating-results] button").click()
        assert page.locator("#add [name=list_id]").input_value() == pin
        page.locator("#add button[type=submit].primary").click()
        expect(page).to_have_url(re.compile(r"done=added"))
    assert page.locator("table.players tbody tr").count() == 20
    shot(page, f"flow-{lang}-participants")
    # the same player again: caught, not registered
    page.locator("#f-find").fill(chosen[0])
    expect(page.locator("[data-rating-results] tbody tr")).to_have_count(1)
    page.locator("[data-rating-results] button").click()
    page.locator("#add button[type=submit].primary").click()
    # an exact duplicate is refused; a likely one asks for a confirmation
    expect(page.locator("#likely-duplicates, #add .error").first).to_be_visible()
    assert chief.go(f"/events/{event}/participants").locator("table.players tbody tr").count() == 20

    # a referee signs up and is appointed; a player claims an entry with a link
    referee = Person(chromium, base, lang, width=390)
    referee.sign_up("ruslan", "Ruslan Referee")
    page = chief.go(f"/events/{event}/people")
    page.locator("#f-username").fill("ruslan")
    page.locator("#f-role").select_option("referee")
    chief.submit(f"form[action='/events/{event}/people/roles']")
    expect(page.locator("#roles")).to_contain_text("Ruslan Referee")
    chief.submit(f"form[action='/events/{event}/people/entries/2/claim-link']")
    link = page.locator("input.copy").input_value()
    assert "/claim?token=lnk_" in link
    player = Person(chromium, base, lang, width=390)
    player.sign_up("kim", "Kim Player")
    player.go(link)
    player.submit("form[action='/claim']")
    expect(player.page).to_have_url(re.compile(rf"/events/{event}\?done=claimed"))
    shot(chief.go(f"/events/{event}/people"), f"flow-{lang}-people")
    assert chief.page.locator("#entries tbody tr").nth(1).inner_text().count("kim") == 1

    # three settings through the form
    page = chief.go(f"/events/{event}/settings")
    page.locator("#f-komi").fill("7.5")
    page.locator("#f-ruleset").select_option("chinese")
    page.locator("#f-handicap_max").fill("5")
    chief.submit("form.settings-form")
    page = chief.go(f"/events/{event}/settings")
    assert page.locator("#f-komi").input_value() == "7.5"
    assert page.locator("#f-ruleset").input_value() == "chinese"
    assert page.locator("#f-handicap_max").input_value() == "5"

    for number in (1, 2, 3):
        chief.go(f"/events/{event}")
        chief.submit(f"form[action='/events/{event}/rounds']")
        expect(chief.page).to_have_url(re.compile(rf"/rounds/{number}\?done=paired"))
        enter_round(referee if number == 1 else chief, event, number)

    page = chief.go(f"/events/{event}/rounds/3/print")
    expect(page.locator("table.report tbody tr")).to_have_count(10)
    page = chief.go(f"/events/{event}/standings/print?round=3")
    expect(page.locator("table").first).to_be_visible()
    page = chief.go(f"/events/{event}/standings")
    standings = page.locator("table.report tbody td.name").all_text_contents()
    assert len(standings) == 20 and len(table_rows(page)) == 20
    shot(page, f"flow-{lang}-standings")
    page = chief.go(f"/events/{event}")
    with page.expect_download() as download:
        page.locator("a[href$='/export/h9']").click()
    h9 = Path(download.value.path()).read_text(encoding="iso-8859-15")
    lines = [line for line in h9.splitlines() if line.strip() and not line.startswith(";")]
    assert len(lines) == 20
    assert all(re.search(r"\|\d{8}\s*$", line) for line in lines)  # the EGF PINs
    # the place is written once for tied players (blank below the first)
    # and the name's words joined by "_" within surname and given name
    names = [re.match(r"^\s*\d*\s+(.*?)\s+\d+[KDP]\s", line) for line in lines]
    in_file = [" ".join(m.group(1).replace("_", " ").split()) if m else "" for m in names]
    assert in_file == [" ".join(name.split()) for name in standings]
    for person in (chief, referee, player):
        person.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_mcmahon_run_from_the_browser_alone(chromium: Any, server: str, lang: str) -> None:
    run_the_event(chromium, server, lang)
