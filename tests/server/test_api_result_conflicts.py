"""Two referees on one result over the API: the 409 carries the game as it is now — its result,
its version, who entered it and when — and the version given there applies a result over it;
nothing changes on a refused request; korgool counts are needed by final results only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from arbiter.server.services import accounts
from tests.server.conftest import PASSWORD, Server
from tests.server.helpers import grant, make_event, pair, result


def test_a_conflict_names_the_result_who_entered_it_and_when(server: Server) -> None:
    org = server.user("org")
    accounts.create_user(server.rt, "ref", PASSWORD, display_name="Bolot Referee")
    event_id = make_event(org, "go", "round-robin", players=4)
    grant(org, event_id, "ref", "referee")
    ref = server.sign_in("ref")
    pair(org, event_id, 1)
    before = datetime.now(UTC) - timedelta(seconds=5)
    first = result(ref, event_id, 1, 1, "B+12.5")
    assert first.status_code == 200
    blind = result(org, event_id, 1, 1, "W+R")  # the organiser saw no result yet
    assert blind.status_code == 409
    current = blind.json()["error"]["current"]
    assert (current["result"], current["version"]) == ("B+12.5", first.json()["version"])
    assert (current["by"], current["by_name"]) == ("ref", "Bolot Referee")
    at = datetime.fromisoformat(current["at"])
    assert before <= at <= datetime.now(UTC) + timedelta(seconds=5)
    game = f"/api/events/{event_id}/rounds/1/games/1"
    assert org.get(game).json()["result"] == "B+12.5"  # nothing changed
    over = result(org, event_id, 1, 1, "W+R", version=current["version"])
    assert over.status_code == 200 and over.json()["result"] == "W+R"
    stale = result(ref, event_id, 1, 1, "B+R", version=first.json()["version"])
    assert stale.status_code == 409
    now = stale.json()["error"]["current"]
    assert (now["result"], now["by"], now["version"]) == ("W+R", "org", over.json()["version"])


def test_a_conflict_on_clearing_names_who_changed_the_game(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, players=4)
    pair(org, event_id, 1)
    first = result(org, event_id, 1, 1, "1(82)-0(60)").json()
    result(org, event_id, 1, 1, "0(70)-1(90)", version=first["version"])
    path = f"/api/events/{event_id}/rounds/1/games/1/result?version={first['version']}"
    refused = org.delete(path)
    assert refused.status_code == 409
    current = refused.json()["error"]["current"]
    assert current["result"] == "0(70)-1(90)" and current["by"] == "org" and current["at"]


def test_provisional_results_need_no_korgools(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, players=2, settings={"korgools": "required"})
    pair(org, event_id, 1)
    provisional = result(org, event_id, 1, 1, "1/2-1/2", provisional=True)
    assert provisional.status_code == 200 and provisional.json()["result"] == "1/2-1/2?"
    version = provisional.json()["version"]
    final = result(org, event_id, 1, 1, "1/2-1/2", version=version)
    assert final.status_code == 422 and "korgools=required" in final.json()["error"]["message"]
    game = org.get(f"/api/events/{event_id}/rounds/1/games/1").json()
    assert (game["result"], game["version"]) == ("1/2-1/2?", version)  # unchanged
    assert result(org, event_id, 1, 1, "1/2(81)-1/2(81)", version=version).status_code == 200
