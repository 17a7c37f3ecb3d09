"""``arbiter event``: run a whole competition from one event file.

Every command reads the event file given by ``--file``, applies one operation of the pure
engine (:mod:`arbiter.events`) and writes the file back atomically only when the operation
succeeded, so an error leaves the file as it was. Participants are named by their number or
their exact name. Output is a table, or ``--format csv|json|html`` (``text`` for crosstables).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from arbiter.commands.common import fail, say, tr
from arbiter.events import document
from arbiter.events.crosstable import crosstable, render_csv, render_html, render_json, render_text
from arbiter.events.entries import import_players
from arbiter.events.event import Event
from arbiter.events.reports import (
    Table,
    pairing_json,
    pairing_table,
    rows_json,
    settings_table,
    standings_csv,
    standings_table,
    to_csv,
    to_html,
)
from arbiter.events.settings import BRACKET_SYSTEMS, DISCIPLINES, GAMES, SYSTEMS
from arbiter.events.systems import system_for
from arbiter.i18n import N_, gettext

app = typer.Typer(
    help="Competitions: participants, pairings, results, standings.", no_args_is_help=True
)

FileOption = Annotated[Path, typer.Option("--file", "-f", help="The event file (JSON).")]
FormatOption = Annotated[str, typer.Option("--format", help="table, csv, json or html.")]
TABLE_FORMATS = ("table", "csv", "json", "html")


def _load(path: Path) -> Event:
    return document.load(path)


def _save(path: Path, event: Event) -> None:
    document.save(path, event)


def _check_format(fmt: str, allowed: tuple[str, ...] = TABLE_FORMATS) -> str:
    value = fmt.strip().lower()
    if value not in allowed:
        fail(N_("unknown format {format!r}: use {allowed}"), format=fmt, allowed=", ".join(allowed))
    return value


def _print_json(value: object) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))


def _print_table(table: Table, fmt: str) -> None:
    if fmt == "csv":
        typer.echo(to_csv(table), nl=False)
    elif fmt == "json":
        _print_json(rows_json(table))
    elif fmt == "html":
        typer.echo(to_html(table), nl=False)
    else:
        rich = RichTable(title=table.title or None)
        for header in table.headers:
            rich.add_column(header)
        for row in table.rows:
            rich.add_row(*row)
        widths = [
            max([len(h), *(len(row[i]) for row in table.rows)]) for i, h in enumerate(table.headers)
        ]
        Console(width=max(80, sum(w + 3 for w in widths) + 1)).print(rich)


# -- creating and setting up --------------------------------------------------------------------


@app.command("new")
def new_command(
    file: FileOption,
    game: Annotated[str, typer.Option("--game", help="go or toguz.")],
    system: Annotated[str, typer.Option("--system", help=", ".join(SYSTEMS) + ".")],
    rounds: Annotated[
        int | None, typer.Option("--rounds", min=1, max=99, help="Rounds to play.")
    ] = None,
    discipline: Annotated[
        str, typer.Option("--discipline", help="individual, pair or team.")
    ] = "individual",
    draw_lots: Annotated[
        int | None,
        typer.Option("--draw-lots", min=0, help="Number the participants by lot with this seed."),
    ] = None,
    name: Annotated[str | None, typer.Option("--name", help="The event's name.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
) -> None:
    """Create a new event file."""
    if game not in GAMES:
        fail(N_("unknown game {game!r}: use go or toguz"), game=game)
    if system not in SYSTEMS:
        fail(
            N_("unknown system {system!r}: use {systems}"),
            system=system,
            systems=", ".join(SYSTEMS),
        )
    if discipline not in DISCIPLINES:
        fail(
            N_("unknown discipline {discipline!r}: use individual, pair or team"),
            discipline=discipline,
        )
    if file.exists() and not force:
        fail(N_("{file} exists already: use --force to replace it"), file=file)
    event = Event.create(game, system, discipline, rounds=rounds, draw_lots=draw_lots, name=name)
    _save(file, event)
    say(
        N_("created {file}: {game} {system} ({discipline})"),
        file=file,
        game=game,
        system=system,
        discipline=discipline,
    )


@app.command("set")
def set_command(
    file: FileOption,
    assignments: Annotated[
        list[str], typer.Argument(help="KEY=VALUE pairs (an empty VALUE restores the default).")
    ],
) -> None:
    """Change event settings (see 'arbiter event settings' for the list)."""
    event = _load(file)
    for item in assignments:
        key, sep, value = item.partition("=")
        if not sep:
            fail(N_("{item!r}: write KEY=VALUE, e.g. komi=6.5"), item=item)
        event = event.set(key.strip(), value)
    _save(file, event)
    cfg = event.config
    for item in assignments:
        key = item.partition("=")[0].strip().lower().replace("-", "_")
        typer.echo(f"{key} = {cfg.text(key)}")


@app.command("settings")
def settings_command(file: FileOption, fmt: FormatOption = "table") -> None:
    """List every setting with its value (set or default) and meaning."""
    _print_table(settings_table(_load(file)), _check_format(fmt))


@app.command("add")
def add_command(
    file: FileOption,
    name: Annotated[str, typer.Option("--name", help='"Surname Given" (or "Surname, Given").')],
    rank: Annotated[
        str | None, typer.Option("--rank", help="Go rank: 30k..1k, 1d..9d, 1p..9p.")
    ] = None,
    rating: Annotated[int | None, typer.Option("--rating", help="Rating.")] = None,
    club: Annotated[str, typer.Option("--club", help="Club.")] = "",
    city: Annotated[str, typer.Option("--city", help="City.")] = "",
    country: Annotated[str, typer.Option("--country", help="Country code, e.g. KG.")] = "",
    gender: Annotated[str | None, typer.Option("--gender", help="m or f.")] = None,
    born: Annotated[str | None, typer.Option("--born", help="Date of birth, YYYY-MM-DD.")] = None,
    title: Annotated[str, typer.Option("--title", help="Sports title or category.")] = "",
    coach: Annotated[str, typer.Option("--coach", help="Coach.")] = "",
    medical: Annotated[
        bool | None, typer.Option("--medical/--no-medical", help="Doctor's clearance given.")
    ] = None,
) -> None:
    """Enter a player; prints the player's number."""
    event, player = _load(file).add_player(
        name,
        rank=rank,
        rating=rating,
        club=club,
        city=city,
        country=country,
        gender=gender,
        born=born,
        title=title,
        coach=coach,
        medical=medical,
    )
    _save(file, event)
    if player.entered > 1:
        say(
            N_("added {no} {name} (from round {round})"),
            no=player.no,
            name=player.name,
            round=player.entered,
        )
    else:
        say(N_("added {no} {name}"), no=player.no, name=player.name)


