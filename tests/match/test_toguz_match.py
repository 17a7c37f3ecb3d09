"""Toguz Korgool games played through Match with a fake time source: every conduct clause of
seed 000 the match implements (sections 3, 4, 6, 8) has a test that fails when it breaks."""

from __future__ import annotations

import random

import pytest

from arbiter.games.toguz import Position
from arbiter.match import (
    AcceptDraw,
    Adjudicate,
    Arrive,
    BothFlagsDown,
    Claim,
    ClaimRejected,
    ClockRefused,
    DeclineDraw,
    DrawOfferRefused,
    Excuse,
    FlagFall,
    GameOver,
    IllegalMatchMove,
    LateForfeit,
    Match,
    MatchSettings,
    Move,
    NotPermitted,
    NotYourTurn,
    Overdue,
    Pause,
    Resign,
    Resume,
    SetClock,
    SetResult,
    Start,
    TimeWentBack,
    ToguzConduct,
    WrongPhase,
    replay,
)

from .helpers import BLACK, REF, WHITE, FakeTime, play_random_toguz, refused, started_toguz

# A position whose korgools cycle: these 18 moves bring it back (no capture on the way).
CYCLE_FEN = "0,0,0,0,1,0,0,0,1/0,0,1,0,0,1,0,0,1 w 76/81 -/- 32"
CYCLE = [9, 9, 1, 3, 2, 4, 3, 1, 5, 6, 6, 7, 4, 8, 7, 2, 8, 5]


# ----- whole games under each time control


@pytest.mark.parametrize("control", ["60m", "10m+3x30s", "10m+20/5m", "5m+3s"])
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_game_under_each_time_control(control: str, seed: int) -> None:
    clock = FakeTime()
    m = started_toguz(control)
    rng = random.Random(seed)
    m = play_random_toguz(m, clock, rng, think=lambda r: r.uniform(0.5, 4.0))
    assert m.is_over and m.status == "over"
    board = m.toguz.position.result
    assert board is not None
    assert m.result is not None and m.result.winner == board.winner
    assert m.result.korgools == board.korgools
    assert m.result.termination in ("kazan", "atsyz-kalu", "draw-81")
    assert len(m.moves) == m.toguz.ply
    # The time each move took is the time between the turns, and the clock agrees with it.
    previous = 0.0
    for record in m.moves:
        assert record.spent == pytest.approx(record.t - previous)
        previous = record.t
    if control == "60m":
        for side in ("white", "black"):
            used = sum(r.spent for r in m.moves if r.side == side)
            assert m.clock_state(side, clock.now).main == pytest.approx(3600 - used)
    assert m.clock.status == "stopped"
    assert replay(m.settings, m.log) == m


def test_the_result_text_uses_korgools_white_first() -> None:
    m = started_toguz()
    m = m.apply(Move(7), 5, WHITE).apply(Resign(), 9, BLACK)
    assert m.result is not None
    assert (m.result.text, m.result.termination, m.result.winner) == (
        "1(10)-0(0)",
        "resignation",
        "white",
    )
    # Either player resigns at any time, also when it is not their move (seed 000 3.3).
    m2 = started_toguz().apply(Move(7), 5, WHITE).apply(Resign(), 6, WHITE)
    assert m2.result is not None and m2.result.text == "0(10)-1(0)"


# ----- draw offers (seed 000 8.1-8.3)


def test_a_draw_offer_travels_with_a_move_and_the_opponent_accepts() -> None:
    m = started_toguz().apply(Move(7, draw_offer=True), 10, WHITE)
    assert m.draw_offer == "white" and m.draw_offers_made("white") == 1
    assert m.moves[-1].draw_offer
    refused(m, AcceptDraw(), 11, WHITE, DrawOfferRefused)  # not one's own offer
    m = m.apply(AcceptDraw(), 12, BLACK)
    assert m.result is not None
    assert (m.result.text, m.result.termination) == ("1/2(10)-1/2(0)", "agreement")


def test_a_draw_offer_is_declined_explicitly_or_by_moving() -> None:
    m = started_toguz().apply(Move(7, draw_offer=True), 10, WHITE)
    declined = m.apply(DeclineDraw(), 11, BLACK)
    assert declined.draw_offer is None and not declined.is_over
    refused(declined, AcceptDraw(), 12, BLACK, DrawOfferRefused)  # nothing left to accept
    moved = m.apply(Move(8), 13, BLACK)
    assert moved.draw_offer is None
    refused(moved, AcceptDraw(), 14, BLACK, DrawOfferRefused)


