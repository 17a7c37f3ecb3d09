"""Finished games exported with their clock times: the federation's notation, PlayOK's export
and the JSON record for Toguz Korgool, SGF for Go; each read back with arbiter's readers."""

from __future__ import annotations

import random

import pytest

from arbiter.match import (
    Arrive,
    DeclineDraw,
    Match,
    MatchSettings,
    Move,
    Penalise,
    Player,
    Resign,
    SetResult,
    Start,
    Warn,
    WrongPhase,
)
from arbiter.match.export import (
    export,
    federation_text,
    go_game,
    json_text,
    playok_text,
    sgf,
    toguz_record,
)
from arbiter.records.game_json import read_json
from arbiter.records.sgf import read_sgf
from arbiter.records.toguz_text import read_games

from .helpers import BLACK, REF, WHITE, FakeTime, play_random_toguz


def toguz_game() -> Match:
    settings = MatchSettings.toguz(
        "60m",
        white=Player("Asanov Bakyt", rating=1650),
        black="Toktogulov Nurlan",
        event="Championship",
        round="3",
        date="2026-05-01",
    )
    m = Match.new(settings).apply(Start(), 0, REF)
    m = m.apply(Move(7, draw_offer=True), 19, WHITE).apply(DeclineDraw(), 20, BLACK)
    m = m.apply(Move(8), 31.5, BLACK).apply(Move(1), 40, WHITE)
    return m.apply(Resign(), 41, BLACK)


def test_federation_text_has_the_moves_offers_clocks_and_result() -> None:
    m = toguz_game()
    text = federation_text(m)
    assert "1. 76= {[%clk 0:59:41]} 87 {[%clk 0:59:47.5]} 2. 11 {[%clk 0:59:32.5]}" in text
    assert '[Result "1(10)-0(2)"]' in text and '[Termination "resignation"]' in text
    (game,) = read_games(text)
    assert [m.text.pit for m in game.moves] == [7, 8, 1]
    assert [m.clock for m in game.moves] == [3581.0, 3587.5, 3572.5]
    assert [m.text.draw_offer for m in game.moves] == [True, False, False]
    assert str(game.result) == "1(10)-0(2)"
    assert game.tag("White") == "Asanov Bakyt" and game.tag("Round") == "3"


def test_playok_and_json_records() -> None:
    m = toguz_game()
    playok = playok_text(m)
    assert "76(10)=" in playok and '[Result "1-0"]' in playok
    record = read_json(json_text(m))
    assert record.time_control == "60m"
    assert record.tags["WhiteElo"] == "1650"
    assert [mv.clock for mv in record.moves] == [3581.0, 3587.5, 3572.5]
    assert record == toguz_record(m)
    assert export(m, "federation") == federation_text(m)
    with pytest.raises(WrongPhase):
        export(m, "sgf")


def test_a_whole_toguz_game_exports_and_reads_back() -> None:
    clock = FakeTime()
    m = Match.new(MatchSettings.toguz("60m")).apply(Start(), 0, REF)
    m = play_random_toguz(m, clock, random.Random(11))
    (game,) = read_games(federation_text(m))
    assert [mv.text.pit for mv in game.moves] == list(m.toguz.pits)
    assert m.result is not None and str(game.result) == m.result.text
    for recorded, played in zip(game.moves, m.moves, strict=True):
        assert played.clock is not None and recorded.clock == pytest.approx(
            played.clock.main, abs=0.05
        )


@pytest.mark.parametrize(
    ("result", "termination", "written"),
    [("+-", "no-show", "1-0"), ("--", "double-forfeit", "*"), ("Void", "void", "*")],
)
def test_forfeits_are_written_without_korgools(result: str, termination: str, written: str) -> None:
    m = Match.new(MatchSettings.toguz()).apply(SetResult(result, termination), 0, REF)
    text = federation_text(m)
    assert text.rstrip().endswith(written)
    assert "Termination" in text


def test_sgf_has_players_times_penalties_warnings_and_the_result() -> None:
    settings = MatchSettings.go(
        "1m+3x30s",
        size=9,
        black=Player("Kim", "2d"),
        white=Player("Lee", "3d"),
        event="Cup",
        round="2",
        date="2026-05-02",
        site="Bishkek",
    )
    m = Match.new(settings).apply(Arrive(), 0, BLACK).apply(Arrive(), 0, WHITE)
    m = m.apply(Start(), 0, REF)
    m = m.apply(Move("E5"), 20, BLACK).apply(Move("C3"), 30, WHITE)
    m = m.apply(Warn("white", "noise"), 31, REF)
    m = m.apply(Move("G7"), 75, BLACK)  # into byo-yomi: 15 s into the first period, kept
    m = m.apply(Penalise("black", 1, "phone rang"), 80, REF)
    m = m.apply(Move("pass"), 85, WHITE).apply(Move("pass"), 86, BLACK)
    m = m.apply(Resign(), 90, WHITE)
    record = read_sgf(sgf(m))
    assert [p.name for p in record.info.black] == ["Kim"] and str(record.info.white[0].rank) == "3d"
    assert (record.info.event, record.info.round, record.info.place) == ("Cup", "2", "Bishkek")
    assert record.info.time_limit == 60 and record.info.overtime == "3x30 byo-yomi"
    assert [played.time_left for played in record.moves] == [40.0, 50.0, 30.0, 40.0, 30.0]
    assert [played.periods_left for played in record.moves] == [None, None, 3, None, 3]
    assert record.penalties and record.penalties[0].points == 1
    assert "Warning 1 to White: noise" in record.moves[1].comment
    assert str(record.result) == "B+R"
    assert go_game(m).info.comment.startswith("Result: B+R")


def test_a_double_forfeit_in_go_is_written_void_with_the_reason() -> None:
    m = Match.new(MatchSettings.go("60m", size=9)).apply(SetResult("--"), 0, REF)
    text = sgf(m).decode()
    assert "RE[Void]" in text and "double forfeit" in text
