"""What every interchange format shares: its error, the result of an import, reading sources,
and making an event's settings and checking it at the end of an import.

A format module is pure: text in, :class:`~arbiter.events.event.Event` out, and back. An import
returns the event with *notes*: what the source held that the event cannot keep (a result
arbiter has no word for, a tiebreak it does not compute), one line each, so that the command
line can tell the organiser.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from arbiter.errors import ArbiterError
from arbiter.events.document import check
from arbiter.events.event import Event
from arbiter.events.formats.errors import FormatError
from arbiter.events.settings import Config, Settings, spec
from arbiter.i18n import N_
from arbiter.limits import LimitError, shown

__all__ = [
    "FormatError",
    "Imported",
    "Source",
    "checked",
    "decode",
    "enough_rounds",
    "settings_from",
    "shown",
    "source_bytes",
]


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


def settings_from(
    values: Mapping[str, str],
    config: Config,
    notes: list[str],
    refused: Callable[[str, str, Exception], str],
) -> Settings:
    """The settings of ``values`` (setting key → its text in the file) that differ from
    ``config``'s. A value beyond arbiter's limits refuses the whole file; any other value the
    setting does not take is left out, with the note ``refused(key, text, error)``."""
    settings = Settings()
    for key, text in values.items():
        try:
            value = spec(key).codec.parse(text)
        except LimitError as exc:  # beyond the API's limits: the file is refused, not trimmed
            raise LimitError(N_("setting {key}: {error}"), key=key, error=exc.text) from None
        except (ArbiterError, ValueError, ArithmeticError) as exc:
            notes.append(refused(key, text, exc))
            continue
        if text and value != config.value(key):
            settings = settings.with_value(key, value)
    return settings


def enough_rounds(event: Event) -> Event:
    """The event with ``rounds`` raised to the rounds paired when the file planned fewer."""
    planned = event.config.rounds
    if event.rounds and (planned is None or planned < len(event.rounds)):
        return replace(event, settings=event.settings.with_value("rounds", len(event.rounds)))
    return event


def checked(event: Event, what: str) -> Event:
    """The imported event, once the checks of an event file pass (``what`` names the file in
    the error)."""
    try:
        check(event)
    except ArbiterError as exc:
        raise FormatError(f"{what}: {exc}") from None
    return event
