"""The lobby of ``/play`` in real browsers (Playwright driving Debian's Chromium), each player
in a browser context of their own: two players meet through a seek (one creates it, the other
accepts, both land on the same game with the colours asked for) and through the quick-pairing
queue; a third, a spectator, finds the game among the games being played and watches the
moves arrive. Screenshots at laptop and phone widths, in English and Russian, go to
``tests/artifacts/lobby/`` (git-ignored)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter.server.migrate import upgrade
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from arbiter.server.storage.database import Database
from tests.server.conftest import PASSWORD, settings_for_test
from tests.server.helpers import blocked_by_policy
from tests.server.play.conftest import LiveServer

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "lobby"
TIMEOUT_MS = 10_000
GAME_URL = re.compile(r"/play/games/(\d+)$")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The live server (uvicorn in a thread) on a fresh SQLite database, with five accounts."""
    path = tmp_path_factory.mktemp("lobby") / "arbiter.db"
    settings = settings_for_test(f"sqlite:///{path}")
    db = Database(settings)
    upgrade(db.engine)
    server = LiveServer(Runtime.create(settings, db)).start()
    for name in ("alice", "bob", "carol", "dana", "emil"):
        accounts.create_user(server.rt, name, PASSWORD, display_name=name.title())
    yield server
    server.stop()
    db.dispose()


class Windows:
    """Browser contexts of one test, each with its own cookies; script errors fail the test."""

    def __init__(self, chromium: Any, live: LiveServer) -> None:
        self.chromium = chromium
        self.live = live
        self.contexts: list[Any] = []
        self.problems: list[str] = []

    def open(self, width: int = 1280, height: int = 800, locale: str = "en-GB") -> Any:
        context = self.chromium.new_context(
            base_url=self.live.http, viewport={"width": width, "height": height}, locale=locale
        )
        context.set_default_timeout(TIMEOUT_MS)
        self.contexts.append(context)
        tab = context.new_page()
        tab.on("pageerror", lambda exc: self.problems.append(str(exc)))
        tab.on("console", lambda msg: self.problems.extend(blocked_by_policy(msg)))
        return tab

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def windows(chromium: Any, live: LiveServer) -> Iterator[Windows]:
    found = Windows(chromium, live)
    yield found
    found.close()
    assert not found.problems, f"the page's script failed: {found.problems}"


def sign_in(page: Any, username: str) -> None:
    page.goto("/login")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_load_state()


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def lobby_ready(page: Any) -> None:
    page.goto("/play")
    # The lobby's first message has come: the empty list of seeks says so.
    expect(page.locator("#seeks tr").first).to_be_visible()


def pit(page: Any, side: str, number: int) -> None:
    page.locator(f'[data-board] g.pit[data-side="{side}"][data-pit="{number}"]').click()


def test_two_players_meet_through_a_seek_and_a_spectator_watches(windows: Windows) -> None:
    alice, bob, carol = windows.open(), windows.open(), windows.open()
    sign_in(alice, "alice")
    sign_in(bob, "bob")
    lobby_ready(alice)
    lobby_ready(bob)
    lobby_ready(carol)  # a visitor: sees the lobby, may not seek
    expect(carol.locator("[data-preset]").first).to_be_disabled()

    alice.locator("details.new-seek summary").click()
    alice.locator("#seek-time_control").fill("5m+3s")
    alice.locator("#seek-colour").select_option("white")
    alice.get_by_role("button", name="Create the seek").click()
    mine = alice.locator("#seeks tr.mine")
    expect(mine).to_contain_text("Alice")
    expect(mine.get_by_role("button", name="Cancel")).to_be_visible()

    row = bob.locator("#seeks tr", has_text="Alice")
    expect(row).to_contain_text("5m+3s")
    expect(row).to_contain_text("Blitz")
    expect(carol.locator("#seeks tr", has_text="Alice")).to_be_visible()  # live for everyone
    shot(bob, "lobby-seek-en-laptop")
    row.get_by_role("button", name="Accept").click()

    alice.wait_for_url(GAME_URL)
    bob.wait_for_url(GAME_URL)
    assert alice.url == bob.url
    expect(alice.locator("[data-you]")).to_have_text("White")
    expect(bob.locator("[data-you]")).to_have_text("Black")
    expect(alice.locator("[data-status]")).to_have_text("Your move")
    expect(carol.locator("#seeks tr", has_text="Alice")).to_have_count(0)

    # The spectator finds the game among those being played (the list comes back by itself
    # when the games change) and watches it.
    game = carol.locator("#live-games tr", has_text="Alice")
    expect(game).to_contain_text("Bob", timeout=15_000)
    game.get_by_role("link", name="Watch").click()
    carol.wait_for_url(GAME_URL)
    assert carol.url == alice.url
    expect(carol.locator("[data-you]")).to_have_text("a spectator")
    pit(alice, "white", 7)
    expect(carol.locator("[data-moves] li")).to_have_count(1)
    expect(bob.locator("[data-status]")).to_have_text("Your move")

    # Each player's page lists the game, with the colour and the opponent.
    carol.goto("/players/alice")
    listed = carol.locator(".player-games tbody tr").first
    expect(listed).to_contain_text("White")
    expect(listed).to_contain_text("Bob")
    expect(listed).to_contain_text("Blitz")


def test_two_players_meet_through_quick_pairing(windows: Windows) -> None:
    dana, emil = windows.open(), windows.open(width=390, height=844)
    sign_in(dana, "dana")
    sign_in(emil, "emil")
    lobby_ready(dana)
    lobby_ready(emil)
    preset = dana.locator('[data-preset="go9-5m+3x20s"]')
    preset.click()
    expect(preset).to_have_attribute("aria-pressed", "true")
    expect(dana.locator("#lobby-status")).to_have_text("Looking for an opponent…")
    expect(emil.locator('[data-count="go9-5m+3x20s"]')).to_have_text("waiting: 1")
    shot(emil, "lobby-queue-en-phone")
    emil.locator('[data-preset="go9-5m+3x20s"]').click()
    dana.wait_for_url(GAME_URL)
    emil.wait_for_url(GAME_URL)
    assert dana.url == emil.url
    colours = {dana.locator("[data-you]").inner_text(), emil.locator("[data-you]").inner_text()}
    assert colours == {"White", "Black"}


@pytest.mark.parametrize(
    ("locale", "lang", "width", "height"),
    [
        ("en-GB", "en", 1280, 800),
        ("en-GB", "en", 390, 844),
        ("ru-RU", "ru", 1280, 800),
        ("ru-RU", "ru", 390, 844),
    ],
)
def test_the_lobby_at_laptop_and_phone_widths(
    windows: Windows, live: LiveServer, locale: str, lang: str, width: int, height: int
) -> None:
    page = windows.open(width, height, locale)
    sign_in(page, "carol")
    page.goto(f"/play?lang={lang}")
    expect(page.locator("#seeks tr").first).to_be_visible()
    page.locator("details.new-seek summary").click()
    shot(page, f"lobby-{lang}-{width}")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    page.goto("/players/alice")
    expect(page.locator("h1")).to_have_text("Alice")
    shot(page, f"player-{lang}-{width}")
