"""Who may do what in one event: the caller's roles there, and the event's publication.

Visibility: an unpublished event exists only for its role holders and site administrators (404
for everyone else, so its existence is not revealed). A visible event refuses what the caller's
roles do not allow with 403, and an anonymous caller with 401.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter.server.auth.roles import PERMISSIONS, STAFF, Permission, can
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Forbidden, NotFound, Unauthenticated
from arbiter.server.storage.models import EventRole, EventRow

_ROLE_WORDS = {
    "organiser": "organiser",
    "chief-referee": "chief referee",
    "referee": "referee",
    "player": "player",
    "spectator": "spectator",
    "committee": "appeals committee member",
}


@dataclass(frozen=True, slots=True)
class Access:
    """The caller's standing in an event."""

    event_id: int
    user: CurrentUser | None
    roles: frozenset[str]
    player_nos: frozenset[int]
    published: bool

    @property
    def is_admin(self) -> bool:
        """Whether the caller is a site administrator."""
        return self.user is not None and self.user.is_admin

    @property
    def is_staff(self) -> bool:
        """Organiser, chief referee, referee or administrator."""
        return self.is_admin or bool(self.roles & STAFF)

    @property
    def visible(self) -> bool:
        """Whether the caller may see the event at all."""
        return self.published or self.can(Permission.VIEW)

    def can(self, permission: Permission) -> bool:
        """Whether the caller holds ``permission`` here."""
        return can(self.roles, permission, admin=self.is_admin)

    def require(self, permission: Permission, what: str) -> CurrentUser:
        """The caller, if allowed ``what`` (a phrase such as "recording results"); else 401
        (anonymous), 404 (event not visible) or 403."""
        if self.user is None:
            raise Unauthenticated(f"sign in for {what}")
        if not self.visible:
            raise NotFound(f"no event {self.event_id}")
        if not self.can(permission):
            holders = [r for r, perms in PERMISSIONS.items() if permission in perms]
            words = [_ROLE_WORDS[r] for r in holders]
            names = " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)
            raise Forbidden(f"{what} needs the role {names} of this event")
        return self.user

    def require_visible(self) -> None:
        """404 unless the caller may see the event."""
        if not self.visible:
            raise NotFound(f"no event {self.event_id}")


def roles_of(session: Session, event_id: int, user: CurrentUser | None) -> list[EventRole]:
    """The caller's role rows in the event."""
    if user is None:
        return []
    return list(
        session.scalars(
            select(EventRole).where(EventRole.event_id == event_id, EventRole.user_id == user.id)
        )
    )


def access_for(session: Session, row: EventRow, user: CurrentUser | None) -> Access:
    """The caller's :class:`Access` to the event of ``row``."""
    held = roles_of(session, row.id, user)
    return Access(
        row.id,
        user,
        frozenset(r.role for r in held),
        frozenset(r.player_no for r in held if r.player_no is not None),
        row.published,
    )
