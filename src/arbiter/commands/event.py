"""``arbiter event``: run a whole competition from one event file.

Every command reads the event file given by ``--file``, applies one operation of the pure
engine (:mod:`arbiter.events`) and writes the file back atomically only when the operation
succeeded, so an error leaves the file as it was. Participants are named by their number or
their exact name. Output is a table, or ``--format csv|json|html`` (``text`` for crosstables).

The commands live in one module per part of an event's life; this group gathers them, in the
order of ``arbiter event --help``. None imports another's commands, and none imports this one.
"""

from __future__ import annotations

import typer

from arbiter.commands import (
    event_corrections,
    event_entries,
    event_formats,
    event_pairing,
    event_play,
    event_report,
    event_show,
)

app = typer.Typer(
    help="Competitions: participants, pairings, results, standings.", no_args_is_help=True
)
for part in (
    event_entries,
    event_corrections,
    event_play,
    event_show,
    event_formats,
    event_pairing,
    event_report,
):
    app.add_typer(part.app)
