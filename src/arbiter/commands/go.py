"""``arbiter go``: Go from the command line: the rules over GTP, SGF records, pair-go handicaps.

Every command needs the rules (:mod:`arbiter.games.go`, which the help of ``gtp`` quotes too);
the GTP engine and the SGF reader are imported by the commands that use them.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer

from arbiter.commands import reports
from arbiter.commands.common import fail, read_bytes, say, tr
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
from arbiter.games.go.result import format_points
from arbiter.i18n import N_

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
    from arbiter.games.go.gtp import GtpEngine

    if ko not in KO_RULES:
        fail(N_("unknown ko rule {ko!r}: choose one of {rules}"), ko=ko, rules=", ".join(KO_RULES))
    engine = GtpEngine(ko=ko, size=size, komi=komi, seed=seed)

    def write(response: str) -> None:
        sys.stdout.write(response)
        sys.stdout.flush()

    engine.run(sys.stdin, write)


def _load(path: Path) -> Game:
    from arbiter.records.sgf import SgfError, read_sgf

    data = read_bytes(path)
    try:
        return read_sgf(data)
    except SgfError as exc:
        fail(N_("{file}: {error}"), file=path, error=exc.text)


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
            fail(
                N_("--move {move} is out of range: the record has {count} moves"),
                move=move,
                count=len(game.moves),
            )
        shown = move
        if move < len(game.moves):
            position = _replay(game, move)
    rules = position.rules
    for color, players in ((N_("Black"), info.black), (N_("White"), info.white)):
        names = " & ".join(str(p) for p in players) or "?"
        typer.echo(f"{tr(color)}: {names}")
    board = tr(
        N_("Board {size}×{size}, {scoring} counting, ko: {ko}, komi {komi}"),
        size=position.size,
        scoring=rules.scoring,
        ko=rules.ko,
        komi=format_points(rules.komi),
    )
    if game.start.handicap:
        board += ", " + tr(N_("handicap {stones}"), stones=game.start.handicap)
    if game.pair:
        board += ", " + tr(N_("pair go"))
    typer.echo(board)
    say(
        N_("After move {shown} of {count}; black to move")
        if position.to_move == "black"
        else N_("After move {shown} of {count}; white to move"),
        shown=shown,
        count=len(game.moves),
    )
    typer.echo(position.diagram())
    say(
        N_("Captures: Black {black}, White {white}"),
        black=position.captures("black"),
        white=position.captures("white"),
    )
    for penalty in game.penalties:
        typer.echo(str(penalty))
    recorded = str(game.ended) if game.ended else tr(N_("none"))
    say(N_("Recorded result: {result}"), result=recorded)
    if shown == len(game.moves):
        score = count(position, penalties=game.penalty_points())
        say(
            N_("Area/territory count as the board stands (all stones alive): {result}"),
            result=score.result,
        )


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
        fail(N_("give four ranks (two per pair), not {count}"), count=len(ranks))
    try:
        parsed = [Rank.parse(r) for r in ranks]
        result = pair_handicap(parsed[:2], parsed[2:])
    except (RankError, PairGoError) as exc:
        fail(exc.template, **exc.params)
    a, b = result.points
    say(
        N_("Pair A: {first} + {second} = {points} points"),
        first=parsed[0],
        second=parsed[1],
        points=_points(a),
    )
    say(
        N_("Pair B: {first} + {second} = {points} points"),
        first=parsed[2],
        second=parsed[3],
        points=_points(b),
    )
    say(N_("Difference: {points}"), points=_points(result.difference))
    if result.black is None:
        say(N_("Colours: nigiri"))
    else:
        say(N_("Black: pair {pair} (the weaker pair)"), pair=result.black.upper())
    if result.stones:
        say(
            N_("{stones} handicap stones, komi {komi}"),
            stones=result.stones,
            komi=format_points(result.komi),
        )
    else:
        say(N_("no handicap stones, komi {komi}"), komi=format_points(result.komi))
    say(N_("Equal points: White wins") if result.white_wins_ties else N_("Equal points: draw"))


def _points(value: Fraction) -> str:
    return format_points(float(value))


@app.command("sheet")
def sheet_command(
    file: Annotated[Path, typer.Argument(help="An SGF file.")],
    fmt: reports.Format = "html",
    lang: reports.Lang = None,
    output: reports.Output = None,
) -> None:
    """The game sheet: the final position with move numbers, every move, the result."""
    from arbiter.records.sgf import read_sgf
    from arbiter.reports.go_sheet import sheet_html

    reports.emit(sheet_html(read_sgf(read_bytes(file)), reports.language(lang)), fmt, output)
