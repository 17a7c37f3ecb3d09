"""What every ``arbiter event`` command shares: the ``--file`` and ``--format`` options, reading
and writing the event file, and printing tables and JSON.

The events core is imported when a command runs, not when its module is: ``arbiter event
--help`` shows every command's options without loading the events engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbiter.commands.common import fail
from arbiter.i18n import N_

if TYPE_CHECKING:
    from arbiter.events.event import Event
    from arbiter.events.reports import Table
    from arbiter.events.results import GameName
    from arbiter.events.settings import System

FileOption = Annotated[Path, typer.Option("--file", "-f", help="The event file (JSON).")]
FormatOption = Annotated[str, typer.Option("--format", help="table, csv, json or html.")]
AfterRound = Annotated[int | None, typer.Option("--round", min=0, help="After this round.")]
TABLE_FORMATS = ("table", "csv", "json", "html")


def load(path: Path) -> Event:
    """The event in the file ``path``."""
    from arbiter.events import document

    return document.load(path)


def save(path: Path, event: Event) -> None:
    """Write ``event`` to the file ``path`` (atomically: whole or not at all)."""
    from arbiter.events import document

    document.save(path, event)


def check_format(fmt: str, allowed: tuple[str, ...] = TABLE_FORMATS) -> str:
    """``--format``'s value, lower case, if it is one of ``allowed``; else the command stops."""
    value = fmt.strip().lower()
    if value not in allowed:
        fail(N_("unknown format {format!r}: use {allowed}"), format=fmt, allowed=", ".join(allowed))
    return value


def check_game(game: str) -> GameName:
    """``game`` if it is go or toguz; else the command stops."""
    from arbiter.events.settings import GAMES

    if game not in GAMES:
        fail(N_("unknown game {game!r}: use go or toguz"), game=game)
    return game


def check_system(system: str) -> System:
    """``system`` if it names a pairing system; else the command stops."""
    from arbiter.events.settings import SYSTEMS

    if system not in SYSTEMS:
        fail(
            N_("unknown system {system!r}: use {systems}"),
            system=system,
            systems=", ".join(SYSTEMS),
        )
    return system


def check_new(file: Path, force: bool) -> None:
    """Stop the command if the event file it is to create exists and ``--force`` is not given."""
    if file.exists() and not force:
        fail(N_("{file} exists already: use --force to replace it"), file=file)


def check_paired(event: Event, round_no: int | None) -> None:
    """Stop the command unless ``round_no`` (``--round``, if given) is a paired round."""
    if round_no is not None and round_no > len(event.rounds):
        fail(
            N_("round {round} is not paired: {count} rounds are"),
            round=round_no,
            count=len(event.rounds),
        )


def print_json(value: object) -> None:
    """Print ``value`` as indented JSON, letters as they are."""
    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))


def print_table(table: Table, fmt: str) -> None:
    """Print ``table`` as ``fmt``: csv, json, html, or a table drawn for the terminal."""
    from arbiter.events.reports import rows_json, to_csv, to_html

    if fmt == "csv":
        typer.echo(to_csv(table), nl=False)
    elif fmt == "json":
        print_json(rows_json(table))
    elif fmt == "html":
        typer.echo(to_html(table), nl=False)
    else:
        from rich.console import Console
        from rich.table import Table as RichTable

        rich = RichTable(title=table.title or None)
        for header in table.headers:
            rich.add_column(header)
        for row in table.rows:
            rich.add_row(*row)
        widths = [
            max([len(h), *(len(row[i]) for row in table.rows)]) for i, h in enumerate(table.headers)
        ]
        Console(width=max(80, sum(w + 3 for w in widths) + 1)).print(rich)
