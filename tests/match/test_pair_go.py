"""Pair go through Match (seed 004): the order of the four players, resignation only by the
player to move after the partner's consent, moves out of turn entered by a referee."""

from __future__ import annotations

import pytest

from arbiter.match import (
    Arrive,
    ConsentRequired,
    ConsentResignation,
    Match,
    MatchSettings,
    Move,
    NotPermitted,
    NotYourTurn,
    OutOfTurnMove,
    Player,
    ProposeResignation,
    RefuseResignation,
    Resign,
    SetResult,
    SettingsError,
    Start,
    WrongPhase,
    replay,
)
from arbiter.match.export import go_game, sgf
from arbiter.records.sgf import read_sgf

from .helpers import BLACK, BM, BW, REF, WM, WW, refused


def pair_match(handicap: int = 0) -> Match:
    settings = MatchSettings.go(
        "30m+3x30s",
        size=9,
        handicap=handicap,
        pair=True,
        black=[Player("Bat", "1d", role="man"), Player("Saraa", "2k", role="woman")],
        white=[Player("Oyun", "1k", role="woman"), Player("Dorj", "2d", role="man")],
    )
    m = Match.new(settings)
    for a in (BM, BW, WM, WW):
        m = m.apply(Arrive(), 0, a)
    return m.apply(Start(), 0, REF)


def test_the_four_players_move_in_the_order_of_seed_004() -> None:
    m = pair_match()
    order = []
    for t, move in enumerate(["E5", "C3", "G7", "C7", "G3"], start=1):
        turn = m.turn
        assert turn is not None
        order.append(str(turn))
        m = m.apply(Move(move), float(t), turn)
    assert order[:5] == ["Black woman", "White woman", "Black man", "White man", "Black woman"]
    handicap = pair_match(handicap=2)
    assert str(handicap.turn) == "White woman"


def test_a_move_by_the_partner_whose_turn_it_is_not_is_refused() -> None:
    m = pair_match()
    refused(m, Move("E5"), 1, BM, NotYourTurn)
    refused(m, Move("E5"), 1, WW, NotYourTurn)
    refused(m, Move("E5"), 1, BLACK, NotPermitted)  # a pair-go player has a role


def test_resignation_needs_the_turn_and_the_partners_consent() -> None:
    m = pair_match().apply(Move("E5"), 1, BW)  # White woman to move
    refused(m, Resign(), 2, WW, ConsentRequired)
    refused(m, ProposeResignation(), 2, WM, NotYourTurn)
    proposed = m.apply(ProposeResignation(), 2, WW)
    refused(proposed, Resign(), 3, WW, ConsentRequired)  # not answered yet
    refused(proposed, ConsentResignation(), 3, BM, NotPermitted)  # not the partner
    refused(proposed, ConsentResignation(), 3, WW, NotPermitted)  # not oneself
    consented = proposed.apply(ConsentResignation(), 3, WM)
    refused(consented, Resign(), 4, WM, NotYourTurn)  # the partner may not resign
    resigned = consented.apply(Resign(), 4, WW)
    assert resigned.result is not None and resigned.result.text == "B+R"
    # A refusal ends the proposal; so does the proposer's move.
    declined = proposed.apply(RefuseResignation(), 3, WM)
    assert declined.resignation is None
    refused(declined, Resign(), 4, WW, ConsentRequired)
    moved = consented.apply(Move("C3"), 5, WW)
    assert moved.resignation is None
    refused(moved, Resign(), 6, BM, ConsentRequired)


def test_a_referee_enters_a_move_played_out_of_turn_with_the_penalty() -> None:
    m = pair_match()
    refused(m, OutOfTurnMove("man", "E5"), 1, BM, NotPermitted)  # a referee's entry
    refused(m, OutOfTurnMove("woman", "E5"), 1, REF, WrongPhase)  # that one is in turn
    m = m.apply(OutOfTurnMove("man", "E5"), 1, REF)  # Black man played for the Black woman
    assert m.go.game.penalty_points() == (3.0, 0.0)
    assert m.moves[-1].out_of_turn and m.moves[-1].role == "man"
    assert str(m.turn) == "White woman"  # the order goes on from the right player
    assert m.clock.running_side == "white"


def test_pair_go_sgf_records_all_four_players_and_the_seats() -> None:
    m = pair_match()
    for t, move in enumerate(["E5", "C3", "G7"], start=1):
        turn = m.turn
        assert turn is not None
        m = m.apply(Move(move), float(t), turn)
    m = m.apply(SetResult("W+F", "forfeit"), 10, REF)
    record = read_sgf(sgf(m))
    assert [p.name for p in record.info.black] == ["Bat", "Saraa"]
    assert [p.name for p in record.info.white] == ["Dorj", "Oyun"]
    assert [str(played.seat) for played in record.moves] == [
        "Black woman",
        "White woman",
        "Black man",
    ]
    assert str(record.result) == "W+F"
    assert go_game(m).pair is not None
    assert replay(m.settings, m.log) == m


def test_pair_go_settings_need_a_man_and_a_woman_a_side() -> None:
    with pytest.raises(SettingsError):
        MatchSettings.go("30m", pair=True, black=[Player("A", role="man"), Player("B", role="man")])
    with pytest.raises(SettingsError):
        MatchSettings.go("30m", black=[Player("A"), Player("B")])
