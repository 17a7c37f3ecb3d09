"""Accounts without a terminal over HTTP: the registration mode, invitations, disabling,
reset links; entries linked to accounts, claim links, self-registration and requests to join.
Each endpoint with who may use it, and bad input refused with nothing changed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from tests.server.conftest import PASSWORD, Api, Server
from tests.server.helpers import grant, make_event, pair, publish

NEW = "a-new-password-1"


def _people(server: Server) -> dict[str, Api]:
    """Anonymous, a player, a referee of another event, a referee, the organiser, an admin;
    event 1 is the organiser's (4 players, player 1 linked to ``player``), event 2 the other
    referee's."""
    org = server.user("org")
    people = {
        "anonymous": server.anonymous,
        "player": server.user("player"),
        "other-referee": server.user("elsewhere"),
        "referee": server.user("ref"),
        "organiser": org,
        "admin": server.user("root", admin=True),
    }
    event_id = make_event(org, "go", "mcmahon", players=4, settings={"rounds": "3"})
    assert event_id == 1
    grant(org, event_id, "ref", "referee")
    grant(org, event_id, "player", "player", 1)
    other = make_event(server.user("org2"), players=2)
    grant(server.sign_in("org2"), other, "elsewhere", "referee")
    return people


def _codes(people: dict[str, Api], method: str, path: str, body: object = None) -> dict[str, int]:
    out = {}
    for who, api in people.items():
        kw = {"json": body} if body is not None else {}
        out[who] = getattr(api, method)(path, **kw).status_code
    return out


def test_who_may_look_after_accounts(server: Server) -> None:
    people = _people(server)
    denied = {"anonymous": 401, "player": 403, "other-referee": 403, "referee": 403}
    admin_only = [
        ("get", "/api/accounts", None, 200),
        ("post", "/api/invitations", {}, 201),
        ("post", "/api/accounts/player/reset-link", {}, 201),
        ("put", "/api/registration", {"registration": "invite"}, 200),
        ("put", "/api/accounts/player/active", {"active": True}, 204),
    ]
    for method, path, body, ok in admin_only:
        codes = _codes(people, method, path, body)
        assert codes == {**denied, "organiser": 403, "admin": ok}, (path, codes)
    assert server.anonymous.get("/api/registration").json() == {"registration": "invite"}


def test_who_may_link_entries_and_send_claim_links(server: Server) -> None:
    people = _people(server)
    server.user("kim")
    codes = _codes(people, "post", "/api/events/1/participants/2/claim-link", {})
    # a referee may appoint referees, not link players; a site administrator may do all an
    # organiser may; the unpublished event does not exist for a referee of another event
    assert codes == {
        "anonymous": 401,
        "player": 403,
        "other-referee": 404,
        "referee": 403,
        "organiser": 201,
        "admin": 201,
    }
    linking = _codes(people, "put", "/api/events/1/participants/3/account", {"username": "kim"})
    # the organiser links entry 3 to kim; the admin's try after it finds it linked
    assert linking == {
        "anonymous": 401,
        "player": 403,
        "other-referee": 404,
        "referee": 403,
        "organiser": 200,
        "admin": 409,
    }
    window = _codes(people, "put", "/api/events/1/registration", {"open": True})
    assert window == {
        "anonymous": 401,
        "player": 403,
        "other-referee": 404,
        "referee": 403,
        "organiser": 200,
        "admin": 200,
    }
    listing = _codes(people, "get", "/api/events/1/join-requests")
    assert listing == {**window, "anonymous": 404}  # a draft is not seen by the public