def test_no_draw_offer_without_a_move_nor_by_the_player_who_must_move() -> None:
    m = started_toguz().apply(Move(7), 10, WHITE)
    # Black has not moved: the only way to offer is with Black's own move; White cannot
    # offer on Black's turn (the offer travels with a move, which is Black's to make).
    refused(m, Move(8, draw_offer=True), 11, WHITE, NotYourTurn)
    refused(m, AcceptDraw(), 11, BLACK, DrawOfferRefused)


def test_the_fourth_draw_offer_lets_the_opponent_claim_the_game() -> None:
    m = started_toguz()
    t = 0.0
    rng = random.Random(4)
    offers = 0
    while offers < 4:
        side = m.to_move
        assert side is not None
        pit = rng.choice(m.toguz.position.legal_moves())
        offer = side == "white"
        t += 5
        m = m.apply(Move(pit, draw_offer=offer), t, WHITE if side == "white" else BLACK)
        if offer:
            offers += 1
            if offers < 4:
                refused(m, Claim("draw-offers"), t + 1, BLACK, ClaimRejected)
    assert m.draw_offers_made("white") == 4
    assert "draw-offers" in m.claims("black")
    assert "draw-offers" not in m.claims("white")
    refused(m, Claim("draw-offers"), t + 1, WHITE, ClaimRejected)  # Black made none
    won = m.apply(Claim("draw-offers"), t + 1, BLACK)
    assert won.result is not None
    assert won.result.winner == "black" and won.result.termination == "draw-offers"
    assert won.result.text.startswith("0(")  # a played game: with korgools
    # Each offer is marked = in the record (8.3).
    from arbiter.match.export import federation_text

    assert federation_text(m).count("=") == 4


def test_a_draw_offer_cannot_go_with_a_move_that_ends_the_game() -> None:
    # White's 9 sows the last korgool onto Black's row: 82 in White's kazan? Use 80 and a capture.
    fen = "0,0,0,0,0,0,0,0,2/1,1,0,0,0,0,0,0,0 w 80/78 -/- 40"
    m = started_toguz(start=fen)
    refused(m, Move(9, draw_offer=True), 3, WHITE, DrawOfferRefused)
    ended = m.apply(Move(9), 3, WHITE)
    assert ended.result is not None and ended.result.termination == "kazan"


# ----- repetition (Chylymov, 3.7, 8.4) and the move cap


def test_the_repetition_draw_is_claimed_when_a_position_recurs() -> None:
    # The former reading, an event option (the code's own rule: tests/match/test_chylymov.py).
    m = started_toguz(start=CYCLE_FEN, conduct=ToguzConduct(repetitions=2))
    assert m.claims("white") == ()
    t = 0.0
    for pit in CYCLE[:-1]:
        t += 1
        side = m.to_move
        m = m.apply(Move(pit), t, WHITE if side == "white" else BLACK)
        refused(m, Claim("repetition"), t, WHITE, ClaimRejected)
    m = m.apply(Move(CYCLE[-1]), t + 1, BLACK)
    assert m.toguz.repetitions() == 2
    assert "repetition" in m.claims("white") and "repetition" in m.claims("black")
    drawn = m.apply(Claim("repetition"), t + 2, BLACK)  # either player may claim
    assert drawn.result is not None
    assert drawn.result.termination == "repetition" and drawn.result.winner is None
    assert drawn.result.text == "1/2(76)-1/2(81)"


def test_the_number_of_repetitions_is_an_event_setting() -> None:
    m = started_toguz(start=CYCLE_FEN, conduct=ToguzConduct(repetitions=3))
    t = 0.0
    for pit in CYCLE:
        t += 1
        m = m.apply(Move(pit), t, WHITE if m.to_move == "white" else BLACK)
    refused(m, Claim("repetition"), t, WHITE, ClaimRejected)
    for pit in CYCLE:
        t += 1
        m = m.apply(Move(pit), t, WHITE if m.to_move == "white" else BLACK)
    assert m.apply(Claim("repetition"), t, WHITE).result is not None


