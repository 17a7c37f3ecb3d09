"""What every request needs: the settings, the database, the password hasher, the sign-in rate
limits, the secret key, the clock, the requests in flight and the computer's thinking
threads — one :class:`Runtime` per running app
(``app.state.runtime``), passed as the first argument to every service.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from arbiter.server.auth.passwords import PasswordHasher
from arbiter.server.auth.ratelimit import LoginLimiter, PasswordChecks
from arbiter.server.config import Settings
from arbiter.server.guard import InFlight
from arbiter.server.storage.database import Database
from arbiter.server.storage.models import ServerState
from arbiter.server.thinking import Thinking

SECRET_KEY_STATE = "secret_key"


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


@dataclass
class Runtime:
    """The server's shared state (one per app)."""

    settings: Settings
    db: Database
    hasher: PasswordHasher
    limiter: LoginLimiter
    secret_key: str
    clock: Callable[[], datetime] = field(default=utcnow)
    inflight: InFlight = field(default_factory=InFlight)
    thinking: Thinking = field(init=False)
    password_checks: PasswordChecks = field(init=False)

    def __post_init__(self) -> None:
        self.thinking = Thinking(self.settings.quotas)
        self.password_checks = PasswordChecks(self.settings.quotas.password_checks)

    @classmethod
    def create(cls, settings: Settings, db: Database | None = None) -> Runtime:
        """Open the database and read (or make) the secret key. The schema must be current."""
        database = db or Database(settings)
        return cls(
            settings=settings,
            db=database,
            hasher=PasswordHasher(settings.password_cost),
            limiter=LoginLimiter(
                database, settings.login_limit_per_client, settings.login_limit_per_account
            ),
            secret_key=settings.read_secret_key() or stored_secret_key(database),
        )

    def now(self) -> datetime:
        """The current time (UTC)."""
        return self.clock()


def stored_secret_key(db: Database) -> str:
    """The secret key the database keeps, made at the first call (by whichever server process
    starts first: the others read it)."""
    query = select(ServerState.value).where(ServerState.key == SECRET_KEY_STATE)
    try:
        with db.write() as session:
            found = session.scalars(query).one_or_none()
            if found is not None:
                return found
            key = secrets.token_urlsafe(48)
            session.add(ServerState(key=SECRET_KEY_STATE, value=key))
        return key
    except IntegrityError:
        with db.read() as session:
            return session.scalars(query).one()
