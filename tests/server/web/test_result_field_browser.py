"""The result field in a real browser (Playwright driving Debian's Chromium, as the organiser's
flow does): on a 390 px phone the longest Toguz Korgool result, ``1/2(81)-1/2(81)``, shows
whole in it; a result another tab changed meanwhile is refused in place with what it holds now,
and one click applies this tab's over it. Screenshots go to ``/tmp/shots/result_*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import blocked_by_policy
from tests.server.web.flows import TOGUZ_CSV
from tests.server.web.test_browser import (  # noqa: F401  (the fixtures, shared)
    TIMEOUT_MS,
    live,
    new_event,
    pair_round,
    register,
    sign_in,
    sync_api,
)

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/shots")
PHONE = {"width": 390, "height": 844}


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"result_{name}.png"), full_page=True)


def fits_whole(field: Any) -> bool:
    """Whether the field's text shows without scrolling inside it."""
    return bool(field.evaluate("i => i.scrollWidth <= i.clientWidth"))


def test_the_longest_result_fits_on_a_phone_and_a_conflict_is_shown_in_place(
    chromium: Any,
    live: str,  # noqa: F811
) -> None:
    context = chromium.new_context(base_url=live, viewport=PHONE, locale="en-GB")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("console", lambda msg: problems.extend(blocked_by_policy(msg)))
    sign_in(page)
    event = new_event(page, "Talas Toguz Cup", "toguz", "swiss", {"korgools": "required"})
    register(page, {"name": "Duishov, Emil", "rating": "1500", "title": "II"}, TOGUZ_CSV)
    pair_round(page, event, 1)

    fields = page.locator("input[name=result]")
    first = fields.first
    first.fill("1/2(81)-1/2(81)")
    first.press("Enter")
    sync_api.expect(page.locator("[data-done]")).to_have_text("1")
    page.reload()
    first = page.locator("input[name=result]").first
    assert first.input_value() == "1/2(81)-1/2(81)"
    assert fits_whole(first), "the result does not fit in its field"
    box = first.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"
    first.scroll_into_view_if_needed()
    shot(page, "phone")

    # another tab (a second referee) enters table 2's result while this one still shows none
    other = context.new_page()
    other.goto(f"/events/{event}/rounds/1")
    second = other.locator("input[name=result]").nth(1)
    second.fill("1(90)-0(50)")
    second.press("Enter")
    sync_api.expect(other.locator("[data-done]")).to_have_text("2")
    other.close()

    mine = page.locator("input[name=result]").nth(1)
    mine.fill("0(61)-1(101)")
    mine.press("Enter")
    row = page.locator("#t2")
    sync_api.expect(row.locator("[data-error]")).to_contain_text(
        "it is now 1(90)-0(50), entered by Aigul at"
    )
    apply = row.get_by_role("button", name="Apply mine over it")
    sync_api.expect(apply).to_be_visible()
    assert mine.input_value() == "0(61)-1(101)"  # what was typed stays
    row.scroll_into_view_if_needed()
    shot(page, "conflict")
    apply.click()
    sync_api.expect(row.locator("[data-error]")).to_be_hidden()
    sync_api.expect(apply).to_be_hidden()
    page.reload()
    assert page.locator("input[name=result]").nth(1).input_value() == "0(61)-1(101)"
    context.close()
    assert not problems, f"the page's script failed: {problems}"