def test_sign_up_by_invitation_only_once_and_not_after_expiry(
    make_runtime: Callable[..., Runtime], tmp_path: Path
) -> None:
    server = Server(make_runtime(f"sqlite:///{tmp_path / 'i.db'}", registration="invite"))
    admin = server.user("root", admin=True)
    body = {"username": "newcomer", "password": PASSWORD}
    no_link = server.client.post("/api/auth/signup", json=body)
    assert no_link.status_code == 403 and "invitation" in no_link.json()["error"]["message"]
    link = admin.post("/api/invitations", json={"days": 3}).json()
    assert link["url"].endswith(f"/signup?token={link['token']}")
    made = server.browser().post("/api/auth/signup", json={**body, "invitation": link["token"]})
    assert made.status_code == 201
    again = server.browser().post(
        "/api/auth/signup", json={**body, "username": "second", "invitation": link["token"]}
    )
    assert again.status_code == 409 and "used" in again.json()["error"]["message"]
    assert [a["username"] for a in admin.get("/api/accounts").json()] == ["newcomer", "root"]
    late = admin.post("/api/invitations", json={}).json()
    real_now = server.rt.now
    server.rt.now = lambda: real_now() + timedelta(days=8)  # type: ignore[method-assign]
    expired = server.browser().post(
        "/api/auth/signup", json={**body, "username": "third", "invitation": late["token"]}
    )
    assert expired.status_code == 409 and "expired" in expired.json()["error"]["message"]
    server.rt.now = real_now  # type: ignore[method-assign]
    assert len(admin.get("/api/accounts").json()) == 2  # no account left by a refused sign-up
    wrong = server.browser().post(
        "/api/auth/signup", json={**body, "username": "fourth", "invitation": "lnk_nonsense"}
    )
    assert wrong.status_code == 404


def test_a_disabled_account_cannot_sign_in_and_its_sessions_end(server: Server) -> None:
    admin = server.user("root", admin=True)
    player = server.user("player")
    assert player.get("/api/auth/me").status_code == 200
    assert admin.put("/api/accounts/player/active", json={"active": False}).status_code == 204
    assert player.get("/api/auth/me").status_code == 401
    r = server.client.post("/api/auth/token", data={"username": "player", "password": PASSWORD})
    assert r.status_code == 401
    own = admin.put("/api/accounts/root/active", json={"active": False})
    assert own.status_code == 409
    assert admin.put("/api/accounts/nobody/active", json={"active": False}).status_code == 404
    assert admin.put("/api/accounts/player/active", json={"active": True}).status_code == 204
    server.sign_in("player")


def test_reset_link_sets_a_password_once(server: Server) -> None:
    admin = server.user("root", admin=True)
    player = server.user("player")
    first = admin.post("/api/accounts/player/reset-link", json={}).json()
    link = admin.post("/api/accounts/player/reset-link", json={}).json()
    # the first link stops working once a newer one is given out
    old = server.client.post("/api/auth/reset", json={"token": first["token"], "password": NEW})
    assert old.status_code == 404
    short = server.client.post("/api/auth/reset", json={"token": link["token"], "password": "x"})
    assert short.status_code == 422
    done = server.client.post("/api/auth/reset", json={"token": link["token"], "password": NEW})
    assert done.status_code == 200 and done.json()["username"] == "player"
    assert player.get("/api/auth/me").status_code == 401  # its sessions ended
    r = server.client.post("/api/auth/token", data={"username": "player", "password": NEW})
    assert r.status_code == 200
    reused = server.client.post("/api/auth/reset", json={"token": link["token"], "password": NEW})
    assert reused.status_code == 409


def test_claim_link_links_the_entry_once(server: Server) -> None:
    people = _people(server)
    org = people["organiser"]
    link = org.post("/api/events/1/participants/2/claim-link", json={"days": 1}).json()
    kim = server.user("kim")
    assert server.anonymous.post("/api/claims", json={"token": link["token"]}).status_code == 401
    claimed = kim.post("/api/claims", json={"token": link["token"]})
    assert claimed.status_code == 200 and claimed.json() == {"event_id": 1, "player_no": 2}
    roles = org.get("/api/events/1/roles").json()
    assert {"username": "kim", "player_no": 2} in [
        {"username": r["username"], "player_no": r["player_no"]} for r in roles
    ]
    lee = server.user("lee")
    reused = lee.post("/api/claims", json={"token": link["token"]})
    assert reused.status_code == 409
    linked = org.post("/api/events/1/participants/2/claim-link", json={})
    assert linked.status_code == 409  # linked already
    unknown = org.post("/api/events/1/participants/99/claim-link", json={})
    assert unknown.status_code == 404
    expiring = org.post("/api/events/1/participants/3/claim-link", json={"days": 1}).json()
    real_now = server.rt.now
    server.rt.now = lambda: real_now() + timedelta(days=2)  # type: ignore[method-assign]
    late = lee.post("/api/claims", json={"token": expiring["token"]})
    assert late.status_code == 409 and "expired" in late.json()["error"]["message"]
    server.rt.now = real_now  # type: ignore[method-assign]
    too_long = org.post("/api/events/1/participants/3/claim-link", json={"days": 400})
    assert too_long.status_code == 422


