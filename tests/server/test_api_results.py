"""Results over HTTP: enter, correct with versions, provisional, clear, extra games; game
records and who sees them; a player's own games."""

from __future__ import annotations

from tests.server.conftest import Server
from tests.server.helpers import grant, make_event, pair, publish, result


def test_enter_then_correct_with_the_version(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, players=4)
    pair(org, event_id, 1)
    r = result(org, event_id, 1, 1, "1(82)-0(60)")
    assert r.status_code == 200
    assert (r.json()["result"], r.json()["version"], r.json()["provisional"]) == (
        "1(82)-0(60)",
        2,
        False,
    )
    blind = result(org, event_id, 1, 1, "0-1")
    assert blind.status_code == 409
    err = blind.json()["error"]
    assert err["field"] == "version"
    at = err["current"].pop("at")
    assert err["current"] == {
        "id": r.json()["id"],
        "round": 1,
        "table": 1,
        "board": None,
        "result": "1(82)-0(60)",
        "extra": [],
        "version": 2,
        "by": "org",
        "by_name": "org",
    }
    assert at.startswith("20")  # when it was entered (ISO 8601)
    fixed = result(org, event_id, 1, 1, "0(70)-1(90)", version=2)
    assert fixed.status_code == 200 and fixed.json()["version"] == 3
    stale = result(org, event_id, 1, 1, "1-0", version=2)
    assert stale.status_code == 409 and stale.json()["error"]["current"]["result"] == "0(70)-1(90)"
    assert org.get(f"/api/events/{event_id}/rounds/1/games/1").json()["result"] == "0(70)-1(90)"


def test_provisional_results_and_the_grammar(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "round-robin", players=4)
    pair(org, event_id, 1)
    r = result(org, event_id, 1, 1, "B+R", provisional=True)
    assert (r.json()["result"], r.json()["provisional"]) == ("B+R?", True)
    final = result(org, event_id, 1, 1, "W+3.5", version=r.json()["version"])
    assert (final.json()["result"], final.json()["provisional"]) == ("W+3.5", False)
    bad = result(org, event_id, 1, 2, "1(82)-0(60)")
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "result"
    assert result(org, event_id, 1, 9, "B+R").status_code == 404
    assert result(org, event_id, 5, 1, "B+R").status_code == 404
    empty = org.put(f"/api/events/{event_id}/rounds/1/games/2/result", json={"result": ""})
    assert empty.status_code == 422


def test_korgools_required_by_the_event(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, players=2, settings={"korgools": "required"})
    pair(org, event_id, 1)
    r = result(org, event_id, 1, 1, "1-0")
    assert r.status_code == 422 and "korgools=required" in r.json()["error"]["message"]
    assert result(org, event_id, 1, 1, "1-0(70)").status_code == 200


