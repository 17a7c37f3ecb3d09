"""Limits on signing in: attempts per client address and per account name, counted in the
database, and a bound on the password checks computed at once.

**Counted before the password is checked.** Each attempt first takes its place in both
counters in one short transaction (an atomic upsert: ``count = count + 1``); only an attempt
within both limits goes on to the password check. So 40 guesses sent at once at one account
get 5 checks, not 40, and every server process sharing the database shares the counts. A
successful sign-in clears the account's count (not the address's).

**Sliding, approximately.** Counts are kept in fixed windows of the limit's length; an
attempt is within the limit while ``current + previous × (the part of the previous window
still in the last period)`` stays at or under it — the usual sliding-window counter, never
more than the limit in any period of that length, give or take one window's rounding.

**Password checks at once.** argon2id takes its memory cost (64 MiB) for each check, so at
most ``quotas.password_checks`` run at once; an attempt that finds none free within a
second is refused with 429 before any hashing (measured before: 40 concurrent wrong
passwords grew the server from 111 to 1,400 MB).

The client address is the peer's, or — from a trusted proxy only — the one the proxy names
(:mod:`arbiter.server.guard`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import cast

from sqlalchemy import Table, delete, select
from sqlalchemy.dialects import postgresql, sqlite

from arbiter.server.config import RateLimit
from arbiter.server.storage.database import Database
from arbiter.server.storage.models import SignInCount

__all__ = ["LoginLimiter", "PasswordChecks", "account_key", "client_key"]

_TABLE = cast(Table, SignInCount.__table__)


def client_key(address: str) -> str:
    """The counter of a client address."""
    return "client:" + address[:180]


def account_key(name: str) -> str:
    """The counter of an account name (names are compared without case)."""
    return "account:" + name.strip().lower()[:180]


class LoginLimiter:
    """The two limits of the module, on ``db``'s counters."""

    def __init__(
        self,
        db: Database,
        per_client: RateLimit,
        per_account: RateLimit,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.per_client = per_client
        self.per_account = per_account
        self._clock = clock
        self._cleaned = 0.0

    def attempt(self, client: str, account: str | None = None) -> float:
        """Count one attempt from ``client`` (at ``account``); 0 when it is within the limits,
        else the seconds to wait before trying again (the attempt still counts)."""
        now = self._clock()
        waits = [0.0]
        with self.db.write() as session:
            pairs = [(client_key(client), self.per_client)]
            if account is not None:
                pairs.append((account_key(account), self.per_account))
            for key, limit in pairs:
                window = int(now // limit.seconds) * int(limit.seconds)
                count = _increment(session, key, window)
                before = session.scalar(
                    select(_TABLE.c.count).where(
                        _TABLE.c.key == key, _TABLE.c.started == window - int(limit.seconds)
                    )
                )
                overlap = 1.0 - (now - window) / limit.seconds
                if count + (before or 0) * overlap > limit.attempts:
                    waits.append(_wait(count, before or 0, now, window, limit))
            if now - self._cleaned > 60.0:
                self._cleaned = now
                longest = max(self.per_client.seconds, self.per_account.seconds)
                session.execute(delete(_TABLE).where(_TABLE.c.started < now - 3 * longest))
        return max(waits)

    def succeeded(self, account: str) -> None:
        """A successful sign-in clears the account's count."""
        with self.db.write() as session:
            session.execute(delete(_TABLE).where(_TABLE.c.key == account_key(account)))

    def wait(self, client: str, account: str | None = None) -> float:
        """The seconds ``client`` (at ``account``) must wait, without counting an attempt."""
        now = self._clock()
        waits = [0.0]
        pairs = [(client_key(client), self.per_client)]
        if account is not None:
            pairs.append((account_key(account), self.per_account))
        with self.db.read() as session:
            for key, limit in pairs:
                window = int(now // limit.seconds) * int(limit.seconds)
                found = dict(
                    session.execute(
                        select(_TABLE.c.started, _TABLE.c.count).where(
                            _TABLE.c.key == key,
                            _TABLE.c.started >= window - int(limit.seconds),
                        )
                    ).all()
                )
                count = found.get(window, 0)
                before = found.get(window - int(limit.seconds), 0)
                overlap = 1.0 - (now - window) / limit.seconds
                if count + 1 + before * overlap > limit.attempts:
                    waits.append(_wait(count + 1, before, now, window, limit))
        return max(waits)


def _increment(session: object, key: str, window: int) -> int:
    """``count + 1`` for ``(key, window)``, atomically (an upsert), and the new count."""
    bind = session.get_bind()  # type: ignore[attr-defined]
    dialect = postgresql if bind.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(_TABLE).values(key=key, started=window, count=1)
    statement = statement.on_conflict_do_update(
        index_elements=[_TABLE.c.key, _TABLE.c.started],
        set_={"count": _TABLE.c.count + 1},
    ).returning(_TABLE.c.count)
    return int(session.execute(statement).scalar_one())  # type: ignore[attr-defined]


def _wait(count: int, before: int, now: float, window: int, limit: RateLimit) -> float:
    """Seconds until one more attempt fits: ``count`` attempts in the window that began at
    ``window``, ``before`` in the previous one, whose weight falls linearly across this one."""
    most, length = limit.attempts, limit.seconds
    room = most - 1 - count
    if room >= 0 and before > 0:
        fits = window + length * (1.0 - room / before)
        if fits < window + length:
            return max(1.0, fits - now)
    fits = window + length
    if count > 0:
        fits += length * max(0.0, 1.0 - (most - 1) / count)
    return max(1.0, fits - now)


class PasswordChecks:
    """At most ``n`` password checks at once (see the module)."""

    def __init__(self, n: int, patience: float = 1.0) -> None:
        self._free = threading.BoundedSemaphore(n)
        self.patience = patience

    @contextmanager
    def slot(self) -> Iterator[bool]:
        """A place to check a password: ``True`` (held in the block), or ``False`` when none
        came free within ``patience`` seconds."""
        got = self._free.acquire(timeout=self.patience)
        try:
            yield got
        finally:
            if got:
                self._free.release()
