"""The Jinja2 environment of the web pages: autoescaped HTML, gettext through :mod:`arbiter.i18n`.

Templates mark text with ``{{ _("…") }}`` (new-style gettext: ``_("Round %(n)s", n=3)`` fills
in and escapes), so the translation test finds it and the page speaks the language of the request
(:func:`arbiter.i18n.current`, set per request by :class:`~arbiter.server.web.page.PageRoute`).

>>> from arbiter import i18n
>>> with i18n.language("ru"):
...     ENV.from_string('{{ _("Standings") }}').render()
'Итоговая таблица'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from arbiter import i18n
from arbiter.server.web import words

TEMPLATES = Path(__file__).resolve().parent / "templates"


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(("html", "svg"), default_for_string=True),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=i18n.gettext,
        ngettext=i18n.ngettext,
        pgettext=i18n.pgettext,
        newstyle=True,
    )
    env.globals["LANGUAGES"] = i18n.LANGUAGES
    env.globals["words"] = words
    return env


ENV = _environment()


def render(name: str, context: dict[str, Any]) -> str:
    """The template ``name`` filled with ``context`` in the current language."""
    return ENV.get_template(name).render({**context, "lang": i18n.current()})
