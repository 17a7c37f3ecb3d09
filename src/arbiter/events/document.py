"""The event file: the whole event as one JSON document (schema 1), read and written exactly.

``to_document(event)`` gives plain JSON values (:mod:`~arbiter.events.document_writer`);
``from_document`` reads them back as an :class:`~arbiter.events.event.Event`, checking types
and references (:mod:`~arbiter.events.document_reader`), so that
``from_document(to_document(e)) == e`` and writing the result again gives the same text. The
schema is described in ``docs/event-file.md``. Files are written atomically (a temporary file,
then a rename), so a failed command never leaves half a file.

>>> from arbiter.events.event import Event
>>> e, _ = Event.create("go", "round-robin").add_player("Lee Chang", rank="5d")
>>> loads(dumps(e)) == e, dumps(loads(dumps(e))) == dumps(e)
(True, True)
"""

from __future__ import annotations

import os
import tempfile
from fractions import Fraction
from pathlib import Path

from arbiter.errors import Text
from arbiter.events.competition import Competition
from arbiter.events.document_reader import Json, read_document
from arbiter.events.document_writer import SCHEMA, dumps, to_document
from arbiter.events.errors import DocumentError
from arbiter.events.event import Event
from arbiter.events.integrity import check
from arbiter.i18n import N_
from arbiter.limits import LimitError
from arbiter.limits import loads as json_loads


def from_document(doc: Json) -> Event:
    """Read an event document; a :class:`DocumentError` names the first problem."""
    return read_document(doc, Event)


def loads(text: str) -> Event:
    """Read an event document from JSON text (nesting, like every JSON arbiter reads, at most
    :data:`~arbiter.limits.MAX_JSON_DEPTH` deep)."""
    try:
        doc = json_loads(text, Text(N_("the event file")))
    except LimitError as exc:
        raise DocumentError(exc.template, **exc.params) from None
    return from_document(doc)


def load(path: str | os.PathLike[str]) -> Event:
    """Read the event file at ``path``."""
    p = Path(path)
    if not p.exists():
        raise DocumentError(
            N_("{file}: no such event file (create it with: arbiter event new --file {file} ...)"),
            file=p,
        )
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DocumentError(N_("{file}: not a UTF-8 text file"), file=p) from None
    try:
        return loads(text)
    except (DocumentError, LimitError) as exc:
        raise DocumentError(N_("{file}: {error}"), file=p, error=exc.text) from None


def save(path: str | os.PathLike[str], event: Competition) -> None:
    """Write the event file at ``path`` atomically."""
    p = Path(path)
    text = dumps(event)
    directory = p.parent if str(p.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


__all__ = [
    "SCHEMA",
    "Fraction",
    "check",
    "dumps",
    "from_document",
    "load",
    "loads",
    "save",
    "to_document",
]
