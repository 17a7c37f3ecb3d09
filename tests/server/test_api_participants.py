"""Entries over HTTP: players one by one and from files, pairs, teams, corrections,
withdrawals, and what the public sees of them."""

from __future__ import annotations

from tests.server.conftest import Server
from tests.server.helpers import grant, make_event, pair, publish, result


def test_add_read_and_correct_a_player(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "round-robin", players=0)
    r = org.post(
        f"/api/events/{event_id}/participants",
        json={
            "name": "van der Berg, Jan",
            "rank": "2 dan",
            "gender": "m",
            "born": "2001-05-04",
            "club": "Leiden",
            "country": "nl",
            "medical": True,
        },
    )
    assert r.status_code == 201
    added = r.json()["added"][0]
    assert (added["kind"], added["no"], added["name"], added["rank"]) == (
        "player",
        1,
        "van der Berg Jan",
        "2d",
    )
    assert (added["surname"], added["country"], added["born"]) == (
        "van der Berg",
        "NL",
        "2001-05-04",
    )
    assert r.json()["event_version"] == 2

    bad = org.post(f"/api/events/{event_id}/participants", json={"name": "Kim Ji", "rank": "12d"})
    assert bad.status_code == 422
    twice = org.post(
        f"/api/events/{event_id}/participants",
        json={"name": "van der Berg, Jan", "born": "2001-05-04", "club": "Leiden"},
    )
    assert twice.status_code == 422 and "already entered" in twice.json()["error"]["message"]

    fixed = org.put(
        f"/api/events/{event_id}/participants/1",
        json={"name": "van den Berg, Jan", "rank": "3d", "club": "Leiden", "born": "2001-05-04"},
    )
    assert fixed.status_code == 200
    one = org.get(f"/api/events/{event_id}/participants/1").json()
    assert (one["name"], one["rank"], one["no"]) == ("van den Berg Jan", "3d", 1)
    assert org.get(f"/api/events/{event_id}/participants/7").status_code == 404
    assert (
        org.put(f"/api/events/{event_id}/participants/7", json={"name": "Nobody Here"}).status_code
        == 404
    )


def test_the_public_sees_no_birth_dates_or_medical_clearances(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, players=0)
    org.post(
        f"/api/events/{event_id}/participants",
        json={"name": "Bekova Aida", "born": "2004-03-12", "medical": True, "gender": "f"},
    )
    publish(org, event_id)
    public = server.anonymous.get(f"/api/events/{event_id}/participants").json()["players"][0]
    assert (public["born"], public["medical"], public["gender"]) == (None, None, "f")
    staff = org.get(f"/api/events/{event_id}/participants").json()["players"][0]
    assert (staff["born"], staff["medical"]) == ("2004-03-12", True)


def test_import_players_from_csv_all_or_none(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, "go", "round-robin", players=0)
    good = "name,rank,club\nLee Chang,5d,Seoul\nPark Su,1k,Busan\n"
    r = org.post(
        f"/api/events/{event_id}/participants/import",
        files={"file": ("players.csv", good.encode("utf-8-sig"), "text/csv")},
        data={"format": "csv"},
    )
    assert r.status_code == 201
    assert [(p["no"], p["name"], p["rank"]) for p in r.json()["added"]] == [
        (1, "Lee Chang", "5d"),
        (2, "Park Su", "1k"),
    ]
    bad = "name,rank\nKim Ji,3d\nCho Hun,99k\n"
    r = org.post(
        f"/api/events/{event_id}/participants/import",
        files={"file": ("players.csv", bad.encode(), "text/csv")},
    )
    assert r.status_code == 422
    assert r.json()["error"]["message"].startswith("line 3:")
    assert r.json()["error"]["field"] == "file"
    names = [p["name"] for p in org.get(f"/api/events/{event_id}/participants").json()["players"]]
    assert names == ["Lee Chang", "Park Su"]  # Kim Ji was not entered either
    latin = org.post(
        f"/api/events/{event_id}/participants/import",
        files={"file": ("p.csv", "name\nMüller Hans\n".encode("latin-1"), "text/csv")},
    )
    assert latin.status_code == 422 and "UTF-8" in latin.json()["error"]["message"]


def test_import_players_of_an_opengotha_file(server: Server) -> None:
    xml = """<Tournament dataVersion="201"><Players>
<Player name="Minieri" firstName="Davide" rank="3D" club="75Ju" country="FR" egfPin="17033126"/>
<Player name="Daguenet" firstName="Mathieu" rank="2K" country="FR"/>
</Players></Tournament>"""
    org = server.user("org")
    event_id = make_event(org, "go", "mcmahon", players=1)
    r = org.post(
        f"/api/events/{event_id}/participants/import",
        files={"file": ("t.xml", xml.encode(), "application/xml")},
        data={"format": "opengotha"},
    )
    assert r.status_code == 201, r.text
    added = r.json()["added"]
    assert [(p["no"], p["name"], p["rank"]) for p in added] == [
        (2, "Minieri Davide", "3d"),
        (3, "Daguenet Mathieu", "2k"),
    ]
    assert added[0]["ids"] == {"egf": "17033126"}
    broken = org.post(
        f"/api/events/{event_id}/participants/import",
        files={"file": ("t.xml", b"<Tournament><Players>", "application/xml")},
        data={"format": "opengotha"},
    )
    assert broken.status_code == 422


