"""Entries corrected over HTTP: delete, merge, pairs and teams renamed, likely duplicates caught
(409 with the candidate, ``force`` to enter anyway) — who may, and bad input refused with
nothing changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.server.conftest import Api, Server
from tests.server.helpers import grant, make_event, pair, publish, result


def people(server: Server) -> tuple[int, dict[str, Api]]:
    """A published event of 4 players with its organiser, and everybody of the matrix."""
    org = server.user("org")
    event_id = make_event(org, "toguz", "swiss", players=4, rounds=3)
    other = make_event(org, "toguz", "swiss", players=0, rounds=3)
    for name in ("ref", "otherref", "player"):
        server.user(name)
    grant(org, event_id, "ref", "referee")
    grant(org, other, "otherref", "referee")
    grant(org, event_id, "player", "player", player_no=1)
    publish(org, event_id)
    who = {
        "anonymous": server.anonymous,
        "player": server.sign_in("player"),
        "referee of another event": server.sign_in("otherref"),
        "referee": server.sign_in("ref"),
        "organiser": org,
        "admin": server.user("admin", admin=True),
    }
    return event_id, who


REFUSED = {"anonymous": 401, "player": 403, "referee of another event": 403, "referee": 403}


def players_of(api: Api, event_id: int) -> list[tuple[int, str]]:
    listed = api.get(f"/api/events/{event_id}/participants").json()["players"]
    return [(p["no"], p["name"]) for p in listed]


Request = Callable[[Api, int], Any]
REQUESTS: dict[str, Request] = {
    "delete": lambda api, e: api.delete(f"/api/events/{e}/participants/4"),
    "merge": lambda api, e: api.post(f"/api/events/{e}/participants/3/merge", json={"other": 4}),
    "add anyway": lambda api, e: api.post(
        f"/api/events/{e}/participants?force=true", json={"name": "Asanov, Bakyt", "club": "Osh"}
    ),
}


@pytest.mark.parametrize("action", list(REQUESTS))
def test_the_permission_matrix(server: Server, action: str) -> None:
    event_id, who = people(server)
    before = players_of(who["organiser"], event_id)
    for name, status in REFUSED.items():
        r = REQUESTS[action](who[name], event_id)
        assert r.status_code == status, (name, r.text)
        assert players_of(who["organiser"], event_id) == before, name
    assert REQUESTS[action](who["admin"], event_id).status_code in (200, 201)
    after_admin = players_of(who["organiser"], event_id)
    assert after_admin != before
    # the organiser may too (on what the admin left)
    if action == "add anyway":
        body = {"name": "Асанов Бакыт", "club": "Naryn"}
        r = who["organiser"].post(f"/api/events/{event_id}/participants?force=1", json=body)
        assert r.status_code == 201, r.text
    else:
        org = who["organiser"]
        r = org.delete(f"/api/events/{event_id}/participants/2")
        assert r.status_code == 200, r.text


def test_delete_a_player_who_has_not_played(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "toguz", "swiss", players=4, rounds=3)
    r = org.delete(f"/api/events/{event_id}/participants/2")
    assert r.status_code == 200, r.text
    assert (r.json()["no"], r.json()["name"], r.json()["kind"]) == (2, "Bekova Aida", "player")
    assert players_of(org, event_id) == [
        (1, "Asanov Bakyt"),
        (3, "Chynybaev Daniyar"),
        (4, "Duishov Emil"),
    ]
    assert org.delete(f"/api/events/{event_id}/participants/2").status_code == 404
    stale = org.delete(f"/api/events/{event_id}/participants/3?version=1")
    assert stale.status_code == 409 and stale.json()["error"]["current"]["version"] > 1
    assert len(players_of(org, event_id)) == 3


def test_a_player_who_has_played_is_not_deleted(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "toguz", "swiss", players=4, rounds=3)
    first = pair(org, event_id, 1)
    game = first["games"][0]
    assert result(org, event_id, 1, game["table"], "1-0").status_code == 200
    standings = org.get(f"/api/events/{event_id}/standings").json()
    version = org.get(f"/api/events/{event_id}").json()["version"]
    r = org.delete(f"/api/events/{event_id}/participants/{game['white']}")
    assert r.status_code == 422
    assert "only withdrawn" in r.json()["error"]["message"]
    assert len(players_of(org, event_id)) == 4
    assert org.get(f"/api/events/{event_id}/standings").json() == standings
    assert org.get(f"/api/events/{event_id}").json()["version"] == version


def test_merge_keeps_the_one_that_played(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "toguz", "swiss", players=4, rounds=3)
    pair(org, event_id, 1)
    late = org.post(
        f"/api/events/{event_id}/participants?force=true",
        json={"name": "Асанов Бакыт", "club": "Ala-Too", "born": "2001-04-02"},
    )
    assert late.status_code == 201, late.text
    late_no = late.json()["added"][0]["no"]
    linked = server.user("bakyt")
    grant(org, event_id, "bakyt", "player", player_no=late_no)
    standings = org.get(f"/api/events/{event_id}/standings").json()
    r = org.post(
        f"/api/events/{event_id}/participants/{late_no}/merge",
        json={"other": 1, "take": ["name"]},
    )
    assert r.status_code == 200, r.text
    kept = r.json()["kept"]
    assert (kept["no"], kept["name"], kept["club"], kept["rating"], r.json()["removed"]) == (
        1,
        "Асанов Бакыт",
        "Ala-Too",
        1800,
        late_no,
    )
    assert [no for no, _ in players_of(org, event_id)] == [1, 2, 3, 4]

    def scores(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [(r["no"], r["points"], r["tiebreaks"]) for r in rows if r["no"] != late_no]

    after = org.get(f"/api/events/{event_id}/standings").json()["rows"]
    assert scores(after) == scores(standings["rows"]) and len(after) == 4
    # the account linked to the entry that went is linked to the one kept
    roles = org.get(f"/api/events/{event_id}/roles").json()
    assert {(g["username"], g["player_no"]) for g in roles if g["role"] == "player"} == {
        ("bakyt", 1)
    }
    assert linked.get(f"/api/events/{event_id}").status_code == 200


def test_merge_of_two_who_played_and_bad_merges_are_refused(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "toguz", "swiss", players=4, rounds=3)
    pair(org, event_id, 1)
    before = players_of(org, event_id)
    url = f"/api/events/{event_id}/participants/1/merge"
    both = org.post(url, json={"other": 2})
    assert both.status_code == 422 and "both take part" in both.json()["error"]["message"]
    assert org.post(url, json={"other": 1}).status_code == 422
    assert org.post(url, json={"other": 99}).status_code == 422
    assert org.post(url, json={"other": 2, "take": ["shoe size"]}).status_code == 422
    assert (
        org.post(f"/api/events/{event_id}/participants/99/merge", json={"other": 2}).status_code
        == 404
    )
    assert players_of(org, event_id) == before


def test_likely_duplicates_are_caught_and_confirmed(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "toguz", "swiss", players=2, rounds=3)
    url = f"/api/events/{event_id}/participants"
    for spelling in ("Asanov, Bakyt", "ASANOV Bakyt", "Bakyt Asanov", "Асанов Бакыт"):
        r = org.post(url, json={"name": spelling, "club": "Other club"})
        assert r.status_code == 409, (spelling, r.text)
        candidate = r.json()["error"]["current"]["duplicates"][0]["candidate"]
        assert (candidate["no"], candidate["name"]) == (1, "Asanov Bakyt")
        assert "number 1" in r.json()["error"]["message"]
    assert len(players_of(org, event_id)) == 2
    apart = org.post(url, json={"name": "Asanova Bakyt"})
    assert apart.status_code == 201
    forced = org.post(f"{url}?force=true", json={"name": "Асанов Бакыт", "club": "Other"})
    assert forced.status_code == 201
    assert players_of(org, event_id)[-1] == (4, "Асанов Бакыт")


def test_a_file_with_likely_duplicates_is_refused_until_forced(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "toguz", "swiss", players=2, rounds=3)
    text = "name,club\nKim Ji,Seoul\nАсанов Бакыт,Osh\nJi Kim,Busan\n"
    url = f"/api/events/{event_id}/participants/import"
    files = {"file": ("p.csv", text.encode(), "text/csv")}
    r = org.post(url, files=files)
    assert r.status_code == 409, r.text
    found = r.json()["error"]["current"]["duplicates"]
    assert [(d["new"]["name"], d["candidate"]["name"], d["in_file"]) for d in found] == [
        ("Асанов Бакыт", "Asanov Bakyt", False),
        ("Ji Kim", "Kim Ji", True),
    ]
    assert len(players_of(org, event_id)) == 2
    r = org.post(f"{url}?force=true", files={"file": ("p.csv", text.encode(), "text/csv")})
    assert r.status_code == 201 and len(r.json()["added"]) == 3


def test_over_long_and_empty_input_is_refused(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "round-robin", players=2, discipline="pair")
    before = players_of(org, event_id)
    huge = "x" * 10_000
    assert org.post(f"/api/events/{event_id}/participants", json={"name": huge}).status_code == 422
    assert org.put(f"/api/events/{event_id}/participants/1", json={"name": huge}).status_code == 422
    assert (
        org.put(f"/api/events/{event_id}/participants/pairs/1", json={"name": huge}).status_code
        == 422
    )
    assert (
        org.put(f"/api/events/{event_id}/participants/teams/1", json={"name": "X"}).status_code
        == 404
    )
    assert players_of(org, event_id) == before


def test_pairs_and_teams_are_corrected_and_deleted(server: Server) -> None:
    org = server.user("org")
    r = org.post("/api/events", json={"game": "go", "system": "round-robin", "discipline": "pair"})
    pair_event = r.json()["id"]
    for name, gender in (("Lee Chang", "m"), ("Kim Ji", "f"), ("Cho Hun", "m"), ("Park Su", "f")):
        org.post(f"/api/events/{pair_event}/participants", json={"name": name, "gender": gender})
    org.post(f"/api/events/{pair_event}/participants/pairs", json={"man": 1, "woman": 2})
    org.post(f"/api/events/{pair_event}/participants/pairs", json={"man": 3, "woman": 4})
    renamed = org.put(f"/api/events/{pair_event}/participants/pairs/1", json={"name": "Seoul"})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Seoul"
    taken = org.put(f"/api/events/{pair_event}/participants/pairs/2", json={"name": "seoul"})
    assert taken.status_code == 422
    in_pair = org.delete(f"/api/events/{pair_event}/participants/1")
    assert in_pair.status_code == 422 and "Seoul" in in_pair.json()["error"]["message"]
    assert org.delete(f"/api/events/{pair_event}/participants/pairs/1").status_code == 200
    assert org.delete(f"/api/events/{pair_event}/participants/1").status_code == 200
    listed = org.get(f"/api/events/{pair_event}/participants").json()
    assert [p["no"] for p in listed["pairs"]] == [2] and len(listed["players"]) == 3

    r = org.post(
        "/api/events", json={"game": "toguz", "system": "round-robin", "discipline": "team"}
    )
    team_event = r.json()["id"]
    for i in range(2):
        org.post(f"/api/events/{team_event}/participants", json={"name": f"Player{i} Test"})
    org.post(
        f"/api/events/{team_event}/participants/teams", json={"name": "Osh", "players": [1, 2]}
    )
    fixed = org.put(
        f"/api/events/{team_event}/participants/teams/1",
        json={"name": "Osh United", "club": "Osh SC", "country": "kg"},
    )
    assert fixed.status_code == 200, fixed.text
    assert (fixed.json()["name"], fixed.json()["club"], fixed.json()["country"]) == (
        "Osh United",
        "Osh SC",
        "KG",
    )
    assert org.delete(f"/api/events/{team_event}/participants/teams/1").status_code == 200
