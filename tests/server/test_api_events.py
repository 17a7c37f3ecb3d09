"""Events over HTTP: create, import, list, read, settings, publish, delete, roles."""

from __future__ import annotations

import json

from arbiter.events.document import dumps
from arbiter.events.event import Event
from tests.server.conftest import Server
from tests.server.helpers import grant, make_event, pair, publish, result


def test_create_read_and_list_an_event(any_server: Server) -> None:
    org = any_server.user("org")
    r = org.post(
        "/api/events",
        json={
            "game": "go",
            "system": "mcmahon",
            "name": "Steppe Open",
            "rounds": 5,
            "settings": {"komi": "7.5", "bar": "3d"},
        },
    )
    assert r.status_code == 201
    made = r.json()
    assert (made["game"], made["system"], made["published"]) == ("go", "mcmahon", False)
    assert made["settings"] == {"bar": "3d", "komi": 7.5, "name": "Steppe Open", "rounds": 5}
    assert made["my_roles"] == ["organiser"]
    assert "pair" in made["permissions"] and "delete-event" in made["permissions"]
    event_id = made["id"]

    assert org.get(f"/api/events/{event_id}").json()["name"] == "Steppe Open"
    # unpublished: invisible to others, even its existence
    other = any_server.user("other")
    assert other.get(f"/api/events/{event_id}").status_code == 404
    assert any_server.anonymous.get(f"/api/events/{event_id}").status_code == 404
    assert [e["id"] for e in org.get("/api/events").json()] == [event_id]
    assert other.get("/api/events").json() == []

    publish(org, event_id)
    seen = any_server.anonymous.get(f"/api/events/{event_id}").json()
    assert seen["published"] and seen["permissions"] == []
    assert [e["id"] for e in any_server.anonymous.get("/api/events").json()] == [event_id]


def test_creating_needs_an_account_and_valid_values(server: Server) -> None:
    body = {"game": "go", "system": "round-robin"}
    assert server.anonymous.post("/api/events", json=body).status_code == 401
    org = server.user("org")
    bad_system = org.post("/api/events", json={"game": "go", "system": "ladder"})
    assert bad_system.status_code == 422 and bad_system.json()["error"]["field"] == "system"
    toguz_mcmahon = org.post("/api/events", json={"game": "toguz", "system": "mcmahon"})
    assert toguz_mcmahon.status_code == 422
    assert "McMahon is a Go system" in toguz_mcmahon.json()["error"]["message"]
    bad_setting = org.post("/api/events", json={**body, "settings": {"komi": "6.3"}})
    assert bad_setting.status_code == 422
    assert bad_setting.json()["error"]["field"] == "settings.komi"
    unknown = org.post("/api/events", json={**body, "colour": "red"})
    assert unknown.status_code == 422 and unknown.json()["error"]["field"] == "colour"
    assert org.get("/api/events").json() == []  # nothing half-made


def test_settings_list_patch_versions_and_fixed_keys(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, "toguz", "knockout", players=4)
    listed = {s["key"]: s for s in org.get(f"/api/events/{event_id}/settings").json()}
    assert "komi" not in listed  # a Go setting
    assert listed["third_place"] == {
        "key": "third_place",
        "value": "no",
        "set": False,
        "meaning": listed["third_place"]["meaning"],
        "fixed": False,
    }
    version = org.get(f"/api/events/{event_id}").json()["version"]
    r = org.patch(
        f"/api/events/{event_id}/settings",
        json={"settings": {"third_place": "yes", "korgools": "required"}, "version": version},
    )
    assert r.status_code == 200
    assert r.json()["settings"]["third_place"] is True
    stale = org.patch(
        f"/api/events/{event_id}/settings",
        json={"settings": {"city": "Osh"}, "version": version},
    )
    assert stale.status_code == 409
    assert stale.json()["error"]["current"]["version"] == r.json()["version"]
    half = org.patch(
        f"/api/events/{event_id}/settings",
        json={"settings": {"city": "Osh", "korgools": "sometimes"}},
    )
    assert half.status_code == 422 and half.json()["error"]["field"] == "settings.korgools"
    assert "city" not in org.get(f"/api/events/{event_id}").json()["settings"]  # all or none

    pair(org, event_id, 1)
    fixed = org.patch(f"/api/events/{event_id}/settings", json={"settings": {"third_place": ""}})
    assert fixed.status_code == 409
    assert "cannot change once round 1 is paired" in fixed.json()["error"]["message"]
    listed = {s["key"]: s for s in org.get(f"/api/events/{event_id}/settings").json()}
    assert listed["third_place"]["fixed"] and not listed["city"]["fixed"]


