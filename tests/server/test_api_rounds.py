"""Rounds over HTTP: pairing guarded by the round number, reading (JSON, CSV, HTML), editing and
unpairing guarded by the round's version, publishing in order, explanations, line-ups and
warnings."""

from __future__ import annotations

from tests.server.conftest import Server
from tests.server.helpers import grant, make_event, pair, publish, result


def test_pair_a_round_once_and_only_when_the_previous_one_is_finished(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, players=4)
    first = pair(org, event_id, 1)
    assert (first["number"], first["version"], first["published"]) == (1, 1, False)
    assert len(first["games"]) == 2
    twice = org.post(f"/api/events/{event_id}/rounds", json={"round": 1})
    assert twice.status_code == 409
    assert twice.json()["error"]["message"] == "round 1 is already paired"
    assert twice.json()["error"]["current"]["version"] == 1
    skip = org.post(f"/api/events/{event_id}/rounds", json={"round": 3})
    assert (
        skip.status_code == 409
        and "next round to pair is round 2" in skip.json()["error"]["message"]
    )
    early = org.post(f"/api/events/{event_id}/rounds", json={"round": 2})
    assert early.status_code == 409 and "without a result" in early.json()["error"]["message"]
    for g in first["games"]:
        assert result(org, event_id, 1, g["table"], "1-0?").status_code == 200  # provisional
    assert pair(org, event_id, 2)["number"] == 2
    listed = org.get(f"/api/events/{event_id}/rounds").json()
    assert [(r["number"], r["finished"]) for r in listed] == [(1, True), (2, False)]


def test_swiss_is_paired_by_the_engine(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "toguz", "swiss", players=6, rounds=3)
    first = pair(org, event_id, 1)
    seen = sorted(no for g in first["games"] for no in (g["white"], g["black"]))
    assert seen == [1, 2, 3, 4, 5, 6]


def test_read_a_round_as_json_csv_and_html(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "round-robin", players=3)
    pair(org, event_id, 1)
    r = org.get(f"/api/events/{event_id}/rounds/1")
    game = r.json()["games"][0]
    assert game["komi"] == 6.5 and game["handicap"] == 0
    assert [b["kind"] for b in r.json()["byes"]] == ["rest"]
    csv = org.get(f"/api/events/{event_id}/rounds/1?format=csv")
    assert csv.headers["content-type"].startswith("text/csv")
    assert csv.text.splitlines()[0] == "Table,Black,White,Handicap,Komi,Result"
    html = org.get(f"/api/events/{event_id}/rounds/1?format=html")
    assert html.headers["content-type"].startswith("text/html") and "<table>" in html.text
    assert org.get(f"/api/events/{event_id}/rounds/2").status_code == 404
    assert org.get(f"/api/events/{event_id}/rounds/1?format=pdf").status_code == 422


def test_unpublished_rounds_are_hidden_from_the_public(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, players=4)
    first = pair(org, event_id, 1)
    publish(org, event_id)
    anon = any_server.anonymous
    assert anon.get(f"/api/events/{event_id}/rounds").json() == []
    assert anon.get(f"/api/events/{event_id}/rounds/1").status_code == 404
    assert anon.get(f"/api/events/{event_id}").json()["rounds"] == []
    publish(org, event_id, 1)
    seen = anon.get(f"/api/events/{event_id}/rounds/1").json()
    assert [g["table"] for g in seen["games"]] == [g["table"] for g in first["games"]]
    for g in first["games"]:
        result(org, event_id, 1, g["table"], "1-0")
    pair(org, event_id, 2)
    assert [r["number"] for r in anon.get(f"/api/events/{event_id}/rounds").json()] == [1]
    assert anon.get(f"/api/events/{event_id}/standings").json()["after_round"] == 1
    assert org.get(f"/api/events/{event_id}/standings").json()["after_round"] == 2


