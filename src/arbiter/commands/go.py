"""``arbiter go``: Go from the command line: the rules over GTP, SGF records, pair-go handicaps."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer

from arbiter.commands.common import fail
from arbiter.games.go import (
    KO_RULES,
    Game,
    PairGoError,
    Position,
    Rank,
    RankError,
    count,
    pair_handicap,
)
from arbiter.games.go.gtp import GtpEngine
from arbiter.games.go.result import format_points
from arbiter.records.sgf import SgfError, read_sgf

app = typer.Typer(help="Go: the rules over GTP, SGF records.", no_args_is_help=True)


@app.command("gtp")
def gtp_command(
    ko: Annotated[str, typer.Option(help=f"The ko rule: {', '.join(KO_RULES)}.")] = "basic",
    size: Annotated[int, typer.Option(help="The board size to start with (5 to 25).")] = 19,
    komi: Annotated[float, typer.Option(help="The komi to start with.")] = 7.5,
    seed: Annotated[
        int | None, typer.Option(help="Seed for genmove's random moves (repeatable runs).")
    ] = None,
) -> None:
    """Speak the Go Text Protocol (version 2) on standard input and output.

    Any GTP controller (GoGui, Sabaki, gogui-twogtp, a test script) can drive arbiter's rules:
    play, is_legal, undo, list_stones, captures, fixed_handicap, set_free_handicap, showboard,
    final_score (area scoring, every stone alive) and genmove (a random legal move that does not
    fill its own eye). Errors are answered '? message' and the session goes on.
    """
    if ko not in KO_RULES:
        fail(f"unknown ko rule {ko!r}: choose one of {', '.join(KO_RULES)}")
    engine = GtpEngine(ko=ko, size=size, komi=komi, seed=seed)

    def write(response: str) -> None:
        sys.stdout.write(response)
        sys.stdout.flush()

    engine.run(sys.stdin, write)


def _load(path: Path) -> Game:
    try:
        data = path.read_bytes()
    except OSError as exc:
        fail(f"{path}: cannot read ({exc.strerror or exc})")
    try:
        return read_sgf(data)
    except SgfError as exc:
        fail(f"{path}: {exc}")


@app.command("show")
def show_command(
    file: Annotated[Path, typer.Argument(help="An SGF record.")],
    move: Annotated[
        int | None, typer.Option(help="Show the position after this many moves (default: all).")
    ] = None,
) -> None:
    """Check an SGF record against the rules and print its players, the board and the result.

    Every move is replayed; an illegal move, a malformed record or a point off the board stops
    with one line naming the problem (exit code 2).
    """
    game = _load(file)
    info = game.info
    position = game.position
    shown = len(game.moves)
    if move is not None:
        if not 0 <= move <= len(game.moves):
            fail(f"--move {move} is out of range: the record has {len(game.moves)} moves")
        shown = move
        if move < len(game.moves):
            position = _replay(game, move)
    rules = position.rules
    for color, players in (("Black", info.black), ("White", info.white)):
        names = " & ".join(str(p) for p in players) or "?"
        typer.echo(f"{color}: {names}")
    typer.echo(
        f"Board {position.size}×{position.size}, {rules.scoring} counting, ko: {rules.ko}, "
        f"komi {format_points(rules.komi)}"
        + (f", handicap {game.start.handicap}" if game.start.handicap else "")
        + (", pair go" if game.pair else "")
    )
    typer.echo(f"After move {shown} of {len(game.moves)}; {position.to_move} to move")
    typer.echo(position.diagram())
    typer.echo(f"Captures: Black {position.captures('black')}, White {position.captures('white')}")
    for penalty in game.penalties:
        typer.echo(str(penalty))
    recorded = str(game.ended) if game.ended else "none"
    typer.echo(f"Recorded result: {recorded}")
    if shown == len(game.moves):
        score = count(position, penalties=game.penalty_points())
        typer.echo(f"Area/territory count as the board stands (all stones alive): {score.result}")


def _replay(game: Game, moves: int) -> Position:
    """The position after ``moves`` moves of ``game``."""
    position = game.start
    for number, played in enumerate(game.moves[:moves]):
        for edit in game.edits:
            if edit.ply == number:
                position = position.edit(
                    black=edit.black, white=edit.white, empty=edit.empty, to_move=edit.to_move
                )
        if position.phase == "marking":
            position = position.resume()
        position = position.play_as(played.color, played.move)
    return position


@app.command("pair-handicap")
def pair_handicap_command(
    ranks: Annotated[
        list[str],
        typer.Argument(help="Four ranks: pair A's two players, then pair B's (e.g. 5d 1d 2d 5k)."),
    ],
) -> None:
    """Print the pairs' points, the stones, the komi and who takes Black (seed 004, default
    table of spec pair-go.md)."""
    if len(ranks) != 4:
        fail(f"give four ranks (two per pair), not {len(ranks)}")
    try:
        parsed = [Rank.parse(r) for r in ranks]
        result = pair_handicap(parsed[:2], parsed[2:])
    except (RankError, PairGoError) as exc:
        fail(str(exc))
    a, b = result.points
    typer.echo(f"Pair A: {parsed[0]} + {parsed[1]} = {_points(a)} points")
    typer.echo(f"Pair B: {parsed[2]} + {parsed[3]} = {_points(b)} points")
    typer.echo(f"Difference: {_points(result.difference)}")
    if result.black is None:
        typer.echo("Colours: nigiri")
    else:
        typer.echo(f"Black: pair {result.black.upper()} (the weaker pair)")
    stones = f"{result.stones} handicap stones" if result.stones else "no handicap stones"
    typer.echo(f"{stones}, komi {format_points(result.komi)}")
    typer.echo("Equal points: " + ("White wins" if result.white_wins_ties else "draw"))


def _points(value: Fraction) -> str:
    return format_points(float(value))