def test_import_an_event_file_with_its_results(any_server: Server) -> None:
    event = Event.create("toguz", "round-robin", name="Imported Cup")
    for name in ("Asanov Bakyt", "Bekova Aida", "Chynybaev Daniyar"):
        event, _ = event.add_player(name)
    event = event.pair_next_round().record_result(1, 1, None, "1(82)-0(60)")
    org = any_server.user("org")
    r = org.post(
        "/api/events/import",
        files={"file": ("cup.json", dumps(event).encode(), "application/json")},
        data={"format": "json"},
    )
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    exported = org.get(f"/api/events/{event_id}/export/json")
    assert exported.text == dumps(event)
    broken = org.post(
        "/api/events/import", files={"file": ("x.json", b'{"schema": 1,', "application/json")}
    )
    assert broken.status_code == 422 and broken.json()["error"]["field"] == "file"
    wrong = org.post(
        "/api/events/import",
        files={"file": ("x.json", json.dumps({"schema": 2}).encode(), "application/json")},
    )
    assert wrong.status_code == 422 and "schema" in wrong.json()["error"]["message"]
    latin = org.post("/api/events/import", files={"file": ("x.json", "é".encode("latin-1"))})
    assert latin.status_code == 422 and "UTF-8" in latin.json()["error"]["message"]
    assert (
        any_server.anonymous.post(
            "/api/events/import", files={"file": ("cup.json", dumps(event).encode())}
        ).status_code
        == 401
    )


def test_import_an_opengotha_tournament(server: Server) -> None:
    xml = """<Tournament dataVersion="201"><Players>
<Player name="Minieri" firstName="Davide" rank="3D" club="75Ju" country="FR"/>
<Player name="Daguenet" firstName="Mathieu" rank="3D" participating="10000"/>
</Players><Games>
<Game roundNumber="1" tableNumber="1" blackPlayer="DAGUENETMATHIEU"
      whitePlayer="MINIERIDAVIDE" handicap="0" result="RESULT_WHITEWINS"/>
</Games></Tournament>"""
    org = server.user("org")
    r = org.post(
        "/api/events/import",
        files={"file": ("t.xml", xml.encode(), "application/xml")},
        data={"format": "opengotha"},
    )
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    game = org.get(f"/api/events/{event_id}/rounds/1/games/1").json()
    assert (game["white_name"], game["result"]) == ("Minieri Davide", "W+")


def test_publish_and_delete_need_the_right_role(any_server: Server) -> None:
    org = any_server.user("org")
    referee = any_server.user("ref")
    event_id = make_event(org)
    grant(org, event_id, "ref", "referee")
    assert (
        referee.post(f"/api/events/{event_id}/publish", json={"published": True}).status_code == 403
    )
    assert referee.delete(f"/api/events/{event_id}").status_code == 403
    assert any_server.anonymous.delete(f"/api/events/{event_id}").status_code == 401
    publish(org, event_id)
    withdrawn = org.post(f"/api/events/{event_id}/publish", json={"published": False})
    assert withdrawn.json()["published"] is False
    assert org.delete(f"/api/events/{event_id}").status_code == 204
    assert org.get(f"/api/events/{event_id}").status_code == 404
    assert org.delete(f"/api/events/{event_id}").status_code == 404


