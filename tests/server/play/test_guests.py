"""Guests: a casual game's invitation taken without an account, under a name — shown to the
opponent, refused with a clear message when it is too long (the seat stays free), and never
rated (no account holds the seat)."""

from __future__ import annotations

import re

import httpx

from arbiter.server.play.casual_steps import is_rated
from tests.server.play.conftest import LiveServer


def _form(client: httpx.Client, path: str) -> str:
    page = client.get(path)
    assert page.status_code == 200, page.text
    found = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert found is not None
    return found.group(1)


def test_a_guest_takes_the_seat_under_a_name_and_a_bad_name_is_refused(live: LiveServer) -> None:
    made = live.post("/api/play/games", {"game": "toguz", "time_control": "5m", "side": "white"})
    gid, invite = made["id"], made["invite"]
    join = f"/play/games/{gid}/join"
    with httpx.Client(base_url=live.http, headers={"Origin": live.http}) as guest:
        token = _form(guest, f"{join}?invite={invite}")
        long = guest.post(join, data={"csrf_token": token, "invite": invite, "name": "x" * 41})
        assert long.status_code == 422 and "A name has at most 40 characters." in long.text
        control = guest.post(join, data={"csrf_token": token, "invite": invite, "name": "A\x07"})
        assert control.status_code == 422
        row = live.hub.store.game(gid)
        assert row is not None and set(row.seats) == {"white"}  # nothing was taken
        taken = guest.post(
            join, data={"csrf_token": token, "invite": invite, "name": "  Aida   K. "}
        )
        assert taken.status_code == 303 and taken.headers["location"] == f"/play/games/{gid}"
    row = live.hub.store.game(gid)
    assert row is not None and row.seats["black"]["name"] == "Aida K."
    assert "user_id" not in row.seats["black"] and not is_rated(row)
    state = live.get(f"/api/play/games/{gid}").json()["state"]
    assert state["extras"]["names"] == {"black": "Aida K."}


def test_a_guest_joins_through_the_api_under_a_name(live: LiveServer) -> None:
    made = live.post("/api/play/games", {"game": "go", "size": 9, "time_control": "5m"})
    join = f"{live.http}/api/play/games/{made['id']}/join"
    bad = httpx.post(join, json={"invite": made["invite"], "name": "y" * 41}, timeout=30)
    assert bad.status_code == 422 and "at most 40 characters" in bad.text
    assert set(live.hub.store.game(made["id"]).seats) == {"white"}
    joined = httpx.post(join, json={"invite": made["invite"], "name": "Bolot"}, timeout=30)
    assert joined.status_code == 200 and joined.json()["seat"] == "black"
    state = live.get(f"/api/play/games/{made['id']}").json()["state"]
    assert state["extras"]["names"] == {"black": "Bolot"}
