"""Toguz Korgool games played through Match: what referees do (seed 000 4.2, 6.7, 6.15, 12.11),
pausing, adjourning, correcting clocks, restoring positions, warnings and results."""

from __future__ import annotations

import pytest

from arbiter.match import (
    AddTime,
    Adjourn,
    Arrive,
    IntroduceClocks,
    Match,
    MatchSettings,
    Move,
    NotPermitted,
    Pause,
    Penalise,
    RestorePosition,
    Resume,
    SetClock,
    SetClocks,
    SetResult,
    Start,
    Warn,
    WrongPhase,
    replay,
)

from .helpers import BLACK, REF, WHITE, refused, started_toguz

# ----- referees


def test_pause_and_resume_stop_the_time_and_the_thinking_time() -> None:
    m = started_toguz().apply(Move(7), 10, WHITE)
    paused = m.apply(Pause("a dispute"), 40, REF)
    refused(paused, Move(8), 50, BLACK, WrongPhase)
    resumed = paused.apply(Resume(), 400, REF)
    assert resumed.clock_state("black", 400).main == 3570
    moved = resumed.apply(Move(8), 410, BLACK)
    assert moved.moves[-1].spent == pytest.approx(40)  # 30 before the pause, 10 after


def test_adjourned_games_resume_from_the_stored_position_and_clocks() -> None:
    m = started_toguz().apply(Move(7), 10, WHITE)
    adjourned = m.apply(Adjourn("hall closed"), 70, REF)
    assert adjourned.status == "adjourned"
    refused(adjourned, Pause(), 71, REF, WrongPhase)
    back = adjourned.apply(Resume(), 86_400, REF)
    assert back.status == "playing"
    assert back.clock_state("black", 86_400).main == 3540
    assert back.toguz.position == m.toguz.position


def test_a_faulty_clock_corrected_below_five_minutes_gives_the_opponent_as_much() -> None:
    m = started_toguz().apply(Move(7), 10, WHITE)
    fixed = m.apply(SetClock("black", 120), 20, REF)
    assert fixed.clock_state("black", 20).main == 300
    assert fixed.clock_state("white", 20).main == 3590 + 180
    both = m.apply(SetClocks(black=1000, white=100), 20, REF)
    assert both.clock_state("white", 20).main == 300
    assert both.clock_state("black", 20).main == 1200
    refused(m, SetClock("black", 0), 20, WHITE, NotPermitted)
    added = m.apply(AddTime("white", 60), 20, REF)
    assert added.clock_state("white", 20).main == 3650


def test_clocks_introduced_late_give_half_the_time_elapsed_never_under_25_minutes() -> None:
    m = Match.new(MatchSettings.toguz("60m"))
    m = m.apply(Arrive(), 0, WHITE).apply(Arrive(), 0, BLACK).apply(Start(clocks=False), 0, REF)
    assert m.clock_state("white", 5) is None and m.deadline() is None
    m = m.apply(Move(7), 900, WHITE).apply(Move(8), 1800, BLACK)
    refused(m, SetClock("white", 600), 1900, REF, WrongPhase)
    timed = m.apply(IntroduceClocks(), 2000, REF)
    assert timed.clock_state("white", 2000).main == 2600
    assert timed.clock.running_side == "white"
    refused(timed, IntroduceClocks(), 2001, REF, WrongPhase)
    floor = m.apply(IntroduceClocks(), 6000, REF)
    assert floor.clock_state("black", 6000).main == 1500


def test_restoring_the_position_before_a_mistake_takes_later_moves_back() -> None:
    m = started_toguz()
    t = 0.0
    for pit in (7, 8, 1, 2, 3):
        t += 10
        m = m.apply(Move(pit), t, WHITE if m.to_move == "white" else BLACK)
    assert m.to_move == "black"
    refused(m, RestorePosition(5), t, REF, WrongPhase)
    restored = m.apply(RestorePosition(2), t + 5, REF)
    assert restored.toguz.position == m.toguz.positions[2]
    assert len(restored.moves) == 2 and restored.to_move == "white"
    assert restored.clock.running_side == "white"
    # No time is charged for the restoration itself: Black keeps what it had at t + 5.
    assert restored.clock_state("black", t + 5).main == m.clock_state("black", t + 5).main
    assert restored.clock_state("white", t + 5).main == m.clock_state("white", t + 5).main
    assert replay(restored.settings, restored.log) == restored


def test_warnings_are_recorded_and_penalty_points_are_refused() -> None:
    m = started_toguz().apply(Move(7), 10, WHITE)
    warned = m.apply(Warn("black", "talking"), 11, REF).apply(Warn("black", "again"), 12, REF)
    assert not warned.is_over and len(warned.warnings_of("black")) == 2  # counted by the event
    refused(m, Penalise("black", 1), 12, REF, WrongPhase)


def test_the_referee_sets_results_the_game_did_not_decide() -> None:
    m = started_toguz().apply(Move(7), 10, WHITE)
    cases = [
        (SetResult("+-", "no-show"), "+-", "white"),
        (SetResult("1-0", "forfeit"), "+-", "white"),
        (SetResult("--", "double-forfeit"), "--", None),
        (SetResult("Void", "void"), "Void", None),
        (SetResult("0(60)-1(70)"), "0(60)-1(70)", "black"),
    ]
    for action, text, winner in cases:
        done = m.apply(action, 20, REF)
        assert done.result is not None and (done.result.text, done.result.winner) == (text, winner)
    assert m.apply(SetResult("Void", "void"), 20, REF).result.score("white") is None  # type: ignore[union-attr]
    refused(m, SetResult("Void", "forfeit"), 20, REF, Exception)  # type: ignore[arg-type]
    refused(m, SetResult("2-0"), 20, REF, Exception)  # type: ignore[arg-type]
