"""Online competitions through the services and the HTTP API (no browser): the event settings
the live games read, opening a round, checking in, the server starting every clock at the
round start, the referee's alerts, protests with decisions and appeals, provisional results and
the next round's pairing."""

from __future__ import annotations

import time
from typing import Any

import pytest

from arbiter.events.event import Event
from arbiter.match import Arrive, MatchSettings, Start
from arbiter.match.actors import Actor
from arbiter.server.play.client import PlayClient
from arbiter.server.play.services import event_game_settings
from arbiter.server.play.state import Event as LiveEvent
from arbiter.server.play.state import GameState, Options
from arbiter.server.rooms import services
from arbiter.server.services import results, roles
from arbiter.server.services.errors import Conflict
from tests.server.online.conftest import Cup, make_cup, person
from tests.server.play.conftest import LiveServer, run


def wait_for(probe: Any, timeout: float = 10.0) -> Any:
    """Poll ``probe`` until it returns something true."""
    deadline = time.monotonic() + timeout
    while True:
        found = probe()
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


# ----- the event settings the live games read


def _settings(game: str, **values: str) -> tuple[MatchSettings, Options]:
    event = Event.create(game, "round-robin")  # type: ignore[arg-type]
    for key, value in values.items():
        event = event.set(key, value)
    for name in ("Asanov Bakyt", "Bekova Aida"):
        event, _player = event.add_player(name)
    event = event.pair_next_round()
    return event_game_settings(event, event.rounds[0].games[0])


def test_a_live_game_reads_the_events_conduct_settings() -> None:
    settings, options = _settings(
        "toguz",
        time_control="20m",
        reconnect_window="300",
        late_limit="10",
        max_draw_offers="5",
        move_cap="120",
    )
    conduct = settings.to_json()["conduct"]
    assert conduct["max_draw_offers"] == 5
    assert conduct["move_cap"] == 120
    assert conduct["late_limit"] == 600.0 and conduct["late_forfeit"] is True
    assert options.reconnect_window == 300.0
    go, go_options = _settings("go", late_forfeit="no")
    assert go.to_json()["conduct"]["late_forfeit"] is False
    assert go_options.reconnect_window == 180.0  # the default: 3 minutes (seed 002 7.2.10)
    default, _ = _settings("toguz")
    assert default.to_json()["conduct"]["max_draw_offers"] == 3
    assert default.to_json()["conduct"]["late_limit"] is None  # the rules' own limit


# ----- opening a round and checking in


def _room(cup: Cup, who: Any = None, number: int = 1) -> dict[str, Any]:
    r = cup.api("GET", f"/api/events/{cup.id}/room/rounds/{number}", who)
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def test_only_a_referee_opens_a_published_round_once(live: LiveServer) -> None:
    cup = make_cup(live, publish=False)
    start = time.time() + 3600
    path = f"/api/events/{cup.id}/room/rounds/1"
    r = cup.api("POST", path, cup.players[1], json={"start_at": start})
    assert r.status_code == 403
    r = cup.api("POST", path, cup.referee, json={"start_at": start})
    assert r.status_code == 409 and "publish round 1" in r.json()["error"]["message"]
    from arbiter.server.services import rounds

    rounds.publish_round(live.rt, cup.organiser.user, cup.id, 1, True)
    r = cup.api("POST", path, cup.referee, json={"start_at": time.time() - 600})
    assert r.status_code == 422 and r.json()["error"]["field"] == "start_at"
    r = cup.api("POST", path, cup.referee, json={"start_at": start})
    assert r.status_code == 200, r.text
    made = r.json()
    assert made["start_at"] == start and len(made["games"]) == 2
    assert all(g["created"] for g in made["games"])
    again = cup.api("POST", path, cup.referee, json={"start_at": start}).json()
    assert [g["created"] for g in again["games"]] == [False, False]
    moved = cup.api("POST", path, cup.referee, json={"start_at": start + 600})
    assert moved.status_code == 409 and moved.json()["error"]["current"]["start_at"] == start


