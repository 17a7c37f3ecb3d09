"""Accounts, sign-in, browser sessions and API tokens.

A session and a token are the same thing stored the same way: a random secret given to the
client once, of which the database keeps only the SHA-256. Browser sessions (``cookie``) last
``session_days`` after their last use; API tokens (``token``) ``token_days`` after creation.
Sign-in is rate-limited per client address and per account (429 with ``Retry-After``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from arbiter.server.auth.passwords import PasswordError, check_password
from arbiter.server.runtime import Runtime
from arbiter.server.services.errors import (
    Conflict,
    Forbidden,
    Invalid,
    NotFound,
    TooManyRequests,
    Unauthenticated,
)
from arbiter.server.services.text import check_text
from arbiter.server.storage.models import AuthSession, User

USERNAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{1,63}")
TOKEN_PREFIX = "arb_"
#: A session's last use is written at most this often (reads stay reads).
TOUCH_EVERY = timedelta(minutes=10)


@dataclass(frozen=True, slots=True)
class CurrentUser:
    """The signed-in account acting in a request."""

    id: int
    username: str
    display_name: str
    is_admin: bool

    @classmethod
    def of(cls, row: User) -> CurrentUser:
        """The account of a users row."""
        return cls(row.id, row.username, row.display_name or row.username, row.is_admin)


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """An API token or browser session as listed (never its secret)."""

    id: int
    kind: str
    name: str
    created_at: datetime
    expires_at: datetime
    last_used_at: datetime


@dataclass(frozen=True, slots=True)
class Credential:
    """A new session or token: the secret (shown once) and its CSRF token."""

    secret: str
    csrf: str
    info: TokenInfo


def aware(moment: datetime) -> datetime:
    """A stored time as UTC-aware (SQLite gives naive times back)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def digest(secret: str) -> str:
    """The SHA-256 (hex) under which a secret is stored."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def csrf_token(rt: Runtime, secret: str) -> str:
    """The CSRF token of a session: an HMAC of the session with the server's key, so a page can
    embed it and the server check it without storing anything."""
    key = rt.secret_key.encode()
    return hmac.new(key, b"csrf:" + digest(secret).encode(), hashlib.sha256).hexdigest()[:40]


def check_csrf(rt: Runtime, secret: str, given: str | None) -> bool:
    """Whether ``given`` is the CSRF token of session ``secret``."""
    return given is not None and hmac.compare_digest(csrf_token(rt, secret), given)


def visitor_csrf_token(rt: Runtime, visitor: str) -> str:
    """The CSRF token of a visitor not signed in, whose browser holds the random ``visitor``
    cookie: forms that work without an account (signing in, a game with a friend) carry it,
    so that another site cannot post them in the visitor's name (login CSRF)."""
    key = rt.secret_key.encode()
    return hmac.new(key, b"visitor:" + visitor.encode(), hashlib.sha256).hexdigest()[:40]


def check_visitor_csrf(rt: Runtime, visitor: str | None, given: str | None) -> bool:
    """Whether ``given`` is the CSRF token of the ``visitor`` cookie."""
    if not visitor or given is None or len(visitor) > 100:
        return False
    return hmac.compare_digest(visitor_csrf_token(rt, visitor), given)


# -- accounts -------------------------------------------------------------------------------------


def _check_username(username: str) -> str:
    name = username.strip()
    if not USERNAME.fullmatch(name):
        raise Invalid(
            "a user name has 2 to 64 letters, digits, '.', '_' or '-' and starts with a letter "
            "or digit",
            "username",
        )
    return name


def create_user(
    rt: Runtime,
    username: str,
    password: str,
    *,
    display_name: str = "",
    admin: bool = False,
    first_is_admin: bool = False,
) -> CurrentUser:
    """Create an account; 409 when the name (in any letter case) is taken. ``first_is_admin``:
    the server's first account is a site administrator (a fresh server set up from the
    browser)."""
    name = _check_username(username)
    check_text(display_name, "display_name", limit=200)
    try:
        check_password(password)
    except PasswordError as exc:
        raise Invalid(str(exc), "password") from None
    hashed = hash_password(rt, password)
    with rt.db.write() as session:
        taken = session.scalars(select(User.id).where(User.username_key == name.lower())).first()
        if taken is not None:
            raise Conflict(f"the user name {name!r} is taken", "username")
        if first_is_admin and session.scalars(select(User.id).limit(1)).first() is None:
            admin = True
        row = User(
            username=name,
            username_key=name.lower(),
            display_name=display_name.strip(),
            password_hash=hashed,
            is_admin=admin,
            is_active=True,
            created_at=rt.now(),
        )
        session.add(row)
        session.flush()
        return CurrentUser.of(row)


