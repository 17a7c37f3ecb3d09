"""What the lobby socket ``/play/lobby/ws`` refuses, and that a refusal changes nothing: a
handshake from another site's page (whatever its disguise: another port, another scheme, a
look-alike host, ``null``, a foreign ``Referer``); messages from a visitor, a signed-out or
disabled account, an API token passed off as a browser session; a player cancelling another
player's seek, or naming another account in the message to act as it; a message the server
cannot read (numbers too large to be ratings, nesting too deep). Each refused message is
answered with an ``error`` on a connection that stays open; the seeks, the queue and the games
are as before, in the process's board and, with two processes, in Redis."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
import redis
import websockets
from sqlalchemy import func, select

from arbiter.server.play.tables import LiveGame
from arbiter.server.services import accounts
from arbiter.server.storage.models import User
from tests.server.conftest import PASSWORD, PostgresDatabases
from tests.server.play.conftest import LiveServer, MakeRuntime, free_port, run
from tests.server.play.test_lobby_socket import Lobby, user_id

REDIS = "redis://127.0.0.1:6379/0"
SEEK = {"type": "seek", "game": "toguz", "time_control": "5m+3s", "colour": "white"}


def account(live: LiveServer, username: str) -> tuple[str, str]:
    """A new account: its browser session's ``Cookie`` header and the session's secret."""
    user = accounts.create_user(live.rt, username, PASSWORD, display_name=username.title())
    secret = accounts.open_session(live.rt, user, "cookie").secret
    return f"{live.rt.settings.cookie_name}={secret}", secret


def games(live: LiveServer) -> int:
    """How many live games the database holds."""
    with live.rt.db.read() as session:
        return int(session.scalar(select(func.count()).select_from(LiveGame)) or 0)


def stored(live: LiveServer) -> tuple[dict[str, Any], dict[int, Any], int]:
    """What a refused message must leave as it was: the open seeks and the queue as this
    process knows them, and the games."""
    lobby = getattr(live.app.state, "play_lobby", None)
    if lobby is None:
        return {}, {}, games(live)
    return dict(lobby.book.seeks), dict(lobby.queue), games(live)


def foreign_origins(live: LiveServer) -> list[str]:
    host, port = "127.0.0.1", live.port
    return [
        "http://evil.example",
        "null",
        f"http://{host}:{free_port()}",  # the same machine, another port
        f"https://{host}:{port}",  # another scheme
        f"http://{host}.evil.example:{port}",  # a look-alike host
        f"http://localhost:{port}",  # another name: another origin
        f"http://{host}:{port}/play",  # not an origin at all
    ]


def test_a_lobby_handshake_from_another_sites_page_is_refused(live: LiveServer) -> None:
    alice, _ = account(live, "alice")

    async def scene() -> None:
        mine = await Lobby.open(live, alice, origin=live.http)
        await mine.send(SEEK)
        await mine.wait(lambda m: m["type"] == "seek-added")
        before = stored(live)
        clients = len(live.app.state.play_lobby.clients)
        for origin in foreign_origins(live):
            for cookie in (alice, None):
                with pytest.raises(websockets.InvalidStatus) as refused:
                    await Lobby.open(live, cookie, origin=origin)
                assert refused.value.response.status_code == 403, origin
        # No Origin but a foreign Referer, with the session's cookie: refused as well.
        with pytest.raises(websockets.InvalidStatus) as refused:
            await websockets.connect(
                f"{live.ws}/play/lobby/ws",
                compression=None,
                additional_headers={"Cookie": alice, "Referer": "http://evil.example/page"},
            )
        assert refused.value.response.status_code == 403
        # The refused handshakes reached no lobby: no client, no connection counted.
        assert len(live.app.state.play_lobby.clients) == clients
        assert sum(live.hub.addresses.values()) == 1
        assert stored(live) == before
        assert not [m for m in mine.received if m["type"] in ("seek-removed", "start")]
        await mine.close()

    run(scene())


def test_visitors_and_invalid_sessions_may_not_accept_or_cancel_a_seek(
    live: LiveServer,
) -> None:
    """A visitor, a signed-out session, a disabled account's session, an API token put in
    the cookie, a made-up cookie: each sees the lobby as a visitor and is refused."""
    alice, _ = account(live, "alice")
    _, signed_out = account(live, "bob")
    accounts.close_session(live.rt, signed_out)
    _, disabled = account(live, "carol")
    with live.rt.db.write() as session:
        carol = session.scalars(select(User).where(User.username == "carol")).one()
        carol.is_active = False
    dana = accounts.create_user(live.rt, "dana", PASSWORD, display_name="Dana")
    api_token = accounts.open_session(live.rt, dana, "token", "test").secret
    name = live.rt.settings.cookie_name
    cookies = [None] + [
        f"{name}={secret}"
        for secret in (signed_out, disabled, api_token, signed_out[:-4] + "0000", "x" * 500)
    ]

    async def scene() -> None:
        a = await Lobby.open(live, alice)
        await a.send(SEEK)
        seek = (await a.wait(lambda m: m["type"] == "seek-added"))["seek"]
        await a.send({"type": "queue", "preset": "toguz-60m"})
        await a.wait(lambda m: m["type"] == "queued")
        before = stored(live)
        assert list(before[0]) == [seek["id"]] and list(before[1]) == [user_id(live, "alice")]
        for cookie in cookies:
            other = await Lobby.open(live, cookie)
            assert other.received[0]["you"] is None, cookie
            for message in (
                {"type": "accept", "seek": seek["id"]},
                {"type": "cancel", "seek": seek["id"]},
                {"type": "queue", "preset": "toguz-60m"},
                {"type": "unqueue"},
                {"type": "seek", "preset": "toguz-3m+2s"},
            ):
                error = await other.error(message)
                assert error["reason"] == "sign-in", (cookie, message)
                assert error["about"] == message["type"]
            assert stored(live) == before
            await other.close()
        assert not [m for m in a.received if m["type"] in ("seek-removed", "start")]
        await a.close()

    run(scene())


def test_another_player_may_not_cancel_a_seek_nor_act_as_its_player(live: LiveServer) -> None:
    """Bob cannot cancel Alice's seek, even naming her account in the message; the names of
    accounts a message carries are not believed: the seek, the accept are the connection's
    account's."""
    alice, _ = account(live, "alice")
    bob, _ = account(live, "bob")
    carol, _ = account(live, "carol")
    ids = {name: user_id(live, name) for name in ("alice", "bob", "carol")}

    async def scene() -> None:
        a, b, c = [await Lobby.open(live, who) for who in (alice, bob, carol)]
        await a.send(SEEK)
        seek = (await b.wait(lambda m: m["type"] == "seek-added"))["seek"]
        before = stored(live)
        as_alice = {"user_id": ids["alice"], "username": "alice", "user": "alice"}
        for message in (
            {"type": "cancel", "seek": seek["id"]},
            {"type": "cancel", "seek": seek["id"], **as_alice},
            {"type": "cancel", "seek": seek["id"].upper()},
            {"type": "cancel", "seek": [seek["id"]]},
            {"type": "cancel"},
        ):
            error = await b.error(message)
            assert (error["reason"], error["about"]) == ("unknown-seek", "cancel"), message
            assert stored(live) == before
        # Neither Bob nor Alice is queued: nothing to take out, in either name.
        assert (await b.error({"type": "unqueue", **as_alice}))["reason"] == "not-queued"
        assert stored(live) == before

        # Carol's seek naming Alice is Carol's.
        await c.send({**SEEK, "preset": "toguz-60m", **as_alice, "name": "Alice"})
        carols = (
            await a.wait(lambda m: m["type"] == "seek-added" and m["seek"]["id"] != seek["id"])
        )["seek"]
        assert (carols["username"], carols["name"]) == ("carol", "Carol")
        # Bob accepts Alice's seek naming Carol, asking for white: Bob plays, black.
        await b.send({"type": "accept", "seek": seek["id"], "colour": "white", **as_alice})
        start = await b.wait(lambda m: m["type"] == "start")
        assert start["colour"] == "black"
        assert not [m for m in c.received if m["type"] == "start"]
        seats = live.hub.store.game(start["game"]).seats
        assert {s: info["user_id"] for s, info in seats.items()} == {
            "white": ids["alice"],
            "black": ids["bob"],
        }
        assert list(stored(live)[0]) == [carols["id"]]
        for client in (a, b, c):
            await client.close()

    run(scene())


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ('{"type": "seek", "preset": "toguz-60m", "rating_min": Infinity}', "invalid"),
        ('{"type": "seek", "preset": "toguz-60m", "rating_max": -Infinity}', "invalid"),
        ('{"type": "seek", "preset": "toguz-60m", "rating_max": 1e999}', "invalid"),
        ('{"type": "seek", "preset": "toguz-60m", "rating_min": NaN}', "invalid"),
        ('{"type": "seek", "x": ' + "[" * 1500 + "]" * 1500 + "}", "malformed"),
        ('{"type": "accept", "seek": ' + "[" * 1900 + "]" * 1900 + "}", "malformed"),
    ],
    ids=["infinity", "minus-infinity", "1e999", "nan", "deep-seek", "deep-accept"],
)
def test_a_message_the_server_cannot_read_is_refused_on_an_open_connection(
    live: LiveServer, raw: str, reason: str
) -> None:
    """Numbers too large for a rating and nesting too deep for the parser are refused like
    any malformed message: an ``error``, and the connection goes on (it used to close with
    1011, an internal error, and log a traceback)."""
    alice, _ = account(live, "alice")

    async def scene() -> None:
        a = await Lobby.open(live, alice)
        before = stored(live)
        assert len(raw) <= 4096
        assert (await a.error(raw))["reason"] == reason
        assert stored(live) == before
        await a.send(SEEK)  # still open, still Alice's
        assert (await a.wait(lambda m: m["type"] == "seek-added"))["seek"]["username"] == "alice"
        assert a.ws.close_code is None
        await a.close()

    run(scene())


