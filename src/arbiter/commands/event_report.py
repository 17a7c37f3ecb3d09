"""``arbiter event report``: an event's printed reports (a round's protocol, the standings, the
crosstable) as HTML or PDF."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arbiter.commands import reports
from arbiter.commands.common import fail
from arbiter.i18n import N_

app = typer.Typer()


@app.command("report")
def report_command(
    kind: Annotated[str, typer.Argument(help="round, standings or crosstable.")],
    file: Annotated[Path, typer.Option("--file", help="The event file.")],
    round_no: Annotated[
        int | None, typer.Option("--round", help="The round (round: required).")
    ] = None,
    fmt: reports.Format = "html",
    lang: reports.Lang = None,
    output: reports.Output = None,
) -> None:
    """A printed report of the event: a round's protocol, the standings, the crosstable."""
    from arbiter.events.document import load
    from arbiter.reports.event_reports import (
        crosstable_html,
        round_protocol_html,
        standings_html,
    )

    event = load(file)
    language = reports.language(lang)
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
    reports.emit(html, fmt, output)
