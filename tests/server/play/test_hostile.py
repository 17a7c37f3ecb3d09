"""Live play under hostile input: a chat line that is not Unicode, messages nested deep, chat
floods from many connections of one seat, too many connections from one address, and the
computer's quotas. Each of these broke a game, or the server, before."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from arbiter.match import MatchSettings
from arbiter.server.config import Quotas
from arbiter.server.play import engines
from arbiter.server.play.client import PlayClient, ServerError
from arbiter.server.play.room import Room
from arbiter.server.play.state import Event, GameState, Options
from arbiter.server.services import accounts
from tests.server.conftest import PASSWORD, Server
from tests.server.play.conftest import LiveServer, MakeRuntime, run


@pytest.fixture
def tight(make_runtime: MakeRuntime, tmp_path: Path) -> Iterator[LiveServer]:
    """A live server on SQLite with small quotas, so that the tests meet them quickly."""
    quotas = Quotas(
        chat_per_minute=5,
        chat_per_game=8,
        connections_per_seat=2,
        connections_per_address=6,
        engine_threads=1,
        engine_games=2,
        engine_games_per_user=1,
    )
    rt = make_runtime(f"sqlite:///{tmp_path / 'tight.db'}", quotas=quotas)
    server = LiveServer(rt).start()
    yield server
    server.stop()


LONE_SURROGATE = '{"type": "chat", "to": "players", "text": "gg \\ud800", "id": 1}'


def test_a_chat_line_that_is_not_unicode_is_refused_and_the_game_goes_on(
    live_any: LiveServer,
) -> None:
    gid, mine, theirs = live_any.casual(game="toguz", time_control="5m", side="white")

    async def play() -> None:
        white = await PlayClient.connect(live_any.ws, gid, token=mine)
        black = await PlayClient.connect(live_any.ws, gid, token=theirs)
        await white.wait_state(lambda g: g["status"] == "playing")
        await white.send(LONE_SURROGATE)
        answer = await white.wait(lambda m: m.get("id") == 1)
        assert answer["type"] == "error" and answer["reason"] == "malformed"
        assert "surrogate" in answer["message"]
        # The sender is still connected, the game goes on, and nothing was stored.
        await white.act({"type": "move", "move": 7})
        await black.wait_state(lambda g: g["ply"] == 1)
        pong = await black.request({"type": "ping", "t": 1})
        assert pong["type"] == "pong"
        watcher = await PlayClient.connect(live_any.ws, gid)
        assert watcher.game is not None and watcher.game["ply"] == 1
        assert not any(e["kind"] == "chat" for e in watcher.events())
        for c in (white, black, watcher):
            await c.close()

    run(play())


def test_a_message_nested_thousands_deep_is_an_error_not_a_crash(live: LiveServer) -> None:
    gid, mine, _ = live.casual(game="toguz", time_control="5m", side="white")

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, token=mine)
        await white.send("[" * 4000)
        answer = await white.wait(lambda m: m["type"] == "error")
        assert answer["reason"] == "malformed" and "nests" in answer["message"]
        pong = await white.request({"type": "ping"})
        assert pong["type"] == "pong"  # the connection is still served
        await white.close()

    run(play())


def test_an_event_that_cannot_be_rendered_is_sent_as_unreadable(live: LiveServer) -> None:
    gid, _, _ = live.casual(game="toguz", time_control="5m", side="white")
    row = live.hub.store.game(gid)
    state = GameState.new(
        MatchSettings.from_json(row.settings), Options.from_json(row.options), row.epoch
    )
    room = Room(live.hub, row, state)
    odd = Event(state.seq + 1, "hold", 0.0, {"seat": {1, 2}}, None)  # a set: not JSON
    room.render(odd, state, 0.0)
    seq, public, private, _ = room.ring[-1]
    assert seq == odd.seq and '"kind":"unreadable"' in public and private is None
    room.close()


def test_one_seat_cannot_flood_the_chat_from_many_connections(tight: LiveServer) -> None:
    gid, mine, theirs = tight.casual(game="toguz", time_control="5m", side="white")

    async def flood() -> None:
        first = await PlayClient.connect(tight.ws, gid, token=mine)
        second = await PlayClient.connect(tight.ws, gid, token=mine)
        with pytest.raises(ServerError) as refused:
            await PlayClient.connect(tight.ws, gid, token=mine)
        assert refused.value.reason == "too-many-connections"
        answers = []
        for i in range(8):  # the seat's two connections share its quota
            sender = first if i % 2 else second
            answers.append(await sender.request({"type": "chat", "text": f"spam {i}"}))
        kinds = [a.get("reason", a["type"]) for a in answers]
        assert kinds == ["ack"] * 5 + ["too-fast"] * 3, kinds
        # The game's chat as a whole is bounded too.
        other = await PlayClient.connect(tight.ws, gid, token=theirs)
        said = [await other.request({"type": "chat", "text": f"hi {i}"}) for i in range(4)]
        assert [a.get("reason", a["type"]) for a in said] == ["ack"] * 3 + ["chat-full"]
        watcher = await PlayClient.connect(tight.ws, gid)
        state = [m for m in watcher.received if m["type"] == "state"][-1]
        assert len(state["chat"]) == 8
        for c in (first, second, other, watcher):
            await c.close()

    run(flood())


def test_one_address_opens_only_so_many_connections(tight: LiveServer) -> None:
    gid, _, _ = tight.casual(game="toguz", time_control="5m", side="white")

    async def crowd() -> None:
        open_ = [await PlayClient.connect(tight.ws, gid) for _ in range(6)]
        with pytest.raises(ServerError) as refused:
            await PlayClient.connect(tight.ws, gid)
        assert refused.value.reason == "too-many-connections"
        await open_.pop().close()
        await asyncio.sleep(0.2)
        open_.append(await PlayClient.connect(tight.ws, gid))  # a place is free again
        for c in open_:
            await c.close()

    run(crowd())


def test_games_against_the_computer_are_refused_beyond_the_quotas(tight: LiveServer) -> None:
    spec = {"game": "toguz", "time_control": "5m", "side": "black", "level": 1}
    first = tight.post("/api/play/computer", spec)
    again = httpx.post(tight.http + "/api/play/computer", json=spec, timeout=30)
    assert again.status_code == 429, again.text  # one game at a time for this address
    assert "finish one first" in again.json()["error"]["message"]
    assert int(again.headers["Retry-After"]) > 0
    thinking = tight.rt.thinking
    thinking.game_over(int(first["id"]))  # that game ended
    thinking.game_started(999_998, "user:1")
    thinking.game_started(999_999, "user:2")  # the server's two are played by others
    busy = httpx.post(tight.http + "/api/play/computer", json=spec, timeout=30)
    assert busy.status_code == 503 and "try again" in busy.json()["error"]["message"]
    thinking.game_over(999_999)
    assert httpx.post(tight.http + "/api/play/computer", json=spec).status_code == 201


def test_the_computer_thinks_on_its_own_threads_one_game_at_a_time(
    make_runtime: MakeRuntime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quotas = Quotas(engine_threads=1, engine_games=4, engine_games_per_user=4)
    server = LiveServer(make_runtime(f"sqlite:///{tmp_path / 'e.db'}", quotas=quotas)).start()
    names: list[str] = []
    at_once = [0, 0]
    lock = threading.Lock()
    release = threading.Event()
    original = engines.choose

    def choose(hub: Any, room: Any, kind: str) -> Any:
        with lock:
            names.append(threading.current_thread().name)
            at_once[0] += 1
            at_once[1] = max(at_once)
        release.wait(10)
        with lock:
            at_once[0] -= 1
        return original(hub, room, kind)

    monkeypatch.setattr(engines, "choose", choose)
    spec = {"game": "toguz", "time_control": "5m", "side": "black", "level": 1}
    games = [server.post("/api/play/computer", spec) for _ in range(2)]

    async def play() -> None:
        players = [
            await PlayClient.connect(server.ws, int(g["id"]), token=str(g["token"])) for g in games
        ]
        await asyncio.sleep(0.5)  # both computers (White) want to think now
        assert server.get("/api/health").status_code == 200
        release.set()
        for p in players:
            await p.wait_state(lambda g: g["ply"] >= 1, timeout=15)
            await p.close()

    try:
        run(play())
    finally:
        release.set()
        server.stop()
    assert len(names) == 2 and all(n.startswith("arbiter-engine") for n in names), names
    assert at_once[1] == 1, "two games thought at once on one engine thread"


def test_analyses_are_queued_with_their_place_and_bounded(
    make_runtime: MakeRuntime, tmp_path: Path
) -> None:
    quotas = Quotas(engine_threads=1, analyses=2, analyses_per_user=1)
    server = Server(make_runtime(f"sqlite:///{tmp_path / 'a.db'}", quotas=quotas))
    # records of this test alone: an analysis made by another test is cached and costs nothing
    plies = ["19", "65", "23", "99", "58", "89", "72", "92", "56", "13"]
    games = [
        " ".join(f"{i // 2 + 1}. {p}" if i % 2 == 0 else p for i, p in enumerate(plies[:n]))
        for n in (3, 5, 7, 9)
    ]

    def analyse(client: Any, record: str) -> Any:
        page = client.get("/viewer")
        token = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page.text)
        assert token is not None
        return client.post("/viewer/analyse", data={"record": record, "csrf_token": token.group(1)})

    # 40 plies of 0.2 s steps: still being analysed when the same visitor asks again, even on
    # a loaded machine (12 plies once finished first there)
    long_game = (
        "1. 19 65 2. 23 99 3. 58 89 4. 72 92 5. 56 13 6. 62 26 7. 56 37 8. 85 41 9. 93X 76 "
        "10. 13 96 11. 25 27 12. 36 57 13. 49 73 14. 57 42 15. 68 78 16. 89 52 17. 89 79 "
        "18. 37 98 19. 19 28 20. 24 56"
    )
    visitor = server.browser()
    first = analyse(visitor, long_game)
    assert first.status_code == 200 and "data-analysis" in first.text
    again = analyse(visitor, games[0])  # one at a time for this visitor
    assert again.status_code == 429 and "at a time" in again.text
    accounts.create_user(server.rt, "bek", PASSWORD)
    other = server.browser()
    other.post(
        "/login",
        data={"username": "bek", "password": PASSWORD, "csrf_token": _token(other, "/login")},
    )
    queued = analyse(other, games[1])
    assert queued.status_code == 200
    key = re.search(r'data-analysis="/analysis/([0-9a-f]{64})"', queued.text)
    assert key is not None
    assert other.get(f"/analysis/{key.group(1)}").json()["waiting"] == 1  # its place shown
    assert "analyses ahead of this one" in queued.text
    accounts.create_user(server.rt, "cho", PASSWORD)
    third = server.browser()
    third.post(
        "/login",
        data={"username": "cho", "password": PASSWORD, "csrf_token": _token(third, "/login")},
    )
    full = analyse(third, games[2])
    assert full.status_code == 503 and "try again" in full.text
    server.rt.thinking.close()


def _token(client: Any, path: str) -> str:
    found = re.search(r'name="csrf_token" value="([0-9a-f]+)"', client.get(path).text)
    assert found is not None
    return found.group(1)
