"""``arbiter event explain|swap|force|forbid|skip``: Swiss and McMahon pairings explained and
edited by hand, and the progress bar shown while a pairing takes long.

The commands are registered on the ``arbiter event`` application (see ``commands/event.py``);
they read and write the event file like every other ``event`` command.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TaskID, TextColumn, TimeElapsedColumn

from arbiter.commands.common import fail, say, tr
from arbiter.commands.event import FileOption, _load, _save, app
from arbiter.events.event import Event
from arbiter.events.reports import pairing_table
from arbiter.events.swiss import edits
from arbiter.events.swiss.explain import explain, render
from arbiter.events.swiss.system import listening
from arbiter.i18n import N_

#: A pairing that has not finished after this many seconds shows a progress bar.
PATIENCE = 1.0


@contextmanager
def progress_bar(patience: float = PATIENCE) -> Iterator[None]:
    """Show what the pairing does (on standard error, in a terminal) once it has taken more
    than ``patience`` seconds; nothing for quick pairings."""
    state = {"stage": "pairing"}
    done = threading.Event()
    console = Console(stderr=True)
    shown: list[tuple[Progress, TaskID]] = []

    def hook(stage: str) -> None:
        state["stage"] = stage
        if shown:
            bar, task = shown[0]
            bar.update(task, description=stage)

    def watch() -> None:
        if done.wait(patience) or not console.is_terminal:
            return
        bar = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        )
        bar.start()
        shown.append((bar, bar.add_task(state["stage"], total=None)))
        done.wait()
        bar.stop()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        with listening(hook):
            yield
    finally:
        done.set()
        watcher.join(timeout=2)


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
    if fmt not in ("text", "json"):
        fail(N_("unknown format {format!r}: use {allowed}"), format=fmt, allowed="text, json")
    event = _load(file)
    with progress_bar():
        doc = explain(event, _round(event, round_no))
    if fmt == "json":
        typer.echo(json.dumps(doc, ensure_ascii=False, indent=2))
    else:
        typer.echo(render(doc), nl=False)


def _report(event: Event, notes: list[str], what: str) -> None:
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
    event, notes = edits.swap(_load(file), first, second)
    _save(file, event)
    _report(event, notes, tr(N_("swapped {first} and {second}"), first=first, second=second))


@app.command("force")
def force_command(file: FileOption, first: Who, second: Who) -> None:
    """Two participants meet in the last round; their former opponents meet each other."""
    event, notes = edits.force(_load(file), first, second)
    _save(file, event)
    _report(event, notes, tr(N_("{first} and {second} meet"), first=first, second=second))


@app.command("forbid")
def forbid_command(file: FileOption, first: Who, second: Who) -> None:
    """Two participants must not meet in the last round: it is paired again without them
    (pairs edited by hand are kept)."""
    with progress_bar():
        event, notes = edits.forbid(_load(file), first, second)
    _save(file, event)
    _report(event, notes, tr(N_("{first} and {second} no longer meet"), first=first, second=second))


@app.command("skip")
def skip_command(
    file: FileOption,
    participant: Who,
    half: Annotated[bool, typer.Option("--half", help="A half-point bye (else zero).")] = False,
) -> None:
    """A participant does not play the last round (a bye asked for): the round is paired
    again without them (pairs edited by hand are kept)."""
    with progress_bar():
        event, notes = edits.skip(_load(file), participant, "half" if half else "zero")
    _save(file, event)
    _report(
        event,
        notes,
        tr(
            N_("{participant} skips round {round}"),
            participant=participant,
            round=len(event.rounds),
        ),
    )
