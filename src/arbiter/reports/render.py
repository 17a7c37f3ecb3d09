"""The reports' templates (Jinja2, with gettext in the report's language) and PDF output."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import jinja2

from arbiter import i18n

TEMPLATES = Path(__file__).parent / "templates"


@functools.cache
def environment() -> jinja2.Environment:
    """The templates' environment; ``_`` and ``pgettext`` follow :func:`arbiter.i18n.current`."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext, i18n.ngettext, newstyle=True, pgettext=i18n.pgettext
    )
    return env


def render(template: str, lang: str, **context: Any) -> str:
    """``template`` filled with ``context``, its text in ``lang``."""
    with i18n.language(lang) as current:
        return environment().get_template(template).render(lang=current, **context)


def to_pdf(html: str) -> bytes:
    """A PDF of an HTML report (A4, as its print stylesheet lays it out)."""
    import weasyprint  # imported late: it loads Pango and fonts

    pdf = weasyprint.HTML(string=html, base_url=str(TEMPLATES)).write_pdf()
    assert pdf is not None
    return bytes(pdf)
