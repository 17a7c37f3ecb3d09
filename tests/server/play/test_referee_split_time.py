"""The equal split of a replaced Toguz Korgool clock (seed 000 6.7) through the live-play
protocol, as the referee's console sends it: «общее время делиться на два и распределяется между
игроками поровну» — "the total time is divided by two and shared equally between the players"."""

from __future__ import annotations

from arbiter.server.play.client import PlayClient, ServerError
from arbiter.server.services import accounts, entries, events, roles, rounds
from arbiter.server.services.accounts import open_session
from tests.server.conftest import PASSWORD
from tests.server.play.conftest import LiveServer, run


def _token(live: LiveServer, username: str, *, admin: bool = False) -> tuple[str, object]:
    user = accounts.create_user(live.rt, username, PASSWORD, admin=admin)
    return open_session(live.rt, user, "token", "test").secret, user


def test_a_referee_splits_the_time_and_a_player_cannot(live: LiveServer) -> None:
    rt = live.rt
    _, chief = _token(live, "chief", admin=True)
    made = events.create_event(
        rt, chief, game="toguz", system="round-robin", name="Cup", settings={"time_control": "5m"}
    )
    for name in ("Asanov Bakyt", "Bekova Aida"):
        entries.add_player(rt, chief, made.id, entries.PlayerFields(name))
    rounds.pair_round(rt, chief, made.id, 1)
    tokens: dict[int, str] = {}
    for no, username in ((1, "asanov"), (2, "bekova")):
        tokens[no], _ = _token(live, username)
        roles.grant_role(rt, chief, made.id, username, "player", player_no=no)
    referee_token, _ = _token(live, "referee")
    roles.grant_role(rt, chief, made.id, "referee", "referee")
    games = live.post(
        f"/api/play/events/{made.id}/rounds/1",
        {"start_at": live.hub.wall() + 0.5},
        token=referee_token,
    )
    gid = games[0]["id"]
    listed = live.get(f"/api/play/events/{made.id}/rounds/1", token=referee_token).json()
    white_no = 1 if listed[0]["state"]["players"]["white"][0]["name"] == "Asanov Bakyt" else 2

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, auth=tokens[white_no])
        referee = await PlayClient.connect(live.ws, gid, auth=referee_token)
        await white.wait_state(lambda g: g["status"] == "playing", timeout=10)
        await referee.act({"type": "add-time", "side": "black", "seconds": 600})
        await referee.wait_state(lambda g: g["clocks"]["black"]["main"] > 800)
        try:
            await white.act({"type": "split-time"})
            raise AssertionError("a player split the time")
        except ServerError as exc:
            assert exc.reason == "not-permitted"
        await referee.act({"type": "pause"})
        # Without the referee's figure the two faces' main times are added and halved.
        await referee.act({"type": "split-time"})
        split = await referee.wait_state(
            lambda g: g["clocks"]["white"]["main"] == g["clocks"]["black"]["main"]
        )
        assert 550 < split["clocks"]["white"]["main"] <= 600
        # With it: 5 minutes less half of the 2 minutes used is under 5 minutes: 5 each.
        await referee.act({"type": "split-time", "used": 120})
        floor = await referee.wait_state(lambda g: g["clocks"]["white"]["main"] == 300)
        assert floor["clocks"]["black"]["main"] == 300
        for c in (white, referee):
            await c.close()

    run(play())
