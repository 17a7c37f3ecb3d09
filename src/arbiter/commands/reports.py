"""Printed protocols from the command line: ``arbiter toguz protocol``, ``arbiter go sheet``,
``arbiter event report`` — HTML with a print stylesheet, or PDF."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from arbiter.commands.common import fail, say
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


def _language(lang: str | None) -> str:
    chosen = lang or current()
    if chosen not in LANGUAGES:
        fail(
            N_("--lang must be one of {languages}, not {lang!r}"),
            languages=", ".join(LANGUAGES),
            lang=chosen,
        )
    return chosen


def _emit(html: str, fmt: str, output: Path | None) -> None:
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
    # Written whole or not at all.
    fd, tmp = tempfile.mkstemp(dir=output.parent, prefix=f".{output.name}.")
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.replace(tmp, output)
    say(N_("written to {file}"), file=output, err=True)


def register(toguz: typer.Typer, go: typer.Typer, event: typer.Typer) -> None:
    """Add the report commands to the ``toguz``, ``go`` and ``event`` groups."""

    @toguz.command("protocol")
    def toguz_protocol(
        file: Annotated[Path, typer.Argument(help="A record file: PlayOK, federation or JSON.")],
        game: Annotated[int, typer.Option(help="Which game of the file (1 = the first).")] = 1,
        fmt: Format = "html",
        lang: Lang = None,
        output: Output = None,
    ) -> None:
        """The game protocol as federations print it (moves, a diagram every ten, result)."""
        from arbiter.commands.toguz import _read_records
        from arbiter.reports.toguz_protocol import protocol_html

        records = _read_records(file)
        if not 1 <= game <= len(records):
            fail(
                N_("{file} holds {count} games; there is no game {game}"),
                file=file,
                count=len(records),
                game=game,
            )
        _emit(protocol_html(records[game - 1], _language(lang)), fmt, output)

    @go.command("sheet")
    def go_sheet(
        file: Annotated[Path, typer.Argument(help="An SGF file.")],
        fmt: Format = "html",
        lang: Lang = None,
        output: Output = None,
    ) -> None:
        """The game sheet: the final position with move numbers, every move, the result."""
        from arbiter.records.sgf import read_sgf
        from arbiter.reports.go_sheet import sheet_html

        try:
            data = file.read_bytes()
        except OSError as exc:
            fail(N_("{file}: cannot read ({reason})"), file=file, reason=exc.strerror or exc)
        _emit(sheet_html(read_sgf(data), _language(lang)), fmt, output)

    @event.command("report")
    def event_report(
        kind: Annotated[str, typer.Argument(help="round, standings or crosstable.")],
        file: Annotated[Path, typer.Option("--file", help="The event file.")],
        round_no: Annotated[
            int | None, typer.Option("--round", help="The round (round: required).")
        ] = None,
        fmt: Format = "html",
        lang: Lang = None,
        output: Output = None,
    ) -> None:
        """A printed report of the event: a round's protocol, the standings, the crosstable."""
        from arbiter.events.document import load
        from arbiter.reports.event_reports import (
            crosstable_html,
            round_protocol_html,
            standings_html,
        )

        event = load(file)
        language = _language(lang)
        if kind == "round":
            if round_no is None:
                fail(N_("a round protocol needs --round"))
            html = round_protocol_html(event, round_no, language)
        elif kind == "standings":
            html = standings_html(event, language, round_no)
        elif kind == "crosstable":
            html = crosstable_html(event, language, round_no)
        else:
            fail(N_("a report is round, standings or crosstable, not {kind!r}"), kind=kind)
        _emit(html, fmt, output)
