"""Go games played through Match with a fake time source: the conduct clauses of seed 002
(2.5-2.7, 3.18) and the dead-stone phase (1.10)."""

from __future__ import annotations

import random

import pytest

from arbiter.games.go import Rules, count, random_move
from arbiter.match import (
    AcceptDraw,
    AcceptMarking,
    Arrive,
    BothFlagsDown,
    Claim,
    ClaimRejected,
    CorrectSetup,
    DrawOfferRefused,
    GoConduct,
    IllegalMatchMove,
    MarkDead,
    Match,
    MatchSettings,
    Move,
    NotYourTurn,
    Overdue,
    Pause,
    Penalise,
    Player,
    Resign,
    RestorePosition,
    Resume,
    ResumePlay,
    SetClock,
    SetResult,
    Start,
    Warn,
    WrongPhase,
    replay,
)
from arbiter.match.actors import Actor

from .helpers import BLACK, REF, WHITE, FakeTime, refused


def started(
    control: str = "60m",
    *,
    size: int = 9,
    handicap: int = 0,
    conduct: GoConduct | None = None,
    rules: Rules | None = None,
) -> Match:
    settings = MatchSettings.go(
        control,
        size=size,
        handicap=handicap,
        rules=rules,
        conduct=conduct,
        black=Player("Kim", "2d"),
        white=Player("Lee", "3d"),
        event="Cup",
        round="2",
    )
    m = Match.new(settings).apply(Arrive(), 0, BLACK).apply(Arrive(), 0, WHITE)
    return m.apply(Start(), 0, REF)


def actor(m: Match) -> Actor:
    turn = m.turn
    assert turn is not None
    return turn


def play_random(m: Match, clock: FakeTime, rng: random.Random, think: float = 5.0) -> Match:
    """Random moves (no filling of own eyes) until two passes end play; past three moves a
    point the players pass (random play can cycle under basic ko)."""
    limit = 3 * m.go.position.size**2
    while m.status == "playing":
        move = random_move(m.go.position, rng) if m.ply < limit else None
        text = "pass" if move is None else move.gtp()
        m = m.apply(Move(text), clock.advance(rng.uniform(0.5, think)), actor(m))
    return m


@pytest.mark.parametrize("control", ["60m", "10m+3x30s", "10m+25/5m", "5m+3s"])
def test_whole_game_under_each_time_control_to_the_count(control: str) -> None:
    clock = FakeTime()
    m = play_random(started(control), clock, random.Random(len(control)))
    assert m.status == "marking" and m.clock.status == "paused"
    assert m.to_move is None and m.turn is None
    # The clocks stand still while the sides mark dead stones.
    frozen = m.clock_state("black", clock.now)
    assert m.clock_state("black", clock.now + 500) == frozen
    m = m.apply(AcceptMarking(), clock.advance(10), BLACK)
    assert not m.is_over
    m = m.apply(AcceptMarking(), clock.advance(10), WHITE)
    assert m.result is not None and m.result.termination == "points"
    assert m.result.text == str(count(m.go.position).result)
    assert m.clock.status == "stopped"
    # Every move carries the mover's time left, as SGF BL/WL.
    for record, played in zip(m.moves, m.go.game.moves, strict=True):
        assert record.clock is not None and played.time_left is not None
    assert replay(m.settings, m.log) == m


def test_a_flag_fall_loses_on_time_after_the_last_byo_yomi_period() -> None:
    m = started("1m+2x10s")
    m = m.apply(Move("E5"), 75, BLACK)  # main time and one period used, the second kept
    state = m.clock_state("black", 75)
    assert state is not None and (state.main, state.periods) == (0.0, 1)
    m = m.apply(Move("C3"), 80, WHITE)
    assert m.deadline() == pytest.approx(90)
    refused(m, Move("D4"), 90.5, BLACK, Overdue)
    lost = m.tick(90)
    assert lost.result is not None
    assert (lost.result.text, lost.result.termination) == ("W+T", "time")


def test_canadian_extra_periods_are_paid_for_in_points() -> None:
    conduct = GoConduct(extra_period_penalty=1.0)
    m = started("1m+2/10s extra 1", conduct=conduct)
    m = m.apply(Move("E5"), 75, BLACK)  # main 60 s, a 10 s period overrun: the extra one used
    assert m.go.game.penalty_points() == (1.0, 0.0)
    assert m.extra_black == 1
    m = m.apply(Move("C3"), 80, WHITE).apply(Move("D4"), 81, BLACK)
    assert m.go.game.penalty_points() == (1.0, 0.0)  # charged once