def test_requests_to_join_confirmed_or_refused(server: Server) -> None:
    people = _people(server)
    org = people["organiser"]
    kim, lee = server.user("kim"), server.user("lee")
    body = {"name": "Park Jiwon", "rank": "3d", "club": "Seoul"}
    assert kim.post("/api/events/1/join-requests", json=body).status_code == 404  # a draft
    publish(org, 1)
    closed = kim.post("/api/events/1/join-requests", json=body)
    assert closed.status_code == 403
    deadline = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    assert (
        org.put("/api/events/1/registration", json={"open": True, "deadline": deadline}).status_code
        == 200
    )
    past = (datetime.now(UTC) - timedelta(days=1)).isoformat()
    stale = org.put("/api/events/1/registration", json={"open": True, "deadline": past})
    assert stale.status_code == 422
    asked = kim.post("/api/events/1/join-requests", json=body)
    assert asked.status_code == 201 and asked.json()["state"] == "pending"
    assert kim.post("/api/events/1/join-requests", json=body).status_code == 409
    huge = lee.post("/api/events/1/join-requests", json={"name": "x" * 10_000})
    assert huge.status_code == 422
    refused = lee.post("/api/events/1/join-requests", json={"name": "Lee Sedol"}).json()
    assert org.get("/api/events/1/participants").json()["players"].__len__() == 4
    rid = asked.json()["id"]
    assert kim.post(f"/api/events/1/join-requests/{rid}", json={"confirm": True}).status_code == 403
    done = org.post(f"/api/events/1/join-requests/{rid}", json={"confirm": True}).json()
    assert done["state"] == "confirmed" and done["player_no"] == 5
    players = org.get("/api/events/1/participants").json()["players"]
    assert [p["name"] for p in players][-1] == "Park Jiwon" and players[-1]["rank"] == "3d"
    assert org.post(f"/api/events/1/join-requests/{rid}", json={"confirm": True}).status_code == 409
    no = org.post(f"/api/events/1/join-requests/{refused['id']}", json={"confirm": False})
    assert no.json()["state"] == "refused"
    assert len(org.get("/api/events/1/participants").json()["players"]) == 5
    roles = org.get("/api/events/1/roles").json()
    assert any(r["username"] == "kim" and r["player_no"] == 5 for r in roles)


@pytest.mark.parametrize("name", ["x" * 10_000, "bad\x00name"])
def test_sign_up_refuses_bad_names_and_keeps_nothing(server: Server, name: str) -> None:
    r = server.client.post(
        "/api/auth/signup", json={"username": "ok", "password": PASSWORD, "display_name": name}
    )
    assert r.status_code == 422
    assert accounts.all_users(server.rt) == []


def test_linking_a_paired_event_still_works_and_unknown_accounts_are_refused(
    server: Server,
) -> None:
    people = _people(server)
    org = people["organiser"]
    pair(org, 1, 1)
    r = org.put("/api/events/1/participants/2/account", json={"username": "nobody"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "username"
    server.user("kim")
    assert (
        org.put("/api/events/1/participants/2/account", json={"username": "kim"}).status_code == 200
    )
    twice = org.put("/api/events/1/participants/2/account", json={"username": "kim"})
    assert twice.status_code == 409


def test_the_first_account_signed_up_is_the_administrator(server: Server) -> None:
    body = {"username": "founder", "password": PASSWORD}
    first = server.browser().post("/api/auth/signup", json=body).json()
    assert first["user"]["is_admin"] is True
    second = server.browser().post("/api/auth/signup", json={**body, "username": "later"})
    assert second.json()["user"]["is_admin"] is False
