"""A result is checked against the event without the write lock and written in a short
transaction that finds the event unchanged (services/unit.py ``prepared``/``unmoved``): on SQLite,
which writes one transaction at a time, the live games' moves wait for one row's update, not for
a referee's whole request (issue 17)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from sqlalchemy import text, update

from arbiter.server.services import unit
from arbiter.server.storage.models import EventRow
from tests.server.conftest import Server
from tests.server.helpers import make_event, pair, result


def paired(server: Server) -> tuple[Any, int]:
    """An organiser and a 4-player event with round 1 paired."""
    org = server.user("org")
    event_id = make_event(org, players=4)
    pair(org, event_id, 1)
    return org, event_id


def test_the_write_lock_is_free_while_the_event_is_read(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    org, event_id = paired(server)
    reading, go_on = threading.Event(), threading.Event()
    load = unit.store.load

    def slow_load(session: Any, row: Any) -> Any:
        reading.set()
        assert go_on.wait(10)
        return load(session, row)

    monkeypatch.setattr(unit.store, "load", slow_load)
    answer: dict[str, Any] = {}
    entering = threading.Thread(
        target=lambda: answer.setdefault("r", result(org, event_id, 1, 1, "1(82)-0(60)"))
    )
    entering.start()
    try:
        assert reading.wait(10)
        # another writer (the live games' writer, say) gets SQLite's write lock at once
        started = time.monotonic()
        with server.rt.db.write() as session:
            session.execute(text("SELECT 1"))
        waited = time.monotonic() - started
    finally:
        go_on.set()
        entering.join(20)
    assert waited < 1.0  # was: until the result entry ended (here never, the load being held)
    r = answer["r"]
    assert r.status_code == 200 and r.json()["result"] == "1(82)-0(60)"


def test_a_change_between_the_read_and_the_write_is_read_again(
    any_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    org, event_id = paired(any_server)
    moves = []
    unmoved = unit.unmoved

    def moved_once(rt: Any, ed: Any, *args: Any, **kw: Any) -> Any:
        if not moves:  # someone changes the event (a setting, say) just before the write
            moves.append(ed.row.version)
            with rt.db.write() as session:
                session.execute(
                    update(EventRow)
                    .where(EventRow.id == ed.row.id)
                    .values(version=EventRow.version + 1)
                )
        return unmoved(rt, ed, *args, **kw)

    monkeypatch.setattr("arbiter.server.services.results.unmoved", moved_once)
    r = result(org, event_id, 1, 1, "1(82)-0(60)")
    assert r.status_code == 200 and r.json()["version"] == 2
    assert len(moves) == 1  # it read the event again and wrote on the newer one
    game = org.get(f"/api/events/{event_id}/rounds/1/games/1").json()
    assert game["result"] == "1(82)-0(60)"


def test_an_event_that_keeps_changing_is_refused_and_nothing_written(
    any_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    org, event_id = paired(any_server)

    def always_moved(rt: Any, ed: Any, *args: Any, **kw: Any) -> Any:
        raise unit.Moved

    monkeypatch.setattr("arbiter.server.services.results.unmoved", always_moved)
    r = result(org, event_id, 1, 1, "1(82)-0(60)")
    assert r.status_code == 409 and "try again" in r.json()["error"]["message"]
    assert org.get(f"/api/events/{event_id}/rounds/1/games/1").json()["result"] is None
