"""The users' languages: English, Russian, Kyrgyz, Kazakh and Mongolian (Cyrillic).

Text meant for people is marked with :func:`_` (or ``{{ _("…") }}`` in templates) and looked up
in gettext catalogues, ``src/arbiter/locales/<lang>/LC_MESSAGES/arbiter.po`` — the translators'
files, kept up to date with the code by ``make i18n`` (docs/languages.md) — read through Babel
(no compile step: the ``.po`` files are turned into catalogues in memory when first used).
English is the source language. The current language is a context variable: the web server sets
it per request (from a cookie, the ``lang`` parameter or the browser's ``Accept-Language``), the
command line from ``--lang`` or the environment.

>>> with language("ru"):
...     _("Standings")
'Итоговая таблица'
>>> _("Standings")
'Standings'
>>> negotiate("kk-KZ,kk;q=0.9,ru;q=0.8,en;q=0.7")
'kk'
"""

from __future__ import annotations

import contextvars
import functools
import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "ky": "Кыргызча",
    "kk": "Қазақша",
    "mn": "Монгол",
}
DEFAULT = "en"
DOMAIN = "arbiter"
LOCALE_DIR = Path(__file__).parent / "locales"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("arbiter_language", default=DEFAULT)


def catalogue_path(lang: str) -> Path:
    """Where the ``.po`` catalogue of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalogue of ``lang`` (English, or a language without one, translates to itself)."""
    path = catalogue_path(lang)
    if lang == DEFAULT or not path.is_file():
        return _gettext.NullTranslations()
    # Babel is imported when a catalogue is first needed: the core marks its messages with
    # this module, and English needs no catalogue.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buffer = BytesIO()
    # As msgfmt does, fuzzy entries (a translation not yet confirmed) are left out: English.
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def current() -> str:
    """The language of the current context."""
    return _current.get()


def set_language(lang: str) -> contextvars.Token[str]:
    """Make ``lang`` the current language (an unknown one falls back to English)."""
    return _current.set(lang if lang in LANGUAGES else DEFAULT)


def reset_language(token: contextvars.Token[str]) -> None:
    """Go back to the language before the :func:`set_language` that gave ``token``."""
    _current.reset(token)


@contextmanager
def language(lang: str) -> Iterator[str]:
    """Use ``lang`` within the ``with`` block."""
    token = set_language(lang)
    try:
        yield current()
    finally:
        _current.reset(token)


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return translations(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return translations(current()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells apart two uses of one word
    (a crosstable's ``Place`` column is ``М`` in Russian, a standings table's ``Место``)."""
    return translations(current()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet (e.g. in a table of names)."""
    return message


_ = gettext


def translate(template: str, params: Mapping[str, object] | None = None) -> str:
    """The message id ``template`` in the current language, filled with ``params`` (a
    :class:`~arbiter.errors.Text` parameter is translated too). A translation that lost a
    placeholder falls back to the English.

    >>> from arbiter.errors import Text
    >>> with language("ru"):
    ...     translate("{colour} to move", {"colour": Text("Black")})
    'Чёрные to move'
    """
    from arbiter.errors import Text

    values = {
        k: translate(v.template, v.params) if isinstance(v, Text) else v
        for k, v in (params or {}).items()
    }
    text = gettext(template)
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return template.format(**values)


def error_text(exc: BaseException) -> str:
    """An error's message in the current language.

    An :class:`~arbiter.errors.ArbiterError` raised with a message id and parameters is
    translated and then filled in (translators may reorder the ``{placeholders}``); any other
    error gives ``str(exc)``, the English line.

    >>> from arbiter.games.toguz import Position
    >>> try:
    ...     Position.initial().play(10)
    ... except ValueError as exc:
    ...     with language("ru"):
    ...         print(error_text(exc))
    ...     print(error_text(exc))
    лунки 10 нет: лунки пронумерованы от 1 до 9
    pit 10 does not exist: pits are numbered 1 to 9
    """
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    if not isinstance(template, str) or not template:
        return str(exc)
    try:
        return translate(template, params)
    except (KeyError, IndexError, ValueError):  # a message that is not a template after all
        return str(exc)


def negotiate(accept_language: str | None, *, preferred: str | None = None) -> str:
    """The language to use: ``preferred`` when it is one of ours, else the first of the
    browser's ``Accept-Language`` list (by weight) that we have, else English."""
    if preferred in LANGUAGES:
        return preferred
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        item = part.strip()
        if not item:
            continue
        tag, _sep, params = item.partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in LANGUAGES and weight > 0:
            choices.append((-weight, index, base))
    return min(choices)[2] if choices else DEFAULT


def from_environment() -> str:
    """The command line's default language: ``ARBITER_LANG``, else the locale's (``LANG``)."""
    for name in ("ARBITER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        base = value.split(".")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT
