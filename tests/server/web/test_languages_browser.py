"""The standings and a Toguz Korgool game protocol in a real browser, in each of the five
languages (one browser session on the web tests' ``arbiter serve``). Screenshots go to
``tests/artifacts/languages/`` (git-ignored)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from arbiter.events.document import to_document
from arbiter.events.event import Event
from arbiter.games.toguz import Position
from arbiter.records.toguz_record import record_from_moves
from arbiter.records.toguz_text import write_federation
from tests.server.helpers import blocked_by_policy
from tests.server.web.test_browser import (  # the web tests' server and browser
    ARTIFACTS,
    PASSWORD,
    TIMEOUT_MS,
    live,
    sync_api,
)

pytestmark = pytest.mark.slow
__all__ = ["live"]  # a fixture, used by name

SHOTS = ARTIFACTS.parent / "languages"
#: What each language calls the standings, and the Toguz Korgool game protocol.
WORDS = {
    "en": ("Standings", "Toguz Korgool game protocol"),
    "ru": ("Итоговая таблица", "Протокол партии в тогуз коргоол"),
    "ky": ("Жыйынтык таблица", "Тогуз коргоол оюнунун протоколу"),
    "kk": ("Қорытынды кесте", "Тоғызқұмалақ ойынының хаттамасы"),
    "mn": ("Байр эзлэлт", "Тогуз коргоол тоглолтын тэмдэглэл"),
}


def toguz_cup() -> Event:
    """A Toguz Korgool round robin of four with round 1 played."""
    event = Event.create("toguz", "round-robin", name="Кубок Бишкека")
    event = event.set("time_control", "60m").set("city", "Bishkek")
    for name in ("Asanov Bakyt", "Bekova Aida", "Chynybaev Daniyar", "Duishov Emil"):
        event, _ = event.add_player(name)
    event = event.pair_next_round()
    for game in event.rounds[0].games:
        event = event.record_result(1, game.table, None, "1(82)-0(60)")
    return event


@pytest.fixture(scope="module")
def cup(live: str) -> int:
    """The cup on the live server, published, with table 1's record stored."""
    with httpx.Client(base_url=live, timeout=30) as api:
        token = api.post(
            "/api/auth/token", data={"username": "organiser", "password": PASSWORD}
        ).json()["access_token"]
        api.headers["Authorization"] = f"Bearer {token}"
        event = toguz_cup()
        made = api.post(
            "/api/events/import",
            data={"format": "json"},
            files={"file": ("cup.json", json.dumps(to_document(event)), "application/json")},
        )
        assert made.status_code == 201, made.text
        eid: int = made.json()["id"]
        assert api.post(f"/api/events/{eid}/publish", json={"published": True}).is_success
        assert api.post(f"/api/events/{eid}/rounds/1/publish", json={"published": True}).is_success
        record = record_from_moves(Position.initial(), [7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        stored = api.put(
            f"/api/events/{eid}/rounds/1/games/1/record",
            json={"format": "toguz-text", "content": write_federation(record)},
        )
        assert stored.status_code == 200, stored.text
        return eid


def test_standings_and_a_toguz_protocol_in_five_languages(
    chromium: Any, live: str, cup: int
) -> None:
    """One browser session: the reader goes from the standings to the round, the game and its
    printed protocol, in each language (the ``lang`` link sets it; the cookie keeps it)."""
    context = chromium.new_context(
        base_url=live, viewport={"width": 1000, "height": 800}, locale="en-GB"
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    blocked: list[str] = []
    page.on("console", lambda msg: blocked.extend(blocked_by_policy(msg)))
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for lang, (standings, protocol) in WORDS.items():
            page.goto(f"/events/{cup}/standings?lang={lang}")
            sync_api.expect(page.locator("html")).to_have_attribute("lang", lang)
            sync_api.expect(page.locator(".table-head h2")).to_contain_text(standings)
            sync_api.expect(page.locator("table.report tbody tr")).to_have_count(4)
            page.screenshot(path=str(SHOTS / f"standings-{lang}.png"), full_page=True)
            page.locator(f'nav.tabs a[href="/events/{cup}/rounds/1"]').click()
            page.locator(f'a[href="/events/{cup}/rounds/1/games/1"]').click()
            page.locator('a[data-report="game"]').click()
            sync_api.expect(page.locator("html")).to_have_attribute("lang", lang)
            sync_api.expect(page.locator("h1")).to_have_text(protocol)
            sync_api.expect(page.locator("body")).to_contain_text("Asanov Bakyt")
            page.screenshot(path=str(SHOTS / f"toguz-protocol-{lang}.png"), full_page=True)
    finally:
        context.close()
    assert not blocked, f"the Content-Security-Policy blocked: {blocked}"
