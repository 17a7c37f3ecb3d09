"""The settings form in a real browser (Debian's Chromium on the web tests' ``arbiter serve``):
three settings changed through the controls and kept, a refusal shown next to its field, the
page on a laptop and on a phone in English and Russian. Screenshots go to ``/tmp/shots/``
(``settings_*.png``) and ``tests/artifacts/web/``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.server.web.test_browser import (  # the web tests' server, browser and steps
    ARTIFACTS,
    live,
    new_event,
    no_sideways_scrolling,
    page,
    sign_in,
    sync_api,
)

pytestmark = pytest.mark.slow
__all__ = ["live", "page"]  # fixtures, used by name

SHOTS = Path("/tmp/shots")
WIDTHS = (1280, 390)  # a laptop, a phone


def shoot(tab: Any, name: str) -> None:
    """A full-page screenshot, in /tmp/shots and among the test artifacts."""
    for folder in (SHOTS, ARTIFACTS):
        folder.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(folder / f"settings_{name}.png"), full_page=True)


def test_three_settings_changed_through_the_form(page: Any) -> None:
    sign_in(page)
    event = new_event(page, "Osh Go Cup", "go", "mcmahon", {"city": "Osh"})
    page.goto(f"/events/{event}/settings")
    form = page.locator("form.settings-form")
    form.get_by_label("Rules", exact=True).select_option(label="Chinese")
    form.get_by_label("Most handicap stones").fill("5")
    form.get_by_label("Played online").check()
    form.get_by_label("2.", exact=True).select_option(label="SODOS")  # the 2nd tiebreak
    form.get_by_role("button", name="Save the settings").click()
    sync_api.expect(page.get_by_role("status")).to_have_text("The settings are saved.")

    page.reload()
    sync_api.expect(form.get_by_label("Rules", exact=True)).to_have_value("chinese")
    sync_api.expect(form.get_by_label("Most handicap stones")).to_have_value("5")
    sync_api.expect(form.get_by_label("Played online")).to_be_checked()
    sync_api.expect(form.get_by_label("2.", exact=True)).to_have_value("SODOS")
    sync_api.expect(form).to_contain_text("Default: Japanese")  # a changed one shows its default
    page.goto(f"/events/{event}")
    overview = page.locator("main").inner_text()
    assert "Osh" in overview

    # a box unticked is saved as such; a refusal stays on the page next to its field
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    page.goto(f"/events/{event}/settings")
    form.get_by_label("Played online").uncheck()
    form.get_by_label("Time control", exact=True).fill("sixty minutes")
    form.get_by_role("button", name="Save the settings").click()
    sync_api.expect(page.locator("#e-time_control")).to_contain_text("Time control")
    assert re.search(rf"/events/{event}/settings$", page.url)
    sync_api.expect(form.get_by_label("Time control", exact=True)).to_have_value("sixty minutes")
    sync_api.expect(form.get_by_label("Played online")).not_to_be_checked()  # as sent
    shoot(page, f"refused_en_{WIDTHS[0]}")
    form.get_by_label("Time control", exact=True).fill("60m+3x30s")
    form.get_by_role("button", name="Save the settings").click()
    sync_api.expect(page.get_by_role("status")).to_have_text("The settings are saved.")
    sync_api.expect(form.get_by_label("Played online")).not_to_be_checked()

    for lang in ("en", "ru"):
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"/events/{event}/settings?lang={lang}")
            sync_api.expect(page.locator("html")).to_have_attribute("lang", lang)
            no_sideways_scrolling(page)
            shoot(page, f"{lang}_{width}")
    sync_api.expect(form.get_by_label("Правила", exact=True)).to_have_value("chinese")
