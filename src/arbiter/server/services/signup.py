"""Opening accounts and looking after them without a terminal: sign-up (open, by invitation, or
closed), invitations, the administrators' list of accounts, disabling an account, password
resets by a link an administrator hands over.

The registration mode is the server setting ``registration`` unless an administrator chose
another on the accounts page (kept in ``server_state``, so every process agrees).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select

from arbiter.i18n import gettext
from arbiter.server.auth.passwords import PasswordError, check_password
from arbiter.server.config import REGISTRATION_MODES
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from arbiter.server.services.accounts import CurrentUser, aware, require_admin
from arbiter.server.services.errors import Conflict, Forbidden, Invalid, NotFound
from arbiter.server.services.links import (
    LinkInfo,
    NewLink,
    link_state,
    live_link,
    make_link,
    take_link,
)
from arbiter.server.services.text import check_text
from arbiter.server.storage.links import AccountLink
from arbiter.server.storage.models import AuthSession, ServerState, User

REGISTRATION_STATE = "registration"
EMAIL_LIMIT = 254


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the administrators' list shows it."""

    id: int
    username: str
    display_name: str
    email: str
    is_admin: bool
    is_active: bool
    created_at: datetime


def registration_mode(rt: Runtime) -> str:
    """``open``, ``invite`` or ``closed``: who may open an account now."""
    with rt.db.read() as session:
        chosen = session.get(ServerState, REGISTRATION_STATE)
        value = chosen.value if chosen is not None else None
    return value if value in REGISTRATION_MODES else rt.settings.registration


def set_registration_mode(rt: Runtime, actor: CurrentUser | None, mode: str) -> str:
    """An administrator chooses the registration mode (kept in the database)."""
    require_admin(actor)
    if mode not in REGISTRATION_MODES:
        raise Invalid(
            gettext("registration is one of: %(modes)s") % {"modes": ", ".join(REGISTRATION_MODES)},
            "registration",
        )
    with rt.db.write() as session:
        row = session.get(ServerState, REGISTRATION_STATE)
        if row is None:
            session.add(ServerState(key=REGISTRATION_STATE, value=mode))
        else:
            row.value = mode
    return mode


def _check_email(email: str) -> str:
    value = check_text(email.strip(), "email", limit=EMAIL_LIMIT)
    if value and ("@" not in value.strip("@") or any(c.isspace() for c in value)):
        raise Invalid(gettext("an e-mail address looks like name@example.org"), "email")
    return value


def sign_up(
    rt: Runtime,
    username: str,
    password: str,
    *,
    display_name: str = "",
    email: str = "",
    invitation: str = "",
) -> CurrentUser:
    """Open an account as the registration mode allows: 403 when closed, or when by
    invitation and ``invitation`` is not a live invitation link (which it uses up). The first
    account of a server without any is its administrator."""
    mode = registration_mode(rt)
    if mode == "closed":
        raise Forbidden(
            gettext("this server does not open accounts by sign-up: ask its administrator")
        )
    address = _check_email(email)
    if mode == "invite":
        if not invitation:
            raise Forbidden(gettext("accounts are opened by invitation here: ask for a link"))
        with rt.db.read() as session:  # checked before the slow hash, taken after it
            live_link(session, rt.now(), "invite", invitation)
    user = accounts.create_user(
        rt, username, password, display_name=display_name, first_is_admin=True
    )
    try:
        with rt.db.write() as session:
            if mode == "invite":
                take_link(session, rt.now(), "invite", invitation, user.id)
            if address:
                found = session.get(User, user.id)
                if found is not None:
                    found.email = address
    except Exception:
        # the invitation did not hold: the account just made goes again
        with rt.db.write() as session:
            session.execute(delete(User).where(User.id == user.id))
        raise
    return user


def invite(rt: Runtime, actor: CurrentUser | None, days: int | None = None) -> NewLink:
    """A new invitation to open one account (administrators)."""
    admin = require_admin(actor)
    with rt.db.write() as session:
        return make_link(session, rt.now(), "invite", created_by=admin.id, days=days)


def invitations(rt: Runtime, actor: CurrentUser | None) -> list[tuple[LinkInfo, str]]:
    """The invitations with their state (``live``, ``used``, ``expired``), newest first."""
    require_admin(actor)
    now = rt.now()
    with rt.db.read() as session:
        rows = session.scalars(
            select(AccountLink)
            .where(AccountLink.kind == "invite")
            .order_by(AccountLink.id.desc())
            .limit(200)
        )
        return [(LinkInfo.of(r), link_state(r, now)) for r in rows]


def withdraw_invitation(rt: Runtime, actor: CurrentUser | None, link_id: int) -> None:
    """Withdraw an unused invitation."""
    require_admin(actor)
    with rt.db.write() as session:
        row = session.get(AccountLink, link_id)
        if row is None or row.kind != "invite":
            raise NotFound(gettext("no invitation %(n)s") % {"n": link_id})
        if row.used_at is not None:
            raise Conflict(gettext("this link has been used already"), "token")
        session.delete(row)


def list_accounts(rt: Runtime, actor: CurrentUser | None) -> list[Account]:
    """Every account, for the administrators."""
    require_admin(actor)
    with rt.db.read() as session:
        return [
            Account(
                u.id,
                u.username,
                u.display_name or u.username,
                u.email,
                u.is_admin,
                u.is_active,
                aware(u.created_at),
            )
            for u in session.scalars(select(User).order_by(User.username_key))
        ]


def set_active(rt: Runtime, actor: CurrentUser | None, username: str, active: bool) -> None:
    """Disable an account (its sessions and tokens end; it cannot sign in) or enable it
    again. An administrator cannot disable their own account (somebody must stay able to
    undo it)."""
    admin = require_admin(actor)
    with rt.db.write() as session:
        row = accounts.find_user(session, username) if len(username) <= 64 else None
        if row is None:
            raise NotFound(gettext("no account named %(name)s") % {"name": username})
        if row.id == admin.id and not active:
            raise Conflict(gettext("you cannot disable your own account"), "username")
        row.is_active = active
        if not active:
            session.execute(delete(AuthSession).where(AuthSession.user_id == row.id))


def reset_link(
    rt: Runtime, actor: CurrentUser | None, username: str, days: int | None = None
) -> NewLink:
    """A link with which the account's owner sets a new password (administrators; the
    previous unused link for the account stops working)."""
    admin = require_admin(actor)
    with rt.db.write() as session:
        row = accounts.find_user(session, username) if len(username) <= 64 else None
        if row is None:
            raise NotFound(gettext("no account named %(name)s") % {"name": username})
        return make_link(session, rt.now(), "reset", created_by=admin.id, days=days, user_id=row.id)


def reset_by_link(rt: Runtime, secret: str, password: str) -> CurrentUser:
    """Set a new password with a reset link (used up); every session of the account ends."""
    try:
        check_password(password)
    except PasswordError as exc:
        raise Invalid(str(exc), "password") from None
    with rt.db.read() as session:  # a bad link is refused before the slow hash
        live_link(session, rt.now(), "reset", secret)
    hashed = accounts.hash_password(rt, password)
    with rt.db.write() as session:
        taken = take_link(session, rt.now(), "reset", secret, None)
        row = session.get(User, taken.user_id) if taken.user_id is not None else None
        if row is None:
            raise NotFound(gettext("the account of this link is gone"))
        taken.used_by = row.id
        row.password_hash = hashed
        session.execute(delete(AuthSession).where(AuthSession.user_id == row.id))
        return CurrentUser.of(row)