def test_publish_rounds_in_order(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, players=4)
    first = pair(org, event_id, 1)
    for g in first["games"]:
        result(org, event_id, 1, g["table"], "1-0")
    pair(org, event_id, 2)
    early = org.post(f"/api/events/{event_id}/rounds/2/publish", json={"published": True})
    assert early.status_code == 409
    publish(org, event_id, 1, 2)
    out_of_order = org.post(f"/api/events/{event_id}/rounds/1/publish", json={"published": False})
    assert out_of_order.status_code == 409
    back = org.post(f"/api/events/{event_id}/rounds/2/publish", json={"published": False})
    assert back.status_code == 200 and back.json()["published"] is False
    assert back.json()["version"] == 3  # paired 1, published 2, withdrawn 3
    assert (
        org.post(f"/api/events/{event_id}/rounds/5/publish", json={"published": True}).status_code
        == 404
    )


def test_edit_a_round_by_hand_guarded_by_its_version(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, "go", "swiss", players=4, rounds=3)
    first = pair(org, event_id, 1)
    games = [
        {"table": 1, "black": 1, "white": 2},
        {"table": 2, "black": 3, "white": 4, "handicap": 2, "komi": "0.5"},
    ]
    r = org.put(f"/api/events/{event_id}/rounds/1", json={"version": 1, "games": games})
    assert r.status_code == 200, r.text
    edited = r.json()
    assert edited["version"] == 2
    assert [
        (g["table"], g["black"], g["white"], g["handicap"], g["komi"]) for g in edited["games"]
    ] == [
        (1, 1, 2, 0, 6.5),
        (2, 3, 4, 2, 0.5),
    ]
    stale = org.put(f"/api/events/{event_id}/rounds/1", json={"version": 1, "games": games})
    assert stale.status_code == 409 and stale.json()["error"]["current"]["version"] == 2
    missing = org.put(f"/api/events/{event_id}/rounds/1", json={"version": 2, "games": games[:1]})
    assert (
        missing.status_code == 422
        and "without a game or a bye" in missing.json()["error"]["message"]
    )
    twice = org.put(
        f"/api/events/{event_id}/rounds/1",
        json={"version": 2, "games": [*games, {"table": 3, "black": 1, "white": 4}]},
    )
    assert twice.status_code == 422 and "placed twice" in twice.json()["error"]["message"]
    with_bye = org.put(
        f"/api/events/{event_id}/rounds/1",
        json={"version": 2, "games": games[1:], "byes": [{"no": 1}, {"no": 2, "kind": "half"}]},
    )
    assert with_bye.status_code == 200
    assert [(b["no"], b["kind"], b["points"]) for b in with_bye.json()["byes"]] == [
        (1, "bye", 1.0),
        (2, "half", 0.5),
    ]
    assert result(org, event_id, 1, 2, "B+R").status_code == 200
    played = org.put(f"/api/events/{event_id}/rounds/1", json={"version": 3, "games": games})
    assert played.status_code == 409 and "has results" in played.json()["error"]["message"]
    assert len(first["games"]) == 2


def test_edit_is_refused_in_knockouts_and_to_referees(server: Server) -> None:
    org = server.user("org")
    server.user("ref")
    ko = make_event(org, "toguz", "knockout", players=4)
    pair(org, ko, 1)
    refused = org.put(
        f"/api/events/{ko}/rounds/1",
        json={"version": 1, "games": [{"table": 1, "black": 1, "white": 2}]},
    )
    assert refused.status_code == 409 and "bracket" in refused.json()["error"]["message"]
    rr = make_event(org, players=2)
    pair(org, rr, 1)
    grant(org, rr, "ref", "referee")
    ref = server.sign_in("ref")
    body = {"version": 1, "games": [{"table": 1, "black": 1, "white": 2}]}
    assert ref.put(f"/api/events/{rr}/rounds/1", json=body).status_code == 403
    assert ref.delete(f"/api/events/{rr}/rounds/1?version=1").status_code == 403


