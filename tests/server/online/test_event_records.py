"""Issue 15: an event game played online leaves its record in the event — the event's game page
shows it in the viewer and links the live game, the round's archives hold it with the clock
times and the referees' notes — and the referees' notes reach both players' states and the
printed round protocol (seed 002 3.18.2: a warning is entered in the round protocol)."""

from __future__ import annotations

import io
import json
import time
import zipfile
from collections.abc import Callable
from typing import Any

from arbiter.server.play.client import PlayClient
from arbiter.server.play.event_records import (
    played_match,
    record_of,
    store_event_record,
    unstored,
)
from arbiter.server.services import records
from tests.server.online.conftest import Cup, make_cup
from tests.server.online.test_pages import browser
from tests.server.play.conftest import LiveServer, run


def until(found: Callable[[], Any], what: str, timeout: float = 15.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = found()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited in vain for {what}")
        time.sleep(0.1)


def start_round(cup: Cup) -> tuple[int, int]:
    """The round's live game (started by the server now) and the entry that plays White."""
    made = cup.live.post(
        f"/api/play/events/{cup.id}/rounds/1",
        {"start_at": cup.live.hub.wall() + 0.5},
        token=cup.referee.token,
    )
    gid = int(made[0]["id"])
    state = cup.live.get(f"/api/play/games/{gid}", token=cup.referee.token).json()["state"]
    white = 1 if state["players"]["white"][0]["name"] == "Asanov Bakyt" else 2
    return gid, white


def test_a_warned_game_reaches_the_event_with_its_record(live: LiveServer) -> None:
    cup = make_cup(live, names=("Asanov Bakyt", "Bekova Aida"))
    gid, white_no = start_round(cup)
    seen: dict[str, Any] = {}

    async def play() -> None:
        white = await PlayClient.connect(live.ws, gid, auth=cup.players[white_no].token)
        black = await PlayClient.connect(live.ws, gid, auth=cup.players[3 - white_no].token)
        referee = await PlayClient.connect(live.ws, gid, auth=cup.referee.token)
        await white.wait_state(lambda g: g["status"] == "playing", timeout=10)
        await white.act({"type": "move", "move": 7})
        await referee.act({"type": "warn", "side": "black", "reason": "phone rang"})
        # Both players have the warning in their state at once.
        for client in (white, black):
            got = await client.wait_state(lambda g: bool(g["notices"]))
            (notice,) = got["notices"]
            assert notice["what"] == "warn" and notice["side"] == "black"
            assert notice["ply"] == 1 and notice["params"] == {"number": 1, "side": "black"}
            assert notice["text"] == "Warning 1 to Black: phone rang"
        await referee.act({"type": "add-time", "side": "white", "seconds": 60})
        await black.act({"type": "move", "move": 8})
        await referee.act({"type": "set-result", "result": "1-0", "termination": "forfeit"})
        final = await black.wait_state(lambda g: g["result"] is not None)
        seen["final"] = final
        for c in (white, black, referee):
            await c.close()

    run(play())
    final = seen["final"]
    assert final["notices"][-1]["ended"] and final["notices"][-1]["what"] == "set-result"

    # The record reaches the event, written from the event game's action log.
    row = until(lambda: live.hub.store.game(gid), "the live game")
    stored = until(lambda: _record(cup, live), "the event game's record", timeout=20)
    assert stored.format == "arbiter-game"
    doc = json.loads(stored.content)
    assert [m["move"] for m in doc["moves"]] == ["76", "87"]
    assert all(isinstance(m["clock"], float) for m in doc["moves"])
    assert {"ply": 1, "text": "Warning 1 to Black: phone rang"} in doc["notes"]
    assert doc["result"]["text"] == "1-0"
    match = played_match(live.rt, row)
    assert match is not None and record_of(match) == ("arbiter-game", stored.content)
    assert unstored(live.hub.store) == []
    # Storing again (another process, a sweep) keeps the stored record: nothing is written twice.
    assert store_event_record(live.rt, row)
    again = records.get_record(live.rt, cup.referee.user, cup.id, 1, 1, None)
    assert again.version == stored.version == 1

    # The event's game page: the record in the viewer and a link to the live game.
    staff = browser(live, "ref")
    page = staff.get(f"/events/{cup.id}/rounds/1/games/1")
    assert page.status_code == 200
    assert "No record of this game is stored" not in page.text
    assert f'href="/play/games/{gid}"' in page.text
    assert "data-viewer" in page.text and "</span> 76</button>" in page.text  # the viewer
    first = staff.get(f"/events/{cup.id}/rounds/1/games/1?ply=1")
    assert "Warning 1 to Black: phone rang" in first.text  # with the move it followed
    # The round's archives hold it: the notation with clocks and notes, and the JSON record.
    archive = cup.api("GET", f"/api/events/{cup.id}/rounds/1/records", cup.referee)
    assert archive.status_code == 200
    with zipfile.ZipFile(io.BytesIO(archive.content)) as z:
        (name,) = z.namelist()
        notation = z.read(name).decode("utf-8")
    assert "1. 76 {[%clk" in notation and "{Warning 1 to Black: phone rang}" in notation
    assert "{1:01:00 added" not in notation and "0:01:00 added to the clock of White" in notation
    as_json = cup.api("GET", f"/api/events/{cup.id}/rounds/1/records?format=json", cup.referee)
    with zipfile.ZipFile(io.BytesIO(as_json.content)) as z:
        (name,) = z.namelist()
        assert json.loads(z.read(name))["notes"] == doc["notes"]
    # The printed round protocol: the warning and every other decision in the game.
    protocol = staff.get(f"/events/{cup.id}/rounds/1/protocol")
    assert protocol.status_code == 200
    warned = "Bekova Aida" if white_no == 1 else "Asanov Bakyt"
    assert f"{warned} ({3 - white_no}): phone rang (in the game, after move 1)" in protocol.text
    assert "Result set by the referee: 1-0" in protocol.text
    russian = staff.get(f"/events/{cup.id}/rounds/1/protocol?lang=ru")
    assert "Предупреждение 1" in russian.text


def _record(cup: Cup, live: LiveServer) -> records.StoredRecord | None:
    try:
        return records.get_record(live.rt, cup.referee.user, cup.id, 1, 1, None)
    except Exception:
        return None
