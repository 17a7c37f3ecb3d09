"""A casual game's extras in real browsers (two browser contexts, Playwright driving Debian's
Chromium): a guest without an account joins by the invitation link under a name and plays; a
takeback is asked for and allowed; after the game a rematch is offered and accepted, and both
pages go to the new game with the colours swapped. A correspondence player's "your move" page
lists their games, the nearest deadline first. In English and Russian, at laptop and phone
widths; screenshots in ``tests/artifacts/online/`` (git-ignored).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from arbiter.i18n import gettext, language
from arbiter.server.migrate import upgrade
from arbiter.server.play.client import PlayClient
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from arbiter.server.services.accounts import open_session
from arbiter.server.storage.database import Database
from tests.server.conftest import PASSWORD, settings_for_test
from tests.server.helpers import blocked_by_policy
from tests.server.play.conftest import LiveServer, run

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "online"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("casual") / "arbiter.db"
    settings = settings_for_test(f"sqlite:///{path}")
    db = Database(settings)
    upgrade(db.engine)
    server = LiveServer(Runtime.create(settings, db)).start()
    yield server
    server.stop()
    db.dispose()


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def pit(page: Any, side: str, number: int) -> None:
    page.locator(f'[data-board] g.pit[data-side="{side}"][data-pit="{number}"]').click()


def op(page: Any, name: str) -> Any:
    return page.locator(f'[data-casual-op="{name}"]')


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_guest_joins_by_the_link_a_takeback_is_allowed_and_a_rematch_swaps_the_colours(
    chromium: Any, live: LiveServer, lang: str
) -> None:
    with language(lang):
        your_move = gettext("Your move")
        white_word, black_word = gettext("White"), gettext("Black")
        asks = gettext("Your opponent asks to take back their last move.")
        rematch_asked = gettext("Your opponent offers a rematch (colours swapped).")
    problems: list[str] = []
    contexts = []
    pages = []
    for viewport in (LAPTOP, PHONE):
        context = chromium.new_context(base_url=live.http, viewport=viewport, locale="en-GB")
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.on("console", lambda msg: problems.extend(blocked_by_policy(msg)))
        page.goto(f"/?lang={lang}")
        pages.append(page)
    host, guest = pages
    try:
        # The host creates a casual game; the guest, with no account, opens the link.
        host.goto("/play")
        host.locator("#casual-time_control").fill("5m")
        host.locator("#casual-side").select_option("white")
        host.locator("#casual-form button[type=submit]").click()
        host.wait_for_url(re.compile(r"/play/games/\d+$"))
        link = host.locator("[data-share]").input_value()
        guest.goto(link)
        guest.locator("[data-guest-name]").fill("Aida the guest")
        shot(guest, f"casual-guest-join-{lang}-phone")
        guest.locator("form.compact button[type=submit]").click()
        guest.wait_for_url(re.compile(r"/play/games/\d+$"))
        first_game = guest.url
        expect(host.locator('[data-names="black"]')).to_have_text("Aida the guest")
        expect(host.locator("[data-status]")).to_have_text(your_move)
        # The host moves, asks for a takeback, the guest allows it.
        pit(host, "white", 7)
        expect(guest.locator("[data-moves] li")).to_have_count(1)
        op(host, "takeback-request").click()
        expect(guest.locator("[data-casual-text]")).to_have_text(asks)
        shot(guest, f"casual-takeback-asked-{lang}-phone")
        op(guest, "takeback-accept").click()
        expect(host.locator("[data-moves] li")).to_have_count(0)
        expect(host.locator("[data-status]")).to_have_text(your_move)
        # Play goes on: the host moves again, the guest plays a move of their own.
        pit(host, "white", 9)
        expect(guest.locator("[data-status]")).to_have_text(your_move)
        pit(guest, "black", 3)
        expect(host.locator("[data-moves] li")).to_have_count(2)
        shot(host, f"casual-after-takeback-{lang}-laptop")
        # The guest resigns; the host offers a rematch, the guest accepts: both go to it.
        guest.once("dialog", lambda dialog: dialog.accept())
        guest.locator('[data-act="resign"]').click()
        expect(op(host, "rematch-offer")).to_be_visible()
        op(host, "rematch-offer").click()
        expect(guest.locator("[data-casual-text]")).to_have_text(rematch_asked)
        shot(guest, f"casual-rematch-offered-{lang}-phone")
        shot(host, f"casual-rematch-offered-{lang}-laptop")
        op(guest, "rematch-accept").click()
        for page in (host, guest):
            page.wait_for_url(
                lambda url: re.search(r"/play/games/\d+$", url) is not None and url != first_game
            )
        assert host.url == guest.url
        expect(host.locator("[data-you]")).to_have_text(black_word)
        expect(guest.locator("[data-you]")).to_have_text(white_word)
        expect(host.locator('[data-names="white"]')).to_have_text("Aida the guest")
        expect(guest.locator("[data-status]")).to_have_text(your_move)
        pit(guest, "white", 5)  # the guest is White now, and moves first
        expect(host.locator("[data-moves] li")).to_have_count(1)
        shot(guest, f"casual-rematch-{lang}-phone")
        shot(host, f"casual-rematch-{lang}-laptop")
    finally:
        for context in contexts:
            context.close()
    assert not problems, f"the page's script failed: {problems}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_correspondence_player_sees_the_games_where_it_is_their_move(
    chromium: Any, live: LiveServer, lang: str
) -> None:
    rt = live.rt
    names = (f"corr-white-{lang}", f"corr-black-{lang}")
    tokens = []
    for name in names:
        user = accounts.create_user(rt, name, PASSWORD)
        tokens.append(open_session(rt, user, "token", "test").secret)
    games = []
    for control in ("1d/move", "3d/move max 10d"):
        made = live.post(
            "/api/play/games",
            {"game": "toguz", "time_control": control, "side": "white"},
            tokens[0],
        )
        live.post(f"/api/play/games/{made['id']}/join", {"invite": made["invite"]}, tokens[1])
        games.append(made["id"])

    async def arrive() -> None:
        # Each player comes once: the games start without the players ever meeting.
        for token in tokens:
            for gid in games:
                client = await PlayClient.connect(live.ws, gid, auth=token)
                await client.close()

    with ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
        pool.submit(run, arrive()).result(60)
    with language(lang):
        heading = gettext("Your move")
    for viewport, label in ((LAPTOP, "laptop"), (PHONE, "phone")):
        context = chromium.new_context(base_url=live.http, viewport=viewport, locale="en-GB")
        try:
            page = context.new_page()
            page.goto(f"/login?lang={lang}")
            page.fill("input[name=username]", names[0])
            page.fill("input[name=password]", PASSWORD)
            page.locator("form.narrow button[type=submit]").click()
            page.goto("/play")
            options = page.locator("#casual-controls option")
            assert "1d/move" in [
                options.nth(i).get_attribute("value") for i in range(options.count())
            ]
            page.locator('a[href="/play/your-turn"]').first.click()
            expect(page.locator("h1")).to_have_text(heading)
            rows = page.locator("[data-your-turn] tbody tr")
            expect(rows).to_have_count(2)
            assert [rows.nth(i).get_attribute("data-game-id") for i in range(2)] == [
                str(g) for g in games
            ]  # the nearest deadline (one day) first
            shot(page, f"correspondence-your-turn-{lang}-{label}")
        finally:
            context.close()
