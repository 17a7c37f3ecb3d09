"""What every interchange format shares: its error, the result of an import, reading sources.

A format module is pure: text in, :class:`~arbiter.events.event.Event` out, and back. An import
returns the event with *notes*: what the source held that the event cannot keep (a result
arbiter has no word for, a tiebreak it does not compute), one line each, so that the command
line can tell the organiser.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from arbiter.events.errors import EventError
from arbiter.events.event import Event
from arbiter.i18n import N_
from arbiter.limits import shown

__all__ = ["FormatError", "Imported", "Source", "decode", "shown", "source_bytes"]


class FormatError(EventError):
    """A file in an interchange format that cannot be read, or an event it cannot hold."""


@dataclass(frozen=True, slots=True)
class Imported:
    """An imported event and the notes on what could not be kept."""

    event: Event
    notes: tuple[str, ...] = ()


Source = str | bytes | os.PathLike[str]


def source_bytes(source: Source, looks_like_text: tuple[str, ...]) -> bytes | str:
    """The content of ``source``: a path (``Path`` or a string that does not start like the
    format's text), or the text itself (``str`` or ``bytes``)."""
    if isinstance(source, bytes):
        return source
    if isinstance(source, str):
        head = source.lstrip("\ufeff \t\r\n")
        if head.startswith(looks_like_text) or "\n" in source:
            return source
        path: Path = Path(source)
    else:
        path = Path(source)
    try:
        return path.read_bytes()
    except OSError as exc:
        raise FormatError(f"{path}: {exc.strerror or exc}") from None


def decode(data: bytes | str, fallback: str = "iso-8859-15") -> str:
    """Text from bytes: UTF-8 (a byte-order mark is dropped), else ``fallback``."""
    if isinstance(data, str):
        return data.lstrip("\ufeff")
    try:
        return data.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode(fallback)
    except UnicodeDecodeError as exc:  # cp1252 leaves five bytes undefined
        raise FormatError(
            N_("the file is neither UTF-8 nor {encoding} text (byte {byte})"),
            encoding=fallback,
            byte=exc.start + 1,
        ) from None