def find_user(session: Session, username: str) -> User | None:
    """The account named ``username`` (any letter case)."""
    return session.scalars(
        select(User).where(User.username_key == username.strip().lower())
    ).one_or_none()


def list_users(rt: Runtime, actor: CurrentUser | None) -> list[CurrentUser]:
    """Every account (site administrators only)."""
    require_admin(actor)
    return all_users(rt)


def search_users(rt: Runtime, actor: CurrentUser | None, query: str) -> list[CurrentUser]:
    """Up to 20 active accounts whose user name or display name holds ``query`` (any letter
    case), for an organiser appointing referees or linking entries; signed-in callers only."""
    require_user(actor)
    words = query.strip()[:64]
    if not words:
        return []
    pattern = "%" + words.replace("\\", "").replace("%", "").replace("_", "\\_") + "%"
    with rt.db.read() as session:
        rows = session.scalars(
            select(User)
            .where(
                User.is_active.is_(True),
                User.username.ilike(pattern, escape="\\")
                | User.display_name.ilike(pattern, escape="\\"),
            )
            .order_by(User.username_key)
            .limit(20)
        )
        return [CurrentUser.of(u) for u in rows]


def all_users(rt: Runtime) -> list[CurrentUser]:
    """Every account (for the command line, which runs as the server's owner)."""
    with rt.db.read() as session:
        return [CurrentUser.of(u) for u in session.scalars(select(User).order_by(User.id))]


def reset_password(rt: Runtime, username: str, password: str) -> None:
    """Set an account's password without the old one (the command line's reset); its sessions
    and tokens are closed."""
    try:
        check_password(password)
    except PasswordError as exc:
        raise Invalid(str(exc), "password") from None
    hashed = hash_password(rt, password)
    with rt.db.write() as session:
        row = find_user(session, username)
        if row is None:
            raise NotFound(f"no account named {username!r}")
        row.password_hash = hashed
        session.execute(delete(AuthSession).where(AuthSession.user_id == row.id))


def require_user(actor: CurrentUser | None) -> CurrentUser:
    """The actor, or 401."""
    if actor is None:
        raise Unauthenticated("sign in first")
    return actor


def require_admin(actor: CurrentUser | None) -> CurrentUser:
    """The actor if a site administrator: 401 anonymous, 403 otherwise."""
    user = require_user(actor)
    if not user.is_admin:
        raise Forbidden("only a site administrator may do this")
    return user


def change_password(rt: Runtime, actor: CurrentUser | None, old: str, new: str) -> None:
    """Change the actor's password (the old one is asked again); other sessions are closed."""
    user = require_user(actor)
    try:
        check_password(new)
    except PasswordError as exc:
        raise Invalid(str(exc), "new_password") from None
    with rt.db.read() as session:
        found = session.get(User, user.id)
        stored = None if found is None else found.password_hash
    # Hashes are computed outside any transaction (they take a while, and memory, by design).
    with rt.password_checks.slot() as free:
        if not free:
            raise TooManyRequests("the server is busy checking passwords: try again", 1.0)
        if stored is None or not rt.hasher.verify(stored, old):
            raise Invalid("the current password is wrong", "old_password")
    hashed = hash_password(rt, new)
    with rt.db.write() as session:
        row = session.get(User, user.id)
        if row is None or row.password_hash != stored:
            raise Conflict("the password changed meanwhile: try again", "old_password")
        row.password_hash = hashed
        session.execute(delete(AuthSession).where(AuthSession.user_id == user.id))


def hash_password(rt: Runtime, password: str) -> str:
    """``password`` hashed, within the bound on password hashes at once."""
    with rt.password_checks.slot() as free:
        if not free:
            raise TooManyRequests("the server is busy checking passwords: try again", 1.0)
        return rt.hasher.hash(password)


# -- signing in -----------------------------------------------------------------------------------