def test_players_check_in_before_the_start_and_referees_see_who_is_present(
    live: LiveServer,
) -> None:
    cup = make_cup(live)
    checkin = f"/api/events/{cup.id}/room/rounds/1/checkin"
    r = cup.api("POST", checkin, cup.players[1])
    assert r.status_code == 409 and "not open" in r.json()["error"]["message"]
    start = time.time() + 3600
    cup.api("POST", f"/api/events/{cup.id}/room/rounds/1", cup.referee, json={"start_at": start})
    r = cup.api("POST", checkin, cup.players[1])
    assert r.status_code == 200
    [present] = r.json()
    assert present["player_no"] == 1 and present["late"] is False  # an hour before: in time
    first_at = present["at"]
    assert cup.api("POST", checkin, cup.players[1]).json()[0]["at"] == first_at  # kept
    assert cup.api("POST", checkin, cup.referee).status_code == 403  # no entry
    assert cup.api("POST", checkin).status_code == 401

    staff = _room(cup, cup.referee)
    assert staff["staff"] and set(staff["present"]) == {"1"}
    assert set(staff["names"]) == {"1", "2", "3", "4"}
    assert staff["start_at"] == start and staff["opened_by"] == "ref"
    assert all(g["live"] and g["state"]["status"] == "ready" for g in staff["games"])
    own = _room(cup, cup.players[2])
    assert own["mine"] == [2] and own["present"] == {} and not own["staff"]
    assert _room(cup, cup.players[1])["checked_in"] is True
    anonymous = _room(cup)
    assert anonymous["present"] == {} and len(anonymous["games"]) == 2

    # A check-in less than 15 minutes before the start is recorded as late (seed 002 7.2.5);
    # after the start there is none.
    late = services.check_in(live.rt, cup.players[3].user, cup.id, 1, now=start - 600)
    assert [(p.player_no, p.late) for p in late] == [(3, True)]
    with pytest.raises(Conflict, match="has started"):
        services.check_in(live.rt, cup.players[4].user, cup.id, 1, now=start + 1)


def test_the_server_starts_every_clock_at_the_round_start_present_or_not(
    live: LiveServer,
) -> None:
    cup = make_cup(live, game="go")
    start = time.time() + 1.5
    cup.api("POST", f"/api/events/{cup.id}/room/rounds/1", cup.referee, json={"start_at": start})

    def started() -> Any:
        room = _room(cup, cup.referee)
        return room if all(g["state"]["status"] == "playing" for g in room["games"]) else None

    room = wait_for(started)
    assert room, "the round did not start"
    for game in room["games"]:
        state = game["state"]
        assert state["running"] == "black"  # Black's clock in even Go games (seed 002 2.6)
        assert state["present"] == {"black": False, "white": False}
        assert state["clocks"]["black"]["main"] < 300
        assert state["alerts"] == []  # nobody is late yet (the alert waits 5 minutes)


def test_the_referees_alerts() -> None:
    settings = MatchSettings.toguz("60m", white="A", black="B")
    state = GameState.new(settings, Options(casual=False, start_at=1000.0), epoch=1000.0)
    referee = Actor.referee("chief")
    state = state.apply(
        LiveEvent(0, "action", 1000.0, {"entry": _entry(state, Start(), 0.0, referee)})
    )
    white = Actor.player("white")
    state = state.apply(
        LiveEvent(1, "action", 1010.0, {"entry": _entry(state, Arrive(), 10.0, white)})
    )
    assert services.alerts(state, 1200.0) == []  # less than 5 minutes since the start
    waiting = services.alerts(state, 1301.0)
    assert waiting == [{"kind": "waiting", "side": "black", "since": 1000.0}]  # 7.2.6
    presence = {"seat": "white", "process": "p", "connected": True}
    state = state.apply(LiveEvent(2, "presence", 1310.0, presence))
    for seq in (3, 5, 7):
        gone = {**presence, "connected": False}
        state = state.apply(LiveEvent(seq, "presence", 1320.0 + seq, gone))
        state = state.apply(LiveEvent(seq + 1, "presence", 1321.0 + seq, presence))
    state = state.apply(LiveEvent(9, "presence", 1340.0, {**presence, "connected": False}))
    kinds = [a["kind"] for a in services.alerts(state, 1350.0)]
    assert kinds == ["waiting", "away", "disconnects"]
    assert services.alerts(state, 1350.0)[1] == {"kind": "away", "seat": "white", "until": 1520.0}


def _entry(state: GameState, action: Any, t: float, actor: Actor) -> dict[str, Any]:
    entry = state.match.apply(action, t, actor).last_entry
    assert entry is not None
    return entry.to_json()


# ----- protests


