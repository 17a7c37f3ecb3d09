"""Correspondence games on a real server with the time injected (``app.state.play_wall``): a day
per move, the server restarted between moves (the game reloaded from storage, nothing lost),
the flag at the exact instant of the deadline, the games in the players' "your move" lists;
and the 30-second abort of a casual game whose first moves are not made."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator
from typing import Any

import httpx
import pytest

from arbiter.server.play.client import PlayClient
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts, entries, events, rounds
from arbiter.server.services.accounts import open_session
from tests.server.conftest import PASSWORD
from tests.server.play.conftest import LiveServer, run

DAY = 86400.0
HOUR = 3600.0


class ManualWall:
    """The server's Unix time, moved by the test only."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def served(rt: Runtime, wall: ManualWall) -> LiveServer:
    server = LiveServer(rt)
    server.app.state.play_wall = wall
    return server.start()


def on_server(live: LiveServer, coro: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coro`` in the server's event loop (where its rooms live)."""
    loop = live.hub._loops[0].get_loop()
    return asyncio.run_coroutine_threadsafe(coro, loop).result(20)


def due_now(live: LiveServer, gid: int) -> dict[str, Any]:
    """Apply what is due in game ``gid`` at the injected instant; its state then."""

    async def apply() -> dict[str, Any]:
        room = await live.hub.room(gid)
        assert room is not None
        await room.due()
        return {"seq": room.state.seq, "status": room.state.match.status, "room": room}

    return on_server(live, apply())


@pytest.fixture
def wall() -> ManualWall:
    return ManualWall(1_800_000_000.0)


@pytest.fixture
def live_at(sqlite_runtime: Runtime, wall: ManualWall) -> Iterator[LiveServer]:
    server = served(sqlite_runtime, wall)
    yield server
    server.stop()


def account(rt: Runtime, name: str) -> tuple[str, str]:
    """An account's API token and a browser session cookie's value."""
    user = accounts.create_user(rt, name, PASSWORD)
    return (
        open_session(rt, user, "token", "test").secret,
        open_session(rt, user, "cookie", "test").secret,
    )


async def visit(live: LiveServer, gid: int, auth: str, move: int | None = None) -> dict[str, Any]:
    """A player opens the game (and moves), then closes it; the last state seen."""
    client = await PlayClient.connect(live.ws, gid, auth=auth)
    # The arrival is stored (and the game started) after the greeting's state: wait for it.
    you = next(m["you"] for m in client.received if m["type"] == "welcome")
    await client.wait_state(lambda g: g["seats"][you["seat"]]["connected"])
    if move is not None:
        await client.wait_state(lambda g: g["status"] == "playing")
        await client.act({"type": "move", "move": move})
    state = client.game
    await client.close()
    assert state is not None
    return state


def your_turn(live: LiveServer, token: str) -> list[int]:
    r = live.get("/api/play/your-turn", token=token)
    assert r.status_code == 200, r.text
    return [g["id"] for g in r.json()]


def test_a_day_per_move_game_survives_a_restart_and_flags_at_the_exact_deadline(
    sqlite_runtime: Runtime, wall: ManualWall
) -> None:
    rt = sqlite_runtime
    live = served(rt, wall)
    white_auth, white_cookie = account(rt, "white-player")
    black_auth, _ = account(rt, "black-player")
    made = live.post(
        "/api/play/games", {"game": "toguz", "time_control": "1d/move", "side": "white"}, white_auth
    )
    gid = made["id"]
    live.post(f"/api/play/games/{gid}/join", {"invite": made["invite"]}, black_auth)
    # The players never meet: each comes once, and the game starts when both have come.
    first = run(visit(live, gid, white_auth))
    assert first["status"] == "ready"
    wall.now += 5 * HOUR
    started = run(visit(live, gid, black_auth))
    assert started["status"] == "playing" and started["correspondence"] is True
    assert started["clocks"]["white"]["main"] == DAY
    assert your_turn(live, white_auth) == [gid] and your_turn(live, black_auth) == []
    # White moves 20 hours later; nobody is connected for hours, and nobody loses by no-show.
    wall.now += 20 * HOUR
    moved = run(visit(live, gid, white_auth, move=7))
    assert moved["ply"] == 1 and moved["clocks"]["white"]["main"] == DAY  # a fresh day
    assert moved["seats"]["white"]["window_ends"] is None
    assert your_turn(live, white_auth) == [] and your_turn(live, black_auth) == [gid]
    wall.now += 10 * HOUR
    assert due_now(live, gid)["status"] == "playing"

    live.stop()  # the server restarts: the game is reloaded from storage
    live = served(rt, wall)
    try:
        listed = live.get("/api/play/your-turn", token=black_auth).json()
        assert [g["id"] for g in listed] == [gid] and listed[0]["ply"] == 1
        deadline = listed[0]["deadline"]
        # Black's day runs from White's move, 10 hours ago: nothing of it was lost.
        assert deadline == pytest.approx(wall.now + 14 * HOUR, abs=1e-3)
        wall.now += 13 * HOUR
        state = run(visit(live, gid, black_auth, move=3))
        assert state["ply"] == 2 and state["moves"] == ["76", "33"]
        # The page lists the game for the player to move (their browser session).
        page = httpx.get(
            live.http + "/play/your-turn", cookies={rt.settings.cookie_name: white_cookie}
        )
        assert page.status_code == 200 and f'data-game-id="{gid}"' in page.text
        assert "1d/move" in page.text and "1 d 0 h 0 min" in page.text
        # White's deadline: exactly one day after Black's move; the server declares the flag
        # once a move on its way could no longer count (the lag cap, and Toguz Korgool's
        # grace for a move in progress, seed 000 6.6), at that instant, not a millisecond before.
        room = due_now(live, gid)["room"]
        m = room.state.match
        black_moved = room.state.epoch + m.log[-1].t
        due_at = room.state.due_at()
        assert m.clock.deadline() == m.log[-1].t + DAY
        after = room.state.options.lag_cap + m.settings.conduct.completion_grace
        assert due_at == pytest.approx(black_moved + DAY + after, abs=1e-6)
        wall.now = due_at - 0.001
        assert due_now(live, gid)["status"] == "playing"
        wall.now = due_at
        assert due_now(live, gid)["status"] == "over"
        final = live.get(f"/api/play/games/{gid}").json()["state"]
        assert final["result"]["termination"] == "time" and final["result"]["winner"] == "black"
        assert final["clocks"]["white"]["flagged"] is True
        assert your_turn(live, white_auth) == [] and your_turn(live, black_auth) == []
    finally:
        live.stop()


def test_the_your_turn_list_needs_an_account(live_at: LiveServer) -> None:
    assert live_at.get("/api/play/your-turn").status_code == 401
    page = httpx.get(live_at.http + "/play/your-turn")
    assert page.status_code == 200 and "/login?next=" in page.text


def test_a_casual_game_without_its_first_move_is_aborted_after_30_seconds(
    live_at: LiveServer, wall: ManualWall
) -> None:
    gid, white_token, black_token = live_at.casual(game="toguz", time_control="5m")

    async def play() -> None:
        white = await PlayClient.connect(live_at.ws, gid, token=white_token)
        black = await PlayClient.connect(live_at.ws, gid, token=black_token)
        await white.wait_state(lambda g: g["status"] == "playing")
        started = wall.now
        wall.now = started + 29.999
        assert due_now(live_at, gid)["status"] == "playing"
        wall.now = started + 30.0
        assert due_now(live_at, gid)["status"] == "over"
        final = await black.wait_state(lambda g: g["result"] is not None)
        assert final["result"] == {"text": "Void", "winner": None, "termination": "void"}
        assert final["extras"]["aborted"] is True
        # Too late: the move is refused, the game stays aborted.
        refused = await white.request({"type": "act", "action": {"type": "move", "move": 7}})
        assert refused["reason"] == "game-over"
        for c in (white, black):
            await c.close()

    run(play())


def test_each_side_has_30_seconds_for_its_first_move_and_then_no_abort(
    live_at: LiveServer, wall: ManualWall
) -> None:
    gid, white_token, black_token = live_at.casual(game="toguz", time_control="5m")

    async def play() -> None:
        white = await PlayClient.connect(live_at.ws, gid, token=white_token)
        black = await PlayClient.connect(live_at.ws, gid, token=black_token)
        await white.wait_state(lambda g: g["status"] == "playing")
        wall.now += 20
        await white.act({"type": "move", "move": 7})
        wall.now += 25  # Black's 30 seconds run from White's move
        await black.act({"type": "move", "move": 3})
        wall.now += 60  # both have moved: White may think
        await white.act({"type": "move", "move": 5})
        for c in (white, black):
            await c.close()

    run(play())
    assert due_now(live_at, gid)["status"] == "playing"
    # Black does not answer White's third move for long: no abort, the clock decides.
    wall.now += 100
    assert due_now(live_at, gid)["status"] == "playing"
    other, w2, b2 = live_at.casual(game="toguz", time_control="5m")

    async def second() -> None:
        white = await PlayClient.connect(live_at.ws, other, token=w2)
        black = await PlayClient.connect(live_at.ws, other, token=b2)
        await white.wait_state(lambda g: g["status"] == "playing")
        await white.act({"type": "move", "move": 7})
        for c in (white, black):
            await c.close()

    run(second())
    wall.now += 30.0  # Black never made a first move
    assert due_now(live_at, other)["status"] == "over"


def test_a_correspondence_game_is_never_aborted(live_at: LiveServer, wall: ManualWall) -> None:
    gid, white_token, black_token = live_at.casual(game="toguz", time_control="3d/move max 10d")

    async def start() -> None:
        white = await PlayClient.connect(live_at.ws, gid, token=white_token)
        black = await PlayClient.connect(live_at.ws, gid, token=black_token)
        await white.wait_state(lambda g: g["status"] == "playing")
        for c in (white, black):
            await c.close()

    run(start())
    wall.now += 2 * DAY
    assert due_now(live_at, gid)["status"] == "playing"


def test_an_event_round_by_correspondence_has_no_late_forfeit_and_ends_on_time(
    live_at: LiveServer, wall: ManualWall
) -> None:
    rt = live_at.rt
    chief = accounts.create_user(rt, "chief", PASSWORD, admin=True)
    referee = open_session(rt, chief, "token", "test").secret
    made = events.create_event(
        rt,
        chief,
        game="toguz",
        system="round-robin",
        name="Postal Cup",
        settings={"time_control": "3d/move"},
    )
    for name in ("Asanov Bakyt", "Bekova Aida"):
        entries.add_player(rt, chief, made.id, entries.PlayerFields(name))
    rounds.pair_round(rt, chief, made.id, 1)
    start = wall.now + 60
    games = live_at.post(f"/api/play/events/{made.id}/rounds/1", {"start_at": start}, referee)
    gid = games[0]["id"]
    wall.now = start
    room = due_now(live_at, gid)["room"]
    m = room.state.match
    assert str(m.settings.time_control) == "3d/move" and m.status == "playing"
    assert m.settings.conduct.late_forfeit is False  # nobody has to "arrive" by a deadline
    # Nobody connects for two days: no late-arrival forfeit, no no-show.
    wall.now = start + 2 * DAY
    assert due_now(live_at, gid)["status"] == "playing"
    # The first mover's three days run out: a loss on time, as for any flag.
    wall.now = room.state.due_at()
    assert due_now(live_at, gid)["status"] == "over"
    result = live_at.get(f"/api/play/games/{gid}", token=referee).json()["state"]["result"]
    assert result["termination"] == "time" and result["winner"] == "black"
