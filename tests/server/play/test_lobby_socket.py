"""The lobby socket ``/play/lobby/ws`` against a real server: two players meet through a seek
and through the quick-pairing queue, and every bad request (a visitor's seek, an unknown seek,
one's own seek, malformed fields, another site's page) is refused with a readable ``error``
and changes nothing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import websockets

from arbiter.server.services import accounts
from tests.server.conftest import PASSWORD
from tests.server.play.conftest import LiveServer, run


class Lobby:
    """A lobby connection as a test drives it: everything received, in order."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(
        cls, live: LiveServer, cookie: str | None = None, origin: str | None = None
    ) -> Lobby:
        headers = {"Cookie": cookie} if cookie else None
        ws = await websockets.connect(
            f"{live.ws}/play/lobby/ws",
            compression=None,
            origin=origin,  # type: ignore[arg-type]
            additional_headers=headers,
        )
        lobby = cls(ws)
        await lobby.wait(lambda m: m["type"] == "lobby")
        return lobby

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self.received.append(json.loads(raw))
        except websockets.ConnectionClosed:
            pass

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def wait(self, match: Any, timeout: float = 5.0) -> dict[str, Any]:
        deadline = asyncio.get_running_loop().time() + timeout
        seen = 0
        while True:
            for msg in self.received[seen:]:
                if match(msg):
                    return msg
            seen = len(self.received)
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"not received; got {self.received}")
            await asyncio.sleep(0.02)

    async def error(self, message: dict[str, Any] | str) -> dict[str, Any]:
        """Send ``message`` and return the error it is answered with."""
        before = len(self.received)
        await self.send(message)
        deadline = asyncio.get_running_loop().time() + 5.0
        while asyncio.get_running_loop().time() < deadline:
            errors = [m for m in self.received[before:] if m["type"] == "error"]
            if errors:
                return errors[0]
            await asyncio.sleep(0.02)
        raise AssertionError(f"no error for {message!r}; got {self.received[before:]}")

    async def close(self) -> None:
        await self.ws.close()
        await self.reader


def cookie_of(live: LiveServer, username: str) -> str:
    """A browser session of a new account ``username`` (its display name capitalised)."""
    user = accounts.create_user(live.rt, username, PASSWORD, display_name=username.title())
    secret = accounts.open_session(live.rt, user, "cookie").secret
    return f"{live.rt.settings.cookie_name}={secret}"


def user_id(live: LiveServer, username: str) -> int:
    return accounts.authenticate(live.rt, username, PASSWORD, "test").id


def book(live: LiveServer) -> dict[str, Any]:
    return live.app.state.play_lobby.book.seeks


SEEK = {"type": "seek", "game": "toguz", "time_control": "5m+3s", "colour": "white"}


def test_two_players_meet_through_a_seek_with_the_colours_asked_for(live: LiveServer) -> None:
    alice, bob = cookie_of(live, "alice"), cookie_of(live, "bob")

    async def scene() -> None:
        a, b = await Lobby.open(live, alice), await Lobby.open(live, bob)
        await a.send({**SEEK, "rated": False})
        added = await b.wait(lambda m: m["type"] == "seek-added")
        seek = added["seek"]
        # A second seek of Alice's goes too when she is paired by the first.
        await a.send({"type": "seek", "preset": "toguz-60m"})
        other = (await b.wait(lambda m: m["type"] == "seek-added" and m["seek"] != seek))["seek"]
        assert (seek["username"], seek["speed"], seek["rated"]) == ("alice", "blitz", False)
        await b.send({"type": "accept", "seek": seek["id"]})
        start_a = await a.wait(lambda m: m["type"] == "start")
        start_b = await b.wait(lambda m: m["type"] == "start")
        assert start_a["game"] == start_b["game"]
        assert (start_a["colour"], start_b["colour"]) == ("white", "black")
        await a.wait(lambda m: m["type"] == "seek-removed" and m["seek"] == seek["id"])
        await b.wait(lambda m: m["type"] == "seek-removed" and m["seek"] == other["id"])
        row = live.hub.store.game(start_a["game"])
        users = {side: info["user_id"] for side, info in row.seats.items()}
        assert users == {"white": user_id(live, "alice"), "black": user_id(live, "bob")}
        assert row.options["rated"] is False and row.options["lobby"] == "seek"
        assert row.settings["white"][0]["name"] == "Alice"
        await a.close()
        await b.close()

    run(scene())
    assert book(live) == {}


