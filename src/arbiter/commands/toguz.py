"""``arbiter toguz``: Toguz Korgool from the command line."""

from typing import Annotated

import typer

from arbiter.games.toguz import Position
from arbiter.games.toguz.perft import perft

app = typer.Typer(help="Toguz Korgool: play, replay records, count moves.", no_args_is_help=True)


@app.command("perft")
def perft_command(
    depth: Annotated[
        int, typer.Argument(min=1, max=12, help="Count sequences up to this many moves.")
    ],
    fen: Annotated[str | None, typer.Option(help="Start from this position instead.")] = None,
) -> None:
    """Print '<depth> <count>' for each depth from 1 to DEPTH: the number of move sequences."""
    pos = Position.from_fen(fen) if fen else Position.initial()
    for d in range(1, depth + 1):
        typer.echo(f"{d} {perft(pos, d)}")
