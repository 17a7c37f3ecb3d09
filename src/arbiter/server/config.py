"""The server's settings: where the database is, where the secret key comes from, cookie flags,
rate limits and password hashing cost.

Settings are a frozen value. :meth:`Settings.from_env` reads ``ARBITER_*`` environment variables
(documented in ``docs/server.md``); the command line (``arbiter serve --db URL``) overrides them.

>>> Settings().database_url
'sqlite:///arbiter.db'
>>> Settings(database_url="postgresql://postgres@127.0.0.1/arbiter").sqlalchemy_url
'postgresql+psycopg://postgres@127.0.0.1/arbiter'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from arbiter.errors import ArbiterError

DEFAULT_DATABASE_URL = "sqlite:///arbiter.db"


class ConfigError(ArbiterError):
    """A server setting that cannot be used."""


@dataclass(frozen=True, slots=True)
class RateLimit:
    """At most ``attempts`` within ``seconds``."""

    attempts: int
    seconds: float

    def __post_init__(self) -> None:
        if self.attempts < 1 or self.seconds <= 0:
            raise ConfigError(f"a rate limit needs attempts ≥ 1 and seconds > 0, not {self}")

    @classmethod
    def parse(cls, text: str) -> RateLimit:
        """Read ``"10/60"``: 10 attempts per 60 seconds.

        >>> RateLimit.parse("5/300")
        RateLimit(attempts=5, seconds=300.0)
        """
        attempts, sep, seconds = text.partition("/")
        try:
            if not sep:
                raise ValueError(text)
            return cls(int(attempts), float(seconds))
        except ValueError:
            raise ConfigError(
                f"{text!r} is not a rate limit: write ATTEMPTS/SECONDS, e.g. 10/60"
            ) from None


@dataclass(frozen=True, slots=True)
class PasswordCost:
    """argon2id parameters (RFC 9106's second recommended option by default)."""

    time_cost: int = 3
    memory_kib: int = 65536
    parallelism: int = 4


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server needs to start.

    ``secret_key``: a fixed key (``ARBITER_SECRET_KEY``); else ``secret_key_file`` (read at
    start); else the key the database keeps (generated at its first start), so that every server
    process on the same database agrees. The key signs CSRF tokens; sessions are random tokens
    stored hashed and need no key.

    ``cookie_secure``: ``None`` sets the cookie's ``Secure`` flag when the request came by HTTPS
    (as a proxy reports it with ``--proxy-headers``); ``True``/``False`` force it.
    """

    database_url: str = DEFAULT_DATABASE_URL
    secret_key: str | None = None
    secret_key_file: str | None = None
    cookie_name: str = "arbiter_session"
    cookie_secure: bool | None = None
    session_days: int = 14
    token_days: int = 365
    login_limit_per_client: RateLimit = field(default_factory=lambda: RateLimit(20, 60.0))
    login_limit_per_account: RateLimit = field(default_factory=lambda: RateLimit(5, 60.0))
    password_cost: PasswordCost = field(default_factory=PasswordCost)
    allow_signup: bool = False
    demo: bool = True
    sqlite_busy_seconds: float = 30.0
    pool_size: int = 10

    def __post_init__(self) -> None:
        if not self.database_url.strip():
            raise ConfigError("the database URL is empty")
        scheme = self.database_url.partition(":")[0].lower()
        if scheme.partition("+")[0] not in ("sqlite", "postgresql", "postgres"):
            raise ConfigError(
                f"unsupported database {self.database_url!r}: "
                "use sqlite:///PATH or postgresql://USER@HOST:PORT/NAME"
            )
        if self.session_days < 1 or self.token_days < 1:
            raise ConfigError("sessions and tokens must last at least a day")

    @property
    def is_sqlite(self) -> bool:
        """Whether the database is SQLite."""
        return self.database_url.lower().startswith("sqlite")

    @property
    def sqlalchemy_url(self) -> str:
        """The URL for SQLAlchemy: ``postgresql://`` uses psycopg 3 (the driver installed)."""
        url = self.database_url
        scheme, sep, rest = url.partition("://")
        if scheme.lower() in ("postgresql", "postgres"):
            return f"postgresql+psycopg{sep}{rest}"
        return url

    def with_overrides(self, **changes: object) -> Settings:
        """The settings with the given fields replaced (``None`` values are ignored)."""
        given = {k: v for k, v in changes.items() if v is not None}
        unknown = set(given) - {f.name for f in fields(self)}
        if unknown:
            raise ConfigError(f"unknown server setting {sorted(unknown)[0]!r}")
        return replace(self, **given)  # type: ignore[arg-type]

    def read_secret_key(self) -> str | None:
        """The configured key (``secret_key``, else the key file's content), or ``None`` when the
        database keeps it."""
        if self.secret_key:
            return self.secret_key
        if self.secret_key_file:
            try:
                key = Path(self.secret_key_file).read_text(encoding="utf-8").strip()
            except OSError as exc:
                raise ConfigError(
                    f"{self.secret_key_file}: cannot read the secret key ({exc.strerror})"
                ) from None
            if len(key) < 16:
                raise ConfigError(f"{self.secret_key_file}: the secret key is shorter than 16")
            return key
        return None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from ``ARBITER_*`` variables (see docs/server.md), defaults for the rest.

        >>> Settings.from_env({"ARBITER_DATABASE_URL": "sqlite:///x.db", "ARBITER_DEMO": "no"}).demo
        False
        """
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        if url := env.get("ARBITER_DATABASE_URL"):
            values["database_url"] = url
        if key := env.get("ARBITER_SECRET_KEY"):
            values["secret_key"] = key
        if key_file := env.get("ARBITER_SECRET_KEY_FILE"):
            values["secret_key_file"] = key_file
        if secure := env.get("ARBITER_COOKIE_SECURE"):
            values["cookie_secure"] = None if secure.lower() == "auto" else _flag(secure)
        for name, key in (
            ("ARBITER_SESSION_DAYS", "session_days"),
            ("ARBITER_TOKEN_DAYS", "token_days"),
        ):
            if text := env.get(name):
                values[key] = _int(name, text)
        if text := env.get("ARBITER_LOGIN_LIMIT_CLIENT"):
            values["login_limit_per_client"] = RateLimit.parse(text)
        if text := env.get("ARBITER_LOGIN_LIMIT_ACCOUNT"):
            values["login_limit_per_account"] = RateLimit.parse(text)
        if text := env.get("ARBITER_ALLOW_SIGNUP"):
            values["allow_signup"] = _flag(text)
        if text := env.get("ARBITER_DEMO"):
            values["demo"] = _flag(text)
        return cls(**values)  # type: ignore[arg-type]


def _flag(text: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "yes", "true", "on"):
        return True
    if value in ("0", "no", "false", "off"):
        return False
    raise ConfigError(f"{text!r} is not yes or no")


def _int(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ConfigError(f"{name}={text!r}: expected a whole number") from None
