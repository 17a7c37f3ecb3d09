"""Concurrent requests against a real HTTP server (uvicorn in a thread, its own pool of worker
threads and database connections), on SQLite (WAL) and on PostgreSQL.

Two referees entering results of different games of the same round at the same moment both
persist; two edits of the same game (both made from the same version) give exactly one 409;
two referees pairing the same round give one round and one 409.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import httpx
import pytest
import uvicorn

from arbiter.server.app import create_app
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from tests.server.conftest import PASSWORD

ROUNDS_TRIED = 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    """The app served over HTTP on a free port, in a background thread."""

    def __init__(self, rt: Runtime) -> None:
        self.port = free_port()
        config = uvicorn.Config(
            create_app(rt.settings, runtime=rt),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="off",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def live(runtime: Runtime) -> Iterator[LiveServer]:
    with LiveServer(runtime) as server:
        yield server


def client(live: LiveServer, username: str) -> httpx.Client:
    """A client with its own connection, signed in with a token."""
    c = httpx.Client(base_url=live.url, timeout=60)
    r = c.post("/api/auth/token", data={"username": username, "password": PASSWORD})
    assert r.status_code == 200, r.text
    c.headers["Authorization"] = f"Bearer {r.json()['access_token']}"
    return c


def at_once(calls: list[Callable[[], httpx.Response]]) -> list[httpx.Response]:
    """Run the calls in threads released together; their responses in order."""
    barrier = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            out[i] = calls[i]()
        except Exception as exc:  # reported by the assertion below
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    for item in out:
        assert isinstance(item, httpx.Response), item
    return out


def _event(org: httpx.Client, players: int) -> int:
    r = org.post("/api/events", json={"game": "toguz", "system": "round-robin", "name": "Cup"})
    event_id: int = r.json()["id"]
    for i in range(players):
        assert (
            org.post(
                f"/api/events/{event_id}/participants", json={"name": f"Player{i} Test"}
            ).status_code
            == 201
        )
    return event_id


def _two_referees(
    rt: Runtime, live: LiveServer, event_id: int, org: httpx.Client
) -> list[httpx.Client]:
    referees = []
    for name in ("ref1", "ref2"):
        accounts.create_user(rt, name, PASSWORD)
        assert (
            org.post(
                f"/api/events/{event_id}/roles", json={"username": name, "role": "referee"}
            ).status_code
            == 201
        )
        referees.append(client(live, name))
    return referees


def test_results_of_different_games_entered_at_once_all_persist(
    runtime: Runtime, live: LiveServer
) -> None:
    accounts.create_user(runtime, "org", PASSWORD)
    org = client(live, "org")
    event_id = _event(org, 2 * ROUNDS_TRIED)
    ref1, ref2 = _two_referees(runtime, live, event_id, org)
    for number in range(1, 3):
        r = org.post(f"/api/events/{event_id}/rounds", json={"round": number})
        assert r.status_code == 201, r.text
        tables = [g["table"] for g in r.json()["games"]]
        assert len(tables) == ROUNDS_TRIED
        calls = [
            partial(
                c.put,
                f"/api/events/{event_id}/rounds/{number}/games/{t}/result",
                json={"result": "1(90)-0(50)" if t % 2 else "0(60)-1(85)"},
            )
            for t, c in zip(tables, [ref1, ref2] * ROUNDS_TRIED, strict=False)
        ]
        responses = at_once(calls)
        assert [r.status_code for r in responses] == [200] * len(tables), [
            r.text for r in responses
        ]
        stored = org.get(f"/api/events/{event_id}/rounds/{number}").json()["games"]
        assert [(g["result"], g["version"]) for g in stored] == [
            ("1(90)-0(50)" if g["table"] % 2 else "0(60)-1(85)", 2) for g in stored
        ]
    standings = org.get(f"/api/events/{event_id}/standings").json()
    assert sum(row["points"] for row in standings["rows"]) == 2 * ROUNDS_TRIED


def test_two_edits_of_the_same_game_give_one_409(runtime: Runtime, live: LiveServer) -> None:
    accounts.create_user(runtime, "org", PASSWORD)
    org = client(live, "org")
    event_id = _event(org, 2 * ROUNDS_TRIED)
    ref1, ref2 = _two_referees(runtime, live, event_id, org)
    org.post(f"/api/events/{event_id}/rounds", json={"round": 1})
    for table in range(1, ROUNDS_TRIED + 1):
        path = f"/api/events/{event_id}/rounds/1/games/{table}/result"
        # both enter a first result at once: one is stored, the other learns it
        first = at_once(
            [partial(ref1.put, path, json={"result": "1-0"}),
             partial(ref2.put, path, json={"result": "0-1"})]
        )  # fmt: skip
        assert sorted(r.status_code for r in first) == [200, 409]
        kept = next(r for r in first if r.status_code == 200).json()
        lost = next(r for r in first if r.status_code == 409).json()["error"]
        assert lost["current"]["result"] == kept["result"]
        assert lost["current"]["version"] == kept["version"] == 2
        # both correct version 2 at once: one correction wins, the other gets 409
        second = at_once(
            [partial(ref1.put, path, json={"result": "1/2-1/2", "version": 2}),
             partial(ref2.put, path, json={"result": "1(82)-0(70)", "version": 2})]
        )  # fmt: skip
        assert sorted(r.status_code for r in second) == [200, 409]
        winner = next(r for r in second if r.status_code == 200).json()
        loser = next(r for r in second if r.status_code == 409).json()["error"]
        assert winner["version"] == 3
        assert loser["current"] == {**loser["current"], "result": winner["result"], "version": 3}
        stored = org.get(f"/api/events/{event_id}/rounds/1/games/{table}").json()
        assert (stored["result"], stored["version"]) == (winner["result"], 3)


def test_two_referees_pairing_the_same_round_get_it_once(
    runtime: Runtime, live: LiveServer
) -> None:
    accounts.create_user(runtime, "org", PASSWORD)
    org = client(live, "org")
    event_id = _event(org, 6)
    ref1, ref2 = _two_referees(runtime, live, event_id, org)
    responses = at_once(
        [partial(ref1.post, f"/api/events/{event_id}/rounds", json={"round": 1}),
         partial(ref2.post, f"/api/events/{event_id}/rounds", json={"round": 1})]
    )  # fmt: skip
    assert sorted(r.status_code for r in responses) == [201, 409]
    rounds = org.get(f"/api/events/{event_id}/rounds").json()
    assert [(r["number"], r["games"]) for r in rounds] == [(1, 3)]


def test_a_knockout_correction_racing_the_next_pairing_never_leaves_a_wrong_bracket(
    runtime: Runtime, live: LiveServer
) -> None:
    """Correcting who won a knockout game while the next round is being paired: either the
    correction comes first and the pairing uses it, or the pairing comes first and the
    correction is refused — never both with the old winner going on."""
    accounts.create_user(runtime, "org", PASSWORD)
    org = client(live, "org")
    r = org.post("/api/events", json={"game": "toguz", "system": "knockout", "name": "KO"})
    event_id = r.json()["id"]
    for i in range(4):
        org.post(f"/api/events/{event_id}/participants", json={"name": f"Player{i} Test"})
    ref1, ref2 = _two_referees(runtime, live, event_id, org)
    first = org.post(f"/api/events/{event_id}/rounds", json={"round": 1}).json()["games"]
    base = f"/api/events/{event_id}/rounds/1/games"
    for g in first:
        assert org.put(f"{base}/{g['table']}/result", json={"result": "1-0"}).status_code == 200
    game = first[0]
    for attempt in range(ROUNDS_TRIED):
        current = org.get(f"{base}/{game['table']}").json()
        flipped = "0-1" if current["result"] == "1-0" else "1-0"
        correction, pairing = at_once(
            [partial(ref1.put, f"{base}/{game['table']}/result",
                     json={"result": flipped, "version": current["version"]}),
             partial(ref2.post, f"/api/events/{event_id}/rounds", json={"round": 2})]
        )  # fmt: skip
        assert pairing.status_code == 201, pairing.text
        final = org.get(f"{base}/{game['table']}").json()
        winner = game["white"] if final["result"] == "1-0" else game["black"]
        in_round_2 = {no for g in pairing.json()["games"] for no in (g["white"], g["black"])}
        assert winner in in_round_2, (attempt, correction.text)
        if correction.status_code == 200:
            assert final["result"] == flipped
        else:
            assert correction.status_code == 409, correction.text
            assert "already paired" in correction.json()["error"]["message"]
        version = org.get(f"/api/events/{event_id}/rounds/2").json()["version"]
        assert org.delete(f"/api/events/{event_id}/rounds/2?version={version}").status_code == 204
