"""The deadline for the start of a postponed online game (seed 002 7.2.2).

7.2.2 «Регламентом может предусматриваться перенос отдельных встреч … по согласованию с
соперником и судейской коллегией. В этом случае должен быть указан предельный срок как для
переноса (…), так и для старта переносимой встречи.» — "The regulations may allow single games
to be postponed by agreement with the opponent and the referees. A deadline must then be given
both for the postponement (…) and for the start of the postponed game."
"""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.match import MatchSettings
from arbiter.server.play.postponement import postponed_start_limit, postponement_step
from arbiter.server.play.refused import Refused
from arbiter.server.play.snapshot import describe
from arbiter.server.play.state import Event, GameState, Options
from arbiter.server.play.viewer import Viewer

START = 1_800_000_000.0  # the game's scheduled start (Unix time)
HOUR = 3600.0


def _postponed(within: float | None) -> GameState:
    """A game 10 hours before its start; White asked, Black agreed."""
    options = Options(casual=False, start_at=START, postpone_within=within)
    state = GameState.new(
        MatchSettings.toguz("60m", white="A", black="B"), options, START - 20 * HOUR
    )
    wall = START - 10 * HOUR
    for seq, (viewer, op) in enumerate(
        ((Viewer("player", "white"), "request"), (Viewer("player", "black"), "consent"))
    ):
        data = postponement_step(state, wall, viewer, {"op": op})
        state = state.apply(Event(seq, "postpone", wall, data))
    return state


def _grant(state: GameState, start: float) -> dict[str, Any]:
    return postponement_step(
        state, START - 9 * HOUR, Viewer("referee"), {"op": "grant", "start_at": start}
    )


def test_a_postponed_game_starts_by_the_event_s_deadline() -> None:
    """7.2.2: «предельный срок … для старта переносимой встречи» — "a deadline for the start of
    the postponed game": 48 hours after the scheduled start here."""
    state = _postponed(48 * HOUR)
    assert postponed_start_limit(state) == START + 48 * HOUR
    assert _grant(state, START + 48 * HOUR)["start_at"] == START + 48 * HOUR
    with pytest.raises(Refused, match=r"starts by 2027-01-17 \d\d:\d\d UTC, 48 h after") as info:
        _grant(state, START + 48 * HOUR + 60)
    assert info.value.reason == "too-late"


def test_the_deadline_counts_from_the_scheduled_start_not_from_an_earlier_grant() -> None:
    """7.2.2: the deadline is the event's, for "the start of the postponed game": a second
    postponement cannot push the game past it."""
    state = _postponed(24 * HOUR)
    granted = state.apply(Event(2, "postpone", START - 9 * HOUR, _grant(state, START + 20 * HOUR)))
    wall = START - 8 * HOUR
    for seq, (viewer, op) in enumerate(
        ((Viewer("player", "black"), "request"), (Viewer("player", "white"), "consent")), start=3
    ):
        granted = granted.apply(
            Event(seq, "postpone", wall, postponement_step(granted, wall, viewer, {"op": op}))
        )
    with pytest.raises(Refused, match="24 h after its scheduled start"):
        _grant(granted, START + 30 * HOUR)


def test_without_a_deadline_any_later_start_is_granted_and_the_clients_are_told() -> None:
    state = _postponed(None)
    assert _grant(state, START + 1000 * HOUR)["start_at"] == START + 1000 * HOUR
    assert describe(state, START - 9 * HOUR)["postpone_by"] is None
    assert describe(_postponed(HOUR), START - 9 * HOUR)["postpone_by"] == START + HOUR
