"""Parsed events kept between requests, so that reading an event does not parse its document
again while it has not changed.

Reading a 200-player event's document costs milliseconds of CPU; a referee entering results,
or a page showing the standings, reads the same event again and again, and every millisecond
is taken from the live games sharing the process. A document is parsed once per ``version``
(which grows with every change of the document, storage/events.py) and the results of its
games merged in again only where a game row's result changed.

What is kept is what a transaction read as committed: :func:`remember` is never called with an
event that a transaction wrote and might still roll back (the caller says which), so that
another process's change, which takes the same version number, is never mistaken for one that
did not happen. Every database (connection pool) has its own cache, of :data:`SIZE` events at
most, the least recently read dropped first; the cache is shared by the threads serving
requests.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from arbiter.events.event import Event
from arbiter.events.rounds import GameKey

SIZE = 16
"""Events kept per database."""

Texts = Mapping[GameKey, tuple[str | None, tuple[str, ...]]]
"""Each game's stored result and extra games, as the game rows hold them."""


@dataclass(frozen=True, slots=True)
class Kept:
    """An event as read at ``version`` (``created_at`` tells it from a deleted event whose id
    a new one took): its document parsed (``base``, no results), and the
    event with the results ``texts`` merged in (``merged``)."""

    version: int
    created_at: datetime
    base: Event
    texts: Texts | None = None
    merged: Event | None = None


class EventCache:
    """The kept events of one database, by event id (thread-safe, bounded)."""

    def __init__(self, size: int = SIZE) -> None:
        self._size = size
        self._kept: OrderedDict[int, Kept] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, event_id: int, version: int, created_at: datetime) -> Kept | None:
        """The event kept at ``version``, or ``None``."""
        with self._lock:
            kept = self._kept.get(event_id)
            if kept is None or kept.version != version or kept.created_at != created_at:
                return None
            self._kept.move_to_end(event_id)
            return kept

    def remember(self, event_id: int, kept: Kept) -> None:
        """Keep ``kept`` (read as committed) for ``event_id``, unless a newer version is kept."""
        with self._lock:
            old = self._kept.get(event_id)
            if old is not None and old.created_at == kept.created_at and old.version > kept.version:
                return
            self._kept[event_id] = kept
            self._kept.move_to_end(event_id)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)


_caches: weakref.WeakKeyDictionary[object, EventCache] = weakref.WeakKeyDictionary()
_caches_lock = threading.Lock()


def cache_for(session: Session) -> EventCache:
    """The cache of the database ``session`` works on (one per connection pool: a database's
    read and write engines share it, two databases never do)."""
    bind = session.get_bind()
    pool = bind.pool if isinstance(bind, Engine) else bind.engine.pool
    with _caches_lock:
        cache = _caches.get(pool)
        if cache is None:
            cache = _caches[pool] = EventCache()
        return cache
