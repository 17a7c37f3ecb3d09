"""An event is finished only when no round is left to pair and every game has its final result."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from arbiter.events.event import Event
from arbiter.server.services.events import progress


def state(event: Event) -> Any:
    return SimpleNamespace(event=event)


def test_finished_needs_every_final_result() -> None:
    event = Event.create(game="toguz", system="round-robin", name="Two")
    for name in ("Asanov Bakyt", "Bekova Aida"):
        event, _ = event.add_player(name=name)
    assert progress(state(event)) == (1, False)
    event = event.pair_next_round()
    assert progress(state(event)) == (1, False)  # the only round is paired, its game is not over
    event = event.record_result(1, 1, None, "1/2(81)-1/2(81)?")
    assert progress(state(event)) == (1, False)  # a provisional result is not the end
    event = event.record_result(1, 1, None, "1(82)-0(60)")
    assert progress(state(event)) == (1, True)