def test_past_the_move_cap_a_claim_waits_for_the_referee_who_adjudicates() -> None:
    m = started_toguz(conduct=ToguzConduct(move_cap=2))
    refused(m, Adjudicate("white"), 1, REF, ClaimRejected)
    m = m.apply(Move(7), 1, WHITE).apply(Move(8), 2, BLACK).apply(Move(1), 3, WHITE)
    refused(m, Claim("move-cap"), 4, BLACK, ClaimRejected)  # 1 full move and a half
    m = m.apply(Move(1), 4, BLACK)
    claimed = m.apply(Claim("move-cap"), 5, WHITE)
    assert claimed.status == "awaiting-decision" and claimed.clock.status == "paused"
    refused(claimed, Move(2), 6, WHITE, WrongPhase)
    # The referee may reject the claim (play on) ...
    resumed = claimed.apply(Resume(), 30, REF)
    assert resumed.status == "playing"
    assert resumed.clock_state("white", 30).main == claimed.clock_state("white", 5).main
    # ... or adjudicate.
    done = claimed.apply(Adjudicate("white"), 40, REF)
    assert done.result is not None
    assert (done.result.winner, done.result.termination) == ("white", "adjudication")
    # Without a cap in the event there is no adjudication.
    refused(started_toguz(), Claim("move-cap"), 1, WHITE, ClaimRejected)


# ----- flag fall (3.10 with 3.4; 6.6; 3.8)


def test_a_flag_fall_is_judged_by_the_flagged_players_kazan() -> None:
    m = started_toguz("60m").apply(Move(7), 10, WHITE)
    # Black thinks past the hour: at the deadline (the Toguz grace included) the flag falls.
    deadline = m.deadline()
    assert deadline == pytest.approx(10 + 3600 + 2.0)
    assert m.tick(deadline - 0.001) is m
    ended = m.tick(deadline)
    assert ended.result is not None
    assert (ended.result.text, ended.result.termination) == ("1(10)-0(0)", "time")
    entry = ended.last_entry
    assert entry is not None and entry.action == FlagFall("black")
    assert entry.actor.kind == "system"


def test_a_flag_fall_with_81_in_the_kazan_is_a_draw() -> None:
    fen = "0,0,0,0,0,0,0,0,1/0,0,0,0,0,1,0,0,1 w 78/81 -/- 50"
    m = started_toguz("60m", start=fen).apply(Move(9), 10, WHITE)
    ended = m.tick(m.deadline() or 0)
    assert ended.result is not None
    assert ended.result.winner is None and ended.result.text == "1/2(78)-1/2(81)"


def test_a_move_in_progress_when_the_flag_falls_is_completed_then_judged() -> None:
    # White captures 2 with the move in progress: 79 + 2 = 81 after it, a draw (6.6 with 3.4).
    fen = "0,0,0,0,0,0,0,0,2/1,1,0,0,0,0,0,0,0 w 79/79 -/- 40"
    m = started_toguz("60m", start=fen)
    late = 3600 + 1.5  # the flag fell at 3600; the move arrives within the 2 s grace
    completed = m.apply(Move(9), late, WHITE)
    assert completed.result is not None
    assert completed.moves[-1].after_flag and completed.moves[-1].text == "91"
    assert completed.result.termination == "time"
    assert completed.result.text == "1/2(81)-1/2(79)"
    # Beyond the grace the move comes too late: the flag must be applied first.
    refused(m, Move(9), 3600 + 2.5, WHITE, Overdue)
    assert m.tick(3600 + 2.5).result is not None


def test_lag_credit_lets_a_move_sent_in_time_count() -> None:
    m = started_toguz("5m+3s", conduct=ToguzConduct(completion_grace=0.0))
    m = m.apply(Move(7, lag=0.75), 300.5, WHITE)  # charged 299.75 s: in time
    assert not m.is_over
    assert m.clock_state("white", 300.5).main == pytest.approx(0.25 + 3)
    assert m.moves[-1].spent == pytest.approx(299.75)


def test_both_flags_down_entered_by_a_referee_is_a_draw() -> None:
    m = started_toguz().apply(Move(7), 10, WHITE)
    refused(m, BothFlagsDown(), 11, WHITE, NotPermitted)
    drawn = m.apply(BothFlagsDown(), 11, REF)
    assert drawn.result is not None
    assert (drawn.result.text, drawn.result.termination) == ("1/2(10)-1/2(0)", "both-flags")


def test_a_flag_fall_noted_by_a_player_needs_the_flag_down() -> None:
    m = started_toguz("60m").apply(Move(7), 10, WHITE)
    refused(m, FlagFall("black"), 100, WHITE, ClaimRejected)
    noted = m.apply(FlagFall("black"), 3700, WHITE)
    assert noted.result is not None and noted.result.winner == "white"


# ----- arrival (3.9, 12.13)


