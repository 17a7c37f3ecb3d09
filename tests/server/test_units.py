"""The server's small parts: settings, text checks, roles, rate limits, the demo events."""

from __future__ import annotations

import pytest

from arbiter.server.auth.ratelimit import LoginLimiter
from arbiter.server.auth.roles import PERMISSIONS, ROLES, Permission, can, parse_role
from arbiter.server.config import ConfigError, RateLimit, Settings
from arbiter.server.demo import go_event, play_out, toguz_event
from arbiter.server.runtime import Runtime
from arbiter.server.services.access import Access
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Forbidden, Invalid, NotFound, Unauthenticated
from arbiter.server.services.text import check_json_text, check_text


def test_settings_from_the_environment() -> None:
    settings = Settings.from_env(
        {
            "ARBITER_DATABASE_URL": "postgres://postgres@db/arbiter",
            "ARBITER_COOKIE_SECURE": "yes",
            "ARBITER_LOGIN_LIMIT_ACCOUNT": "3/120",
            "ARBITER_REGISTRATION": "invite",
            "ARBITER_SESSION_DAYS": "2",
        }
    )
    assert settings.sqlalchemy_url == "postgresql+psycopg://postgres@db/arbiter"
    assert settings.cookie_secure is True and settings.registration == "invite"
    assert settings.login_limit_per_account == RateLimit(3, 120.0)
    assert settings.session_days == 2 and not settings.is_sqlite
    assert Settings.from_env({"ARBITER_COOKIE_SECURE": "auto"}).cookie_secure is None
    for env, message in (
        ({"ARBITER_DEMO": "perhaps"}, "not yes or no"),
        ({"ARBITER_SESSION_DAYS": "two"}, "whole number"),
        ({"ARBITER_LOGIN_LIMIT_CLIENT": "10"}, "ATTEMPTS/SECONDS"),
        ({"ARBITER_DATABASE_URL": "oracle://x"}, "unsupported database"),
        ({"ARBITER_SESSION_DAYS": "0"}, "at least a day"),
    ):
        with pytest.raises(ConfigError, match=message):
            Settings.from_env(env)


def test_secret_key_file(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    key = tmp_path / "key"
    key.write_text("0123456789abcdef-long-enough\n")
    assert Settings(secret_key_file=str(key)).read_secret_key() == "0123456789abcdef-long-enough"
    key.write_text("short")
    with pytest.raises(ConfigError, match="shorter than 16"):
        Settings(secret_key_file=str(key)).read_secret_key()
    with pytest.raises(ConfigError, match="cannot read"):
        Settings(secret_key_file=str(tmp_path / "missing")).read_secret_key()
    assert Settings().read_secret_key() is None


def test_text_checks() -> None:
    assert check_text("Тогуз коргоол", "name") == "Тогуз коргоол"
    with pytest.raises(Invalid, match="U\\+0007") as info:
        check_text("ring\a", "club")
    assert info.value.field == "club"
    with pytest.raises(Invalid, match="lone surrogate"):
        check_text("\ud800", "name")
    with pytest.raises(Invalid, match="longer than 3"):
        check_text("abcd", "country", limit=3)
    assert check_text("two\nlines", "content", lines=True)
    with pytest.raises(Invalid, match="a text holds a control character"):
        check_json_text({"players": [{"name": "A\x00"}]})


def test_role_permissions() -> None:
    assert set(PERMISSIONS) == set(ROLES)
    assert PERMISSIONS["organiser"] == frozenset(Permission)
    assert Permission.DELETE_EVENT not in PERMISSIONS["chief-referee"]
    assert can({"referee"}, Permission.RECORD_RESULT)
    assert can({"referee"}, Permission.PAIR)
    assert not can({"referee"}, Permission.EDIT_ROUND)
    assert not can({"player", "spectator"}, Permission.RECORD_RESULT)
    assert can(set(), Permission.DELETE_EVENT, admin=True)
    assert parse_role("Chief referee") == "chief-referee"
    with pytest.raises(ValueError, match="unknown role"):
        parse_role("captain")


def test_access_refuses_in_the_right_order() -> None:
    user = CurrentUser(1, "aida", "Aida", False)
    anonymous = Access(1, None, frozenset(), frozenset(), published=True)
    with pytest.raises(Unauthenticated):
        anonymous.require(Permission.RECORD_RESULT, "recording results")
    hidden = Access(1, user, frozenset(), frozenset(), published=False)
    with pytest.raises(NotFound):
        hidden.require(Permission.RECORD_RESULT, "recording results")
    player = Access(1, user, frozenset({"player"}), frozenset({3}), published=False)
    with pytest.raises(Forbidden, match="organiser, chief referee or referee"):
        player.require(Permission.RECORD_RESULT, "recording results")
    referee = Access(1, user, frozenset({"referee"}), frozenset(), published=False)
    assert referee.require(Permission.RECORD_RESULT, "recording results") == user


def test_the_login_limiter_counts_in_the_database(sqlite_runtime: Runtime) -> None:
    now = [60_000.0]  # the start of a window
    limiter = LoginLimiter(sqlite_runtime.db, RateLimit(100, 60), RateLimit(2, 60), lambda: now[0])
    assert limiter.attempt("10.0.0.1", "Aida") == 0
    assert limiter.attempt("10.0.0.2", "aida") == 0
    assert limiter.attempt("10.0.0.3", "AIDA") > 0  # the account's limit, from any address
    assert limiter.wait("10.0.0.4", "aida") > 0
    limiter.succeeded("aida")
    assert limiter.wait("10.0.0.3", "aida") == 0
    # Another process on the same database shares the counts.
    other = LoginLimiter(sqlite_runtime.db, RateLimit(100, 60), RateLimit(2, 60), lambda: now[0])
    assert other.attempt("10.0.0.5", "bek") == 0
    assert limiter.attempt("10.0.0.6", "bek") == 0
    assert other.attempt("10.0.0.7", "bek") > 0
    # Sliding: the last window's attempts weigh less and less across this one.
    now[0] += 60.0
    assert limiter.wait("10.0.0.8", "bek") > 0
    now[0] += 59.0
    assert limiter.wait("10.0.0.8", "bek") == 0
    # And per address, whatever the account.
    tight = LoginLimiter(sqlite_runtime.db, RateLimit(3, 60), RateLimit(100, 60), lambda: now[0])
    assert [tight.attempt("10.9.9.9", f"user{i}") > 0 for i in range(5)] == [
        False,
        False,
        False,
        True,
        True,
    ]


def test_demo_events() -> None:
    go, toguz = go_event(), toguz_event()
    assert (go.game, go.system, len(go.players)) == ("go", "mcmahon", 12)
    assert (toguz.game, toguz.system, len(toguz.players)) == ("toguz", "swiss", 10)
    assert all(p.rank is not None for p in go.players)
    assert all(p.rating is not None for p in toguz.players)
    for event in (go, toguz):
        played = play_out(event)
        if played.rounds:  # the pairing engine paired them
            assert len(played.rounds) == 2
            assert all(g.result is not None for g in played.rounds[0].games)
            assert all(g.result is None for g in played.rounds[1].games)
