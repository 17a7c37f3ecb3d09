"""The shapes of a service call: read an event, or change it in one transaction.

:func:`editing` opens a write transaction, locks the event (exclusively by default, shared for
result entry), checks the caller's permission, loads the event and hands it over; the service
applies an operation of the events core and calls :meth:`Editing.store`. Whatever raises inside
rolls the whole transaction back.

:func:`prepared` and :func:`still_as_read` split a small change (a result) in two: the event is
read and the change checked against it without a write lock, then one statement writes it if the
event's version has not moved meanwhile and the actor still holds the permission (:func:`why_not`
tells which failed; :class:`Moved`: the caller reads again). On SQLite, which writes one
transaction at a time, the lock is then held for one row's update, not for reading the whole
event nor for a transaction's worth of Python, so live games do not wait behind a referee.

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

from sqlalchemy import ColumnElement, and_, exists, select
from sqlalchemy.orm import Session

from arbiter.events.document import to_document
from arbiter.events.event import Event
from arbiter.server.auth.roles import PERMISSIONS, Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services.access import Access, access_for
from arbiter.server.services.accounts import CurrentUser, require_user
from arbiter.server.services.errors import Conflict, NotFound
from arbiter.server.services.state import EventState, build
from arbiter.server.services.text import check_json_text
from arbiter.server.storage import events as store
from arbiter.server.storage.events import Loaded
from arbiter.server.storage.models import EventRole, EventRow

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
    """The event changed between :func:`prepared` and the write."""


@contextmanager
def prepared(
    rt: Runtime, actor: CurrentUser | None, event_id: int, permission: Permission, what: str
) -> Iterator[Editing]:
    """Event ``event_id`` read for a change, if the actor holds ``permission``, in a read
    transaction: nothing written here is kept; write under :func:`still_as_read`."""
    user = require_user(actor)
    with rt.db.read() as session:
        row = store.fetch(session, event_id)
        if row is None:
            raise NotFound(f"no event {event_id}")
        access = access_for(session, row, user)
        access.require(permission, what)
        yield Editing(session, store.load(session, row), access, user, rt.now())


def still_as_read(ed: Editing, permission: Permission) -> ColumnElement[bool]:
    """The condition, for the one statement that writes a small change read with
    :func:`prepared`, that the event is still at the version read (taking its shared lock on
    PostgreSQL: a pairing under way is waited for, then seen to have moved it) and that the
    actor still holds ``permission`` — so that on SQLite the write lock is held for that one
    statement, not for a transaction's worth of Python. When the statement writes nothing,
    :func:`why_not` tells why."""
    same = exists(
        select(EventRow.id)
        .where(EventRow.id == ed.row.id, EventRow.version == ed.row.version)
        .with_for_update(read=True)
    )
    if ed.user.is_admin:
        return same
    roles = [role for role, held in PERMISSIONS.items() if permission in held]
    holds = exists(
        select(EventRole.id).where(
            EventRole.event_id == ed.row.id,
            EventRole.user_id == ed.user.id,
            EventRole.role.in_(roles),
        )
    )
    return and_(same, holds)


def why_not(rt: Runtime, ed: Editing, permission: Permission, what: str) -> None:
    """After a statement guarded by :func:`still_as_read` wrote nothing: :class:`NotFound`
    (the event is gone), the refusal (the permission is gone), :class:`Moved` (the event
    changed); returns when none of these is so (another writer changed the row itself)."""
    with rt.db.read() as session:
        row = store.fetch(session, ed.row.id)
        if row is None:
            raise NotFound(f"no event {ed.row.id}")
        access_for(session, row, ed.user).require(permission, what)
        if row.version != ed.row.version:
            raise Moved


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
