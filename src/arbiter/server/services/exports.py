"""Exports of a whole event as files: the event document (JSON, the format of ``arbiter
event``), the EGF results file (``.h9``), OpenGotha's XML and FIDE's TRF — each of the event
as the caller may see it (so everybody but the staff exports the published rounds only).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.events.document import dumps
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.entries import format_function
from arbiter.server.services.errors import domain
from arbiter.server.services.events import get_event
from arbiter.server.services.text import slug

EXPORT_FORMATS = ("json", "h9", "opengotha", "trf")
#: The media type of each export (the API's schema names them from here).
MEDIA_TYPES = {
    "json": "application/json",
    "h9": "text/plain; charset=iso-8859-15",
    "opengotha": "application/xml",
    "trf": "text/plain; charset=utf-8",
}


@dataclass(frozen=True, slots=True)
class ExportFile:
    """A file to download."""

    filename: str
    media_type: str
    content: bytes


def export_event(rt: Runtime, actor: CurrentUser | None, event_id: int, fmt: str) -> ExportFile:
    """The event in format ``fmt`` (one of :data:`EXPORT_FORMATS`)."""
    state = get_event(rt, actor, event_id)
    event = state.event
    stem = slug(event.config.name) or f"event-{state.id}"
    if fmt == "json":
        return ExportFile(f"{stem}.json", MEDIA_TYPES["json"], dumps(event).encode("utf-8"))
    if fmt == "h9":
        write = format_function("egf", "h9_bytes", "the EGF results file")
        ext = format_function("egf", "extension", "the EGF results file")
        with domain("format"):
            data = write(event)
            suffix = ext(event)
        return ExportFile(f"{stem}{suffix}", MEDIA_TYPES["h9"], data)
    if fmt == "opengotha":
        write = format_function("opengotha", "write_opengotha", "OpenGotha export")
        with domain("format"):
            text = write(event)
        return ExportFile(f"{stem}.xml", MEDIA_TYPES["opengotha"], text.encode("utf-8"))
    write = format_function("trf", "write_trf", "TRF export")
    with domain("format"):
        text = write(event, order="standings")
    return ExportFile(f"{stem}.trf", MEDIA_TYPES["trf"], text.encode("utf-8"))