def authenticate(rt: Runtime, username: str, password: str, client: str) -> CurrentUser:
    """The account whose name and password these are; 401 otherwise, 429 after too many
    attempts from this client or on this account, or when the server is checking as many
    passwords as it may (:mod:`arbiter.server.auth.ratelimit`: counted before any hashing)."""
    wait = rt.limiter.attempt(client, username)
    if wait > 0:
        raise TooManyRequests(
            f"too many sign-in attempts: try again in {int(wait) + 1} s", retry_after=wait
        )
    with rt.db.read() as session:
        row = find_user(session, username) if len(username) <= 64 else None
    # The hash is checked outside any transaction: it takes a while by design.
    with rt.password_checks.slot() as free:
        if not free:
            raise TooManyRequests("the server is busy checking sign-ins: try again", 1.0)
        ok = rt.hasher.verify(row.password_hash if row else None, password[:1024])
    if row is None or not ok or not row.is_active:
        raise Unauthenticated("wrong user name or password")
    rt.limiter.succeeded(username)
    if rt.hasher.needs_rehash(row.password_hash):
        with rt.password_checks.slot() as free:
            rehashed = rt.hasher.hash(password) if free else None
        if rehashed is not None:
            with rt.db.write() as session:
                live = session.get(User, row.id)
                if live is not None and live.password_hash == row.password_hash:
                    live.password_hash = rehashed
    return CurrentUser.of(row)


def open_session(rt: Runtime, user: CurrentUser, kind: str, name: str = "") -> Credential:
    """A new browser session (``cookie``) or API token (``token``) for ``user``."""
    check_text(name, "name", limit=100)
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    now = rt.now()
    days = rt.settings.session_days if kind == "cookie" else rt.settings.token_days
    with rt.db.write() as session:
        # Expired sessions and tokens of the account are forgotten as it signs in.
        session.execute(
            delete(AuthSession).where(AuthSession.user_id == user.id, AuthSession.expires_at < now)
        )
        row = AuthSession(
            token_hash=digest(secret),
            user_id=user.id,
            kind=kind,
            name=name.strip(),
            created_at=now,
            expires_at=now + timedelta(days=days),
            last_used_at=now,
        )
        session.add(row)
        session.flush()
        return Credential(secret, csrf_token(rt, secret), _info(row))


def _info(row: AuthSession) -> TokenInfo:
    return TokenInfo(
        row.id,
        row.kind,
        row.name,
        aware(row.created_at),
        aware(row.expires_at),
        aware(row.last_used_at),
    )


def resolve(rt: Runtime, secret: str, kind: str) -> CurrentUser | None:
    """The account of a live session or token of ``kind``; ``None`` when unknown or expired.
    A browser session's life is extended by use."""
    if not secret.startswith(TOKEN_PREFIX) or len(secret) > 200:
        return None
    now = rt.now()
    with rt.db.read() as session:
        found = session.execute(
            select(AuthSession, User)
            .join(User, User.id == AuthSession.user_id)
            .where(AuthSession.token_hash == digest(secret), AuthSession.kind == kind)
        ).one_or_none()
        if found is None:
            return None
        row, user = found
        if aware(row.expires_at) <= now or not user.is_active:
            return None
        stale = now - aware(row.last_used_at) > TOUCH_EVERY
        current = CurrentUser.of(user)
        session_id = row.id
    if stale:
        with rt.db.write() as session:
            live = session.get(AuthSession, session_id)
            if live is not None:
                live.last_used_at = now
                if kind == "cookie":
                    live.expires_at = now + timedelta(days=rt.settings.session_days)
    return current


def close_session(rt: Runtime, secret: str) -> None:
    """End a session or revoke a token by its secret (sign out)."""
    with rt.db.write() as session:
        session.execute(delete(AuthSession).where(AuthSession.token_hash == digest(secret)))


def list_tokens(rt: Runtime, actor: CurrentUser | None) -> list[TokenInfo]:
    """The actor's API tokens."""
    user = require_user(actor)
    with rt.db.read() as session:
        rows = session.scalars(
            select(AuthSession)
            .where(AuthSession.user_id == user.id, AuthSession.kind == "token")
            .order_by(AuthSession.id)
        )
        return [_info(r) for r in rows]


def revoke_token(rt: Runtime, actor: CurrentUser | None, token_id: int) -> None:
    """Revoke one of the actor's API tokens (404 if it is not theirs)."""
    user = require_user(actor)
    with rt.db.write() as session:
        row = session.get(AuthSession, token_id)
        if row is None or row.user_id != user.id or row.kind != "token":
            raise NotFound(f"you have no API token {token_id}")
        session.delete(row)