def test_a_protest_its_decision_and_the_appeal(live: LiveServer) -> None:
    cup = make_cup(live)
    room = _room(cup, cup.referee)
    game = room["games"][0]
    player = cup.players[game["sides"]["white"][0]]
    opponent = cup.players[game["sides"]["black"][0]]
    outsider = next(p for no, p in cup.players.items() if p not in (player, opponent))
    body = {"round": 1, "table": game["table"], "text": "My opponent's clock did not run."}
    path = f"/api/events/{cup.id}/protests"
    assert cup.api("POST", path, outsider, json=body).status_code == 403
    r = cup.api("POST", path, player, json=body)
    assert r.status_code == 201, r.text
    protest = r.json()
    assert protest["side"] == "white" and protest["status"] == "pending"
    assert protest["filed_by"] == player.username
    pid = protest["id"]
    # The referee decides; the players may take it to the chief referee (seed 002 3.7).
    appeal = {"text": "The referee did not look at the log."}
    early = cup.api("POST", f"{path}/{pid}/appeal", opponent, json=appeal)
    assert early.status_code == 409  # nothing decided yet
    decision = {"upheld": False, "text": "The log shows the clock ran."}
    assert cup.api("POST", f"{path}/{pid}/decision", player, json=decision).status_code == 403
    r = cup.api("POST", f"{path}/{pid}/decision", cup.referee, json=decision)
    assert r.json()["status"] == "rejected" and r.json()["decided_by"] == "ref"
    assert cup.api("POST", f"{path}/{pid}/decision", cup.referee, json=decision).status_code == 409
    r = cup.api("POST", f"{path}/{pid}/appeal", player, json=appeal)
    assert r.json()["appeal_status"] == "pending"
    ruling = {"upheld": True, "text": "Replay the game."}
    referee_ruling = cup.api("POST", f"{path}/{pid}/appeal/decision", cup.referee, json=ruling)
    assert referee_ruling.status_code == 403  # the chief referee decides appeals
    organiser_ruling = cup.api("POST", f"{path}/{pid}/appeal/decision", cup.organiser, json=ruling)
    assert organiser_ruling.status_code == 403  # the organiser is not the chief referee
    chief = person(live, "chief")
    roles.grant_role(live.rt, cup.organiser.user, cup.id, "chief", "chief-referee")
    r = cup.api("POST", f"{path}/{pid}/appeal/decision", chief, json=ruling)
    assert r.json()["appeal_status"] == "upheld" and r.json()["appeal_decided_by"] == "chief"
    # Kept with the game: its players and the staff read it, nobody else.
    assert [p["id"] for p in cup.api("GET", path, opponent).json()] == [pid]
    assert cup.api("GET", path, outsider).json() == []
    listed = cup.api("GET", f"{path}?round=1&table={game['table']}", cup.referee).json()
    assert listed[0]["appeal_decision"] == "Replay the game."


def test_protests_and_appeals_are_filed_before_the_next_round_starts(live: LiveServer) -> None:
    cup = make_cup(live)
    rt = live.rt
    game = _room(cup, cup.referee)["games"][0]
    white, black = (cup.players[game["sides"][side][0]] for side in ("white", "black"))
    for table in (1, 2):
        results.record_result(rt, cup.referee.user, cup.id, 1, table, None, "1-0")
    from arbiter.server.services import rounds

    rounds.pair_round(rt, cup.organiser.user, cup.id, 2)
    rounds.publish_round(rt, cup.organiser.user, cup.id, 2, True)
    start = time.time() + 3600
    cup.api("POST", f"/api/events/{cup.id}/room/rounds/2", cup.referee, json={"start_at": start})
    table = game["table"]
    filed = services.file_protest(rt, white.user, cup.id, 1, table, None, "x", now=start - 1)
    with pytest.raises(Conflict, match="before the next round starts"):
        services.file_protest(rt, black.user, cup.id, 1, table, None, "y", now=start)
    services.decide_protest(rt, cup.referee.user, cup.id, filed.id, True, "upheld", now=start - 1)
    with pytest.raises(Conflict, match="before the next round starts"):
        services.appeal_protest(rt, black.user, cup.id, filed.id, "no", now=start + 5)
    appealed = services.appeal_protest(rt, black.user, cup.id, filed.id, "no", now=start - 1)
    assert appealed.appeal_status == "pending" and appealed.appealed_by == black.username


# ----- provisional results and the next round


def test_a_provisional_result_lets_the_next_round_be_paired_and_the_game_replaces_it(
    live: LiveServer,
) -> None:
    cup = make_cup(live)
    start = time.time() + 0.5
    opened = cup.api(
        "POST", f"/api/events/{cup.id}/room/rounds/1", cup.referee, json={"start_at": start}
    ).json()
    room = _room(cup, cup.referee)
    pair_next = f"/api/events/{cup.id}/rounds"
    refused = cup.api("POST", pair_next, cup.referee, json={"round": 2})
    assert refused.status_code == 409  # games of round 1 have no result (seed 002 7.2.3)
    for game in room["games"]:
        r = cup.api(
            "PUT",
            f"/api/events/{cup.id}/rounds/1/games/{game['table']}/result",
            cup.referee,
            json={"result": "1/2-1/2", "provisional": True},
        )
        assert r.status_code == 200, r.text
    assert cup.api("POST", pair_next, cup.referee, json={"round": 2}).status_code in (200, 201)

    # The first game is played to its end: its real result replaces the provisional one.
    game = room["games"][0]
    live_id = next(g["id"] for g in opened["games"] if g["table"] == game["table"])
    white = cup.players[game["sides"]["white"][0]]

    async def resign() -> None:
        client = await PlayClient.connect(live.ws, live_id, auth=white.token)
        await client.wait_state(lambda g: g["status"] == "playing", timeout=10)
        await client.act({"type": "resign"})
        await client.wait_state(lambda g: g["result"] is not None)
        await client.close()

    run(resign())

    def final() -> Any:
        r = cup.api("GET", f"/api/events/{cup.id}/rounds/1/games/{game['table']}", cup.referee)
        text = r.json()["result"]
        return text if text and not text.endswith("?") else None

    assert wait_for(final) == "0(0)-1(0)"  # White resigned before a move: Black wins
