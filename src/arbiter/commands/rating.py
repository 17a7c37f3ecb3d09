"""``arbiter rating``: quick rating calculations for referees."""

from __future__ import annotations

from typing import Annotated

import typer

from arbiter.commands.common import fail
from arbiter.i18n import N_

app = typer.Typer(help="Ratings: the EGF's Go rating.", no_args_is_help=True)

_RESULTS = {"win": 1.0, "loss": 0.0, "draw": 0.5, "jigo": 0.5}


@app.command("egf")
def egf_command(
    rating: Annotated[float, typer.Argument(help="The player's rating before the game.")],
    opponent: Annotated[float, typer.Argument(help="The opponent's rating.")],
    result: Annotated[str, typer.Argument(help="win, loss or draw (jigo).")],
    handicap: Annotated[int, typer.Option(help="Handicap stones in the game (0-9).")] = 0,
    receiving: Annotated[
        bool, typer.Option("--receiving", help="The player received the handicap (took Black).")
    ] = False,
    cls: Annotated[str, typer.Option("--class", help="Tournament class: A, B, C or D.")] = "A",
) -> None:
    """Print the player's EGF rating after one game, with three decimals.

    Example: arbiter rating egf 2100 2100 win   →   2109.306
    """
    from arbiter.events.ratings.egf import CLASS_WEIGHTS, EgfGame, egf_update

    if result.lower() not in _RESULTS:
        fail(N_("the result is win, loss or draw, not {result!r}"), result=result)
    if cls.upper() not in CLASS_WEIGHTS:
        fail(N_("--class is A, B, C or D, not {cls!r}"), cls=cls)
    if receiving and handicap == 0:
        fail(N_("--receiving needs --handicap with the number of stones"))
    game = EgfGame(opponent, _RESULTS[result.lower()], handicap, receiving)
    typer.echo(f"{egf_update(rating, [game], cls.upper()):.3f}")
