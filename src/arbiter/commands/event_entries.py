"""``arbiter event new|set|settings|add|add-pair|add-team|import-players|withdraw``: creating an
event, its settings and its entries (likely duplicates need ``--force``; corrections are in
:mod:`arbiter.commands.event_corrections`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arbiter.commands.common import fail, say
from arbiter.commands.event_common import (
    FileOption,
    FormatOption,
    check_format,
    check_game,
    check_new,
    check_system,
    load,
    print_table,
    save,
)
from arbiter.i18n import N_

app = typer.Typer()

FORCE_HELP = "Enter likely duplicates of entered players all the same."

#: :data:`arbiter.events.settings.SYSTEMS`, spelled out so that the help does not load the
#: events core (tests/commands/test_event_commands.py checks that the two agree).
SYSTEMS_HELP = (
    "round-robin, double-round-robin, knockout, double-elimination, scheveningen, swiss, "
    "swiss-dutch, mcmahon."
)


@app.command("new")
def new_command(
    file: FileOption,
    game: Annotated[str, typer.Option("--game", help="go or toguz.")],
    system: Annotated[str, typer.Option("--system", help=SYSTEMS_HELP)],
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
    from arbiter.events.event import Event
    from arbiter.events.settings import DISCIPLINES

    known_game, known_system = check_game(game), check_system(system)
    if discipline not in DISCIPLINES:
        fail(
            N_("unknown discipline {discipline!r}: use individual, pair or team"),
            discipline=discipline,
        )
    check_new(file, force)
    event = Event.create(
        known_game, known_system, discipline, rounds=rounds, draw_lots=draw_lots, name=name
    )
    save(file, event)
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
    event = load(file)
    for item in assignments:
        key, sep, value = item.partition("=")
        if not sep:
            fail(N_("{item!r}: write KEY=VALUE, e.g. komi=6.5"), item=item)
        event = event.set(key.strip(), value)
    save(file, event)
    cfg = event.config
    for item in assignments:
        key = item.partition("=")[0].strip().lower().replace("-", "_")
        typer.echo(f"{key} = {cfg.text(key)}")


@app.command("settings")
def settings_command(file: FileOption, fmt: FormatOption = "table") -> None:
    """List every setting with its value (set or default) and meaning."""
    from arbiter.events.reports import settings_table

    print_table(settings_table(load(file)), check_format(fmt))


@app.command("add")
def add_command(
    ctx: typer.Context,
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
    force: Annotated[bool, typer.Option("--force", help=FORCE_HELP)] = False,
) -> None:
    """Enter a player; prints the player's number."""
    from arbiter.events.duplicates import likely_duplicates

    # The options but --file and --force are the entry's fields, by the same names
    # (Event.add_player's).
    entry = {key: value for key, value in ctx.params.items() if key not in ("file", "force")}
    before = load(file)
    event, player = before.add_player(**entry)
    found = [] if force else likely_duplicates(before.players, player)
    if found:
        fail(
            N_("{name} is likely entered already as number {no} ({other}): add --force to enter"),
            name=player.name,
            no=found[0].no,
            other=found[0].name,
        )
    save(file, event)
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
    event, pair = load(file).add_pair(man, woman, name)
    save(file, event)
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
    event, team = load(file).add_team(name, _refs(players), _refs(reserves))
    save(file, event)
    say(N_("added team {no} {name}"), no=team.no, name=team.name)


@app.command("import-players")
def import_players_command(
    file: FileOption,
    csv_file: Annotated[
        Path, typer.Argument(help="CSV with a header row: name, rank, rating, club, ...")
    ],
    force: Annotated[bool, typer.Option("--force", help=FORCE_HELP)] = False,
) -> None:
    """Enter every player of a CSV list (all or none)."""
    from arbiter.events.duplicates import duplicates_among
    from arbiter.events.entries import import_players

    try:
        text = csv_file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        fail(N_("{file}: not a UTF-8 text file"), file=csv_file)
    before = load(file)
    event, added = import_players(before, text)
    found = [] if force else duplicates_among(before.players, added)
    if found:
        fail(
            N_(
                "{count} likely duplicate(s), the first {name} = {no} {other}: "
                "add --force to enter them"
            ),
            count=len(found),
            name=found[0].new.name,
            no=found[0].candidate.no,
            other=found[0].candidate.name,
        )
    save(file, event)
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
    event = load(file).withdraw(participant, from_round)
    save(file, event)
    who = event.find(participant)
    say(
        N_("withdrew {no} {name} from round {round}"),
        no=who.no,
        name=who.name,
        round=who.withdrawn,
    )
