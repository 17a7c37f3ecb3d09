"""Every text marked for translation has a translation in every language, and nothing else;
the translations keep their text's placeholders."""

from __future__ import annotations

import functools
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from arbiter import i18n
from arbiter.cli import help_texts

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def marked_messages() -> frozenset[str]:
    """The msgids ``pybabel extract`` finds with ``babel.cfg`` (as ``make i18n`` runs it): the
    marked texts of the code and templates, and the command line's help texts (docstrings and
    ``help=``, read from the app by ``tools.babel_cli_help``)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    found: set[str] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=DEFAULT_KEYWORDS
    ):
        text = message if isinstance(message, str) else message[0]
        found.add(f"{context}\x04{text}" if context else text)
    return frozenset(found)


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
    assert not stale, (
        f"{lang}: translations of text no longer in the source: {stale[:10]} (run `make i18n`)"
    )


def test_the_help_texts_are_extracted() -> None:
    # Without this, a babel.cfg that lost the help texts' extractor would let `make i18n` move
    # their translations to the obsolete entries, and `--help` would turn English unnoticed.
    missing = sorted(help_texts() - marked_messages())
    assert not missing, f"help texts that `pybabel extract` does not find: {missing[:5]}"


def placeholders(text: str) -> list[tuple[str, str | None, str]]:
    """The ``{name!conversion:spec}`` fields of a ``str.format`` template, sorted."""
    return sorted(
        (name, conversion, spec or "")
        for _literal, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    )


@pytest.mark.parametrize("lang", [code for code in i18n.LANGUAGES if code != i18n.DEFAULT])
def test_translations_keep_the_placeholders(lang: str) -> None:
    # arbiter.i18n.translate shows the English when a translation lost a placeholder: a slip
    # in a .po file would go unseen but for this.
    with i18n.catalogue_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    wrong = []
    for m in catalog:
        if not m.id or m.fuzzy or "python-brace-format" not in m.flags:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
        for text in strings:
            try:
                if text and placeholders(text) != placeholders(ids[-1]):
                    wrong.append((ids[0], text))
            except ValueError:  # an unbalanced brace
                wrong.append((ids[0], text))
    assert not wrong, f"{lang}: translations whose {{placeholders}} differ: {wrong[:5]}"


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
