"""Interchange formats: moving events in and out of arbiter.

- :mod:`~arbiter.events.formats.opengotha`: OpenGotha tournament files (XML), import and export;
- :mod:`~arbiter.events.formats.egf`: EGF results files (``.h9``, ``.hN``), export;
- :mod:`~arbiter.events.formats.trf`: FIDE Tournament Report Files (TRF16, TRF-2026 records),
  import and export;
- :mod:`~arbiter.events.formats.rating_lists`: the federations' Go rating lists (EGF, FFG,
  AGA), read to register players from;
- :mod:`~arbiter.events.formats.common` and :mod:`~arbiter.events.formats.errors`: what they
  share.

Each module is pure: text in, :class:`~arbiter.events.event.Event` out, and back; files are
read and written by the command line (``arbiter event import`` / ``export``).
"""

from arbiter.events.formats.common import Imported
from arbiter.events.formats.errors import FormatError
from arbiter.events.formats.opengotha import import_opengotha, read_opengotha, write_opengotha

__all__ = ["FormatError", "Imported", "import_opengotha", "read_opengotha", "write_opengotha"]
