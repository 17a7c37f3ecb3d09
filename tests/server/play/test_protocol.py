"""The live-play protocol against a real server on loopback (uvicorn in a thread, SQLite):
sequence numbers, resuming after a reconnect, refusals, malformed and oversized messages,
the server's flag, disconnections, Go's dead stones, pair go, chat rules, the computer."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from arbiter.match import match_from_json
from arbiter.server.play.client import PlayClient, ServerError
from arbiter.server.play.protocol import MAX_MESSAGE
from arbiter.server.play.services import GameSpec, create_casual, join_casual
from tests.server.play.conftest import LiveServer, run


def contiguous(client: PlayClient) -> list[int]:
    seqs = [e["seq"] for e in client.events()]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))) if seqs else True
    assert client.gaps == []
    return seqs


def test_a_toguz_game_is_played_and_watched_with_every_change_numbered(live: LiveServer) -> None:
    gid, white_token, black_token = live.casual(game="toguz", time_control="5m", side="white")

    async def play() -> None:
        spectator = await PlayClient.connect(live.ws, gid)
        white = await PlayClient.connect(live.ws, gid, token=white_token)
        black = await PlayClient.connect(live.ws, gid, token=black_token)
        assert white.welcome and white.welcome["you"]["seat"] == "white"
        assert spectator.welcome and spectator.welcome["you"]["role"] == "spectator"
        await white.wait_state(lambda g: g["status"] == "playing")
        await white.act({"type": "move", "move": 7}, think=0.05)
        # The draw offer travels with the move, as one message (seed 000 8.1).
        seq = await black.act({"type": "move", "move": 3, "draw_offer": True})
        state = await spectator.wait_state(lambda g: g["seq"] >= seq)
        assert state["moves"] == ["76", "33"] and state["draw_offer"] == "black"
        assert state["last_move"]["draw_offer"] is True
        assert state["clocks"]["white"]["main"] < 300 and state["running"] == "white"
        assert abs(state["server_time"] - live.hub.wall()) < 5
        await white.act({"type": "decline-draw"})
        await white.act({"type": "move", "move": 9})
        await black.act({"type": "resign"})
        final = await spectator.wait_state(lambda g: g["result"] is not None)
        assert final["result"]["termination"] == "resignation"
        assert final["result"]["winner"] == "white"
        for client in (spectator, white, black):
            contiguous(client)
            await client.close()
        moves = [e["entry"]["action"] for e in spectator.events() if e["kind"] == "action"]
        assert {"type": "move", "move": 3, "draw_offer": True} in moves

    run(play())
    doc = live.get(f"/api/play/games/{gid}/match").json()
    match = match_from_json(doc)  # the stored log replays
    assert str(match.result).startswith("1(") and match.result.termination == "resignation"


def test_moves_out_of_turn_by_spectators_and_referee_actions_by_players_are_refused(
    live: LiveServer,
) -> None:
    gid, white_token, black_token = live.casual(game="toguz", time_control="5m")

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, token=white_token)
        black = await PlayClient.connect(live.ws, gid, token=black_token)
        spectator = await PlayClient.connect(live.ws, gid)
        await white.wait_state(lambda g: g["status"] == "playing")
        before = white.game["seq"] if white.game else -1
        refusals = []
        for client, action in (
            (black, {"type": "move", "move": 3}),
            (spectator, {"type": "move", "move": 7}),
            (white, {"type": "set-result", "result": "+-"}),
            (white, {"type": "move", "move": 12}),
            (white, {"type": "accept-draw"}),
        ):
            with pytest.raises(ServerError) as info:
                await client.act(action)
            refusals.append(info.value.reason)
        assert refusals == [
            "not-your-turn",
            "not-a-player",
            "not-permitted",
            "illegal-move",
            "draw-offer-refused",
        ]
        with pytest.raises(ServerError) as bad:
            await white.act({"type": "move", "move": 7, "lag": 30})  # lag is the server's
        assert bad.value.reason == "malformed"
        assert white.seq == before  # nothing happened
        assert await white.act({"type": "move", "move": 7}) == before + 1
        for c in (white, black, spectator):
            await c.close()

    run(play())


def test_malformed_and_oversized_messages_get_an_error_and_leave_the_game_alone(
    live: LiveServer,
) -> None:
    gid, white_token, black_token = live.casual(game="toguz", time_control="5m")

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, token=white_token)
        black = await PlayClient.connect(live.ws, gid, token=black_token)
        await white.wait_state(lambda g: g["status"] == "playing")
        for raw in (
            "not json",
            "[1]",
            '{"type": "castle"}',
            '{"type": "act"}',
            '{"type": "chat", "text": ""}',
            '{"type": "hello", "v": 1}',
        ):
            await white.send(raw)
        errors = [
            await white.wait(
                lambda m, n=n: (
                    m["type"] == "error" and sum(x["type"] == "error" for x in white.received) > n
                )
            )
            for n in range(6)
        ]
        assert len(errors) == 6 and not white.closed.done()
        seq = await white.act({"type": "move", "move": 7})  # the connection is still usable
        # An oversized message: an error, then the connection is closed (1009).
        await black.send(json.dumps({"type": "chat", "text": "x" * (MAX_MESSAGE + 10)}))
        error = await black.wait(lambda m: m["type"] == "error")
        assert error["reason"] == "too-large"
        code, _ = await asyncio.wait_for(black.closed, 5)
        assert code == 1009
        # The game goes on: black reconnects and moves.
        black2 = await PlayClient.connect(live.ws, gid, token=black_token, last_seq=seq)
        assert await black2.act({"type": "move", "move": 1}) > seq
        # Abuse: a stream of malformed messages closes the connection (1008).
        for _ in range(12):
            await white.send("{")
        code, _ = await asyncio.wait_for(white.closed, 5)
        assert code == 1008
        await black2.close()

    run(play())


def test_a_client_that_reconnects_resumes_from_its_last_seq(live: LiveServer) -> None:
    gid, white_token, black_token = live.casual(game="toguz", time_control="5m")

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, token=white_token)
        black = await PlayClient.connect(live.ws, gid, token=black_token)
        watcher = await PlayClient.connect(live.ws, gid)
        await white.wait_state(lambda g: g["status"] == "playing")
        await white.act({"type": "move", "move": 7})
        await black.wait_state(lambda g: g["ply"] == 1)
        last = watcher.seq
        await watcher.close()
        await black.act({"type": "move", "move": 3})
        await white.act({"type": "move", "move": 5})
        await black.act({"type": "move", "move": 2})
        again = await PlayClient.connect(live.ws, gid, last_seq=last)
        got = [e["seq"] for e in again.events()]
        assert got == list(range(last + 1, white.seq + 1))  # nothing missed, nothing repeated
        assert again.gaps == [] and again.game is not None and again.game["ply"] == 4
        # Without a last seq: the full state, no events.
        fresh = await PlayClient.connect(live.ws, gid)
        assert fresh.events() == [] and fresh.game is not None and fresh.game["ply"] == 4
        for c in (white, black, again, fresh):
            await c.close()

    run(play())


def test_the_server_declares_a_flag_fall_when_nobody_sends_anything(live: LiveServer) -> None:
    gid, white_token, black_token = live.casual(game="go", size=9, time_control="2s")

    async def play() -> None:
        black = await PlayClient.connect(live.ws, gid, token=white_token)
        white = await PlayClient.connect(live.ws, gid, token=black_token)
        await black.wait_state(lambda g: g["status"] == "playing")
        # Black (to move) does nothing: the flag falls after 2 s plus the lag cap.
        state = await white.wait_state(lambda g: g["result"] is not None, timeout=10)
        assert state["result"] == {"text": "W+T", "winner": "white", "termination": "time"}
        assert state["clocks"]["black"]["flagged"] is True
        entry = [e for e in white.events() if e["kind"] == "action"][-1]["entry"]
        assert entry["actor"] == {"kind": "system"} and entry["action"]["type"] == "flag-fall"
        for c in (black, white):
            await c.close()

    run(play())


def test_a_disconnected_player_who_does_not_return_loses_by_no_show(live: LiveServer) -> None:
    made = create_casual(
        live.hub, None, GameSpec("toguz", "5m", side="white"), reconnect_window=1.5
    )
    other = join_casual(live.hub, None, made.id, made.invite or "")

    async def play() -> None:
        white = await PlayClient.connect(live.ws, made.id, token=made.token)
        black = await PlayClient.connect(live.ws, made.id, token=other.token)
        await white.wait_state(lambda g: g["status"] == "playing")
        await white.act({"type": "move", "move": 7})
        await black.close()
        away = await white.wait_state(lambda g: not g["seats"]["black"]["connected"])
        assert away["seats"]["black"]["disconnects"] == 1
        assert away["seats"]["black"]["window_ends"] is not None
        final = await white.wait_state(lambda g: g["result"] is not None, timeout=10)
        assert final["result"]["text"] == "+-" and final["result"]["termination"] == "no-show"
        await white.close()

    run(play())


def test_go_dead_stones_are_marked_and_accepted(live: LiveServer) -> None:
    gid, black_token, white_token = live.casual(
        game="go", size=9, time_control="5m", side="black", komi=0.5
    )

    async def play() -> None:
        black = await PlayClient.connect(live.ws, gid, token=black_token)
        white = await PlayClient.connect(live.ws, gid, token=white_token)
        await black.wait_state(lambda g: g["status"] == "playing")
        for who, move in ((black, "E5"), (white, "A9"), (black, "pass"), (white, "pass")):
            await who.act({"type": "move", "move": move})
        state = await black.wait_state(lambda g: g["status"] == "marking")
        assert state["clocks"] is not None and state["running"] is None
        await black.act({"type": "mark-dead", "point": "A9"})
        await white.act({"type": "accept-marking"})
        await black.act({"type": "accept-marking"})
        final = await white.wait_state(lambda g: g["result"] is not None)
        assert final["result"]["termination"] == "points"
        # Japanese counting: 80 points of territory and 1 prisoner, less komi 0.5.
        assert final["result"]["text"] == "B+80.5"
        for c in (black, white):
            await c.close()

    run(play())


def test_pair_go_enforces_the_turn_order_and_forbids_partners_talking(live: LiveServer) -> None:
    made = live.post(
        "/api/play/games",
        {"game": "go", "size": 9, "time_control": "5m", "pair": True, "side": "black.woman"},
    )
    tokens: dict[str, str] = {made["seat"]: made["token"]}
    for _ in range(3):
        joined = live.post(f"/api/play/games/{made['id']}/join", {"invite": made["invite"]})
        tokens[joined["seat"]] = joined["token"]
    gid = made["id"]

    async def play() -> None:
        c = {seat: await PlayClient.connect(live.ws, gid, token=t) for seat, t in tokens.items()}
        await c["black.man"].wait_state(lambda g: g["status"] == "playing")
        answer = await c["white.man"].request({"type": "whose-turn"})
        assert answer["seat"] == "black.woman"  # seed 004: even games, Black woman first
        with pytest.raises(ServerError) as info:
            await c["black.man"].act({"type": "move", "move": "E5"})
        assert info.value.reason == "not-your-turn"
        order = ["black.woman", "white.woman", "black.man", "white.man"]
        for seat, move in zip(order, ("E5", "C3", "G7", "C7"), strict=True):
            await c[seat].act({"type": "move", "move": move})
        chat = await c["black.man"].request({"type": "chat", "to": "players", "text": "hi"})
        assert chat["type"] == "error" and chat["reason"] == "not-permitted"
        # The resignation goes through the partner (seed 004 3.7).
        with pytest.raises(ServerError):
            await c["black.woman"].act({"type": "resign"})
        await c["black.woman"].act({"type": "propose-resignation"})
        await c["black.man"].act({"type": "consent-resignation"})
        await c["black.woman"].act({"type": "resign"})
        final = await c["white.man"].wait_state(lambda g: g["result"] is not None)
        assert final["result"]["text"] == "W+R"
        for client in c.values():
            contiguous(client)
            await client.close()

    run(play())


def test_the_computer_answers_a_move(live: LiveServer) -> None:
    made = live.post(
        "/api/play/computer", {"game": "toguz", "time_control": "5m", "side": "white", "level": 1}
    )

    async def play() -> None:
        me = await PlayClient.connect(live.ws, made["id"], token=made["token"])
        await me.wait_state(lambda g: g["status"] == "playing")
        assert me.game and me.game["seats"]["black"]["computer"] is True
        await me.act({"type": "move", "move": 7})
        state = await me.wait_state(lambda g: g["ply"] == 2, timeout=20)
        assert state["to_move"] == "white"
        await me.close()

    run(play())


def test_chat_between_casual_opponents_and_refusals(live: LiveServer) -> None:
    gid, white_token, black_token = live.casual(game="toguz", time_control="5m")

    async def play() -> tuple[list[Any], list[Any]]:
        white = await PlayClient.connect(live.ws, gid, token=white_token)
        black = await PlayClient.connect(live.ws, gid, token=black_token)
        watcher = await PlayClient.connect(live.ws, gid)
        ok = await white.request({"type": "chat", "to": "players", "text": "good luck"})
        assert ok["type"] == "ack"
        to_ref = await white.request({"type": "chat", "to": "referee", "text": "help"})
        assert to_ref["reason"] == "not-permitted"  # no referee outside events
        quiet = await watcher.request({"type": "chat", "to": "players", "text": "hey"})
        assert quiet["reason"] == "not-permitted"
        msg = await black.wait(lambda m: m.get("kind") == "chat")
        assert msg["chat"]["text"] == "good luck" and msg["chat"]["from"] == "white"
        for c in (white, black, watcher):
            await c.close()
        return white.received, black.received

    run(play())
