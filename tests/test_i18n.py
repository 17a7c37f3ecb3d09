"""Every text marked for translation has a translation in every language, and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from arbiter import i18n
from arbiter.cli import help_texts

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}


def marked_messages() -> set[str]:
    """The msgids in the source and templates, found as ``pybabel extract`` (babel.cfg) does,
    and the command line's help texts (docstrings and ``help=``, read from the app)."""
    method_map = [
        ("src/arbiter/**.py", "python"),
        ("src/arbiter/**/templates/**.html", "jinja2"),
    ]
    options = {"src/arbiter/**/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    found: set[str] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options, keywords=KEYWORDS
    ):
        text = message if isinstance(message, str) else message[0]
        found.add(f"{context}\x04{text}" if context else text)
    return found | help_texts()


def key(message: object) -> str:
    """A catalogue entry's msgid, prefixed by its context as gettext does."""
    msgid = message.id if isinstance(message.id, str) else message.id[0]  # type: ignore[attr-defined]
    context = message.context  # type: ignore[attr-defined]
    return f"{context}\x04{msgid}" if context else msgid


@pytest.mark.parametrize("lang", [code for code in i18n.LANGUAGES if code != i18n.DEFAULT])
def test_every_marked_text_is_translated(lang: str) -> None:
    with i18n.catalogue_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    translated = {
        key(m)
        for m in catalog
        if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)
    }
    marked = marked_messages()
    missing = sorted(marked - translated)
    stale = sorted({key(m) for m in catalog if m.id} - marked)
    assert not missing, f"{lang}: no translation for {missing[:10]} (run `make i18n`, translate)"
    assert not stale, f"{lang}: translations of text no longer in the source: {stale[:10]}"


def test_negotiation_and_fallback() -> None:
    assert i18n.negotiate(None) == "en"
    assert i18n.negotiate("de-DE,de;q=0.9") == "en"
    assert i18n.negotiate("de,mn;q=0.5,ru;q=0.7") == "ru"
    assert i18n.negotiate("ru", preferred="ky") == "ky"
    assert i18n.negotiate("ru", preferred="xx") == "ru"
    with i18n.language("xx"):
        assert i18n.current() == "en"
    with i18n.language("mn"):
        assert i18n._("Standings") == "Байр эзлэлт"
        assert i18n._("a text without a translation") == "a text without a translation"
