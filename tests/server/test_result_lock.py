"""A result is checked against the event without the write lock and written by one statement
that finds the event unchanged and the referee's role still held (services/unit.py ``prepared``,
``still_as_read``): on SQLite, which writes one transaction at a time, the live games' moves wait
for one row's update, not for a referee's whole request (issue 17)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from sqlalchemy import delete, text, update

from arbiter.server.services import unit
from arbiter.server.storage.models import EventRole, EventRow
from tests.server.conftest import Server
from tests.server.helpers import grant, make_event, pair, result


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


def changed(server: Server, event_id: int) -> None:
    """Someone changes the event (a setting, say): its version grows."""
    with server.rt.db.write() as session:
        session.execute(
            update(EventRow).where(EventRow.id == event_id).values(version=EventRow.version + 1)
        )


def test_a_change_between_the_read_and_the_write_is_read_again(
    any_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    org, event_id = paired(any_server)
    moves = []
    still_as_read = unit.still_as_read

    def moved_once(ed: Any, permission: Any) -> Any:
        if not moves:  # just before the write
            moves.append(ed.row.version)
            changed(any_server, ed.row.id)
        return still_as_read(ed, permission)

    monkeypatch.setattr("arbiter.server.services.results.still_as_read", moved_once)
    r = result(org, event_id, 1, 1, "1(82)-0(60)")
    assert r.status_code == 200 and r.json()["version"] == 2
    assert len(moves) == 1  # it read the event again and wrote on the newer one
    game = org.get(f"/api/events/{event_id}/rounds/1/games/1").json()
    assert game["result"] == "1(82)-0(60)"


def test_an_event_that_keeps_changing_is_refused_and_nothing_written(
    any_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    org, event_id = paired(any_server)
    still_as_read = unit.still_as_read

    def always_moved(ed: Any, permission: Any) -> Any:
        changed(any_server, ed.row.id)
        return still_as_read(ed, permission)

    monkeypatch.setattr("arbiter.server.services.results.still_as_read", always_moved)
    r = result(org, event_id, 1, 1, "1(82)-0(60)")
    assert r.status_code == 409 and "try again" in r.json()["error"]["message"]
    assert org.get(f"/api/events/{event_id}/rounds/1/games/1").json()["result"] is None


def test_a_role_taken_away_between_the_read_and_the_write_writes_nothing(
    any_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    org, event_id = paired(any_server)
    any_server.user("ref")
    grant(org, event_id, "ref", "referee")
    referee = any_server.sign_in("ref")
    still_as_read = unit.still_as_read

    def revoked(ed: Any, permission: Any) -> Any:
        with any_server.rt.db.write() as session:  # the organiser takes the role back
            session.execute(
                delete(EventRole).where(
                    EventRole.event_id == ed.row.id, EventRole.user_id == ed.user.id
                )
            )
        return still_as_read(ed, permission)

    monkeypatch.setattr("arbiter.server.services.results.still_as_read", revoked)
    r = result(referee, event_id, 1, 1, "1(82)-0(60)")
    assert r.status_code == 404, r.text  # no role left: the unpublished event is not shown
    assert org.get(f"/api/events/{event_id}/rounds/1/games/1").json()["result"] is None
