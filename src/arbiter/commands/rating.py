"""``arbiter rating``: quick rating calculations for referees; loading the federations' Go
rating lists into the server's database."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arbiter.commands.common import fail, say, tr
from arbiter.commands.db import DbOption, open_database, settings_for
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


@app.command("load")
def load_command(
    registry: Annotated[
        str,
        typer.Argument(
            help="The list: egf (the EGD's allworld_lp.html), ffg (the échelle) or aga "
            "(the TDListA)."
        ),
    ],
    file: Annotated[Path, typer.Argument(help="The list's file, as the federation gives it.")],
    db: DbOption = None,
) -> None:
    """Load a federation's Go rating list into the server's database, replacing the one
    loaded before: organisers then find players in it while they register them.

    Example: arbiter rating load egf allworld_lp.html --db sqlite:///arbiter.db
    """
    from arbiter.errors import ArbiterError
    from arbiter.events.formats.rating_lists import MAX_BYTES, REGISTRIES, read_rating_list

    if registry not in REGISTRIES:
        fail(N_("the list is egf, ffg or aga, not {registry!r}"), registry=registry)
    try:
        with file.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        fail(N_("{file}: cannot read ({reason})"), file=file, reason=exc.strerror or exc)
    try:
        listing = read_rating_list(registry, data)
    except ArbiterError as exc:
        fail(N_("{file}: {error}"), file=file, error=exc.text)

    from arbiter.commands.progress import count_bar
    from arbiter.server.runtime import Runtime
    from arbiter.server.services.rating_lists import store_list

    settings = settings_for(db)
    rt = Runtime.create(settings, open_database(settings))
    try:
        with count_bar(tr(N_("Loading"))) as advance:
            info = store_list(rt, listing, file.name, progress=advance)
    finally:
        rt.db.dispose()
    say(
        N_("loaded {players} players of the {list} from {file}"),
        players=info.players,
        list=info.name,
        file=file.name,
    )
