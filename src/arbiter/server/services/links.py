"""One-use links: invitations to sign up, password resets, claims of an entry.

A link's secret is shown once, to whoever made it (to pass on by hand: no mail server is
needed); the database keeps its SHA-256 only, as for sessions. A link is taken in the same
transaction as what it allows, so it works once even when two requests race for it.

>>> len(new_secret()) > 40
True
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from arbiter.i18n import gettext
from arbiter.server.services.accounts import aware, digest
from arbiter.server.services.errors import Conflict, Invalid, NotFound
from arbiter.server.storage.links import AccountLink

LINK_PREFIX = "lnk_"
#: How long a link lasts unless its maker says otherwise, and at the most.
DAYS = {"invite": 7, "reset": 2, "claim": 30}
MAX_DAYS = 90


@dataclass(frozen=True, slots=True)
class LinkInfo:
    """A link as listed (never its secret)."""

    id: int
    kind: str
    event_id: int | None
    player_no: int | None
    user_id: int | None
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None

    @classmethod
    def of(cls, row: AccountLink) -> LinkInfo:
        """The listing of a row."""
        return cls(
            row.id,
            row.kind,
            row.event_id,
            row.player_no,
            row.user_id,
            aware(row.created_at),
            aware(row.expires_at),
            aware(row.used_at) if row.used_at is not None else None,
        )


@dataclass(frozen=True, slots=True)
class NewLink:
    """A link just made: its secret (shown once) and its listing."""

    secret: str
    info: LinkInfo


def new_secret() -> str:
    """A fresh random secret."""
    return LINK_PREFIX + secrets.token_urlsafe(32)


def check_days(days: int | None, kind: str) -> int:
    """The link's life in days (the kind's default when ``None``); 422 out of 1..90."""
    if days is None:
        return DAYS[kind]
    if not 1 <= days <= MAX_DAYS:
        raise Invalid(gettext("a link lasts 1 to %(n)s days") % {"n": MAX_DAYS}, "days")
    return days


def make_link(
    session: Session,
    now: datetime,
    kind: str,
    *,
    created_by: int,
    days: int | None = None,
    user_id: int | None = None,
    event_id: int | None = None,
    player_no: int | None = None,
) -> NewLink:
    """Store a new link of ``kind`` in the open transaction. Making a reset or a claim link
    retires the unused ones for the same account or entry (the last one given out counts)."""
    life = check_days(days, kind)
    if kind == "reset":
        session.execute(
            delete(AccountLink).where(
                AccountLink.kind == "reset",
                AccountLink.user_id == user_id,
                AccountLink.used_at.is_(None),
            )
        )
    elif kind == "claim":
        session.execute(
            delete(AccountLink).where(
                AccountLink.kind == "claim",
                AccountLink.event_id == event_id,
                AccountLink.player_no == player_no,
                AccountLink.used_at.is_(None),
            )
        )
    secret = new_secret()
    row = AccountLink(
        token_hash=digest(secret),
        kind=kind,
        user_id=user_id,
        event_id=event_id,
        player_no=player_no,
        created_by=created_by,
        created_at=now,
        expires_at=now + timedelta(days=life),
    )
    session.add(row)
    session.flush()
    return NewLink(secret, LinkInfo.of(row))


def take_link(
    session: Session, now: datetime, kind: str, secret: str, used_by: int | None
) -> AccountLink:
    """The live link of ``kind`` with this secret, marked used (in the open transaction: a
    failure later in it gives the link back). 404 unknown, 409 used or expired."""
    row = live_link(session, now, kind, secret, lock=True)
    row.used_at = now
    row.used_by = used_by
    return row


def find_link(session: Session, kind: str, secret: str, *, lock: bool = False) -> AccountLink:
    """The link of ``kind`` with this secret, used or not; 404 when there is none."""
    row = None
    if secret.startswith(LINK_PREFIX) and len(secret) <= 100:
        query = select(AccountLink).where(
            AccountLink.token_hash == digest(secret), AccountLink.kind == kind
        )
        # two requests with one link: the second waits, then sees it used
        row = session.scalars(query.with_for_update() if lock else query).one_or_none()
    if row is None:
        raise NotFound(gettext("no such link: check that it was copied whole"))
    return row


def live_link(
    session: Session, now: datetime, kind: str, secret: str, *, lock: bool = False
) -> AccountLink:
    """The link of ``kind`` with this secret if it can still be used: 404 unknown, 409 used
    or expired (``lock``: its row locked till the transaction ends)."""
    row = find_link(session, kind, secret, lock=lock)
    if row.used_at is not None:
        raise Conflict(gettext("this link has been used already"), "token")
    if aware(row.expires_at) <= now:
        raise Conflict(gettext("this link has expired: ask for a new one"), "token")
    return row


def link_state(row: AccountLink, now: datetime) -> str:
    """``used``, ``expired`` or ``live``."""
    if row.used_at is not None:
        return "used"
    return "expired" if aware(row.expires_at) <= now else "live"
