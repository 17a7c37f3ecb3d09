"""A player's page (``/players/{name}``) in a real browser (Playwright driving Debian's
Chromium): the Toguz Korgool bullet rating stands in its own column, beside blitz, rapid and
classical, named in the page's language (English and Russian), and at a phone's width the page is
no wider than the screen and the ratings table needs no scrolling. Screenshots go to
``tests/artifacts/player/`` (git-ignored)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from arbiter.server.migrate import upgrade
from arbiter.server.play.matched import Player, create_paired
from arbiter.server.play.seeks import PRESET_KEYS
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from arbiter.server.storage.database import Database
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer
from tests.server.conftest import PASSWORD, settings_for_test
from tests.server.helpers import blocked_by_policy
from tests.server.play.conftest import LiveServer

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "player"
TIMEOUT_MS = 10_000
#: Each list's rating (rapid: none); the page rounds them.
RATINGS = {"toguz-bullet": 1490.2, "toguz-blitz": 1623.4, "toguz-classical": 1711.0, "egf": 2045}
#: What each language calls the table's heading and its speed columns, in order.
WORDS = {
    "en": ("Ratings by speed", ["Game", "Bullet", "Blitz", "Rapid", "Classical"]),
    "ru": ("Рейтинги по скорости игры", ["Игра", "Пуля", "Блиц", "Рапид", "Классика"]),
}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The live server on a fresh SQLite database: Alice, rated on three Toguz Korgool lists
    (bullet among them) and on the EGF list, with a bullet game against Bob."""
    path = tmp_path_factory.mktemp("player") / "arbiter.db"
    settings = settings_for_test(f"sqlite:///{path}")
    db = Database(settings)
    upgrade(db.engine)
    server = LiveServer(Runtime.create(settings, db)).start()
    alice = accounts.create_user(server.rt, "alice", PASSWORD, display_name="Asanov Bakyt")
    bob = accounts.create_user(server.rt, "bob", PASSWORD, display_name="Bekova Aida")
    now = datetime.now(UTC)
    with server.rt.db.write() as session:
        player = RatedPlayer(
            name="Asanov Bakyt", name_key="asanov bakyt", user_id=alice.id, created_at=now
        )
        session.add(player)
        session.flush()
        for system, value in RATINGS.items():
            toguz = system != "egf"
            session.add(
                PlayerRating(
                    player_id=player.id,
                    system=system,
                    rating=value,
                    rd=60.0 if toguz else None,
                    volatility=0.06 if toguz else None,
                    games=5,
                    updated_at=now,
                )
            )
    bullet = PRESET_KEYS["toguz-2m+1s"].spec()
    assert bullet.speed == "bullet"
    create_paired(
        server.hub,
        bullet,
        Player(alice.id, "Asanov Bakyt"),
        Player(bob.id, "Bekova Aida"),
        origin="quick",
    )
    yield server
    server.stop()
    db.dispose()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_bullet_rating_in_its_column_in_english_and_russian(
    chromium: Any, live: LiveServer, lang: str, width: int, height: int
) -> None:
    context = chromium.new_context(base_url=live.http, viewport={"width": width, "height": height})
    context.set_default_timeout(TIMEOUT_MS)
    problems: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.on("console", lambda msg: problems.extend(blocked_by_policy(msg)))
        page.goto(f"/players/alice?lang={lang}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        heading, columns = WORDS[lang]
        expect(page.locator("#h-ratings")).to_have_text(heading)
        table = page.locator("table.speed-ratings")
        expect(table.locator("thead th")).to_have_text(columns)
        cells = table.locator("tbody td")
        expect(cells).to_have_text(["1490", "1623", "–", "1711"])
        bullet = cells.nth(0).get_by_role("link", name="1490")
        expect(bullet).to_have_attribute("href", "/ratings?list=toguz-bullet")
        # The bullet game's speed is named in the page's language too.
        expect(page.locator(".player-games tbody tr").first).to_contain_text(columns[1])

        # Each rating sits under its own speed's heading: the same left edge.
        lefts = page.evaluate(
            """() => {
                const t = document.querySelector('table.speed-ratings');
                const x = c => Math.round(c.getBoundingClientRect().left);
                return [[...t.querySelectorAll('thead th')].slice(1).map(x),
                        [...t.querySelectorAll('tbody td')].map(x)];
            }"""
        )
        assert lefts[0] == lefts[1]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"player-{lang}-{width}.png"), full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than the screen"
        ratings_box = page.evaluate(
            "(() => { const d = document.querySelector('table.speed-ratings').parentElement;"
            " return d.scrollWidth - d.clientWidth; })()"
        )
        assert ratings_box <= 0, f"the ratings table is {ratings_box}px wider than its box"
    finally:
        context.close()
    assert not problems, f"the page's script failed: {problems}"
