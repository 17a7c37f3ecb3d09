"""Hostile files sent to the server: every upload endpoint answers 4xx with the JSON error form
and stores nothing (no new event, the entries and the event's version unchanged, no record);
imports are linear and hold the write lock only while they store, so that other writers are
not kept waiting."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.events.document import dumps
from arbiter.events.event import Event
from arbiter.server.runtime import Runtime
from arbiter.server.services import entries
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.entries import PlayerFields
from tests.hostile import DEEP, HUGE, xml_attacks
from tests.server.conftest import Api, Server
from tests.server.helpers import make_event, pair
from tests.server.web.conftest import Pages

_DOC = json.loads(dumps(Event.create("go", "mcmahon", name="Cup").add_player("Lee Chang")[0]))
_GAME_HEAD = '{"format": "arbiter-game", "version": 1, "game": "toguz", '


def _doc(**changes: Any) -> bytes:
    return json.dumps({**_DOC, **changes}).encode()


EVENT_FILES: dict[str, tuple[str, bytes]] = {
    "deep json": ("json", b"[" * DEEP),
    "deep objects": ("json", b'{"a":' * DEEP),
    "escaped quotes": ("json", b'"' + b'\\"' * HUGE),
    "huge number": ("json", b'{"schema": ' + b"9" * HUGE + b"}"),
    "huge name": ("json", _doc(settings={"name": "x" * 1000})),
    "NUL name": ("json", _doc(players=[{**_DOC["players"][0], "surname": "a\x00b"}])),
    "surrogate": ("json", _doc(players=[{**_DOC["players"][0], "surname": "\ud800"}])),
    "many players": (
        "json",
        _doc(players=[{**_DOC["players"][0], "no": i} for i in range(1, 20_002)]),
    ),
    "not utf-8": ("json", b"\xff\xfe" + dumps(Event.create("go", "swiss")).encode("utf-16-le")),
    "huge player name": (
        "opengotha",
        b'<Tournament><Players><Player name="' + b"x" * HUGE + b'" rank="1D"/></Players>'
        b"</Tournament>",
    ),
    "huge event name": ("trf", b"012 " + b"x" * (5 * HUGE) + b"\n001    1 m    Asanov, Bakyt\n"),
    "huge line": ("trf", b"001    1 m    Asanov, Bakyt".ljust(91) + b"   2 w 1  " * 100_000),
    **{
        f"xml {name}": ("opengotha", data)
        for name, data in xml_attacks().items()
        if "dtd" not in name
    },
}


def _error(r: Any) -> dict[str, Any]:
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    body = r.json()
    assert set(body) == {"error"} and isinstance(body["error"]["message"], str), body
    assert len(body["error"]["message"]) < 2_000
    return body["error"]  # type: ignore[no-any-return]


def _events(api: Api) -> list[int]:
    return sorted(e["id"] for e in api.get("/api/events").json())


@pytest.mark.parametrize("name", sorted(EVENT_FILES))
def test_event_imports_refuse_hostile_files(server: Server, name: str) -> None:
    org = server.user("org")
    before = _events(org)
    fmt, data = EVENT_FILES[name]
    r = org.post(
        "/api/events/import",
        files={"file": ("event", data, "application/octet-stream")},
        data={"format": fmt},
    )
    error = _error(r)
    assert r.status_code == 422 and error["field"] in ("file", "document"), error
    assert _events(org) == before


PLAYER_FILES: dict[str, tuple[str, bytes]] = {
    "huge csv field": ("csv", b"name\n" + b"x" * HUGE + b"\n"),
    "long csv name": ("csv", b"name\n" + b"x" * 201 + b"\n"),
    "long club": ("csv", b"name,club\nKim Ji," + b"c" * 201 + b"\n"),
    "long country": ("csv", b"name,country\nKim Ji,Korea\n"),
    "NUL": ("csv", b"name\nKim\x00Ji\n"),
    "too many": ("csv", b"name\n" + b"".join(b"P%d G\n" % i for i in range(20_001))),
    "open quote": ("csv", b'name\n"' + b"x\n" * 1000),
    "csv not utf-8": ("csv", "name\nMüller\n".encode("latin-1")),
    "opengotha name": (
        "opengotha",
        b'<Tournament><Players><Player name="' + b"x" * 9000 + b'" rank="1D"/></Players>'
        b"</Tournament>",
    ),
    "trf name": ("trf", b"012 " + b"x" * HUGE + b"\n001    1 m    Asanov, Bakyt\n"),
    "xml bomb": ("opengotha", xml_attacks()["billion laughs (UTF-16)"]),
    "xxe": ("opengotha", xml_attacks()["external file"]),
    "cp1252 hole": ("trf", b"001    1 m    \x81\x8d\x8f, Bakyt\n"),
}


@pytest.mark.parametrize("name", sorted(PLAYER_FILES))
def test_participant_imports_refuse_hostile_files(server: Server, name: str) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "mcmahon", players=2)
    before = org.get(f"/api/events/{event_id}").json()
    fmt, data = PLAYER_FILES[name]
    r = org.post(
        f"/api/events/{event_id}/participants/import",
        files={"file": ("players", data, "application/octet-stream")},
        data={"format": fmt},
    )
    assert _error(r)["field"] == "file"
    after = org.get(f"/api/events/{event_id}").json()
    assert after["version"] == before["version"]
    assert after == before


def test_the_web_page_upload_refuses_hostile_files(server: Server) -> None:
    server.user("org")
    pages = Pages(server.browser())
    pages.sign_in("org")
    org = server.sign_in("org")
    event_id = make_event(org, "go", "mcmahon", players=2)
    before = org.get(f"/api/events/{event_id}").json()
    for name in ("huge csv field", "xml bomb", "trf name", "NUL"):
        fmt, data = PLAYER_FILES[name]
        r = pages.submit(
            f"/events/{event_id}/participants/import",
            {"format": fmt},
            files={"file": ("players", data, "application/octet-stream")},
        )
        assert r.status_code == 422, (name, r.status_code)
        assert "Traceback" not in r.text
    assert org.get(f"/api/events/{event_id}").json() == before


RECORDS: dict[str, tuple[str, str]] = {
    "deep json": ("arbiter-game", "[" * DEEP),
    "deep moves": ("arbiter-game", _GAME_HEAD + '"moves": ' + "[" * DEEP + "]" * DEEP + "}"),
    "deep tags": ("arbiter-game", _GAME_HEAD + '"tags": ' + '{"a":' * DEEP + "1" + "}" * DEEP),
    "escaped quotes": ("arbiter-game", '"' + '\\"' * HUGE),
    "huge number": ("arbiter-game", _GAME_HEAD + '"version": ' + "9" * 5000 + "}"),
    "many moves": (
        "arbiter-game",
        _GAME_HEAD + '"moves": [' + ",".join(['{"move": "76"}'] * 20_000) + "]}",
    ),
    "many text moves": ("toguz-text", "1. " + "76 87 " * 20_000),
    "huge fen": ("toguz-text", '[FEN "' + "9," * HUGE + '"]\n1. 76 *'),
}


def _game_path(event_id: int) -> str:
    return f"/api/events/{event_id}/rounds/1/games/1/record"


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_hostile_records_are_refused(server: Server, name: str) -> None:
    org = server.user("org")
    event_id = make_event(org, "toguz", "round-robin", players=4)
    pair(org, event_id, 1)
    fmt, content = RECORDS[name]
    r = org.put(_game_path(event_id), json={"format": fmt, "content": content})
    assert _error(r)["field"] == "content"
    assert org.get(_game_path(event_id)).status_code == 404


@pytest.mark.parametrize(
    "content",
    [
        "(;GM[1]SZ[19]" + "(;B[aa]" * DEEP,
        "(;GM[1]SZ[19]" + ";B[aa];W[bb]" * 60_000 + ")",
        "(;GM[1]SZ[19]" + ";B[];W[]" * 3000 + ")",
    ],
    ids=["deep variations", "many nodes", "many moves"],
)
def test_hostile_sgf_records_are_refused(server: Server, content: str) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "round-robin", players=4)
    pair(org, event_id, 1)
    r = org.put(_game_path(event_id), json={"format": "sgf", "content": content})
    assert _error(r)["field"] == "content"
    assert org.get(_game_path(event_id)).status_code == 404


@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=2000), fmt=st.sampled_from(["json", "opengotha", "trf", "csv"]))
def test_random_uploads_never_fail_the_server(server: Server, data: bytes, fmt: str) -> None:
    org = server.sign_in("org") if _has_org(server) else server.user("org")
    if fmt == "csv":
        event_id = make_event(org, "go", "mcmahon", players=0)
        path = f"/api/events/{event_id}/participants/import"
    else:
        path = "/api/events/import"
    r = org.post(
        path, files={"file": ("f", data, "application/octet-stream")}, data={"format": fmt}
    )
    assert r.status_code < 500
    if r.status_code >= 400:
        _error(r)


def _has_org(server: Server) -> bool:
    return server.anonymous.client.post(
        "/api/auth/token", data={"username": "org", "password": "correct horse battery"}
    ).is_success


# -- imports are linear and hold the write lock briefly ---------------------------------------


def _player_list(n: int) -> bytes:
    rows = [f"Player{i} Given{i},{i % 30 + 1}k,Club{i % 50}" for i in range(n)]
    return ("name,rank,club\n" + "\n".join(rows) + "\n").encode()


@contextmanager
def write_lock_timer(rt: Runtime) -> Iterator[list[float]]:
    """The seconds of every write transaction opened meanwhile (SQLite's write lock is held
    from BEGIN IMMEDIATE to the commit)."""
    held: list[float] = []
    original = rt.db.write

    @contextmanager
    def timed() -> Iterator[Any]:
        start = time.perf_counter()
        try:
            with original() as session:
                yield session
        finally:
            held.append(time.perf_counter() - start)

    rt.db.write = timed  # type: ignore[method-assign]
    try:
        yield held
    finally:
        rt.db.write = original  # type: ignore[method-assign]


@pytest.mark.slow
def test_ten_thousand_players_import_in_seconds_with_a_short_write_lock(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "mcmahon", players=2)
    with write_lock_timer(server.rt) as held:
        start = time.perf_counter()
        r = org.post(
            f"/api/events/{event_id}/participants/import",
            files={"file": ("p.csv", _player_list(10_000), "text/csv")},
        )
        seconds = time.perf_counter() - start
    assert r.status_code == 201, r.text[:300]
    assert len(r.json()["added"]) == 10_000 and r.json()["added"][0]["no"] == 3
    # 3,000 rows took 123 s, all of it inside the write transaction
    assert seconds < 10, seconds
    assert max(held) < 2, held


def _other_user(server: Server) -> CurrentUser:
    from arbiter.server.services import accounts

    return accounts.authenticate(server.rt, "org", "correct horse battery", "test")


@pytest.mark.slow
def test_other_writes_do_not_wait_for_an_import(server: Server) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "mcmahon", players=0)
    user = _other_user(server)
    data = _player_list(10_000)
    done: list[Any] = []
    worker = threading.Thread(
        target=lambda: done.append(entries.import_entries(server.rt, user, event_id, "csv", data))
    )
    worker.start()
    time.sleep(0.05)
    waits = []
    for i in range(3):  # results and entries of other players go on meanwhile
        start = time.perf_counter()
        entries.add_player(server.rt, user, event_id, PlayerFields(name=f"Late Comer{i}"))
        waits.append(time.perf_counter() - start)
    worker.join(timeout=120)
    assert done, "the import did not finish"
    assert max(waits) < 3, waits
    players = org.get(f"/api/events/{event_id}/participants").json()["players"]
    assert len(players) == 10_003
    assert sorted(p["no"] for p in players) == list(range(1, 10_004))


def test_an_import_made_on_an_old_version_is_made_again(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "mcmahon", players=1)
    user = _other_user(server)
    import arbiter.server.services.unit as unit

    real = unit.to_document
    builds: list[int] = []

    def meanwhile(event: Event) -> Any:
        # between building the imported event and storing it, another organiser enters a player
        if any(p.name == "Kim Ji" for p in event.players):
            builds.append(len(event.players))
            if len(builds) == 1:
                entries.add_player(server.rt, user, event_id, PlayerFields(name="Quick Entry"))
        return real(event)

    monkeypatch.setattr(unit, "to_document", meanwhile)
    added = entries.import_entries(server.rt, user, event_id, "csv", b"name\nKim Ji\nPark Su\n")
    assert builds == [3, 4]  # built again on the newer event
    assert [p.no for p in added.added] == [3, 4]
    names = [p["name"] for p in org.get(f"/api/events/{event_id}/participants").json()["players"]]
    assert names == ["Lee Chang", "Quick Entry", "Kim Ji", "Park Su"]


def test_an_import_on_an_event_that_keeps_changing_is_a_conflict(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    org = server.user("org")
    event_id = make_event(org, "go", "mcmahon", players=1)
    user = _other_user(server)
    import arbiter.server.services.unit as unit

    real = unit.to_document
    count = iter(range(100))

    def always(event: Event) -> Any:
        if any(p.name == "Kim Ji" for p in event.players):
            entries.add_player(server.rt, user, event_id, PlayerFields(name=f"Entry{next(count)}"))
        return real(event)

    monkeypatch.setattr(unit, "to_document", always)
    r = org.post(
        f"/api/events/{event_id}/participants/import",
        files={"file": ("p.csv", b"name\nKim Ji\n", "text/csv")},
    )
    assert r.status_code == 409 and "changing" in _error(r)["message"]
    names = [p["name"] for p in org.get(f"/api/events/{event_id}/participants").json()["players"]]
    assert "Kim Ji" not in names


def test_imports_on_every_database(any_server: Server) -> None:
    # PostgreSQL refuses NUL in text and holds names in VARCHAR(400): both are refused before
    org = any_server.user("org")
    event_id = make_event(org, "go", "mcmahon", players=2)
    for name in ("NUL", "opengotha name", "long club"):
        fmt, data = PLAYER_FILES[name]
        r = org.post(
            f"/api/events/{event_id}/participants/import",
            files={"file": ("players", data, "application/octet-stream")},
            data={"format": fmt},
        )
        assert _error(r)["field"] == "file"
    r = org.post(
        f"/api/events/{event_id}/participants/import",
        files={"file": ("p.csv", _player_list(2_000), "text/csv")},
    )
    assert r.status_code == 201 and len(r.json()["added"]) == 2_000
    listed = org.get("/api/events").json()
    assert [e["participants"] for e in listed if e["id"] == event_id] == [2_002]