def test_late_arrival_forfeit_after_half_the_time_plus_30_seconds() -> None:
    m = Match.new(MatchSettings.toguz("60m")).apply(Arrive(), 0, WHITE).apply(Start(), 0, REF)
    m = m.apply(Move(7), 20, WHITE)
    assert m.deadline() is not None and m.deadline() > 1830.0  # type: ignore[operator]
    assert m.tick(1830.0) is m  # exactly the limit is not later than it
    on_time = m.apply(Arrive(), 1830.0, BLACK)
    assert not on_time.is_over and on_time.deadline() == pytest.approx(3600 + 20 + 2)
    refused(m, Arrive(), 1830.5, BLACK, Overdue)
    lost = m.tick(m.deadline() or 0)
    assert lost.result is not None
    assert (lost.result.text, lost.result.termination) == ("+-", "late-arrival")
    assert not lost.result.played and lost.result.score("white") == 1.0


def test_both_absent_is_a_double_forfeit_and_a_referee_may_excuse() -> None:
    m = Match.new(MatchSettings.toguz("60m")).apply(Start(), 0, REF)
    ended = m.tick(2000)
    assert ended.result is not None and ended.result.text == "--"
    assert ended.result.score("white") == ended.result.score("black") == 0.0
    assert ended.last_entry is not None and ended.last_entry.action == LateForfeit(
        ("black", "white")
    )
    excused = m.apply(Excuse("white"), 100, REF).apply(Excuse("black"), 101, REF)
    assert excused.tick(5000).result is not None  # White's flag, no forfeit
    assert excused.tick(5000).result.termination == "time"  # type: ignore[union-attr]
    refused(excused, Excuse("white"), 102, REF, WrongPhase)


def test_toguz_does_not_reset_the_clocks_when_both_were_absent_unless_set() -> None:
    plain = Match.new(MatchSettings.toguz("60m")).apply(Start(), 0, REF)
    plain = plain.apply(Arrive(), 600, BLACK)
    assert plain.clock_state("white", 600).main == 3000  # White's clock ran
    settings = MatchSettings.toguz("60m", conduct=ToguzConduct(reset_when_both_absent=True))
    reset = Match.new(settings).apply(Start(), 0, REF).apply(Arrive(), 600, BLACK)
    assert reset.clock_state("white", 600).main == 3300
    assert reset.clock_state("black", 600).main == 3300
    assert reset.clock.running_side == "white"


# ----- bad actions change nothing


def test_bad_actions_are_refused_with_a_reason() -> None:
    m = started_toguz().apply(Move(7), 10, WHITE)
    refused(m, Move(8), 11, WHITE, NotYourTurn)
    refused(m, Move(10), 11, BLACK, IllegalMatchMove)
    refused(m, Move(8), 9, BLACK, TimeWentBack)
    refused(m, Start(), 11, REF, WrongPhase)
    refused(m, Pause(), 11, BLACK, NotPermitted)
    refused(m, Move(8), 11, REF, NotPermitted)
    refused(m, Resume(), 11, REF, WrongPhase)
    refused(m, Arrive(), 11, BLACK, WrongPhase)
    ready = Match.new(MatchSettings.toguz())
    refused(ready, Move(7), 0, WHITE, WrongPhase)
    refused(ready, Resign(), 0, WHITE, WrongPhase)
    over = m.apply(Resign(), 12, BLACK)
    for action, actor in ((Move(8), BLACK), (Pause(), REF), (SetResult("1-0"), REF)):
        refused(over, action, 13, actor, GameOver)
    assert over.tick(10_000) is over


def test_set_clock_refusals_are_clock_errors_with_reasons() -> None:
    m = started_toguz("10m+3x30s").apply(Move(7), 10, WHITE)
    refused(m, SetClock("white", 100, moves_left=3), 20, REF, ClockRefused)


def test_players_of_another_kind_are_refused() -> None:
    m = started_toguz()
    from arbiter.match import Actor

    refused(m, Move(7), 1, Actor.player("white", "man"), NotPermitted)


def test_the_log_replays_to_an_equal_match_and_positions_agree() -> None:
    clock = FakeTime()
    m = started_toguz()
    m = m.apply(Move(7, draw_offer=True), clock.advance(3), WHITE)
    m = m.apply(DeclineDraw(), clock.advance(1), BLACK)
    m = m.apply(Pause(), clock.advance(1), REF).apply(Resume(), clock.advance(60), REF)
    m = play_random_toguz(m, clock, random.Random(9))
    again = replay(m.settings, m.log)
    assert again == m
    assert [e.seq for e in m.log] == list(range(len(m.log)))
    assert Position.initial().play(7) == m.toguz.positions[1]
