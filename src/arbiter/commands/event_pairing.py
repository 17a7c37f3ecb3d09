"""``arbiter event explain|swap|force|forbid|skip``: Swiss and McMahon pairings explained and
edited by hand.

They read and write the event file like every other ``event`` command; the pairing's progress
bar (:func:`progress_bar`, kept here by that name too) is :mod:`arbiter.commands.progress`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from arbiter.commands.common import fail, say, tr
from arbiter.commands.event_common import FileOption, load, print_json, save
from arbiter.commands.progress import progress_bar
from arbiter.i18n import N_

if TYPE_CHECKING:
    from arbiter.events.event import Event

__all__ = ["app", "progress_bar"]

app = typer.Typer()


def _round(event: Event, number: int | None) -> int:
    if not event.rounds:
        fail(N_("no round is paired yet"))
    return number if number is not None else len(event.rounds)


@app.command("explain")
def explain_command(
    file: FileOption,
    round_no: Annotated[
        int | None, typer.Option("--round", "-r", min=1, help="The round (default: the last).")
    ] = None,
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """Explain a Swiss or McMahon round: the weight components of every pair."""
    from arbiter.events.swiss.explain import explain, render

    if fmt not in ("text", "json"):
        fail(N_("unknown format {format!r}: use {allowed}"), format=fmt, allowed="text, json")
    event = load(file)
    with progress_bar():
        doc = explain(event, _round(event, round_no))
    if fmt == "json":
        print_json(doc)
    else:
        typer.echo(render(doc), nl=False)


def _report(event: Event, notes: list[str], what: str) -> None:
    from arbiter.events.reports import pairing_table

    typer.echo(what)
    for note in notes:
        say(N_("warning: {note}"), note=note)
    rnd = event.rounds[-1]
    table = pairing_table(event, rnd)
    for row in table.rows:
        typer.echo("  " + "  ".join(row))


Who = Annotated[str, typer.Argument(help="A participant: number or exact name.")]


@app.command("swap")
def swap_command(file: FileOption, first: Who, second: Who) -> None:
    """Two participants exchange their places in the last (unplayed) round."""
    from arbiter.events.swiss import edits

    event, notes = edits.swap(load(file), first, second)
    save(file, event)
    _report(event, notes, tr(N_("swapped {first} and {second}"), first=first, second=second))


@app.command("force")
def force_command(file: FileOption, first: Who, second: Who) -> None:
    """Two participants meet in the last round; their former opponents meet each other."""
    from arbiter.events.swiss import edits

    event, notes = edits.force(load(file), first, second)
    save(file, event)
    _report(event, notes, tr(N_("{first} and {second} meet"), first=first, second=second))


@app.command("forbid")
def forbid_command(file: FileOption, first: Who, second: Who) -> None:
    """Two participants must not meet in the last round: it is paired again without them
    (pairs edited by hand are kept)."""
    from arbiter.events.swiss import edits

    with progress_bar():
        event, notes = edits.forbid(load(file), first, second)
    save(file, event)
    _report(event, notes, tr(N_("{first} and {second} no longer meet"), first=first, second=second))


@app.command("skip")
def skip_command(
    file: FileOption,
    participant: Who,
    half: Annotated[bool, typer.Option("--half", help="A half-point bye (else zero).")] = False,
) -> None:
    """A participant does not play the last round (a bye asked for): the round is paired
    again without them (pairs edited by hand are kept)."""
    from arbiter.events.swiss import edits

    with progress_bar():
        event, notes = edits.skip(load(file), participant, "half" if half else "zero")
    save(file, event)
    _report(
        event,
        notes,
        tr(
            N_("{participant} skips round {round}"),
            participant=participant,
            round=len(event.rounds),
        ),
    )
