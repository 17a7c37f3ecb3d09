"""``arbiter event pair|unpair|result|lineup|warn``: pairing the rounds and recording what
happens in them."""

from __future__ import annotations

from typing import Annotated

import typer

from arbiter.commands.common import fail, say, tr
from arbiter.commands.event_common import (
    FileOption,
    FormatOption,
    check_format,
    load,
    print_json,
    print_table,
    save,
)
from arbiter.commands.progress import progress_bar
from arbiter.i18n import N_

app = typer.Typer()

RoundOption = Annotated[int, typer.Option("--round", min=1, help="Round.")]


@app.command("pair")
def pair_command(file: FileOption, fmt: FormatOption = "table") -> None:
    """Pair the next round and print it."""
    from arbiter.events.reports import pairing_json, pairing_table

    fmt = check_format(fmt)
    with progress_bar():
        event = load(file).pair_next_round()
    save(file, event)
    rnd = event.rounds[-1]
    if fmt == "json":
        print_json(pairing_json(event, rnd))
    else:
        print_table(pairing_table(event, rnd), fmt)


@app.command("unpair")
def unpair_command(file: FileOption) -> None:
    """Remove the last round (only while it has no results)."""
    event = load(file)
    number = len(event.rounds)
    event = event.unpair_last_round()
    save(file, event)
    say(N_("round {round} removed"), round=number)


@app.command("result", context_settings={"ignore_unknown_options": True})
def result_command(
    file: FileOption,
    round_no: RoundOption,
    table: Annotated[int, typer.Option("--table", min=1, help="Table.")],
    result: Annotated[
        str | None,
        typer.Argument(
            help="e.g. 1(82)-0(60), 1/2-1/2, B+R, W+3.5, +-, -+, B+R? (provisional); "
            "write a double forfeit as: -- --"
        ),
    ] = None,
    board: Annotated[
        int | None, typer.Option("--board", min=1, help="Board (team matches).")
    ] = None,
    extra: Annotated[
        bool, typer.Option("--extra", help="An extra game breaking a drawn knockout meeting.")
    ] = False,
) -> None:
    """Record (or correct) a result."""
    if result is None:
        fail(N_("give the result, e.g. 1-0 or B+R (a double forfeit is written after '--': -- --)"))
    before = load(file)
    event = before.record_result(round_no, table, board, result, extra=extra)
    save(file, event)
    game = event.game_at(
        round_no, table, board if board is not None or event.discipline != "team" else 1
    )
    old = before.game_at(round_no, table, game.board).result
    where = (
        tr(
            N_("round {round} table {table} board {board}"),
            round=round_no,
            table=table,
            board=game.board,
        )
        if game.board is not None
        else tr(N_("round {round} table {table}"), round=round_no, table=table)
    )
    black = tr(N_("{name} (Black)"), name=event.name_of(game.black))
    white = tr(N_("{name} (White)"), name=event.name_of(game.white))
    names = f"{black} – {white}" if event.game == "go" else f"{white} – {black}"
    if extra:
        say(N_("{where}: extra game {result}"), where=where, result=game.extra[-1])
    elif old is not None and str(old) != str(game.result):
        say(
            N_("{where}: {names} {result} (was {old})"),
            where=where,
            names=names,
            result=game.result,
            old=old,
        )
    else:
        say(N_("{where}: {names} {result}"), where=where, names=names, result=game.result)


@app.command("lineup")
def lineup_command(
    file: FileOption,
    team: Annotated[str, typer.Argument(help="Team: number or name.")],
    round_no: RoundOption,
    players: Annotated[
        str, typer.Option("--players", help="Players in board order, '-' for an empty board.")
    ],
    override: Annotated[
        bool,
        typer.Option(
            "--override", help="Referee: let a team with fewer than half its boards play."
        ),
    ] = False,
) -> None:
    """Set a team's players in board order for a round."""
    refs: list[str | None] = [None if p.strip() == "-" else p.strip() for p in players.split(",")]
    event = load(file).set_lineup(round_no, team, refs, override=override)
    save(file, event)
    t = event.find(team)
    say(N_("line-up of {team} for round {round} set"), team=t.name, round=round_no)


@app.command("warn")
def warn_command(
    file: FileOption,
    player: Annotated[str, typer.Argument(help="Player: number or name.")],
    round_no: RoundOption,
    reason: Annotated[str, typer.Option("--reason", help="Why.")] = "",
) -> None:
    """Warn a player: Toguz Korgool's 3rd warning costs a point, the 4th excludes; in Go the 2nd
    warning in a game loses it."""
    before = load(file)
    event = before.warn(player, round_no, reason)
    save(file, event)
    who = event.find_player(player)
    count = sum(1 for w in event.warnings if w.player == who.no)
    say(N_("warning {count} to {no} {name}"), count=count, no=who.no, name=who.name)
    if who.excluded and not before.find_player(player).excluded:
        say(N_("{name} is excluded from round {round}"), name=who.name, round=who.withdrawn)
