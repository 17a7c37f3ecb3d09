"""Accounts and an event's people in the browser (no JavaScript): sign-up, the own password,
the administrators' page (registration mode, invitations, disabling, reset links), appointing
referees, linking entries, claim links, requests to join, the game room's unlinked entries."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from tests.server.conftest import PASSWORD, Server
from tests.server.helpers import make_event, pair, publish
from tests.server.web.conftest import Pages

LINK = re.compile(r'value="(http://testserver/(?:signup|reset|claim)\?token=(lnk_[\w-]+))"')


def _sign_up(pages: Pages, username: str, **extra: str) -> object:
    data = {
        "username": username,
        "display_name": f"{username.title()} Player",
        "password": PASSWORD,
        "password2": PASSWORD,
        "csrf_token": pages.csrf("/signup"),
        **extra,
    }
    return pages.client.post("/signup", data=data, follow_redirects=False)


def test_sign_up_opens_the_account_and_signs_in(visitor: Pages) -> None:
    form = visitor.get("/signup")
    assert form.status_code == 200 and 'name="password2"' in form.text
    differ = _sign_up(visitor, "asel", password2="something-else")
    assert differ.status_code == 422 and "The two passwords differ." in differ.text  # type: ignore[attr-defined]
    assert 'value="asel"' in differ.text  # type: ignore[attr-defined]
    no_csrf = visitor.client.post("/signup", data={"username": "x1", "password": PASSWORD})
    assert no_csrf.status_code == 403
    done = _sign_up(visitor, "asel", email="asel@example.org")
    assert done.status_code == 303 and done.headers["location"] == "/account?done=account-created"  # type: ignore[attr-defined]
    page = visitor.get("/account")
    assert "Asel Player" in page.text and "Change the password" in page.text
    taken = _sign_up(Pages(visitor.client), "ASEL")
    assert taken.status_code == 409  # type: ignore[attr-defined]


def test_sign_up_closed_and_by_invitation(
    make_runtime: Callable[..., Runtime], tmp_path: Path
) -> None:
    server = Server(make_runtime(f"sqlite:///{tmp_path / 'c.db'}", registration="closed"))
    visitor = Pages(server.browser())
    assert "does not open accounts" in visitor.get("/signup").text
    assert _sign_up(visitor, "nobody").status_code == 403  # type: ignore[attr-defined]
    assert "Open one" not in visitor.get("/login").text
    accounts.create_user(server.rt, "root", PASSWORD, admin=True)
    admin = Pages(server.browser())
    admin.sign_in("root")
    mode = admin.submit("/admin/registration", {"registration": "invite"})
    assert mode.status_code == 303
    made = admin.submit("/admin/invitations", {"days": "2"})
    found = LINK.search(made.text)
    assert made.status_code == 200 and found, made.text[:500]
    invited = Pages(server.browser())
    page = invited.get(f"/signup?token={found.group(2)}")
    assert "You were invited" in page.text
    assert _sign_up(invited, "guest", token=found.group(2)).status_code == 303  # type: ignore[attr-defined]
    again = _sign_up(Pages(server.browser()), "guest2", token=found.group(2))
    assert again.status_code == 409 and "used already" in again.text  # type: ignore[attr-defined]
    listing = admin.get("/admin/accounts").text
    assert "guest" in listing and "used" in listing


def test_admin_disables_and_resets_an_account(server: Server) -> None:
    accounts.create_user(server.rt, "root", PASSWORD, admin=True)
    accounts.create_user(server.rt, "bakyt", PASSWORD, display_name="Asanov Bakyt")
    admin, bakyt = Pages(server.browser()), Pages(server.browser())
    admin.sign_in("root")
    bakyt.sign_in("bakyt")
    assert bakyt.get("/admin/accounts").status_code == 403
    assert "Asanov Bakyt" in admin.get("/admin/accounts").text
    assert admin.submit("/admin/accounts/bakyt/active", {"active": "0"}).status_code == 303
    assert bakyt.get("/account").status_code in (302, 303, 401)  # signed out
    assert "disabled" in admin.get("/admin/accounts").text
    own = admin.submit("/admin/accounts/root/active", {"active": "0"})
    assert own.status_code == 409 and "your own account" in own.text
    admin.submit("/admin/accounts/bakyt/active", {"active": "1"})
    made = admin.submit("/admin/accounts/bakyt/reset-link")
    found = LINK.search(made.text)
    assert found and "/reset?token=" in found.group(1)
    owner = Pages(server.browser())
    form = owner.get(f"/reset?token={found.group(2)}")
    assert 'name="password2"' in form.text
    new = "brand-new-password"
    set_ = owner.client.post(
        "/reset",
        data={
            "token": found.group(2),
            "password": new,
            "password2": new,
            "csrf_token": owner.csrf(f"/reset?token={found.group(2)}"),
        },
        follow_redirects=False,
    )
    assert set_.status_code == 303
    owner.sign_in("bakyt", new)


def test_change_the_own_password(organiser: Pages) -> None:
    wrong = organiser.submit(
        "/account/password",
        {"old_password": "nope", "new_password": "x" * 10, "new_password2": "x" * 10},
    )
    assert wrong.status_code == 422 and "current password is wrong" in wrong.text
    done = organiser.submit(
        "/account/password",
        {"old_password": PASSWORD, "new_password": "x" * 10, "new_password2": "x" * 10},
    )
    assert done.status_code == 303
    organiser.sign_in("org", "x" * 10)


def _event(server: Server) -> int:
    org = server.sign_in("org")
    event_id = make_event(org, "go", "mcmahon", players=4, settings={"rounds": "3"})
    return event_id


def test_appoint_a_referee_link_entries_and_claim(server: Server, organiser: Pages) -> None:
    event_id = _event(server)
    for name, shown in (("ref", "Ruslan Referee"), ("kim", "Kim Ji"), ("lee", "Lee Sedol")):
        accounts.create_user(server.rt, name, PASSWORD, display_name=shown)
    people = f"/events/{event_id}/people"
    page = organiser.get(people)
    assert page.status_code == 200 and "Aigul Organiser" in page.text
    assert page.text.count("no account linked") == 4
    found = organiser.get(f"{people}?q=rusl")
    assert "<strong>ref</strong>" in found.text
    unknown = organiser.submit(f"{people}/roles", {"username": "ghost", "role": "referee"})
    assert unknown.status_code == 422 and "no account named" in unknown.text
    assert (
        organiser.submit(f"{people}/roles", {"username": "ref", "role": "referee"}).status_code
        == 303
    )
    page = organiser.get(people)
    assert "Ruslan Referee" in page.text and "Referee" in page.text
    assert organiser.submit(f"{people}/entries/1/account", {"username": "kim"}).status_code == 303
    made = organiser.submit(f"{people}/entries/2/claim-link")
    link = LINK.search(made.text)
    assert link and "/claim?token=" in link.group(1)
    lee = Pages(server.browser())
    assert "Sign in first" in lee.get(f"/claim?token={link.group(2)}").text
    lee.sign_in("lee")
    claimed = lee.submit("/claim", {"token": link.group(2)})
    assert claimed.status_code == 303 and claimed.headers["location"].startswith(
        f"/events/{event_id}"
    )
    reused = lee.submit("/claim", {"token": link.group(2)})
    assert reused.status_code == 409 and "used already" in reused.text
    page = organiser.get(people)
    assert page.text.count("no account linked") == 2
    # a referee sees the page but may not link players
    ref = Pages(server.browser())
    ref.sign_in("ref")
    assert ref.submit(f"{people}/entries/3/account", {"username": "lee"}).status_code == 403
    pair(server.sign_in("org"), event_id, 1)
    with TestClient(server.app) as live:  # the game room needs live play (the app's lifespan)
        live.cookies = organiser.client.cookies
        room = live.get(f"/events/{event_id}/room")
    assert room.status_code == 200
    assert "cannot take their seats online" in room.text
    assert re.search(r"3\. [^,]+, 4\. ", room.text)


def test_a_player_asks_to_join_and_the_organiser_confirms(server: Server, organiser: Pages) -> None:
    event_id = _event(server)
    publish(server.sign_in("org"), event_id)
    people = f"/events/{event_id}/people"
    accounts.create_user(server.rt, "park", PASSWORD, display_name="Park Jiwon")
    park = Pages(server.browser())
    park.sign_in("park")
    assert "does not take requests" in park.get(people).text
    assert organiser.submit(f"{people}/registration", {"open": "1"}).status_code == 303
    form = park.get(people)
    assert "Ask to join" in form.text and 'value="Park Jiwon"' in form.text
    bad = park.submit(f"{people}/join", {"name": "Park Jiwon", "rank": "99z"})
    assert bad.status_code == 422 and 'value="99z"' in bad.text
    assert park.submit(f"{people}/join", {"name": "Park Jiwon", "rank": "2d"}).status_code == 303
    assert "waiting for the organisers" in park.get(people).text
    listing = organiser.get(people).text
    request_id = re.search(r"/people/requests/(\d+)", listing)
    assert request_id and "Park Jiwon" in listing
    confirm = organiser.submit(f"{people}/requests/{request_id.group(1)}", {"decision": "confirm"})
    assert confirm.status_code == 303
    entries = organiser.get(f"/events/{event_id}/participants").text
    assert "Park Jiwon" in entries
    assert "confirmed" in park.get(people).text


def test_the_new_forms_refuse_another_sites_page(server: Server, organiser: Pages) -> None:
    event_id = _event(server)
    accounts.create_user(server.rt, "ref", PASSWORD)
    token = organiser.csrf(f"/events/{event_id}/people")
    evil = {"Origin": "http://evil.example"}
    forms = [
        (f"/events/{event_id}/people/roles", {"username": "ref", "role": "referee"}),
        (f"/events/{event_id}/people/entries/1/account", {"username": "ref"}),
        (f"/events/{event_id}/people/entries/1/claim-link", {}),
        (f"/events/{event_id}/people/registration", {"open": "1"}),
        ("/account/password", {"old_password": PASSWORD, "new_password": "x" * 10}),
        ("/signup", {"username": "intruder", "password": PASSWORD, "password2": PASSWORD}),
    ]
    for path, data in forms:
        r = organiser.client.post(
            path, data={**data, "csrf_token": token}, headers=evil, follow_redirects=False
        )
        assert r.status_code == 403, (path, r.status_code)
    api = organiser.client.put(
        f"/api/events/{event_id}/participants/1/account", json={"username": "ref"}, headers=evil
    )
    assert api.status_code == 403
    page = organiser.get(f"/events/{event_id}/people").text
    assert page.count("no account linked") == 4 and "ref</td>" not in page
    assert [u.username for u in accounts.all_users(server.rt)] == ["org", "ref"]
    organiser.sign_in("org")  # the password did not change
