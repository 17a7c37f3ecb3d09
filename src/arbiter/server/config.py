"""The server's settings: where the database is, where the secret key comes from, cookie flags,
proxies and origins, rate limits, password hashing cost, and the quotas (:class:`Quotas`: how
much one request, one connection, one player or the whole server may take; docs/server.md
"Limits").

Settings are a frozen value. :meth:`Settings.from_env` reads ``ARBITER_*`` environment variables
(documented in ``docs/server.md``); the command line (``arbiter serve --db URL``) overrides them.

>>> Settings().database_url
'sqlite:///arbiter.db'
>>> Settings(database_url="postgresql://postgres@127.0.0.1/arbiter").sqlalchemy_url
'postgresql+psycopg://postgres@127.0.0.1/arbiter'
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from urllib.parse import urlsplit

from arbiter.errors import ArbiterError
from arbiter.limits import MAX_JSON_DEPTH

DEFAULT_DATABASE_URL = "sqlite:///arbiter.db"
REGISTRATION_MODES = ("open", "invite", "closed")
"""Who may open an account (:attr:`Settings.registration`)."""


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


def _default_engine_threads() -> int:
    # One core stays the event loop's: the engines' C search runs without the interpreter
    # lock, so more threads than cores would take the CPU from every live game.
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True, slots=True)
class Quotas:
    """The server's quotas (docs/server.md "Limits"), each a setting ``ARBITER_<FIELD>``; every
    field is a positive whole number.

    >>> Quotas.from_env({"ARBITER_CHAT_PER_MINUTE": "5"}).chat_per_minute
    5
    """

    request_bytes: int = 16_000_000
    """Largest request body (uploads included); a larger one is refused with 413."""
    upload_bytes: int = 10_000_000
    """Largest uploaded file."""
    json_depth: int = MAX_JSON_DEPTH
    """Deepest nesting of a JSON body, a JSON file or a live-play message."""
    chat_per_minute: int = 20
    """Chat messages one player (or spectator seat) may send a minute in a game."""
    chat_per_game: int = 300
    """Chat messages of the players in one game (the referee's are not counted)."""
    connections_per_seat: int = 4
    """WebSocket connections of one seat of a game at once (tabs, a phone, a reconnection)."""
    connections_per_address: int = 500
    """WebSocket connections from one address at once (a club, or a venue, behind one router)."""
    engine_threads: int = _default_engine_threads()
    """Threads the computer thinks in (its games and the analyses share them)."""
    engine_games: int = 16
    """Games against the computer being played at once on this process."""
    engine_games_per_user: int = 2
    """Games against the computer one account (or one address) plays at once."""
    analyses: int = 8
    """Analyses queued or running at once; more are refused."""
    analyses_per_user: int = 1
    """Analyses one account (or one address) may have queued or running."""
    password_checks: int = 2
    """Password hashes computed at once (argon2id takes its memory cost, 64 MiB, for each);
    sign-ins beyond wait a moment, then are refused with 429."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or value < 1:
                raise ConfigError(f"the quota {f.name} must be a whole number ≥ 1, not {value!r}")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Quotas:
        """The quotas from ``ARBITER_<FIELD>`` variables (``ARBITER_CHAT_PER_MINUTE=10``)."""
        env = os.environ if environ is None else environ
        values: dict[str, int] = {}
        for f in fields(cls):
            name = "ARBITER_" + f.name.upper()
            text = env.get(name)
            if text:
                try:
                    values[f.name] = int(text)
                except ValueError:
                    raise ConfigError(f"{name}={text!r}: expected a whole number") from None
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server needs to start.

    ``secret_key``: a fixed key (``ARBITER_SECRET_KEY``); else ``secret_key_file`` (read at
    start); else the key the database keeps (generated at its first start), so that every server
    process on the same database agrees. The key signs CSRF tokens; sessions are random tokens
    stored hashed and need no key.

    ``cookie_secure``: ``None`` sets the cookies' ``Secure`` flag when the request came by HTTPS
    (directly, or as a trusted proxy reports it); ``True``/``False`` force it.

    ``trusted_proxies``: addresses or networks (``10.0.0.0/8``) of the reverse proxies whose
    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed; none by default, so that a
    client cannot choose its own address for the sign-in limits.

    ``registration``: who may open an account in the browser or by ``POST /api/auth/signup``:
    ``open`` (anybody; the default, so that a fresh server is usable from the browser alone),
    ``invite`` (whoever has an invitation link from an administrator) or ``closed`` (accounts
    are made by administrators only). An administrator may change it on the accounts page; what
    they choose there is kept in the database and wins over this setting.

    ``public_origins``: the origins (``https://go.example.org``) besides the request's own from
    which pages may send changes and open live-play connections (a site reached under two
    names).
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
    registration: str = "open"
    demo: bool = True
    sqlite_busy_seconds: float = 30.0
    pool_size: int = 10
    trusted_proxies: tuple[str, ...] = ()
    public_origins: tuple[str, ...] = ()
    quotas: Quotas = field(default_factory=Quotas)

    def __post_init__(self) -> None:
        for proxy in self.trusted_proxies:
            try:
                ipaddress.ip_network(proxy, strict=False)
            except ValueError:
                raise ConfigError(
                    f"trusted proxy {proxy!r} is not an address or a network (10.0.0.0/8)"
                ) from None
        for origin in self.public_origins:
            if normal_origin(origin) is None:
                raise ConfigError(
                    f"public origin {origin!r} is not SCHEME://HOST[:PORT], e.g. https://go.example.org"
                )
        if self.registration not in REGISTRATION_MODES:
            raise ConfigError(
                f"registration {self.registration!r} is not one of {', '.join(REGISTRATION_MODES)}"
            )
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
        if text := env.get("ARBITER_ALLOW_SIGNUP"):  # the older yes/no form of the setting
            values["registration"] = "open" if _flag(text) else "closed"
        if text := env.get("ARBITER_REGISTRATION"):
            values["registration"] = text.strip().lower()
        if text := env.get("ARBITER_DEMO"):
            values["demo"] = _flag(text)
        if text := env.get("ARBITER_TRUSTED_PROXIES"):
            values["trusted_proxies"] = _words(text)
        if text := env.get("ARBITER_PUBLIC_ORIGINS"):
            values["public_origins"] = _words(text)
        values["quotas"] = Quotas.from_env(env)
        return cls(**values)  # type: ignore[arg-type]


def normal_origin(text: str) -> str | None:
    """``scheme://host[:port]`` in lower case, without the default port; ``None`` when
    ``text`` is not an origin.

    >>> normal_origin("HTTPS://Go.Example.org:443"), normal_origin("http://127.0.0.1:8000")
    ('https://go.example.org', 'http://127.0.0.1:8000')
    >>> normal_origin("null"), normal_origin("https://x.org/path")
    (None, None)
    """
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    if port is None or (parts.scheme, port) in (("http", 80), ("https", 443)):
        return f"{parts.scheme}://{host}"
    return f"{parts.scheme}://{host}:{port}"


def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w in text.replace(",", " ").split() if w)


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