def test_unpair_the_last_round(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, players=4)
    first = pair(org, event_id, 1)
    assert org.delete(f"/api/events/{event_id}/rounds/1?version=7").status_code == 409
    assert org.delete(f"/api/events/{event_id}/rounds/1").status_code == 422  # version needed
    assert org.delete(f"/api/events/{event_id}/rounds/1?version=1").status_code == 204
    assert org.get(f"/api/events/{event_id}/rounds").json() == []
    again = pair(org, event_id, 1)
    assert [g["table"] for g in again["games"]] == [g["table"] for g in first["games"]]
    assert result(org, event_id, 1, 1, "1-0").status_code == 200
    blocked = org.delete(f"/api/events/{event_id}/rounds/1?version=1")
    assert blocked.status_code == 409 and "has results" in blocked.json()["error"]["message"]


def test_explain_a_round(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, players=4)
    pair(org, event_id, 1)
    r = org.get(f"/api/events/{event_id}/rounds/1/explain")
    assert r.status_code == 200
    assert r.json()["system"] == "round-robin" and "round-robin table" in r.json()["summary"]
    assert org.get(f"/api/events/{event_id}/rounds/2/explain").status_code == 404
    swiss = make_event(org, "toguz", "swiss", players=4, rounds=3)
    pair(org, swiss, 1)
    r = org.get(f"/api/events/{swiss}/rounds/1/explain")
    assert r.status_code == 200, r.text
    found = r.json()
    assert found["system"] == "swiss" and "best Swiss pairing" in found["summary"]
    assert found["details"]["optimal"] is True
    paired = org.get(f"/api/events/{swiss}/rounds/1").json()["games"]
    explained = {(p["first"]["no"], p["second"]["no"]) for p in found["details"]["pairs"]}
    assert explained == {(g["white"], g["black"]) for g in paired}


def test_team_lineups(server: Server) -> None:
    org = server.user("org")
    r = org.post(
        "/api/events",
        json={
            "game": "toguz",
            "system": "round-robin",
            "discipline": "team",
            "settings": {"boards": "2"},
        },
    )
    event_id = r.json()["id"]
    for i in range(6):
        org.post(f"/api/events/{event_id}/participants", json={"name": f"Player{i} Team"})
    for name, members in (("Osh", [1, 2]), ("Naryn", [3, 4])):
        body = {
            "name": name,
            "players": members,
            "reserves": [members[0] + 4] if name == "Osh" else [],
        }
        assert org.post(f"/api/events/{event_id}/participants/teams", json=body).status_code == 201
    pair(org, event_id, 1)
    r = org.put(f"/api/events/{event_id}/rounds/1/lineups/1", json={"players": [5, 2]})
    assert r.status_code == 200, r.text
    seated = {g["board"]: (g["white_player"], g["black_player"]) for g in r.json()["games"]}
    assert 5 in seated[1] and 2 in seated[2]
    wrong = org.put(f"/api/events/{event_id}/rounds/1/lineups/1", json={"players": [3, 4]})
    assert wrong.status_code == 422 and "is not in Osh" in wrong.json()["error"]["message"]
    assert (
        org.put(f"/api/events/{event_id}/rounds/1/lineups/9", json={"players": [1]}).status_code
        == 404
    )


def test_warnings_and_their_consequences(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, "go", "round-robin", players=2)
    pair(org, event_id, 1)
    for _ in range(2):
        r = org.post(
            f"/api/events/{event_id}/warnings",
            json={"player": 1, "round": 1, "reason": "talking"},
        )
        assert r.status_code == 201
    assert [(w["player"], w["name"], w["reason"]) for w in r.json()] == [
        (1, "Lee Chang", "talking"),
        (1, "Lee Chang", "talking"),
    ]
    game = org.get(f"/api/events/{event_id}/rounds/1/games/1").json()
    assert game["result"] in ("B+F", "W+F")  # the second warning in a game loses it (3.18.2)
    assert (
        org.post(f"/api/events/{event_id}/warnings", json={"player": 9, "round": 1}).status_code
        == 422
    )
    assert org.get(f"/api/events/{event_id}/warnings").status_code == 200
