"""``arbiter event edit|delete|merge``: correcting the entries of an event file — a player's
details, an entry made by mistake, a player entered twice."""

from __future__ import annotations

from typing import Annotated

import typer

from arbiter.commands.common import fail, say
from arbiter.commands.event_common import FileOption, load, save
from arbiter.i18n import N_

app = typer.Typer()

#: ``arbiter.events.corrections.MERGE_FIELDS``, spelled out so that the help loads no core
#: (tests/events/test_cli_corrections.py checks that the two agree).
MERGE_FIELDS_HELP = (
    "name, gender, born, club, city, country, title, rank, rating, coach, medical, ids"
)


@app.command("edit")
def edit_command(
    file: FileOption,
    player: Annotated[str, typer.Argument(help="Number or name.")],
    name: Annotated[
        str | None, typer.Option("--name", help='"Surname Given" (or "Surname, Given").')
    ] = None,
    rank: Annotated[
        str | None, typer.Option("--rank", help="Go rank: 30k..1k, 1d..9d, 1p..9p.")
    ] = None,
    rating: Annotated[str | None, typer.Option("--rating", help="Rating (empty: none).")] = None,
    club: Annotated[str | None, typer.Option("--club", help="Club.")] = None,
    city: Annotated[str | None, typer.Option("--city", help="City.")] = None,
    country: Annotated[str | None, typer.Option("--country", help="Country code, e.g. KG.")] = None,
    gender: Annotated[
        str | None, typer.Option("--gender", help="m or f (empty: not known).")
    ] = None,
    born: Annotated[str | None, typer.Option("--born", help="Date of birth, YYYY-MM-DD.")] = None,
    title: Annotated[str | None, typer.Option("--title", help="Sports title or category.")] = None,
    coach: Annotated[str | None, typer.Option("--coach", help="Coach.")] = None,
    medical: Annotated[
        bool | None, typer.Option("--medical/--no-medical", help="Doctor's clearance given.")
    ] = None,
) -> None:
    """Correct a player's details: the options given change, the others stay."""
    from arbiter.events.corrections import correct_player
    from arbiter.events.registration import EntryForm

    event = load(file)
    old = event.find_player(player)
    form = EntryForm(
        name=name if name is not None else f"{old.surname}, {old.given}".rstrip(", "),
        gender=gender if gender is not None else old.gender,
        born=born if born is not None else old.born,
        club=club if club is not None else old.club,
        city=city if city is not None else old.city,
        country=country if country is not None else old.country,
        title=title if title is not None else old.title,
        rank=rank if rank is not None else (str(old.rank) if old.rank is not None else None),
        rating=rating if rating is not None else old.rating,
        coach=coach if coach is not None else old.coach,
        medical=medical if medical is not None else old.medical,
    )
    event, new = correct_player(event, old.no, form)
    save(file, event)
    say(N_("corrected {no} {name}"), no=new.no, name=new.name)


@app.command("delete")
def delete_command(
    file: FileOption,
    participant: Annotated[str, typer.Argument(help="Number or name.")],
    kind: Annotated[
        str, typer.Option("--kind", help="player, pair or team (default: a player).")
    ] = "player",
) -> None:
    """Delete an entry that has taken no part in the event (after that: withdraw)."""
    from arbiter.events.corrections import delete_entry

    if kind not in ("player", "pair", "team"):
        fail(N_("unknown kind {kind!r}: use player, pair or team"), kind=kind)
    event = load(file)
    if kind == "player":
        no = event.find_player(participant).no
    elif participant.strip().isdecimal():
        no = int(participant)
    else:
        no = event.find(participant).no
    event, gone = delete_entry(event, kind, no)
    save(file, event)
    say(N_("deleted {no} {name}"), no=gone.no, name=gone.name)


@app.command("merge")
def merge_command(
    file: FileOption,
    first: Annotated[str, typer.Argument(help="One player: number or name.")],
    second: Annotated[str, typer.Argument(help="The other: number or name.")],
    take: Annotated[
        str | None,
        typer.Option("--take", help=f"Fields taken from the other entry: {MERGE_FIELDS_HELP}."),
    ] = None,
) -> None:
    """Merge two entries of one person: the one that has played keeps its number and games,
    its empty fields filled from the other."""
    from arbiter.events.corrections import merge_players

    event = load(file)
    a, b = event.find_player(first).no, event.find_player(second).no
    fields = [f.strip() for f in (take or "").split(",") if f.strip()]
    event, kept = merge_players(event, a, b, fields)
    save(file, event)
    gone = b if kept.no == a else a
    say(N_("merged {gone} into {no} {name}"), gone=gone, no=kept.no, name=kept.name)