def test_two_players_meet_through_the_quick_pairing_queue(live: LiveServer) -> None:
    alice, bob = cookie_of(live, "alice"), cookie_of(live, "bob")

    async def scene() -> None:
        a, b = await Lobby.open(live, alice), await Lobby.open(live, bob)
        await a.send({"type": "queue", "preset": "go9-5m+3x20s"})
        await a.wait(lambda m: m["type"] == "queued")
        await b.wait(lambda m: m["type"] == "waiting" and m["waiting"] == {"go9-5m+3x20s": 1})
        await b.send({"type": "queue", "preset": "go9-5m+3x20s"})
        start_a = await a.wait(lambda m: m["type"] == "start")
        start_b = await b.wait(lambda m: m["type"] == "start")
        assert start_a["game"] == start_b["game"]
        assert {start_a["colour"], start_b["colour"]} == {"white", "black"}
        row = live.hub.store.game(start_a["game"])
        assert row.kind == "go" and row.settings["size"] == 9
        assert row.settings["time_control"] == "5m+3x20s" and row.options["lobby"] == "quick"
        assert len(live.app.state.play_lobby.queue) == 0
        await a.close()
        await b.close()

    run(scene())


def test_a_seek_goes_when_its_player_leaves_and_the_queue_place_too(live: LiveServer) -> None:
    alice, bob = cookie_of(live, "alice"), cookie_of(live, "bob")

    async def scene() -> None:
        a, b = await Lobby.open(live, alice), await Lobby.open(live, bob)
        await a.send(SEEK)
        seek = (await b.wait(lambda m: m["type"] == "seek-added"))["seek"]
        await a.send({"type": "queue", "preset": "toguz-3m+2s"})
        await b.wait(lambda m: m["type"] == "waiting" and m["waiting"])
        await a.close()
        await b.wait(lambda m: m["type"] == "seek-removed" and m["seek"] == seek["id"])
        await b.wait(lambda m: m["type"] == "waiting" and m["waiting"] == {})
        later = await Lobby.open(live, bob)
        assert later.received[0]["seeks"] == []
        await later.close()
        await b.close()

    run(scene())
    assert book(live) == {} and len(live.app.state.play_lobby.queue) == 0


def test_a_visitor_sees_the_lobby_but_may_not_seek_accept_or_queue(live: LiveServer) -> None:
    alice = cookie_of(live, "alice")

    async def scene() -> None:
        a = await Lobby.open(live, alice)
        await a.send(SEEK)
        seek = (await a.wait(lambda m: m["type"] == "seek-added"))["seek"]
        guest = await Lobby.open(live)
        assert guest.received[0]["you"] is None
        assert [s["id"] for s in guest.received[0]["seeks"]] == [seek["id"]]
        for message in (
            SEEK,
            {"type": "accept", "seek": seek["id"]},
            {"type": "queue", "preset": "toguz-5m+3s"},
        ):
            error = await guest.error(message)
            assert error["reason"] == "sign-in" and "sign in" in error["message"]
        assert list(book(live)) == [seek["id"]]
        assert len(live.app.state.play_lobby.queue) == 0
        assert not [m for m in a.received if m["type"] == "start"]
        await guest.close()
        await a.close()

    run(scene())