def test_roles_give_list_take_and_keep_an_organiser(any_server: Server) -> None:
    org = any_server.user("org")
    chief = any_server.user("chief")
    any_server.user("ref")
    any_server.user("player")
    event_id = make_event(org)
    chief_id = grant(org, event_id, "chief", "chief-referee")
    # the chief referee appoints referees, not organisers
    assert (
        chief.post(
            f"/api/events/{event_id}/roles", json={"username": "ref", "role": "referee"}
        ).status_code
        == 201
    )
    assert (
        chief.post(
            f"/api/events/{event_id}/roles", json={"username": "ref", "role": "organiser"}
        ).status_code
        == 403
    )
    again = org.post(f"/api/events/{event_id}/roles", json={"username": "ref", "role": "referee"})
    assert again.status_code == 409
    no_player = org.post(
        f"/api/events/{event_id}/roles", json={"username": "player", "role": "player"}
    )
    assert no_player.status_code == 422 and no_player.json()["error"]["field"] == "player_no"
    unknown = org.post(
        f"/api/events/{event_id}/roles",
        json={"username": "player", "role": "player", "player_no": 99},
    )
    assert unknown.status_code == 422
    grant(org, event_id, "player", "player", player_no=2)
    taken = org.post(
        f"/api/events/{event_id}/roles",
        json={"username": "ref", "role": "player", "player_no": 2},
    )
    assert taken.status_code == 409
    nobody = org.post(
        f"/api/events/{event_id}/roles", json={"username": "ghost", "role": "referee"}
    )
    assert nobody.status_code == 422 and nobody.json()["error"]["field"] == "username"

    roles = org.get(f"/api/events/{event_id}/roles").json()
    assert [(g["username"], g["role"], g["player_no"]) for g in roles] == [
        ("org", "organiser", None),
        ("chief", "chief-referee", None),
        ("ref", "referee", None),
        ("player", "player", 2),
    ]
    player = any_server.sign_in("player")
    assert player.get(f"/api/events/{event_id}/roles").status_code == 403
    assert player.get(f"/api/events/{event_id}").json()["my_players"] == [2]

    organiser_role = roles[0]["id"]
    last = org.delete(f"/api/events/{event_id}/roles/{organiser_role}")
    assert last.status_code == 409 and "at least one organiser" in last.json()["error"]["message"]
    assert chief.delete(f"/api/events/{event_id}/roles/{chief_id}").status_code == 403
    assert org.delete(f"/api/events/{event_id}/roles/{chief_id}").status_code == 204
    assert chief.get(f"/api/events/{event_id}").status_code == 404  # no role, unpublished
    assert org.delete(f"/api/events/{event_id}/roles/{chief_id}").status_code == 404


def test_a_referee_of_another_event_cannot_touch_this_one(any_server: Server) -> None:
    org = any_server.user("org")
    stranger_org = any_server.user("org2")
    any_server.user("ref2")
    mine = make_event(org)
    pair(org, mine, 1)
    publish(org, mine, 1)
    theirs = make_event(stranger_org)
    grant(stranger_org, theirs, "ref2", "referee")
    ref2 = any_server.sign_in("ref2")
    refused = result(ref2, mine, 1, 1, "1-0")
    assert refused.status_code == 403
    assert "recording results needs the role" in refused.json()["error"]["message"]
    assert ref2.post(f"/api/events/{mine}/rounds", json={"round": 2}).status_code == 403
    assert (
        ref2.patch(f"/api/events/{mine}/settings", json={"settings": {"city": "Osh"}}).status_code
        == 403
    )
    assert (
        ref2.post(f"/api/events/{mine}/participants", json={"name": "Intruder Ivan"}).status_code
        == 403
    )
    assert (
        ref2.post(
            f"/api/events/{mine}/roles", json={"username": "ref2", "role": "referee"}
        ).status_code
        == 403
    )
    # and still may enter results in their own event
    pair(stranger_org, theirs, 1)
    assert result(ref2, theirs, 1, 1, "1-0").status_code == 200


def test_import_a_trf_with_its_rounds(server: Server) -> None:
    org = server.user("org")
    source = make_event(org, "toguz", "swiss", players=4, rounds=3)
    first = pair(org, source, 1)
    for g in first["games"]:
        assert result(org, source, 1, g["table"], "1-0").status_code == 200
    trf = org.get(f"/api/events/{source}/export/trf").content
    r = org.post(
        "/api/events/import",
        files={"file": ("cup.trf", trf, "text/plain")},
        data={"format": "trf"},
    )
    assert r.status_code == 201, r.text
    imported = r.json()["id"]
    assert (r.json()["game"], r.json()["system"]) == ("toguz", "swiss")
    before = org.get(f"/api/events/{source}/standings").json()["rows"]
    after = org.get(f"/api/events/{imported}/standings").json()["rows"]
    assert [(row["name"], row["points"]) for row in after] == [
        (row["name"], row["points"]) for row in before
    ]
