"""The referee's console in a browser: a replaced Toguz Korgool clock, the time shared equally
(seed 000 6.7 «общее время делиться на два и распределяется между игроками поровну» — "the total
time is divided by two and shared equally between the players"). Screenshots at laptop and
phone widths, in English and Russian, go to ``tests/artifacts/online/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter.server.migrate import upgrade
from arbiter.server.runtime import Runtime
from arbiter.server.storage.database import Database
from tests.server.conftest import settings_for_test
from tests.server.online.conftest import make_cup
from tests.server.online.test_browser import (  # noqa: F401 - the fixtures are used by name
    Windows,
    expect,
    shot,
    sign_in,
    status,
    windows,
)
from tests.server.play.conftest import LiveServer

pytestmark = pytest.mark.slow


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server of its own for each test (the cups reuse the same account names)."""
    settings = settings_for_test(f"sqlite:///{tmp_path / 'arbiter.db'}")
    db = Database(settings)
    upgrade(db.engine)
    server = LiveServer(Runtime.create(settings, db)).start()
    yield server
    server.stop()
    db.dispose()


def test_the_referee_shares_the_time_of_a_replaced_clock(
    windows: Windows,  # noqa: F811
    live: LiveServer,
) -> None:
    cup = make_cup(live, names=("Asanov Bakyt", "Bekova Aida"))
    referee = windows.open(width=1280)
    sign_in(referee, "ref")
    referee.goto(f"/events/{cup.id}/room")
    referee.get_by_label("Start in (minutes)").fill("120")
    referee.get_by_role("button", name="Open the round for online play").click()
    expect(referee.get_by_role("status")).to_contain_text("The round is open")
    game = referee.locator('a[href^="/play/games/"]').first.get_attribute("href")
    assert game is not None
    referee.goto(game)
    referee.get_by_role("button", name="Start the game").click()
    expect(status(referee)).to_contain_text("to move")
    referee.get_by_role("button", name="Pause").click()
    expect(status(referee)).to_have_text("Paused by the referee")
    referee.locator("[data-ref-form=add-time] select[name=side]").select_option("white")
    referee.locator("[data-ref-form=add-time] input[name=seconds]").fill("120")
    referee.locator("[data-ref-form=add-time]").get_by_role("button").click()
    expect(referee.locator('[data-clock="white"]')).to_have_text(re.compile(r"^6:5\d"))

    # Without the time used: the main times shown are added and halved.
    split = referee.locator("[data-ref-form=split-time]")
    split.get_by_role("button", name="Clock replaced: share the time equally").click()
    white, black = referee.locator('[data-clock="white"]'), referee.locator('[data-clock="black"]')
    expect(white).to_have_text(re.compile(r"^5:5\d"))
    expect(black).to_have_text(white.inner_text())
    shot(referee, "split-time-laptop-en")
    # With the time both used, 4 minutes: 5 minutes less 2 each, under 5: both get 5.
    split.get_by_label("Time both used (seconds)").fill("240")
    split.get_by_role("button").click()
    expect(white).to_have_text("5:00")
    expect(black).to_have_text("5:00")

    referee.set_viewport_size({"width": 390, "height": 844})
    shot(referee, "split-time-phone-en")
    referee.goto(game + "?lang=ru")
    expect(referee.locator("[data-ref-form=split-time] button")).to_have_text(
        "Часы заменены: разделить время поровну"
    )
    shot(referee, "split-time-phone-ru")
    referee.set_viewport_size({"width": 1280, "height": 800})
    shot(referee, "split-time-laptop-ru")


def test_the_grant_form_offers_no_start_past_the_event_s_deadline(
    windows: Windows,  # noqa: F811
    live: LiveServer,
) -> None:
    """Seed 002 7.2.2 «предельный срок … для старта переносимой встречи» — "a deadline for the
    start of the postponed game": the referee's date field stops at it."""
    cup = make_cup(live, names=("Asanov Bakyt", "Bekova Aida"), settings={"postpone_within": "24"})
    referee, player, opponent = windows.open(), windows.open(), windows.open()
    for page, username in ((referee, "ref"), (player, "p1"), (opponent, "p2")):
        sign_in(page, username)
    referee.goto(f"/events/{cup.id}/room")
    referee.get_by_label("Start in (minutes)").fill("120")
    referee.get_by_role("button", name="Open the round for online play").click()
    expect(referee.get_by_role("status")).to_contain_text("The round is open")
    player.goto(f"/events/{cup.id}/room")
    player.get_by_role("link", name="Play", exact=True).click()
    player.get_by_placeholder("The reason").fill("a flight")
    player.get_by_role("button", name="Ask for a postponement").click()
    opponent.goto(player.url)
    opponent.get_by_role("button", name="Agree to the postponement").click()
    referee.goto(player.url)
    field = referee.get_by_label("The new start")
    expect(field).to_be_visible()
    limit = field.get_attribute("max")
    assert limit is not None and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d", limit)
    shot(referee, "postpone-deadline")
