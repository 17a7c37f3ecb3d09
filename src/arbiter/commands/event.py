"""``arbiter event``: run a whole competition from one event file."""

import typer

app = typer.Typer(
    help="Competitions: participants, pairings, results, standings.", no_args_is_help=True
)
