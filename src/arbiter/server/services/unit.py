"""The shapes of a service call: read an event, or change it in one transaction.

:func:`editing` opens a write transaction, locks the event (exclusively by default, shared for
result entry), checks the caller's permission, loads the event and hands it over; the service
applies an operation of the events core and calls :meth:`Editing.store`. Whatever raises inside
rolls the whole transaction back.

:func:`prepared` and :func:`unmoved` split a small change (a result) in two: the event is read and
the change checked against it without a write lock, then a short write transaction writes it if
the event's version has not moved meanwhile (:class:`Moved` otherwise: the caller reads again).
On SQLite, which writes one transaction at a time, the lock is then held for one row's update,
not for reading the whole event, so live games do not wait behind a referee.

:func:`rebuilt` is for changes whose computation is long (an import of thousands of players):
the event is read without a lock, the new event is made outside any transaction, and a short
write transaction stores it if the event's version has not moved meanwhile (else the change is
made again on the newer event). The write lock is held for the store only, not the parsing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from sqlalchemy.orm import Session

from arbiter.events.document import to_document
from arbiter.events.event import Event
from arbiter.server.auth.roles import Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services.access import Access, access_for
from arbiter.server.services.accounts import CurrentUser, require_user
from arbiter.server.services.errors import Conflict, NotFound
from arbiter.server.services.state import EventState, build
from arbiter.server.services.text import check_json_text
from arbiter.server.storage import events as store
from arbiter.server.storage.events import Loaded
from arbiter.server.storage.models import EventRow

T = TypeVar("T")


@dataclass
class Editing:
    """An event being changed inside a write transaction."""

    session: Session
    loaded: Loaded
    access: Access
    user: CurrentUser
    now: datetime

    @property
    def event(self) -> Event:
        """The event as it is now (every round: the caller may edit it)."""
        return self.loaded.event

    @property
    def row(self) -> EventRow:
        """The event's row."""
        return self.loaded.row

    def store(self, new: Event) -> Loaded:
        """Write the changed event (document, rounds, games, entries) and reload it."""
        check_json_text(to_document(new))
        self.loaded = store.store(
            self.session, self.loaded, new, user_id=self.user.id, now=self.now
        )
        return self.loaded

    def state(self) -> EventState:
        """The event as the caller sees it now."""
        return build(self.loaded, self.access)


@dataclass
class Reading:
    """An event read inside a read transaction."""

    session: Session
    loaded: Loaded
    access: Access

    def state(self) -> EventState:
        """The event as the caller may see it."""
        return build(self.loaded, self.access)


@contextmanager
def editing(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    permission: Permission,
    what: str,
    *,
    lock: str = "update",
) -> Iterator[Editing]:
    """Change event ``event_id`` in one transaction, if the actor holds ``permission``
    (``what`` names the action in the refusal)."""
    user = require_user(actor)
    with rt.db.write() as session:
        row = store.fetch(session, event_id, lock=lock)
        if row is None:
            raise NotFound(f"no event {event_id}")
        access = access_for(session, row, user)
        access.require(permission, what)
        yield Editing(session, store.load(session, row), access, user, rt.now())


class Moved(Exception):
    """The event changed between :func:`prepared` and :func:`unmoved`."""


@contextmanager
def prepared(
    rt: Runtime, actor: CurrentUser | None, event_id: int, permission: Permission, what: str
) -> Iterator[Editing]:
    """Event ``event_id`` read for a change, if the actor holds ``permission``, in a read
    transaction: nothing written here is kept; write with :func:`unmoved`."""
    user = require_user(actor)
    with rt.db.read() as session:
        row = store.fetch(session, event_id)
        if row is None:
            raise NotFound(f"no event {event_id}")
        access = access_for(session, row, user)
        access.require(permission, what)
        yield Editing(session, store.load(session, row), access, user, rt.now())


@contextmanager
def unmoved(
    rt: Runtime, ed: Editing, permission: Permission, what: str, *, lock: str = "share"
) -> Iterator[Session]:
    """A write transaction in which the event ``ed`` read (:func:`prepared`) is still at the
    version read and the actor still holds ``permission``; :class:`Moved` when it is not."""
    with rt.db.write() as session:
        row = store.fetch(session, ed.row.id, lock=lock)
        if row is None:
            raise NotFound(f"no event {ed.row.id}")
        access_for(session, row, ed.user).require(permission, what)
        if row.version != ed.row.version:
            raise Moved
        yield session


def rebuilt(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    permission: Permission,
    what: str,
    build: Callable[[Event], tuple[Event, T]],
    *,
    attempts: int = 3,
) -> tuple[EventState, T]:
    """Change event ``event_id`` by ``build`` (a pure function of the event, which may take
    long, returning the new event and whatever the caller wants back), if the actor holds
    ``permission``. ``build`` may change entries and settings, not rounds. It runs on a
    snapshot; the new event is stored only if the event's version is still the snapshot's,
    else ``build`` runs again on the newer event, ``attempts`` times at most (then 409)."""
    user = require_user(actor)
    for _attempt in range(attempts):
        with rt.db.read() as session:
            row = store.fetch(session, event_id)
            if row is None:
                raise NotFound(f"no event {event_id}")
            access_for(session, row, user).require(permission, what)
            version, before = row.version, store.load(session, row).event
        after, extra = build(before)
        check_json_text(to_document(after))
        with rt.db.write() as session:
            row = store.fetch(session, event_id, lock="update")
            if row is None:
                raise NotFound(f"no event {event_id}")
            access_for(session, row, user).require(permission, what)
            stored = row.version == version
            if stored:
                store.store_document(session, row, before, after, now=rt.now())
        if stored:
            with reading(rt, user, event_id) as r:
                return r.state(), extra
    raise Conflict(f"the event kept changing meanwhile ({what}): try again")


@contextmanager
def reading(rt: Runtime, actor: CurrentUser | None, event_id: int) -> Iterator[Reading]:
    """Read event ``event_id`` (404 when the actor may not see it)."""
    with rt.db.read() as session:
        row = store.fetch(session, event_id)
        if row is None:
            raise NotFound(f"no event {event_id}")
        access = access_for(session, row, actor)
        access.require_visible()
        yield Reading(session, store.load(session, row), access)
