"""The error of the interchange formats, apart so that writers used below the event façade (the
TRF a pairing engine reads) need nothing else of the formats.

>>> issubclass(FormatError, EventError)
True
"""

from __future__ import annotations

from arbiter.events.errors import EventError

__all__ = ["FormatError"]


class FormatError(EventError):
    """A file in an interchange format that cannot be read, or an event it cannot hold."""