def test_the_dead_stone_phase_marks_accepts_and_resumes() -> None:
    m = started()
    for t, (who, move) in enumerate(
        [(BLACK, "E5"), (WHITE, "A1"), (BLACK, "pass"), (WHITE, "pass")], start=1
    ):
        m = m.apply(Move(move), float(t), who)
    assert m.status == "marking"
    refused(m, Move("B2"), 5, BLACK, WrongPhase)
    marked = m.apply(MarkDead("A1"), 6, BLACK)
    assert [p.gtp() for p in marked.go.position.dead_stones] == ["A1"]
    accepted = marked.apply(AcceptMarking(), 7, BLACK)
    refused(accepted, AcceptMarking(), 8, BLACK, WrongPhase)
    changed = accepted.apply(MarkDead("A1"), 8, WHITE)  # a change withdraws the acceptance
    assert changed.go.position.accepted == frozenset()
    # A side that disagrees resumes play; the side that did not pass last moves (Black).
    resumed = changed.apply(ResumePlay(), 60, WHITE)
    assert resumed.status == "playing" and resumed.to_move == "black"
    assert resumed.clock.running_side == "black"
    assert resumed.clock_state("black", 60) == m.clock_state("black", 4)
    done = marked.apply(AcceptMarking(), 9, BLACK).apply(AcceptMarking(), 10, WHITE)
    assert done.result is not None and done.result.text == str(count(done.go.position).result)
    refused(m, MarkDead("C3"), 6, BLACK, IllegalMatchMove)  # no stone there


def test_late_arrival_is_half_the_main_time_at_most_one_hour() -> None:
    for control, limit in (("60m", 1800.0), ("3h", 3600.0)):
        settings = MatchSettings.go(control, size=9)
        m = Match.new(settings).apply(Arrive(), 0, BLACK).apply(Start(), 0, REF)
        assert m.deadline() == pytest.approx(limit)
        assert m.tick(limit) is m
        lost = m.tick(m.deadline() or 0)
        assert lost.result is not None
        assert (lost.result.text, lost.result.termination) == ("B+F", "late-arrival")


def test_both_absent_the_first_arrival_restarts_the_clocks_reduced() -> None:
    m = Match.new(MatchSettings.go("60m", size=9)).apply(Start(), 0, REF)
    m = m.apply(Arrive(), 600, WHITE)
    for side in ("black", "white"):
        assert m.clock_state(side, 600).main == 3300  # type: ignore[union-attr]
    assert m.clock.running_side == "black"
    m = m.apply(Move("E5"), 630, BLACK)  # Black arrives by moving
    assert m.clock_state("black", 630).main == 3270  # type: ignore[union-attr]
    off = GoConduct(reset_when_both_absent=False)
    plain = Match.new(MatchSettings.go("60m", size=9, conduct=off)).apply(Start(), 0, REF)
    assert plain.apply(Arrive(), 600, WHITE).clock_state("black", 600).main == 3000  # type: ignore[union-attr]


def test_the_second_warning_in_a_game_loses_by_forfeit() -> None:
    m = started().apply(Move("E5"), 1, BLACK)
    once = m.apply(Warn("white", "noise"), 2, REF)
    assert not once.is_over
    twice = once.apply(Warn("white", "noise again"), 3, REF)
    assert twice.result is not None
    assert (twice.result.text, twice.result.termination) == ("B+F", "warnings")
    other = once.apply(Warn("black", "noise"), 3, REF)
    assert not other.is_over  # one each


def test_penalty_points_count_against_the_penalised_side() -> None:
    m = started(rules=Rules.japanese(komi=0.5))
    moves = [(BLACK, "E5"), (WHITE, "pass"), (BLACK, "pass")]
    for t, (who, move) in enumerate(moves, start=1):
        m = m.apply(Move(move), float(t), who)
    # Japanese counting: 80 points of territory for Black, less 0.5 komi and 2 of penalty.
    m = m.apply(Penalise("black", 2, "talking"), 5, REF)
    m = m.apply(AcceptMarking(), 6, BLACK).apply(AcceptMarking(), 7, WHITE)
    assert m.result is not None and m.result.text == "B+77.5"


def test_restoring_a_position_replays_the_moves_before_it() -> None:
    m = started()
    for t, (who, move) in enumerate(
        [(BLACK, "E5"), (WHITE, "C3"), (BLACK, "G7"), (WHITE, "C7")], start=1
    ):
        m = m.apply(Move(move), float(t * 10), who)
    m = m.apply(Penalise("white", 1, "noise"), 45, REF)
    restored = m.apply(RestorePosition(1), 50, REF)
    assert restored.go.position.get("C3") is None and restored.go.position.get("E5") == "black"
    assert restored.to_move == "white" and restored.clock.running_side == "white"
    assert len(restored.moves) == 1 and len(restored.go.game.moves) == 1
    assert restored.go.game.penalty_points() == (0.0, 1.0)
    assert restored.clock_state("black", 50) == m.clock_state("black", 50)
    assert restored.clock_state("white", 50) == m.clock_state("white", 50)
    assert replay(restored.settings, restored.log) == restored


def test_wrong_colours_with_three_white_stones_play_on_as_played() -> None:
    m = started()
    for t, move in enumerate(["E5", "C3", "G7", "C7", "G3", "E3"], start=1):
        m = m.apply(Move(move), float(t), actor(m))
    swapped = m.apply(CorrectSetup(colours_swapped=True), 10, REF)
    assert swapped.go.position == m.go.position and not swapped.is_over
    assert swapped.players("black")[0].name == "Lee"
    assert swapped.players("white")[0].name == "Kim"


