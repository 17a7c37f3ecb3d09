"""``arbiter go``: Go from the command line."""

import typer

app = typer.Typer(help="Go: the rules over GTP, SGF records.", no_args_is_help=True)
