"""Free handicap stones placed on the web board of an online game (seed 002, appendix 1, note
1: «При игре по китайским правилам форовые камни выставляются черными на доску произвольным
образом» — with Chinese rules Black places the handicap stones on the board freely).

Two players in real browsers: Black clicks the points of the stones one by one (a click on a
stone already placed is refused), White cannot play meanwhile, then White moves first; the
game's SGF has the chosen points as ``AB``. Screenshots go to ``tests/artifacts/online/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.server.online import test_browser as browser
from tests.server.online.test_browser import Windows, create, join, moves, point, shot, status

# The browser tests' fixtures: the live server, Chromium and the windows of a test.
live = browser.live
windows = browser.windows

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


def stone(page: Any, where: str) -> Any:
    return page.locator(f'[data-board] g.point[data-point="{where}"] circle.stone')


def test_black_places_free_handicap_stones_on_the_web_board(windows: Windows) -> None:
    """Appendix 1, note 1: Black places the stones «произвольным образом» (freely) on the
    board; White's first move comes after them (1.4)."""
    black, white = windows.open(), windows.open(width=390)  # White on a phone
    fields = {
        "time_control": "10m",
        "side": "black",
        "size": "9",
        "handicap": "3",
        "scoring": "chinese",
        "handicap_placement": "free",
    }
    link = create(black, fields, go=True)
    join(white, link)
    expect(status(black)).to_have_text("Your move")  # Black's clock runs: Black places
    expect(black.locator('[data-clock="black"]')).to_have_class(re.compile("running"))
    point(white, "E5")  # not White's turn: nothing happens
    point(black, "A1")
    expect(stone(white, "A1")).to_have_count(1)
    point(black, "A1")  # occupied: refused, still one stone to place fewer
    expect(black.locator("[data-error]")).to_contain_text("occupied")
    point(black, "B2")
    expect(stone(white, "B2")).to_have_count(1)
    shot(black, "go-free-handicap-placing")
    point(black, "J9")
    expect(status(white)).to_have_text("Your move")  # the last stone: White moves first
    expect(white.locator('[data-clock="white"]')).to_have_class(re.compile("running"))
    assert moves(white) == []
    point(white, "E5")
    expect(black.locator("[data-moves] li").last).to_have_text("E5")
    for where in ("A1", "B2", "J9", "E5"):
        expect(stone(black, where)).to_have_count(1)
    shot(white, "go-free-handicap-phone")
    game_id = re.search(r"/play/games/(\d+)", link)
    assert game_id is not None
    record = black.request.get(f"/api/play/games/{game_id.group(1)}/record?format=sgf")
    assert record.ok, record.text()
    text = record.text()
    assert "HA[3]" in text and "AB[ai][bh][ia]" in text and ";W[ee]" in text, text


def test_the_play_form_offers_the_placement_in_english_and_russian(windows: Windows) -> None:
    """The *Play online* form offers *Handicap stones* (the star points or placed by Black),
    in the reader's language; the field fits laptop and phone widths."""
    for width in (1280, 390):
        page = windows.open(width=width)
        page.goto("/play")
        page.locator("#casual-form").get_by_label("Go", exact=True).check()
        field = page.locator("#casual-handicap_placement")
        expect(field).to_be_visible()
        assert field.locator("option").all_text_contents() == [
            "On the star points",
            "Placed by Black (Chinese counting)",
        ]
        shot(page, f"play-form-placement-en-{width}")
        page.get_by_role("link", name="Русский").click()
        page.locator("#casual-form").get_by_label("Го", exact=True).check()
        expect(page.locator("#casual-handicap_placement option").first).to_have_text(
            "На форовых пунктах"
        )
        shot(page, f"play-form-placement-ru-{width}")
        box = page.locator("#casual-handicap_placement").bounding_box()
        assert box is not None and box["x"] + box["width"] <= width  # fits the screen
