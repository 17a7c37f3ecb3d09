"""The settings page in Russian, Kyrgyz, Kazakh and Mongolian: no text of the page is left in
English, neither a catalogue text untranslated nor a value shown by its code (``japanese``,
``required``), for events of each game, system and discipline, and for a refused form."""

from __future__ import annotations

import functools
import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

from arbiter import i18n
from tests.server.web.conftest import Pages
from tests.server.web.flows import create_event
from tests.server.web.settings_pages import form_of

ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "src" / "arbiter"
#: Where the settings page's texts come from.
SOURCES = (
    ("python", SRC / "events" / "settings" / "described.py"),
    ("python", SRC / "events" / "settings" / "value_names.py"),
    ("python", SRC / "events" / "tiebreak_codes.py"),
    ("python", SRC / "server" / "web" / "settings_form.py"),
    ("python", SRC / "server" / "web" / "settings_reading.py"),
    ("python", SRC / "server" / "web" / "events.py"),
    ("python", SRC / "server" / "web" / "words.py"),
    ("jinja2", SRC / "server" / "web" / "templates" / "settings.html"),
    ("jinja2", SRC / "server" / "web" / "templates" / "event_base.html"),
)
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
#: Latin words that are names, the same in every language (a language is offered by its own
#: name, as the language switch names it).
NAMES = {"arbiter", "OpenGotha", "Test", "Cup", "English"}
#: Events of every group: Go McMahon, Toguz Korgool Swiss, a Go pair knockout, Toguz teams in
#: a round robin, a Go Scheveningen.
KINDS = (
    ("go", "mcmahon", "individual"),
    ("toguz", "swiss", "individual"),
    ("go", "knockout", "pair"),
    ("toguz", "round-robin", "team"),
    ("go", "scheveningen", "individual"),
)


@functools.cache
def page_texts() -> tuple[tuple[str | None, str], ...]:
    """The (context, msgid) of every text the settings page may show."""
    found: set[tuple[str | None, str]] = set()
    for method, path in SOURCES:
        options = {"extensions": "jinja2.ext.i18n"} if method == "jinja2" else {}
        for _line, message, _comments, context in extract_from_file(
            method, str(path), keywords=DEFAULT_KEYWORDS, options=options
        ):
            found.add((context, message if isinstance(message, str) else message[0]))
    return tuple(sorted(found, key=lambda m: (m[0] or "", m[1])))


class Visible(HTMLParser):
    """The text a reader sees in ``<main>`` (and the words of its titles and placeholders)."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main":
            self.depth += 1
        if self.depth:
            for name, value in attrs:
                if name in ("title", "placeholder", "aria-label", "data-confirm") and value:
                    self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def visible(page: str) -> str:
    parser = Visible()
    parser.feed(page)
    return html.unescape(" ".join(parser.parts))


def literal(msgid: str) -> str:
    """The longest piece of a msgid without its placeholders."""
    pieces = re.split(r"\{[^}]*\}|%\([^)]*\)s", msgid)
    return max((p.strip(" :.;,") for p in pieces), key=len)


def untranslated(text: str, lang: str) -> list[str]:
    """The page's catalogue texts found in English in ``text``, and Latin words that are not
    names or codes."""
    found = []
    with i18n.language(lang):
        for context, msgid in page_texts():
            shown = i18n.pgettext(context, msgid) if context else i18n.gettext(msgid)
            english = literal(msgid)
            if shown == msgid or len(english) < 2 or english in shown or english.isupper():
                continue  # the same in both, a code (SOS), or nothing to look for
            if re.search(rf"(?<![\w-]){re.escape(english)}(?![\w-])", text):
                found.append(msgid)
    words = {w for w in re.findall(r"[A-Za-z]{4,}", text) if w not in NAMES and not w.isupper()}
    return found + sorted(words)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_settings_page_has_no_english(organiser: Pages, lang: str) -> None:
    for game, system, discipline in KINDS:
        eid = create_event(organiser, game, system, discipline=discipline)
        page = organiser.get(f"/events/{eid}/settings?lang={lang}")
        assert page.status_code == 200
        assert f'<html lang="{lang}">' in page.text
        assert untranslated(visible(page.text), lang) == [], (lang, game, system, discipline)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_form_has_no_english(organiser: Pages, lang: str) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    organiser.submit(f"/events/{eid}/settings", {**form_of(organiser, eid), "s.ruleset": "chinese"})
    fields = {
        **form_of(organiser, eid, lang),
        "s.handicap_max": "12",
        "s.komi": "x",
        "s.tiebreaks.2": "MMS",
        "s.scoring.1": "0",
        "s.time_control": "sixty minutes",
        "s.bar": "99d",
        "s.start": "2026-02-30",
    }
    r = organiser.submit(f"/events/{eid}/settings?lang={lang}", fields)
    assert r.status_code == 422
    assert r.text.count('class="error" id="e-') == 7
    # what was typed is shown back (the time control's message quotes it without blanks too)
    text = visible(r.text).replace("sixty minutes", "").replace("sixtyminutes", "")
    assert untranslated(text, lang) == [], lang
    # a value set by the organiser is shown with its default, in words
    with i18n.language(lang):
        default = i18n.gettext("Default: %(value)s") % {"value": i18n.gettext("Japanese")}
    assert default in r.text


def test_the_check_finds_english(organiser: Pages) -> None:
    # the checks above can fail: an English page is full of the texts they look for
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    english = visible(organiser.get(f"/events/{eid}/settings?lang=en").text)
    found = untranslated(english, "ru")
    assert "Points White gets in an even game." in found and "Japanese" in found
    assert "Only the settings that apply to this event's game and system are shown." in found
