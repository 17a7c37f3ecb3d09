"""Live games of an event's round: settings and seats from the event, the clock started by
the server at the round start, a referee acting through the protocol, chat rules, and the
result flowing into the event."""

from __future__ import annotations

import time

import httpx

from arbiter.server.play.client import PlayClient, ServerError
from arbiter.server.services import accounts, entries, events, roles, rounds
from arbiter.server.services.accounts import open_session
from tests.server.conftest import PASSWORD
from tests.server.play.conftest import LiveServer, run


def _token(live: LiveServer, username: str, *, admin: bool = False) -> tuple[str, object]:
    user = accounts.create_user(live.rt, username, PASSWORD, admin=admin)
    return open_session(live.rt, user, "token", "test").secret, user


def test_a_round_is_played_live_and_its_result_reaches_the_event(live: LiveServer) -> None:
    rt = live.rt
    chief_token, chief = _token(live, "chief", admin=True)
    made = events.create_event(
        rt, chief, game="toguz", system="round-robin", name="Cup", settings={"time_control": "5m"}
    )
    event_id = made.id
    for name in ("Asanov Bakyt", "Bekova Aida"):
        entries.add_player(rt, chief, event_id, entries.PlayerFields(name))
    rounds.pair_round(rt, chief, event_id, 1)
    tokens: dict[int, str] = {}
    for no, username in ((1, "asanov"), (2, "bekova")):
        tokens[no], _ = _token(live, username)
        roles.grant_role(rt, chief, event_id, username, "player", player_no=no)
    referee_token, _ = _token(live, "referee")
    roles.grant_role(rt, chief, event_id, "referee", "referee")

    start_at = live.hub.wall() + 1.0
    made_games = live.post(
        f"/api/play/events/{event_id}/rounds/1", {"start_at": start_at}, token=referee_token
    )
    assert len(made_games) == 1 and made_games[0]["created"]
    gid = made_games[0]["id"]
    listed = live.get(f"/api/play/events/{event_id}/rounds/1", token=referee_token).json()
    game = listed[0]["state"]
    assert game["status"] == "ready" and game["settings"]["time_control"] == "5m"
    white_no = 1 if game["players"]["white"][0]["name"] == "Asanov Bakyt" else 2

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, auth=tokens[white_no])
        black = await PlayClient.connect(live.ws, gid, auth=tokens[3 - white_no])
        referee = await PlayClient.connect(live.ws, gid, auth=referee_token)
        assert white.welcome and white.welcome["you"]["seat"] == "white"
        assert referee.welcome and referee.welcome["you"]["role"] == "referee"
        # The server starts the clock at the round start, White's first (seed 000 6.3).
        state = await white.wait_state(lambda g: g["status"] == "playing", timeout=10)
        assert state["running"] == "white"
        start = next(
            e["entry"]
            for e in white.events()
            if e["kind"] == "action" and e["entry"]["action"]["type"] == "start"
        )
        assert start["actor"] == {"kind": "system"}
        # Opponents exchange phrases only; the referee and a player talk freely.
        refused = await white.request({"type": "chat", "to": "players", "text": "hello"})
        assert refused["reason"] == "not-permitted"
        assert (await white.request({"type": "chat", "to": "players", "phrase": "greeting"}))[
            "type"
        ] == "ack"
        await black.request({"type": "chat", "to": "referee", "text": "my clock?"})
        private = await white.wait(
            lambda m: m.get("kind") == "chat" and m["chat"].get("private") is True
        )
        assert "text" not in private["chat"]  # the opponent does not read it
        seen = await referee.wait(
            lambda m: m.get("kind") == "chat" and m["chat"].get("text") == "my clock?"
        )
        assert seen["chat"]["from"] == "black"
        # A referee acts through the same protocol; a player cannot.
        await referee.act({"type": "add-time", "side": "black", "seconds": 60})
        with_time = await black.wait_state(lambda g: g["clocks"]["black"]["main"] > 300)
        assert with_time["clocks"]["black"]["main"] > 350
        try:
            await white.act({"type": "pause"})
            raise AssertionError("a player paused the game")
        except ServerError as exc:
            assert exc.reason == "not-permitted"
        await white.act({"type": "move", "move": 7})
        await black.act({"type": "resign"})
        final = await referee.wait_state(lambda g: g["result"] is not None)
        assert final["result"]["termination"] == "resignation"
        for c in (white, black, referee):
            await c.close()

    run(play())
    deadline = time.monotonic() + 10
    while True:
        r = httpx.get(
            f"{live.http}/api/events/{event_id}/rounds/1/games/1",
            headers={"Authorization": f"Bearer {chief_token}"},
        )
        if r.json().get("result") or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert r.json()["result"] in ("1(10)-0(0)", "0(0)-1(10)")
