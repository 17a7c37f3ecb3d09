"""``arbiter event import`` and ``arbiter event export``: events in and out of other programs.

``import SOURCE --file EVENT.json`` creates an event file from an OpenGotha tournament file
(``.xml``) or a FIDE TRF (``.trf``, ``.txt``); ``export --file EVENT.json --format F`` writes the
event as OpenGotha XML, an EGF results file (``h9``), a TRF or the event's JSON. Files are read
and written here; the conversions are pure (:mod:`arbiter.events.formats`). A file that cannot
be read is one line on standard error (exit code 2) and nothing is written.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from arbiter.commands.common import fail, read_bytes, say, write_atomically
from arbiter.commands.event_common import (
    FileOption,
    check_format,
    check_game,
    check_new,
    check_system,
    load,
    print_json,
    save,
)
from arbiter.errors import ArbiterError
from arbiter.i18n import N_

if TYPE_CHECKING:
    from arbiter.events.formats.common import Imported

app = typer.Typer()

EXPORT_FORMATS = ("opengotha", "h9", "trf", "json")
SOURCE_FORMATS = ("opengotha", "trf")


def _source_format(source: Path, data: bytes, given: str | None) -> str:
    if given is not None:
        value = given.strip().lower()
        if value not in SOURCE_FORMATS:
            fail(
                N_("unknown source format {format!r}: use {allowed}"),
                format=given,
                allowed=" or ".join(SOURCE_FORMATS),
            )
        return value
    suffix = source.suffix.lower()
    if suffix == ".xml":
        return "opengotha"
    if suffix in (".trf", ".trfx", ".txt"):
        return "trf"
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return "opengotha"
    return "trf"


@app.command("import")
def import_command(
    source: Annotated[
        Path, typer.Argument(help="An OpenGotha tournament file (.xml) or a FIDE TRF (.trf).")
    ],
    file: FileOption,
    source_format: Annotated[
        str | None,
        typer.Option("--from", help="opengotha or trf (default: by the file's extension)."),
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", help="TRF: go or toguz (default: toguz).")
    ] = None,
    system: Annotated[
        str | None,
        typer.Option("--system", help="TRF: the pairing system (default: from record 192)."),
    ] = None,
    teams: Annotated[
        bool,
        typer.Option("--teams", help="OpenGotha: import the team tournament laid over it."),
    ] = False,
    fmt: Annotated[str, typer.Option("--format", help="table or json.")] = "table",
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
) -> None:
    """Create an event file from another program's file."""
    from arbiter.events.formats.opengotha import import_opengotha
    from arbiter.events.formats.trf import import_trf

    fmt = fmt.strip().lower()
    if fmt not in ("table", "json"):
        fail(N_("unknown format {format!r}: use {allowed}"), format=fmt, allowed="table, json")
    check_new(file, force)
    data = read_bytes(source)
    kind = _source_format(source, data, source_format)
    if system is not None:
        check_system(system)
    if game is not None:
        check_game(game)
    if kind == "opengotha":
        if game not in (None, "go") or system is not None:
            fail(N_("an OpenGotha file is a Go event; its system comes from the file"))
        imported: Imported = _prefixed(source, lambda: import_opengotha(data, teams=teams))
    else:
        if teams:
            fail(N_("--teams is for OpenGotha files"))
        imported = _prefixed(
            source,
            lambda: import_trf(data, game=game, system=system),  # type: ignore[arg-type]
        )
    event = imported.event
    save(file, event)
    for note in imported.notes:
        say(N_("note: {note}"), note=note, err=True)
    if fmt == "json":
        doc = {
            "file": str(file),
            "game": event.game,
            "system": event.system,
            "discipline": event.discipline,
            "rounds": len(event.rounds),
            "participants": [{"no": p.no, "name": p.name} for p in event.participants],
            "notes": list(imported.notes),
        }
        print_json(doc)
        return
    created = {
        "individual": N_(
            "created {file} from {source}: {game} {system} ({discipline}), "
            "{count} players, {rounds} round(s) paired"
        ),
        "pair": N_(
            "created {file} from {source}: {game} {system} ({discipline}), "
            "{count} pairs, {rounds} round(s) paired"
        ),
        "team": N_(
            "created {file} from {source}: {game} {system} ({discipline}), "
            "{count} teams, {rounds} round(s) paired"
        ),
    }[event.discipline]
    say(
        created,
        file=file,
        source=source.name,
        game=event.game,
        system=event.system,
        discipline=event.discipline,
        count=len(event.participants),
        rounds=len(event.rounds),
    )


def _prefixed(source: Path, read: Callable[[], Imported]) -> Imported:
    try:
        return read()
    except ArbiterError as exc:
        fail(N_("{file}: {error}"), file=source, error=exc.text)


@app.command("export")
def export_command(
    file: FileOption,
    fmt: Annotated[str, typer.Option("--format", help="opengotha, h9, trf or json.")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (default: print).")
    ] = None,
) -> None:
    """Write the event for another program: OpenGotha XML, EGF results (h9), TRF or JSON."""
    from arbiter.events import document
    from arbiter.events.formats.egf import extension, h9_bytes
    from arbiter.events.formats.opengotha import write_opengotha
    from arbiter.events.formats.trf import write_trf

    value = check_format(fmt, EXPORT_FORMATS)
    event = load(file)
    text: str | None = None
    if value == "opengotha":
        text = write_opengotha(event)
    elif value == "trf":
        text = write_trf(event, order="standings")  # the order of `arbiter event standings`
    elif value == "json":
        text = document.dumps(event)
    data = text.encode("utf-8") if text is not None else h9_bytes(event)
    if value == "h9" and output is not None and output.suffix.lower() != extension(event):
        say(
            N_("note: the EGF expects this event's results as a {extension} file"),
            extension=extension(event),
            err=True,
        )
    if output is None:
        if text is not None:
            typer.echo(text, nl=False)
        else:  # the EGF's file is ISO-8859-15, byte for byte
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        return
    write_atomically(output, data)
    say(N_("wrote {file}"), file=output)