# ----- two processes through Redis


@pytest.fixture
def prefix(redis_prefix: str) -> Iterator[str]:
    """The test's Redis prefix; its keys are deleted at the end."""
    yield redis_prefix
    client = redis.Redis.from_url(REDIS)
    keys = list(client.scan_iter(f"{redis_prefix}:*"))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture
def pair(
    postgres: PostgresDatabases, make_runtime: MakeRuntime, prefix: str
) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two servers, A and B, on one PostgreSQL database and one Redis prefix."""
    url = postgres.create()
    a = LiveServer(make_runtime(url), REDIS, prefix).start()
    b = LiveServer(make_runtime(url), REDIS, prefix).start()
    yield a, b
    a.stop()
    b.stop()


def in_redis(prefix: str) -> tuple[dict[Any, Any], dict[Any, Any]]:
    """The shared board as Redis holds it: the seeks and the queue, record by record."""
    client = redis.Redis.from_url(REDIS)
    try:
        return client.hgetall(f"{prefix}:lobby:seeks"), client.hgetall(f"{prefix}:lobby:queue")
    finally:
        client.close()


def test_on_another_process_nobody_else_may_accept_or_cancel_a_seek(
    pair: tuple[LiveServer, LiveServer], prefix: str
) -> None:
    """Alice's seek, made on A, seen on B: a visitor on B may not accept nor cancel it, Bob
    on B may not cancel it (naming her account or not), a page of another site may not
    connect to B; Redis and both processes' boards are unchanged, and Alice hears nothing.
    Alice herself, on B, may cancel it: a seek is its account's, whichever process."""
    a, b = pair
    alice, _ = account(a, "alice")
    bob, _ = account(a, "bob")
    alice_id = user_id(a, "alice")

    async def scene() -> None:
        on_a = await Lobby.open(a, alice)
        bob_b, guest_b = await Lobby.open(b, bob), await Lobby.open(b)
        await on_a.send({**SEEK, "rating_min": 1800})
        await on_a.send({"type": "queue", "preset": "toguz-60m"})
        await on_a.wait(lambda m: m["type"] == "queued")
        seek = (await bob_b.wait(lambda m: m["type"] == "seek-added"))["seek"]
        await bob_b.wait(lambda m: m["type"] == "waiting" and m["waiting"] == {"toguz-60m": 1})
        before = in_redis(prefix)
        assert list(before[0]) == [seek["id"].encode()]
        assert list(before[1]) == [str(alice_id).encode()]
        boards = [stored(a), stored(b)]

        for message in (
            {"type": "accept", "seek": seek["id"]},
            {"type": "cancel", "seek": seek["id"]},
            {"type": "unqueue"},
        ):
            assert (await guest_b.error(message))["reason"] == "sign-in"
        as_alice = {"user_id": alice_id, "username": "alice"}
        for message in (
            {"type": "cancel", "seek": seek["id"]},
            {"type": "cancel", "seek": seek["id"], **as_alice},
        ):
            assert (await bob_b.error(message))["reason"] == "unknown-seek"
        # Bob (1500) is outside the range Alice asked for (1800 and up).
        error = await bob_b.error({"type": "accept", "seek": seek["id"], **as_alice})
        assert error["reason"] == "out-of-range"
        assert (await bob_b.error({"type": "unqueue", **as_alice}))["reason"] == "not-queued"
        for cookie in (alice, None):
            with pytest.raises(websockets.InvalidStatus) as refused:
                await Lobby.open(b, cookie, origin="http://evil.example")
            assert refused.value.response.status_code == 403
        with pytest.raises(websockets.InvalidStatus):
            await Lobby.open(b, alice, origin=a.http)  # A's origin is not B's
        await asyncio.sleep(1.5)  # past a heartbeat: each board reloads Redis
        assert in_redis(prefix) == before
        assert [stored(a), stored(b)] == boards
        assert not [m for m in on_a.received if m["type"] in ("seek-removed", "start")]

        alice_b = await Lobby.open(b, alice)
        await alice_b.send({"type": "cancel", "seek": seek["id"]})
        await on_a.wait(lambda m: m["type"] == "seek-removed" and m["seek"] == seek["id"])
        assert in_redis(prefix)[0] == {}
        for client in (on_a, bob_b, guest_b, alice_b):
            await client.close()

    run(scene())
    assert games(a) == 0
