"""``arbiter event standings|crosstable|show``: what an event file says, as tables, CSV, JSON
or HTML."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from arbiter.commands.common import say, tr
from arbiter.commands.event_common import (
    AfterRound,
    FileOption,
    FormatOption,
    check_format,
    check_paired,
    load,
    print_json,
    print_table,
)
from arbiter.i18n import N_, gettext

if TYPE_CHECKING:
    from arbiter.events.event import Event
    from arbiter.events.reports import Table

app = typer.Typer()


@app.command("standings")
def standings_command(
    file: FileOption, fmt: FormatOption = "table", round_no: AfterRound = None
) -> None:
    """Print the standings (after the last round, or after --round)."""
    from arbiter.events.reports import standings_csv, standings_table

    fmt = check_format(fmt)
    event = load(file)
    check_paired(event, round_no)
    table = event.standings(round_no)
    if fmt == "json":
        print_json(table.to_json())
    elif fmt == "csv":
        typer.echo(standings_csv(table), nl=False)
    else:
        print_table(standings_table(event, table), fmt)
    if table.korgools_needed:
        from arbiter.events.korgool_counts import describe

        # on standard error, so that the table or the CSV/JSON on standard output stays whole
        say(
            N_(
                "Tied participants are not separated by the korgools in lost games (KLG): "
                "these lost games (round/table/board) have no count: {games}"
            ),
            err=True,
            games=describe(event, table.korgools_needed),
        )


@app.command("crosstable")
def crosstable_command(
    file: FileOption,
    fmt: Annotated[str, typer.Option("--format", help="text, csv, json or html.")] = "text",
    round_no: AfterRound = None,
) -> None:
    """Print the crosstable (seed 002 appendix 3)."""
    from arbiter.events.crosstable import (
        crosstable,
        render_csv,
        render_html,
        render_json,
        render_text,
    )

    fmt = check_format(fmt, ("text", "table", "csv", "json", "html"))
    event = load(file)
    check_paired(event, round_no)
    table = crosstable(event, round_no)
    if fmt == "csv":
        typer.echo(render_csv(table), nl=False)
    elif fmt == "json":
        print_json(render_json(table))
    elif fmt == "html":
        typer.echo(render_html(table), nl=False)
    else:
        typer.echo(render_text(table))


def _participants_table(event: Event) -> Table:
    from arbiter.events.participants import Pair, Player, Team
    from arbiter.events.reports import Table

    rows = []
    for p in event.participants:
        status = ""
        if p.withdrawn is not None:
            status = tr(
                N_("excluded from round {round}")
                if p.excluded
                else N_("withdrawn from round {round}"),
                round=p.withdrawn,
            )
        elif p.entered > 1:
            status = tr(N_("from round {round}"), round=p.entered)
        extra = ""
        if isinstance(p, Player):
            bits = [
                str(p.rank) if p.rank else "",
                str(p.rating) if p.rating is not None else "",
                p.club_city,
                p.country,
            ]
            extra = " ".join(b for b in bits if b)
        elif isinstance(p, Pair):
            extra = f"{event.player(p.man).name} & {event.player(p.woman).name}"
        elif isinstance(p, Team):
            extra = ", ".join(event.player(m).name for m in p.players)
            if p.reserves:
                extra += " | " + ", ".join(event.player(m).name for m in p.reserves)
        rows.append((str(p.no), p.name, extra, status))
    title = event.config.name or f"{event.game} {event.system}"
    headers = (gettext("No"), gettext("Name"), gettext("Details"), gettext("Status"))
    return Table(title, headers, tuple(rows))


@app.command("show")
def show_command(
    file: FileOption,
    fmt: FormatOption = "table",
    round_no: Annotated[
        int | None, typer.Option("--round", min=1, help="Show this round's games.")
    ] = None,
) -> None:
    """Show the event (entries, rounds, bracket) or one round's games and results."""
    from arbiter.events.reports import pairing_json, pairing_table
    from arbiter.events.settings import BRACKET_SYSTEMS
    from arbiter.events.systems import system_for

    fmt = check_format(fmt)
    event = load(file)
    if round_no is not None:
        rnd = event.round(round_no)
        if fmt == "json":
            print_json(pairing_json(event, rnd, results=True))
        else:
            print_table(pairing_table(event, rnd), fmt)
        return
    system = system_for(event)
    planned = system.planned_rounds(event)
    if fmt == "json":
        print_json(
            {
                "name": event.config.name,
                "game": event.game,
                "system": event.system,
                "discipline": event.discipline,
                "rounds_paired": len(event.rounds),
                "rounds_planned": planned,
                "finished": system.finished(event),
                "participants": [
                    {"no": p.no, "name": p.name, "withdrawn": p.withdrawn, "entered": p.entered}
                    for p in event.participants
                ],
            }
        )
        return
    if fmt == "table":
        kind = f"{event.game} {event.system} ({event.discipline})"
        say(
            N_("{name}: {kind}, {paired} of {planned} rounds paired, finished")
            if system.finished(event)
            else N_("{name}: {kind}, {paired} of {planned} rounds paired"),
            name=event.config.name or tr(N_("(no name)")),
            kind=kind,
            paired=len(event.rounds),
            planned=planned,
        )
    print_table(_participants_table(event), fmt)
    if fmt == "table" and event.system in BRACKET_SYSTEMS and event.rounds:
        _print_bracket(event)


def _print_bracket(event: Event) -> None:
    from arbiter.commands.event_bracket import meeting_lines

    for line in meeting_lines(event):
        typer.echo(line)
