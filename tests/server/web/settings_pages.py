"""Reading the settings page's form as a browser would submit it, for the settings tests."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from tests.server.web.conftest import Pages


class FormFields(HTMLParser):
    """The fields the settings form would send untouched: hidden and typed inputs, ticked
    boxes, each select's chosen option (the last value of a name wins, as the server reads)."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.inside = False
        self.select: str | None = None
        self.first: str | None = None
        self.chosen = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and "settings-form" in a.get("class", ""):
            self.inside = True
        if not self.inside:
            return
        if tag == "input" and "name" in a and a["name"] != "csrf_token":
            if a.get("type") == "checkbox" and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select, self.first, self.chosen = a.get("name"), None, False
        elif tag == "option" and self.select is not None:
            if self.first is None:
                self.first = a.get("value", "")
            if "selected" in a and not self.chosen:
                self.fields.append((self.select, a.get("value", "")))
                self.chosen = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select is not None:
            if not self.chosen and self.first is not None:
                self.fields.append((self.select, self.first))
            self.select = None
        elif tag == "form":
            self.inside = False


def form_of(pages: Pages, eid: int, lang: str = "en") -> dict[str, str]:
    """The settings form of event ``eid`` as it would be sent unchanged."""
    page = pages.get(f"/events/{eid}/settings?lang={lang}")
    assert page.status_code == 200, page.text
    parser = FormFields()
    parser.feed(page.text)
    assert parser.fields, "the page has no settings form"
    return dict(parser.fields)


def stored(pages: Pages, eid: int) -> dict[str, Any]:
    """The settings the event file holds (only those set)."""
    r = pages.get(f"/api/events/{eid}/export/json")
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()["settings"]
    return found