def test_pairs_and_teams(server: Server) -> None:
    org = server.user("org")
    r = org.post("/api/events", json={"game": "go", "system": "round-robin", "discipline": "pair"})
    pair_event = r.json()["id"]
    for name, gender in (("Kim Ji", "f"), ("Lee Chang", "m"), ("Park Su", "f"), ("Cho Hun", "m")):
        org.post(
            f"/api/events/{pair_event}/participants",
            json={"name": name, "gender": gender, "rank": "1d"},
        )
    made = org.post(
        f"/api/events/{pair_event}/participants/pairs", json={"man": 2, "woman": "Kim Ji"}
    )
    assert made.status_code == 201
    assert made.json()["added"][0] == {
        "kind": "pair",
        "no": 1,
        "name": "Lee & Kim",
        "man": 2,
        "woman": 1,
        "entered": 1,
        "withdrawn": None,
        "excluded": False,
    }
    wrong = org.post(f"/api/events/{pair_event}/participants/pairs", json={"man": 1, "woman": 3})
    assert wrong.status_code == 422

    r = org.post(
        "/api/events", json={"game": "toguz", "system": "round-robin", "discipline": "team"}
    )
    team_event = r.json()["id"]
    for i in range(4):
        org.post(f"/api/events/{team_event}/participants", json={"name": f"Player{i} Test"})
    team = org.post(
        f"/api/events/{team_event}/participants/teams",
        json={"name": "Bishkek", "players": [1, 2], "reserves": ["Player2 Test"]},
    )
    assert team.status_code == 201
    assert team.json()["added"][0]["players"] == [1, 2]
    assert team.json()["added"][0]["reserves"] == [3]
    listed = org.get(f"/api/events/{team_event}/participants").json()
    assert (
        listed["discipline"] == "team" and len(listed["teams"]) == 1 and len(listed["players"]) == 4
    )
    not_team = org.post(
        f"/api/events/{pair_event}/participants/teams", json={"name": "X", "players": [1]}
    )
    assert not_team.status_code == 422


def test_withdraw_forfeits_the_unplayed_games(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, players=4)
    first = pair(org, event_id, 1)
    table_of_1 = next(g["table"] for g in first["games"] if 1 in (g["white"], g["black"]))
    r = org.post(f"/api/events/{event_id}/participants/1/withdraw", json={"from_round": 1})
    assert r.status_code == 200
    assert (r.json()["withdrawn"], r.json()["name"]) == (1, "Asanov Bakyt")
    game = org.get(f"/api/events/{event_id}/rounds/1/games/{table_of_1}").json()
    assert game["result"] in ("+-", "-+") and game["version"] == 2
    again = org.post(f"/api/events/{event_id}/participants/1/withdraw", json={})
    assert again.status_code == 422 and "already withdrawn" in again.json()["error"]["message"]
    assert org.post(f"/api/events/{event_id}/participants/9/withdraw", json={}).status_code == 404
    # a played game blocks a withdrawal from its round
    other = next(g for g in first["games"] if 1 not in (g["white"], g["black"]))
    assert result(org, event_id, 1, other["table"], "1-0").status_code == 200
    blocked = org.post(
        f"/api/events/{event_id}/participants/{other['white']}/withdraw", json={"from_round": 1}
    )
    assert blocked.status_code == 422 and blocked.json()["error"]["field"] == "from_round"


def test_only_organiser_and_chief_referee_manage_entries(server: Server) -> None:
    org = server.user("org")
    server.user("ref")
    server.user("chief")
    event_id = make_event(org, players=2)
    grant(org, event_id, "ref", "referee")
    grant(org, event_id, "chief", "chief-referee")
    ref, chief = server.sign_in("ref"), server.sign_in("chief")
    body = {"name": "Late Arrival"}
    assert ref.post(f"/api/events/{event_id}/participants", json=body).status_code == 403
    assert chief.post(f"/api/events/{event_id}/participants", json=body).status_code == 201
    assert ref.post(f"/api/events/{event_id}/participants/1/withdraw", json={}).status_code == 403
    assert (
        server.anonymous.post(f"/api/events/{event_id}/participants", json=body).status_code == 401
    )


def test_import_players_of_a_trf_and_files_are_never_paths(server: Server) -> None:
    org = server.user("org")
    source = make_event(org, "toguz", "swiss", players=4, rounds=3)
    trf = org.get(f"/api/events/{source}/export/trf")
    assert trf.status_code == 200
    target = make_event(org, "toguz", "swiss", players=0, rounds=3)
    r = org.post(
        f"/api/events/{target}/participants/import",
        files={"file": ("cup.trf", trf.content, "text/plain")},
        data={"format": "trf"},
    )
    assert r.status_code == 201, r.text
    assert [p["name"] for p in r.json()["added"]] == [
        "Asanov Bakyt",
        "Bekova Aida",
        "Chynybaev Daniyar",
        "Duishov Emil",
    ]
    for fmt in ("trf", "opengotha"):
        sneaky = org.post(
            f"/api/events/{target}/participants/import",
            files={"file": ("x", b"/etc/passwd", "text/plain")},
            data={"format": fmt},
        )
        assert sneaky.status_code == 422, sneaky.text
        assert "root:" not in sneaky.text
