"""A casual game's takebacks and rematches over the WebSocket (``casual`` messages): an accepted
takeback restores the position before the asker's move, a declined one or a move made meanwhile
ends the request; a rematch swaps the colours. Bad input — a takeback in a rated or an event
game, with nothing to take back, an answer nobody asked for, a rematch of a game not over — is
refused with a clear message, and nothing is stored."""

from __future__ import annotations

from typing import Any

from arbiter.server.play.client import PlayClient
from arbiter.server.services import accounts, entries, events, roles, rounds
from arbiter.server.services.accounts import open_session
from tests.server.conftest import PASSWORD
from tests.server.play.conftest import LiveServer, run


async def refused(client: PlayClient, message: dict[str, Any], seq: int) -> dict[str, Any]:
    """The error answering ``message``; the game's stream is still at ``seq``."""
    answer = await client.request(message)
    assert answer["type"] == "error", answer
    assert client.seq == seq and client.game is not None and client.game["seq"] == seq
    return answer


def casual(op: str) -> dict[str, Any]:
    return {"type": "casual", "op": op}


def test_a_takeback_accepted_restores_the_position_before_the_askers_move(
    live: LiveServer,
) -> None:
    gid, white_token, black_token = live.casual(game="toguz", time_control="5m", side="white")

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, token=white_token)
        black = await PlayClient.connect(live.ws, gid, token=black_token)
        await white.wait_state(lambda g: g["status"] == "playing")
        await white.act({"type": "move", "move": 7})
        asked = await white.request(casual("takeback-request"))
        assert asked["type"] == "ack"
        seen = await black.wait_state(lambda g: g["extras"]["takeback"] is not None)
        assert seen["extras"]["takeback"] == {"by": "white", "ply": 1}
        assert (await black.request(casual("takeback-accept")))["type"] == "ack"
        back = await white.wait_state(lambda g: g["ply"] == 0)
        assert back["to_move"] == "white" and back["running"] == "white"
        assert back["extras"]["takeback"] is None and back["moves"] == []
        # After the opponent's reply, a takeback takes back the reply too.
        await white.act({"type": "move", "move": 9})
        await black.act({"type": "move", "move": 3})
        await white.request(casual("takeback-request"))
        await black.wait_state(lambda g: g["extras"]["takeback"] is not None)
        await black.request(casual("takeback-accept"))
        again = await white.wait_state(lambda g: g["seq"] == black.seq and g["ply"] == 0)
        assert again["to_move"] == "white"
        # Declined: the request ends, the position stays.
        await white.act({"type": "move", "move": 5})
        await white.request(casual("takeback-request"))
        await black.wait_state(lambda g: g["extras"]["takeback"] is not None)
        assert (await black.request(casual("takeback-decline")))["type"] == "ack"
        kept = await white.wait_state(lambda g: g["seq"] == black.seq)
        assert kept["ply"] == 1 and kept["extras"]["takeback"] is None
        # A move made before the answer lapses the request: there is nothing left to accept.
        await white.request(casual("takeback-request"))
        await black.wait_state(lambda g: g["extras"]["takeback"] is not None)
        await black.act({"type": "move", "move": 2})
        await white.wait_state(lambda g: g["ply"] == 2)
        lapsed = await refused(white, casual("takeback-accept"), white.seq)
        assert lapsed["reason"] == "no-request"
        for c in (white, black):
            await c.close()

    run(play())


def test_takeback_and_rematch_bad_input_is_refused_and_changes_nothing(live: LiveServer) -> None:
    gid, white_token, black_token = live.casual(game="toguz", time_control="5m", side="white")

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, token=white_token)
        black = await PlayClient.connect(live.ws, gid, token=black_token)
        watcher = await PlayClient.connect(live.ws, gid)
        await white.wait_state(lambda g: g["status"] == "playing")
        seq = white.seq
        nothing = await refused(white, casual("takeback-request"), seq)
        assert nothing["reason"] == "nothing-to-take-back"
        assert nothing["message"] == "you have made no move to take back"
        nobody = await refused(black, casual("takeback-accept"), seq)
        assert (nobody["reason"], nobody["message"]) == (
            "no-request",
            "nobody asked for a takeback",
        )
        early = await refused(white, casual("rematch-offer"), seq)
        assert (early["reason"], early["message"]) == (
            "wrong-phase",
            "a rematch is offered once the game is over",
        )
        assert (await refused(watcher, casual("takeback-request"), seq))["reason"] == "not-a-player"
        bad = await refused(white, casual("take-it-back"), seq)
        assert bad["reason"] == "malformed" and "takeback-request" in bad["message"]
        seq = await white.act({"type": "move", "move": 7})
        # Black has made no move either; White cannot answer White's own request.
        assert (await refused(black, casual("takeback-request"), seq))[
            "reason"
        ] == "nothing-to-take-back"
        seq = (await white.request(casual("takeback-request")))["seq"]
        await black.wait_state(lambda g: g["seq"] == seq)
        own = await refused(white, casual("takeback-accept"), seq)
        assert own["reason"] == "not-permitted"
        twice = await refused(white, casual("takeback-request"), seq)
        assert twice["message"] == "a takeback request already awaits an answer"
        # Over: no rematch answer before an offer, and no takeback any more.
        seq = await black.act({"type": "resign"})
        await white.wait_state(lambda g: g["seq"] == seq)
        assert (await refused(black, casual("rematch-accept"), seq))["reason"] == "no-request"
        assert (await refused(white, casual("takeback-request"), seq))["reason"] == "wrong-phase"
        for c in (white, black, watcher):
            await c.close()

    run(play())


