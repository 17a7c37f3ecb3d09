"""What the printed protocols' commands share: ``arbiter toguz protocol``, ``arbiter go sheet``
and ``arbiter event report`` (each in its area's module) write HTML with a print stylesheet, or
PDF, in a language of their own choice."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from arbiter.commands.common import fail, say, write_atomically
from arbiter.i18n import LANGUAGES, N_, current

FORMATS = ("html", "pdf")
Lang = Annotated[
    str | None,
    typer.Option(
        "--lang", help="Language: en, ru, ky, kk, mn (default: arbiter --lang, the locale's)."
    ),
]
Format = Annotated[str, typer.Option("--format", help="html or pdf.")]
Output = Annotated[
    Path | None, typer.Option("--output", "-o", help="Write here (default: standard output).")
]


def language(lang: str | None) -> str:
    """The language of a report: ``--lang``, else the messages'."""
    chosen = lang or current()
    if chosen not in LANGUAGES:
        fail(
            N_("--lang must be one of {languages}, not {lang!r}"),
            languages=", ".join(LANGUAGES),
            lang=chosen,
        )
    return chosen


def emit(html: str, fmt: str, output: Path | None) -> None:
    """Write the report ``html`` as ``fmt`` (html or pdf) to ``output`` (else standard output),
    whole or not at all."""
    if fmt not in FORMATS:
        fail(N_("--format must be html or pdf, not {format!r}"), format=fmt)
    if output is not None and not output.parent.exists():
        fail(N_("{folder}: no such folder"), folder=output.parent)
    data: bytes
    if fmt == "pdf":
        from arbiter.reports.render import to_pdf

        data = to_pdf(html)
    else:
        data = html.encode("utf-8")
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    write_atomically(output, data)
    say(N_("written to {file}"), file=output, err=True)
