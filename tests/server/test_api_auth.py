"""Accounts over HTTP: browser sessions with CSRF, API tokens, sign-up, passwords, rate limits,
and the administrators' account list."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from arbiter.server.config import RateLimit
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from tests.server.conftest import PASSWORD, Server


def test_login_sets_a_secure_http_only_cookie_and_changes_need_the_csrf_header(
    server: Server,
) -> None:
    accounts.create_user(server.rt, "aida", PASSWORD)
    browser = server.browser()
    r = browser.post("/api/auth/login", json={"username": "AIDA", "password": PASSWORD})
    assert r.status_code == 200
    cookie = r.headers["set-cookie"]
    assert "arbiter_session=arb_" in cookie and "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower()
    csrf = r.json()["csrf_token"]
    assert r.json()["user"]["username"] == "aida"

    assert browser.get("/api/auth/me").json()["csrf_token"] == csrf
    new = {"game": "go", "system": "round-robin"}
    refused = browser.post("/api/events", json=new)
    assert refused.status_code == 403
    assert "X-CSRF-Token" in refused.json()["error"]["message"]
    wrong = browser.post("/api/events", json=new, headers={"X-CSRF-Token": "x" * 40})
    assert wrong.status_code == 403
    made = browser.post("/api/events", json=new, headers={"X-CSRF-Token": csrf})
    assert made.status_code == 201

    assert browser.post("/api/auth/logout", headers={"X-CSRF-Token": csrf}).status_code == 204
    assert browser.get("/api/auth/me").status_code == 401


def test_the_cookie_is_secure_when_configured(
    make_runtime: Callable[..., Runtime], tmp_path: Path
) -> None:
    rt = make_runtime(f"sqlite:///{tmp_path / 's.db'}", cookie_secure=True)
    server = Server(rt)
    accounts.create_user(rt, "aida", PASSWORD)
    r = server.client.post("/api/auth/login", json={"username": "aida", "password": PASSWORD})
    assert "Secure" in r.headers["set-cookie"]


def test_wrong_credentials_are_401_with_one_message(server: Server) -> None:
    accounts.create_user(server.rt, "aida", PASSWORD)
    for body in (
        {"username": "aida", "password": "wrong password"},
        {"username": "nobody", "password": PASSWORD},
    ):
        r = server.client.post("/api/auth/login", json=body)
        assert r.status_code == 401
        assert r.json()["error"]["message"] == "wrong user name or password"
        assert r.headers["www-authenticate"] == "Bearer"


def test_bearer_tokens_list_revoke_and_an_invalid_token_is_401(server: Server) -> None:
    api = server.user("aida")
    me = api.get("/api/auth/me").json()
    assert me["user"]["username"] == "aida" and me["csrf_token"] is None
    made = api.post("/api/auth/tokens", json={"name": "results script"})
    assert made.status_code == 201
    listed = api.get("/api/auth/tokens").json()
    assert {t["name"] for t in listed} == {"password flow", "results script"}
    assert all("access_token" not in t for t in listed)
    script = type(api)(server.client, made.json()["access_token"])
    assert script.get("/api/auth/me").status_code == 200
    assert api.delete(f"/api/auth/tokens/{made.json()['id']}").status_code == 204
    r = script.get("/api/auth/me")
    assert r.status_code == 401 and "not valid" in r.json()["error"]["message"]
    # somebody else's token is not yours to revoke
    other = server.user("bakyt")
    mine = api.get("/api/auth/tokens").json()[0]["id"]
    assert other.delete(f"/api/auth/tokens/{mine}").status_code == 404
    # anonymous
    assert server.anonymous.get("/api/auth/tokens").status_code == 401
    assert server.anonymous.post("/api/auth/tokens", json={}).status_code == 401


def test_logout_with_a_token_revokes_it(server: Server) -> None:
    api = server.user("aida")
    assert api.post("/api/auth/logout").status_code == 204
    assert api.get("/api/auth/me").status_code == 401


def test_sign_in_is_rate_limited_per_account(
    make_runtime: Callable[..., Runtime], tmp_path: Path
) -> None:
    rt = make_runtime(f"sqlite:///{tmp_path / 'r.db'}", login_limit_per_account=RateLimit(3, 300))
    server = Server(rt)
    accounts.create_user(rt, "aida", PASSWORD)
    bad = {"username": "aida", "password": "not the password"}
    codes = [server.client.post("/api/auth/login", json=bad).status_code for _ in range(4)]
    assert codes == [401, 401, 401, 429]
    r = server.client.post("/api/auth/login", json={"username": "aida", "password": PASSWORD})
    assert r.status_code == 429  # even the right password waits
    assert int(r.headers["retry-after"]) > 0
    form = {"username": "aida", "password": PASSWORD}
    assert server.client.post("/api/auth/token", data=form).status_code == 429


def test_sign_in_is_rate_limited_per_client(
    make_runtime: Callable[..., Runtime], tmp_path: Path
) -> None:
    rt = make_runtime(f"sqlite:///{tmp_path / 'c.db'}", login_limit_per_client=RateLimit(2, 300))
    server = Server(rt)
    for name in ("a1", "a2", "a3"):
        accounts.create_user(rt, name, PASSWORD)
    for name in ("a1", "a2"):
        r = server.client.post("/api/auth/login", json={"username": name, "password": "x"})
        assert r.status_code == 401
    r = server.client.post("/api/auth/login", json={"username": "a3", "password": PASSWORD})
    assert r.status_code == 429


def test_signup_is_open_by_default_and_closes_by_setting(
    make_runtime: Callable[..., Runtime], tmp_path: Path
) -> None:
    body = {"username": "newcomer", "password": PASSWORD}
    closed = Server(make_runtime(f"sqlite:///{tmp_path / 'c.db'}", registration="closed"))
    r = closed.client.post("/api/auth/signup", json=body)
    assert r.status_code == 403
    open_server = Server(make_runtime(f"sqlite:///{tmp_path / 'o.db'}"))
    browser = open_server.browser()
    r = browser.post("/api/auth/signup", json=body)
    assert r.status_code == 201 and r.json()["user"]["username"] == "newcomer"
    assert browser.get("/api/auth/me").status_code == 200
    again = open_server.client.post("/api/auth/signup", json={**body, "username": "NEWCOMER"})
    assert again.status_code == 409 and again.json()["error"]["field"] == "username"
    bad = open_server.client.post("/api/auth/signup", json={**body, "username": "no spaces"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "username"


def test_password_change_needs_the_old_one_and_closes_sessions(server: Server) -> None:
    api = server.user("aida")
    wrong = api.post(
        "/api/auth/password", json={"old_password": "nope", "new_password": "another one!"}
    )
    assert wrong.status_code == 422 and wrong.json()["error"]["field"] == "old_password"
    short = api.post("/api/auth/password", json={"old_password": PASSWORD, "new_password": "x"})
    assert short.status_code == 422
    ok = api.post(
        "/api/auth/password", json={"old_password": PASSWORD, "new_password": "another one!"}
    )
    assert ok.status_code == 204
    assert api.get("/api/auth/me").status_code == 401
    form = {"username": "aida", "password": "another one!"}
    assert server.client.post("/api/auth/token", data=form).status_code == 200


def test_only_administrators_list_and_create_accounts(server: Server) -> None:
    admin = server.user("root", admin=True)
    aida = server.user("aida")
    body = {"username": "referee1", "password": PASSWORD, "display_name": "Ref One"}
    assert server.anonymous.post("/api/users", json=body).status_code == 401
    assert aida.post("/api/users", json=body).status_code == 403
    assert aida.get("/api/users").status_code == 403
    made = admin.post("/api/users", json=body)
    assert made.status_code == 201
    assert made.json() == {
        "id": made.json()["id"],
        "username": "referee1",
        "display_name": "Ref One",
        "is_admin": False,
    }
    assert admin.post("/api/users", json=body).status_code == 409
    names = [u["username"] for u in admin.get("/api/users").json()]
    assert names == ["root", "aida", "referee1"]


def test_passwords_are_stored_as_argon2id(server: Server) -> None:
    from sqlalchemy import select

    from arbiter.server.storage.models import User

    accounts.create_user(server.rt, "aida", PASSWORD)
    with server.rt.db.read() as session:
        stored = session.scalars(select(User.password_hash)).one()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_sessions_expire_and_are_forgotten_at_the_next_sign_in(server: Server) -> None:
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import func, select

    from arbiter.server.storage.models import AuthSession

    now = [datetime(2026, 9, 1, tzinfo=UTC)]
    server.rt.clock = lambda: now[0]
    user = accounts.create_user(server.rt, "aida", PASSWORD)
    old = accounts.open_session(server.rt, user, "cookie")
    assert accounts.resolve(server.rt, old.secret, "cookie") == user
    assert accounts.resolve(server.rt, old.secret, "token") is None  # a cookie is no token
    now[0] += timedelta(days=13)
    assert accounts.resolve(server.rt, old.secret, "cookie") == user  # use extends it...
    now[0] += timedelta(days=13)
    assert accounts.resolve(server.rt, old.secret, "cookie") == user
    now[0] += timedelta(days=15)
    assert accounts.resolve(server.rt, old.secret, "cookie") is None  # ...idle 15 days: gone
    accounts.open_session(server.rt, user, "cookie")
    with server.rt.db.read() as session:
        assert session.scalar(select(func.count(AuthSession.id))) == 1


def test_signups_count_against_the_client_address(
    make_runtime: Callable[..., Runtime], tmp_path: Path
) -> None:
    rt = make_runtime(
        f"sqlite:///{tmp_path / 's.db'}",
        registration="open",
        login_limit_per_client=RateLimit(2, 300),
    )
    server = Server(rt)
    codes = [
        server.client.post(
            "/api/auth/signup", json={"username": f"user{i}", "password": PASSWORD}
        ).status_code
        for i in range(3)
    ]
    assert codes == [201, 201, 429]