@app.command("add-pair")
def add_pair_command(
    file: FileOption,
    man: Annotated[str, typer.Option("--man", help="The man: number or name.")],
    woman: Annotated[str, typer.Option("--woman", help="The woman: number or name.")],
    name: Annotated[str | None, typer.Option("--name", help="The pair's name.")] = None,
) -> None:
    """Enter a pair-go pair of two entered players."""
    event, pair = _load(file).add_pair(man, woman, name)
    _save(file, event)
    say(N_("added pair {no} {name}"), no=pair.no, name=pair.name)


def _refs(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


@app.command("add-team")
def add_team_command(
    file: FileOption,
    name: Annotated[str, typer.Option("--name", help="The team's name.")],
    players: Annotated[str, typer.Option("--players", help="Players in board order: NO|NAME,...")],
    reserves: Annotated[
        str | None, typer.Option("--reserves", help="Reserves: NO|NAME,...")
    ] = None,
) -> None:
    """Enter a team of entered players."""
    event, team = _load(file).add_team(name, _refs(players), _refs(reserves))
    _save(file, event)
    say(N_("added team {no} {name}"), no=team.no, name=team.name)


@app.command("import-players")
def import_players_command(
    file: FileOption,
    csv_file: Annotated[
        Path, typer.Argument(help="CSV with a header row: name, rank, rating, club, ...")
    ],
) -> None:
    """Enter every player of a CSV list (all or none)."""
    try:
        text = csv_file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        fail(N_("{file}: not a UTF-8 text file"), file=csv_file)
    event, added = import_players(_load(file), text)
    _save(file, event)
    if added:
        say(
            N_("added {count} players ({first} to {last})"),
            count=len(added),
            first=added[0].no,
            last=added[-1].no,
        )
    else:
        say(N_("no players added"))


@app.command("withdraw")
def withdraw_command(
    file: FileOption,
    participant: Annotated[str, typer.Argument(help="Number or name.")],
    from_round: Annotated[
        int | None, typer.Option("--from-round", min=1, help="First round missed.")
    ] = None,
) -> None:
    """Withdraw a participant (from the next round unless --from-round says otherwise)."""
    before = _load(file)
    event = before.withdraw(participant, from_round)
    _save(file, event)
    who = event.find(participant)
    say(
        N_("withdrew {no} {name} from round {round}"),
        no=who.no,
        name=who.name,
        round=who.withdrawn,
    )


# -- playing --------------------------------------------------------------------------------------


@app.command("pair")
def pair_command(file: FileOption, fmt: FormatOption = "table") -> None:
    """Pair the next round and print it."""
    fmt = _check_format(fmt)
    from arbiter.commands.event_pairing import progress_bar

    with progress_bar():
        event = _load(file).pair_next_round()
    _save(file, event)
    rnd = event.rounds[-1]
    if fmt == "json":
        _print_json(pairing_json(event, rnd))
    else:
        _print_table(pairing_table(event, rnd), fmt)


@app.command("unpair")
def unpair_command(file: FileOption) -> None:
    """Remove the last round (only while it has no results)."""
    event = _load(file)
    number = len(event.rounds)
    event = event.unpair_last_round()
    _save(file, event)
    say(N_("round {round} removed"), round=number)


@app.command("result", context_settings={"ignore_unknown_options": True})
def result_command(
    file: FileOption,
    round_no: Annotated[int, typer.Option("--round", min=1, help="Round.")],
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
    before = _load(file)
    event = before.record_result(round_no, table, board, result, extra=extra)
    _save(file, event)
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
    round_no: Annotated[int, typer.Option("--round", min=1, help="Round.")],
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
    event = _load(file).set_lineup(round_no, team, refs, override=override)
    _save(file, event)
    t = event.find(team)
    say(N_("line-up of {team} for round {round} set"), team=t.name, round=round_no)


@app.command("warn")
def warn_command(
    file: FileOption,
    player: Annotated[str, typer.Argument(help="Player: number or name.")],
    round_no: Annotated[int, typer.Option("--round", min=1, help="Round.")],
    reason: Annotated[str, typer.Option("--reason", help="Why.")] = "",
) -> None:
    """Warn a player: Toguz Korgool's 3rd warning costs a point, the 4th excludes; in Go the 2nd
    warning in a game loses it."""
    before = _load(file)
    event = before.warn(player, round_no, reason)
    _save(file, event)
    who = event.find_player(player)
    count = sum(1 for w in event.warnings if w.player == who.no)
    say(N_("warning {count} to {no} {name}"), count=count, no=who.no, name=who.name)
    if who.excluded and not before.find_player(player).excluded:
        say(N_("{name} is excluded from round {round}"), name=who.name, round=who.withdrawn)


# -- reading --------------------------------------------------------------------------------------


@app.command("standings")
def standings_command(
    file: FileOption,
    fmt: FormatOption = "table",
    round_no: Annotated[
        int | None, typer.Option("--round", min=0, help="After this round.")
    ] = None,
) -> None:
    """Print the standings (after the last round, or after --round)."""
    fmt = _check_format(fmt)
    event = _load(file)
    if round_no is not None and round_no > len(event.rounds):
        fail(
            N_("round {round} is not paired: {count} rounds are"),
            round=round_no,
            count=len(event.rounds),
        )
    table = event.standings(round_no)
    if fmt == "json":
        _print_json(table.to_json())
    elif fmt == "csv":
        typer.echo(standings_csv(table), nl=False)
    else:
        _print_table(standings_table(event, table), fmt)


@app.command("crosstable")
def crosstable_command(
    file: FileOption,
    fmt: Annotated[str, typer.Option("--format", help="text, csv, json or html.")] = "text",
    round_no: Annotated[
        int | None, typer.Option("--round", min=0, help="After this round.")
    ] = None,
) -> None:
    """Print the crosstable (seed 002 appendix 3)."""
    fmt = _check_format(fmt, ("text", "table", "csv", "json", "html"))
    event = _load(file)
    if round_no is not None and round_no > len(event.rounds):
        fail(
            N_("round {round} is not paired: {count} rounds are"),
            round=round_no,
            count=len(event.rounds),
        )
    table = crosstable(event, round_no)
    if fmt == "csv":
        typer.echo(render_csv(table), nl=False)
    elif fmt == "json":
        _print_json(render_json(table))
    elif fmt == "html":
        typer.echo(render_html(table), nl=False)
    else:
        typer.echo(render_text(table))


def _participants_table(event: Event) -> Table:
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
        from arbiter.events.participants import Pair, Player, Team

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
    fmt = _check_format(fmt)
    event = _load(file)
    if round_no is not None:
        rnd = event.round(round_no)
        if fmt == "json":
            _print_json(pairing_json(event, rnd, results=True))
        else:
            _print_table(pairing_table(event, rnd), fmt)
        return
    system = system_for(event)
    planned = system.planned_rounds(event)
    if fmt == "json":
        _print_json(
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
    _print_table(_participants_table(event), fmt)
    if fmt == "table" and event.system in BRACKET_SYSTEMS and event.rounds:
        for rnd in event.rounds:
            for g in rnd.games:
                if g.board not in (None, 1):
                    continue
                pair = f"{event.name_of(g.black)} – {event.name_of(g.white)}"
                shown = ", ".join(str(r) for r in g.extra)
                extra = " " + tr(N_("(extra: {results})"), results=shown) if g.extra else ""
                result = f"{g.result or ''}{extra}"
                where = tr(N_("round {round}"), round=rnd.number)
                typer.echo(f"{where} {g.slot or ''}: {pair} {result}".rstrip())


# Swiss and McMahon: explain and manual edits; import and export of other programs' files
# (each registers its commands on this app)
from arbiter.commands import event_formats, event_pairing  # noqa: E402,F401