def test_clear_a_result_while_the_next_round_is_not_paired(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = make_event(org, players=3)
    pair(org, event_id, 1)
    r = result(org, event_id, 1, 1, "1-0")
    path = f"/api/events/{event_id}/rounds/1/games/1/result"
    assert org.delete(f"{path}?version=1").status_code == 409
    cleared = org.delete(f"{path}?version={r.json()['version']}")
    assert cleared.status_code == 200
    assert (cleared.json()["result"], cleared.json()["version"]) == (None, 3)
    assert result(org, event_id, 1, 1, "0-1").status_code == 200  # a first result again
    pair(org, event_id, 2)
    late = org.delete(f"{path}?version=4")
    assert late.status_code == 409 and "round 2 is paired" in late.json()["error"]["message"]


def test_extra_games_break_a_drawn_knockout_meeting(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "toguz", "knockout", players=2)
    pair(org, event_id, 1)
    extra = f"/api/events/{event_id}/rounds/1/games/1/extra"
    early = org.post(extra, json={"result": "1-0"})
    assert early.status_code == 422 and "not finished" in early.json()["error"]["message"]
    result(org, event_id, 1, 1, "1/2-1/2")
    refused = org.post(f"/api/events/{event_id}/rounds", json={"round": 2})
    assert refused.status_code == 409
    r = org.post(extra, json={"result": "0-1"})
    assert r.status_code == 200 and r.json()["extra"] == ["0-1"]
    decided = org.post(extra, json={"result": "0-1"})
    assert decided.status_code == 422 and "decided already" in decided.json()["error"]["message"]
    standings = org.get(f"/api/events/{event_id}/standings").json()["rows"]
    assert standings[0]["place"] == 1


def test_a_player_cannot_enter_results_but_sees_their_games(any_server: Server) -> None:
    org = any_server.user("org")
    any_server.user("aida")
    event_id = make_event(org, players=4)
    grant(org, event_id, "aida", "player", player_no=2)
    first = pair(org, event_id, 1)
    aida = any_server.sign_in("aida")
    table = next(g["table"] for g in first["games"] if 2 in (g["white"], g["black"]))
    refused = result(aida, event_id, 1, table, "1-0")
    assert refused.status_code == 403
    assert (
        "recording results needs the role organiser, chief referee or referee"
        in refused.json()["error"]["message"]
    )
    # the round is not published: the player does not see it yet
    assert aida.get(f"/api/events/{event_id}/my-games").json() == []
    publish(org, event_id, 1)
    mine = aida.get(f"/api/events/{event_id}/my-games").json()
    assert [(g["round"], g["table"]) for g in mine] == [(1, table)]
    assert org.get(f"/api/events/{event_id}/my-games").status_code == 404  # not a player here
    assert any_server.anonymous.get(f"/api/events/{event_id}/my-games").status_code == 401


SGF = "(;GM[1]FF[4]SZ[19]KM[6.5]PB[Lee Chang]PW[Park Su]RE[B+R];B[pd];W[dp])"


def test_records_are_stored_checked_and_shown_to_whom_they_may_be(server: Server) -> None:
    org = server.user("org")
    server.user("lee")
    server.user("someone")
    event_id = make_event(org, "go", "round-robin", players=4)
    first = pair(org, event_id, 1)
    grant(org, event_id, "lee", "player", player_no=1)
    table = next(g["table"] for g in first["games"] if 1 in (g["white"], g["black"]))
    path = f"/api/events/{event_id}/rounds/1/games/{table}/record"
    bad = org.put(path, json={"format": "sgf", "content": "(;GM[1]SZ[3]"})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "content"
    wrong_kind = org.put(path, json={"format": "arbiter-game", "content": "{}"})
    assert wrong_kind.status_code == 422 and wrong_kind.json()["error"]["field"] == "format"
    stored = org.put(path, json={"format": "sgf", "content": SGF})
    assert stored.status_code == 200 and stored.json()["version"] == 1
    again = org.put(path, json={"format": "sgf", "content": SGF})
    assert again.status_code == 409
    replaced = org.put(path, json={"format": "sgf", "content": SGF, "version": 1})
    assert replaced.json()["version"] == 2
    assert org.get(path).json()["content"] == SGF

    publish(org, event_id, 1)
    lee, someone = server.sign_in("lee"), server.sign_in("someone")
    assert lee.get(path).status_code == 200  # the game's player
    assert someone.get(path).status_code == 404  # not finished yet
    assert (
        someone.put(path, json={"format": "sgf", "content": SGF, "version": 2}).status_code == 403
    )
    result(org, event_id, 1, table, "B+R")
    assert someone.get(path).json()["content"] == SGF
    assert server.anonymous.get(path).status_code == 200
    other = next(g["table"] for g in first["games"] if g["table"] != table)
    assert org.get(f"/api/events/{event_id}/rounds/1/games/{other}/record").status_code == 404


def test_toguz_records(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, players=2)
    pair(org, event_id, 1)
    path = f"/api/events/{event_id}/rounds/1/games/1/record"
    text = '[White "Asanov Bakyt"]\n[Black "Bekova Aida"]\n\n1. 76 87 *\n'
    assert org.put(path, json={"format": "toguz-text", "content": text}).status_code == 200
    wrong_tuz = '[White "A"]\n\n1. 76X 87 *\n'
    r = org.put(path, json={"format": "toguz-text", "content": wrong_tuz, "version": 1})
    assert r.status_code == 422 and "makes no tuz" in r.json()["error"]["message"]
    assert org.put(path, json={"format": "sgf", "content": SGF, "version": 1}).status_code == 422