def test_wrong_handicap_found_early_restarts_with_reduced_clocks() -> None:
    m = started()  # should have been a 2-stone game
    m = m.apply(Move("E5"), 300, BLACK).apply(Move("C3"), 600, WHITE)
    fixed = m.apply(CorrectSetup(handicap=2), 1200, REF)
    assert fixed.go.handicap == 2 and fixed.moves == ()
    assert fixed.to_move == "white" and fixed.clock.running_side == "white"
    for side in ("black", "white"):
        assert fixed.clock_state(side, 1200).main == 3000  # type: ignore[union-attr]
    assert replay(fixed.settings, fixed.log) == fixed
    # The same colours and handicap: the game just restarts.
    again = m.apply(CorrectSetup(), 1200, REF)
    assert again.to_move == "black" and len(again.go.position.stones("black")) == 0


def test_both_flags_down_waits_for_the_referees_decision() -> None:
    m = started().apply(Move("E5"), 1, BLACK)
    waiting = m.apply(BothFlagsDown(), 4000, REF)
    assert waiting.status == "awaiting-decision" and not waiting.is_over
    refused(waiting, Move("C3"), 4001, WHITE, WrongPhase)
    refused(waiting, Resume(), 4001, REF, WrongPhase)
    drawn = waiting.apply(SetResult("0", "referee"), 4100, REF)
    assert drawn.result is not None and (drawn.result.text, drawn.result.winner) == ("0", None)
    replayed = waiting.apply(SetResult("Void", "void"), 4100, REF)
    assert replayed.result is not None and replayed.result.score("black") is None


def test_a_referee_never_cuts_a_go_clock_below_five_minutes() -> None:
    m = started().apply(Move("E5"), 10, BLACK)
    cut = m.apply(SetClock("black", 60), 20, REF)
    assert cut.clock_state("black", 20).main == 300  # type: ignore[union-attr]


def test_go_has_no_draw_offers_nor_claims_and_refuses_bad_moves() -> None:
    m = started()
    refused(m, Move("E5", draw_offer=True), 1, BLACK, DrawOfferRefused)
    refused(m, Claim("repetition"), 1, BLACK, ClaimRejected)
    refused(m, AcceptDraw(), 1, WHITE, DrawOfferRefused)
    refused(m, Move("Z9"), 1, BLACK, IllegalMatchMove)
    refused(m, Move(7), 1, BLACK, IllegalMatchMove)
    refused(m, Move("E5"), 1, WHITE, NotYourTurn)
    m = m.apply(Move("E5"), 1, BLACK)
    refused(m, Move("E5"), 2, WHITE, IllegalMatchMove)


def test_resignation_pause_and_handicap_clock() -> None:
    m = started(handicap=2)
    assert m.to_move == "white" and m.clock.running_side == "white"
    m = m.apply(Move("E5"), 10, WHITE).apply(Pause(), 20, REF)
    resigned = m.apply(Resign(), 25, BLACK)  # at any time (seed 002 2.7.1)
    assert resigned.result is not None and resigned.result.text == "W+R"


def test_a_position_restored_while_paused_in_the_dead_stone_phase_is_in_play() -> None:
    m = started()
    for t, (who, move) in enumerate(
        [(BLACK, "E5"), (WHITE, "C3"), (BLACK, "pass"), (WHITE, "pass")], start=1
    ):
        m = m.apply(Move(move), float(t), who)
    paused = m.apply(Pause(), 10, REF)
    restored = paused.apply(RestorePosition(2), 11, REF).apply(Resume(), 12, REF)
    assert restored.status == "playing" and restored.go.phase == "playing"
    assert restored.to_move == "black" and restored.clock.running_side == "black"
    assert restored.apply(Move("G7"), 13, BLACK).ply == 3


def test_restoring_across_a_resumed_dead_stone_phase() -> None:
    m = started()
    for t, (who, move) in enumerate(
        [(BLACK, "E5"), (WHITE, "C3"), (BLACK, "pass"), (WHITE, "pass")], start=1
    ):
        m = m.apply(Move(move), float(t), who)
    m = m.apply(ResumePlay(), 5, WHITE).apply(Move("G7"), 6, BLACK).apply(Move("C7"), 7, WHITE)
    later = m.apply(RestorePosition(5), 8, REF)  # after Black's G7: play goes on
    assert later.status == "playing" and later.to_move == "white"
    assert later.go.position.get("G7") == "black" and later.go.position.get("C7") is None
    at_passes = m.apply(RestorePosition(4), 8, REF)  # right after the two passes
    assert at_passes.status == "marking" and at_passes.clock.status == "paused"
    assert at_passes.apply(AcceptMarking(), 9, BLACK).apply(AcceptMarking(), 10, WHITE).is_over
    assert replay(at_passes.settings, at_passes.log) == at_passes
