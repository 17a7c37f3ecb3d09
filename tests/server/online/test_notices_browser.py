"""Issue 15 in real browsers: a referee's warning in an event's Go game reaches both players'
pages at once (an alert and the list of the referee's decisions), the second warning ends the
game and the players read why (``B+F (Warning 2 to White: …)``), the printed round protocol
holds the warnings (seed 002 3.18.2: «внеся это в протокол тура» — entered in the round
protocol), and the event's game page then shows the record and links the live game.
Screenshots at laptop and phone widths, in English and Russian, go to
``tests/artifacts/online/``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.server.online import test_browser as browsers
from tests.server.online.conftest import make_cup
from tests.server.online.test_browser import Windows, shot, sign_in, status
from tests.server.play.conftest import LiveServer

# The browser tests' fixtures: a live server of this module, Chromium, the windows.
live = browsers.live
windows = browsers.windows

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


def point(page: Any, name: str) -> None:
    page.locator(f'[data-board] g.point[data-point="{name}"]').click()


def warn(referee: Any, side: str, reason: str) -> None:
    form = referee.locator("[data-ref-form=warn]")
    form.locator("select[name=side]").select_option(side)
    form.locator("input[name=reason]").fill(reason)
    form.get_by_role("button", name="Warn").click()


def test_a_referees_warning_reaches_both_players_and_the_round_protocol(
    windows: Windows, live: LiveServer
) -> None:
    cup = make_cup(live, game="go", names=("Asanov Bakyt", "Bekova Aida"))
    made = live.post(
        f"/api/play/events/{cup.id}/rounds/1",
        {"start_at": live.hub.wall() + 0.5},
        token=cup.referee.token,
    )
    gid = made[0]["id"]
    state = live.get(f"/api/play/games/{gid}", token=cup.referee.token).json()["state"]
    black_no = 1 if state["players"]["black"][0]["name"] == "Asanov Bakyt" else 2
    referee, black, white = windows.open(1280), windows.open(1280), windows.open(390)
    for page, username in ((referee, "ref"), (black, f"p{black_no}"), (white, f"p{3 - black_no}")):
        sign_in(page, username)
        page.goto(f"/play/games/{gid}")
    expect(status(black)).to_have_text("Your move")
    point(black, "D4")
    expect(status(white)).to_have_text("Your move")

    # The first warning: both players are told at once, with the reason.
    warn(referee, "white", "phone rang")
    for page in (black, white):
        alert = page.locator("[data-notice-alert]")
        expect(alert).to_be_visible()
        expect(alert).to_contain_text("The referee: Warning 1 to White: phone rang")
        expect(page.locator("[data-notice-list] li")).to_have_text(
            ["after move 1: Warning 1 to White: phone rang"]
        )
    expect(referee.locator("[data-notice-list] li")).to_have_count(1)
    black.set_viewport_size({"width": 1280, "height": 800})
    shot(black, "notice-warning-laptop")
    shot(white, "notice-warning-phone")
    assert white.evaluate("document.documentElement.scrollWidth") <= 390
    white.locator("[data-notice-alert]").get_by_role("button", name="Understood").click()
    expect(white.locator("[data-notice-alert]")).to_be_hidden()

    # A time correction is a notice too.
    form = referee.locator("[data-ref-form=add-time]")
    form.locator("select[name=side]").select_option("black")
    form.locator("input[name=seconds]").fill("120")
    form.get_by_role("button").click()
    expect(white.locator("[data-notice-list] li")).to_have_count(2)
    expect(white.locator("[data-notice-alert]")).to_contain_text(
        "0:02:00 added to the clock of Black"
    )

    # The second warning in the game loses it (seed 002 3.18.2); the players read why.
    warn(referee, "white", "talking")
    for page in (black, white):
        expect(status(page)).to_have_text("Game over: B+F (Warning 2 to White: talking)")
        expect(page.locator("[data-notice-list] li")).to_have_count(3)
    shot(white, "notice-forfeit-phone")

    # The printed round protocol holds both warnings and every decision of the referee.
    black.goto(f"/events/{cup.id}/rounds/1/protocol")
    body = black.locator("body")
    white_name = "Bekova Aida" if black_no == 1 else "Asanov Bakyt"
    expect(body).to_contain_text(
        f"{white_name} ({3 - black_no}): phone rang (in the game, after move 1)"
    )
    expect(body).to_contain_text("after move 1: Warning 2 to White: talking")
    expect(body).to_contain_text("after move 1: 0:02:00 added to the clock of Black")
    shot(black, "notice-round-protocol")

    # The event's game page: the record in the viewer, a link to the live game.
    black.goto(f"/events/{cup.id}/rounds/1/games/1")
    for _ in range(50):
        if black.locator("[data-viewer]").count():
            break
        black.wait_for_timeout(200)
        black.reload()
    expect(black.locator("[data-viewer]")).to_be_visible()
    expect(black.locator("[data-live-link]")).to_have_attribute("href", f"/play/games/{gid}")
    shot(black, "notice-event-game")

    # In Russian: the same notices in the reader's language.
    white.goto(f"/play/games/{gid}?lang=ru")
    expect(white.locator("[data-notice-list] li").first).to_have_text(
        re.compile("после хода 1: Предупреждение 1: Белые: phone rang")
    )
    expect(status(white)).to_contain_text("Предупреждение 2: Белые: talking")
    shot(white, "notice-forfeit-phone-ru")
    black.goto(f"/play/games/{gid}?lang=ru")
    expect(black.locator("[data-notice-list] li")).to_have_count(3)
    shot(black, "notice-forfeit-laptop-ru")