def test_unknown_own_and_out_of_range_seeks_are_refused_and_change_nothing(
    live: LiveServer,
) -> None:
    alice, bob = cookie_of(live, "alice"), cookie_of(live, "bob")

    async def scene() -> None:
        a, b = await Lobby.open(live, alice), await Lobby.open(live, bob)
        await a.send({**SEEK, "rating_min": 1800, "rating_max": 2200})
        seek = (await a.wait(lambda m: m["type"] == "seek-added"))["seek"]
        assert (await a.error({"type": "accept", "seek": seek["id"]}))["reason"] == "own-seek"
        # Bob is a newcomer (1500): outside 1800–2200.
        assert (await b.error({"type": "accept", "seek": seek["id"]}))["reason"] == "out-of-range"
        for unknown in ("no-such-seek", 42, None, ["x"]):
            error = await b.error({"type": "accept", "seek": unknown})
            assert error["reason"] == "unknown-seek"
        assert (await b.error({"type": "cancel", "seek": seek["id"]}))["reason"] == "unknown-seek"
        assert (await b.error({"type": "unqueue"}))["reason"] == "not-queued"
        assert list(book(live)) == [seek["id"]]
        assert not [m for m in a.received + b.received if m["type"] == "start"]
        await a.send({"type": "cancel", "seek": seek["id"]})
        await b.wait(lambda m: m["type"] == "seek-removed")
        await a.close()
        await b.close()

    run(scene())
    assert book(live) == {}


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"time_control": "five minutes"}, "time_control"),
        ({"time_control": 300}, "time_control"),
        ({"time_control": "5m" * 30}, "time_control"),
        ({"game": "go", "size": 7}, "size"),
        ({"game": "go", "size": True}, "size"),
        ({"game": "go", "size": 9.0}, "size"),
        ({"game": "go", "size": "9"}, "size"),
        ({"rated": "yes"}, "rated"),
        ({"colour": "green"}, "colour"),
        ({"rating_min": -5}, "rating_min"),
        ({"rating_min": "lots"}, "rating_min"),
        ({"rating_max": 99999}, "rating_max"),
        ({"rating_min": 2000, "rating_max": 1000}, "rating_min"),
        ({"preset": "toguz-1h"}, "preset"),
        ({"preset": ["toguz-3m+2s"]}, "preset"),
    ],
)
def test_a_seek_with_a_malformed_field_is_refused_naming_it(
    live: LiveServer, fields: dict[str, Any], field: str
) -> None:
    alice = cookie_of(live, "alice")

    async def scene() -> None:
        a = await Lobby.open(live, alice)
        error = await a.error({**SEEK, **fields})
        assert (error["reason"], error["field"], error["about"]) == ("invalid", field, "seek")
        assert error["message"]
        await a.close()

    run(scene())
    assert book(live) == {}


def test_messages_that_are_not_the_protocol_are_refused(live: LiveServer) -> None:
    alice = cookie_of(live, "alice")

    async def scene() -> None:
        a = await Lobby.open(live, alice)
        for raw in ("not json", "[1, 2]", '{"type": 5}', '{"no": "type"}'):
            assert (await a.error(raw))["reason"] == "malformed"
        assert (await a.error({"type": "dance"}))["reason"] == "malformed"
        assert (await a.error({"type": "queue", "preset": "toguz-1h"}))["reason"] == "invalid"
        await a.send("x" * 5000)
        await a.reader
        assert a.received[-1]["reason"] == "too-large"

    run(scene())
    assert book(live) == {}


def test_the_lobby_socket_refuses_another_sites_page(live: LiveServer) -> None:
    alice = cookie_of(live, "alice")

    async def scene() -> None:
        with pytest.raises(websockets.InvalidStatus) as refused:
            await Lobby.open(live, alice, origin="http://evil.example")
        assert refused.value.response.status_code == 403
        ours = await Lobby.open(live, alice, origin=live.http)
        assert ours.received[0]["you"]["username"] == "alice"
        await ours.close()

    run(scene())
