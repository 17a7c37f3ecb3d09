"""What the online server builds on: deadlines and ticks with lag, the broadcast view, a match
rebuilt from stored entries, excusing a late player before the forfeit is applied."""

from __future__ import annotations

import json
import random

import pytest

from arbiter.match import (
    Arrive,
    Excuse,
    LogEntry,
    Match,
    MatchSettings,
    Move,
    Overdue,
    Start,
    TimeWentBack,
    replay,
)

from .helpers import BLACK, REF, WHITE, FakeTime, play_random_toguz, refused


def go_game() -> Match:
    m = Match.new(MatchSettings.go("5m", size=9))
    m = m.apply(Arrive(), 0, BLACK).apply(Arrive(), 0, WHITE).apply(Start(), 0, REF)
    return m.apply(Move("E5"), 100, BLACK)


def test_the_flag_deadline_leaves_room_for_a_move_still_on_its_way() -> None:
    m = go_game()  # White's 300 s run from 100
    assert m.deadline() == 400.0
    assert m.deadline(lag=1.0) == 401.0
    # A move received after the flag instant but sent in time (credited lag) is played.
    played = m.apply(Move("C3", lag=0.75), 400.5, WHITE)
    assert not played.is_over and played.moves[-1].spent == pytest.approx(299.75)
    refused(m, Move("C3", lag=0.25), 400.5, WHITE, Overdue)
    assert m.tick(400.5).result is not None


def test_tick_is_a_no_op_before_the_deadline_and_refuses_going_back() -> None:
    m = go_game()
    assert m.tick(399.99) is m
    with pytest.raises(TimeWentBack):
        m.tick(50)


def test_the_view_is_json_ready_and_tells_whose_turn_and_the_clocks() -> None:
    m = go_game()
    view = json.loads(json.dumps(m.view(150)))
    assert view["turn"] == {"kind": "player", "side": "white"}
    assert view["clocks"]["white"]["main"] == 250.0 and view["running"] == "white"
    assert view["moves"] == ["E5"] and view["seq"] == len(m.log) and view["deadline"] == 400.0
    assert view["result"] is None and view["status"] == "playing"


def test_a_match_rebuilt_from_stored_entries_goes_on_identically() -> None:
    clock = FakeTime()
    m = Match.new(MatchSettings.toguz("60m")).apply(Start(), 0, REF)
    m = play_random_toguz(m, clock, random.Random(5), max_moves=40)
    stored = [json.dumps(entry.to_json()) for entry in m.log]  # one row per entry
    rebuilt = replay(m.settings, (LogEntry.from_json(json.loads(row)) for row in stored))
    assert rebuilt == m
    side = m.to_move
    assert side is not None
    pit = m.toguz.position.legal_moves()[0]
    player = WHITE if side == "white" else BLACK
    assert rebuilt.apply(Move(pit), clock.now + 5, player) == m.apply(
        Move(pit), clock.now + 5, player
    )


def test_a_referee_may_excuse_a_late_player_before_the_forfeit_is_applied() -> None:
    m = Match.new(MatchSettings.toguz("60m")).apply(Arrive(), 0, WHITE).apply(Start(), 0, REF)
    excused = m.apply(Excuse("black"), 2000, REF)  # past the limit, not yet ticked
    assert excused.tick(2001) is excused
    assert excused.apply(Arrive(), 2500, BLACK).is_present("black")


def test_bestemshe_plays_through_the_match_too() -> None:
    clock = FakeTime()
    m = Match.new(MatchSettings.toguz("10m", variant="bestemshe")).apply(Start(), 0, REF)
    m = play_random_toguz(m, clock, random.Random(2))
    board = m.toguz.position.result
    assert m.toguz.position.variant.name == "bestemshe" and board is not None
    assert m.result is not None and m.result.korgools == board.korgools