def test_a_rated_game_has_no_takebacks(live: LiveServer) -> None:
    tokens = []
    for name in ("alma", "bolot"):
        user = accounts.create_user(live.rt, name, PASSWORD)
        tokens.append(open_session(live.rt, user, "token", "test").secret)
    made = live.post("/api/play/games", {"game": "toguz", "time_control": "5m"}, tokens[0])
    live.post(f"/api/play/games/{made['id']}/join", {"invite": made["invite"]}, tokens[1])

    async def play() -> None:
        white = await PlayClient.connect(live.ws, made["id"], auth=tokens[0])
        black = await PlayClient.connect(live.ws, made["id"], auth=tokens[1])
        await white.wait_state(lambda g: g["status"] == "playing")
        seq = await white.act({"type": "move", "move": 7})
        await black.wait_state(lambda g: g["seq"] == seq)
        answer = await refused(white, casual("takeback-request"), seq)
        assert (answer["reason"], answer["message"]) == (
            "not-permitted",
            "a rated game has no takebacks",
        )
        for c in (white, black):
            await c.close()

    run(play())


def test_an_event_game_has_no_takebacks_nor_rematches(live: LiveServer) -> None:
    rt = live.rt
    chief = accounts.create_user(rt, "chief", PASSWORD, admin=True)
    referee_token = open_session(rt, chief, "token", "test").secret
    event = events.create_event(
        rt, chief, game="toguz", system="round-robin", name="Cup", settings={"time_control": "5m"}
    )
    players = {}
    for no, (name, username) in enumerate(
        (("Asanov Bakyt", "asanov"), ("Bekova Aida", "bekova")), 1
    ):
        entries.add_player(rt, chief, event.id, entries.PlayerFields(name))
        user = accounts.create_user(rt, username, PASSWORD)
        players[no] = open_session(rt, user, "token", "test").secret
        roles.grant_role(rt, chief, event.id, username, "player", player_no=no)
    rounds.pair_round(rt, chief, event.id, 1)
    made = live.post(
        f"/api/play/events/{event.id}/rounds/1", {"start_at": live.hub.wall() + 0.5}, referee_token
    )
    gid = made[0]["id"]

    async def play() -> None:
        one = await PlayClient.connect(live.ws, gid, auth=players[1])
        two = await PlayClient.connect(live.ws, gid, auth=players[2])
        state = await one.wait_state(lambda g: g["status"] == "playing")
        mover = one if one.welcome and one.welcome["you"]["seat"] == state["to_move"] else two
        seq = await mover.act({"type": "move", "move": 7})
        await one.wait_state(lambda g: g["seq"] == seq)
        await two.wait_state(lambda g: g["seq"] == seq)
        for op in ("takeback-request", "rematch-offer"):
            answer = await refused(mover, casual(op), seq)
            assert (answer["reason"], answer["message"]) == (
                "not-permitted",
                "an event game has no takebacks and no rematches",
            )
        for c in (one, two):
            await c.close()

    run(play())


def test_a_rematch_accepted_seats_the_players_at_the_other_colours(live: LiveServer) -> None:
    gid, white_token, black_token = live.casual(game="toguz", time_control="5m", side="white")

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, token=white_token)
        black = await PlayClient.connect(live.ws, gid, token=black_token)
        await white.wait_state(lambda g: g["status"] == "playing")
        await white.act({"type": "move", "move": 7})
        await black.act({"type": "resign"})
        await white.request(casual("rematch-offer"))
        offered = await black.wait_state(lambda g: g["extras"]["rematch"] is not None)
        assert offered["extras"]["rematch"] == {"by": "white", "status": "offered", "game": None}
        assert (await white.request(casual("rematch-offer")))["reason"] == "wrong-phase"
        assert (await black.request(casual("rematch-accept")))["type"] == "ack"
        done = await white.wait_state(lambda g: g["extras"]["rematch"]["status"] == "accepted")
        new_id = done["extras"]["rematch"]["game"]
        assert isinstance(new_id, int) and new_id != gid
        for c in (white, black):
            await c.close()
        # The same seat tokens, the other colours; the settings are the same.
        first = await PlayClient.connect(live.ws, new_id, token=white_token)
        second = await PlayClient.connect(live.ws, new_id, token=black_token)
        assert first.welcome and first.welcome["you"]["seat"] == "black"
        assert second.welcome and second.welcome["you"]["seat"] == "white"
        started = await first.wait_state(lambda g: g["status"] == "playing")
        assert started["to_move"] == "white"
        settings = live.get(f"/api/play/games/{new_id}").json()["state"]["settings"]
        assert settings["time_control"] == "5m"
        await second.act({"type": "move", "move": 7})  # the new White moves first
        for c in (first, second):
            await c.close()

    run(play())
