"""Reading and writing Toguz Korgool records: PlayOK's export and the federation's notation."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest

from arbiter.games.toguz import Position
from arbiter.games.toguz.notation import MoveText
from arbiter.records.toguz_record import (
    GameResult,
    RecordedMove,
    RecordError,
    ToguzRecord,
    record_from_moves,
    replay,
)
from arbiter.records.toguz_text import read_games, write_federation, write_playok
from tests.conftest import DATA

PLAYOK = sorted((DATA / "toguz" / "playok").glob("*.txt"))


@functools.cache
def all_playok_games() -> tuple[ToguzRecord, ...]:
    return tuple(g for f in PLAYOK for g in read_games(f.read_text(encoding="utf-8")))


def test_the_data_is_there() -> None:
    assert len(PLAYOK) >= 7, "../shared/data/toguz/playok/ is missing"


def test_every_playok_game_replays_without_a_mismatch() -> None:
    games = all_playok_games()
    assert len(games) == 1459  # records in the files, duplicates included
    bad = [(g.describe(), replay(g).mismatches) for g in games if replay(g).mismatches]
    assert bad == []
    # The sample covers what the replay checks: {zero} endings, 82-wins and tuzes.
    assert sum(g.zero for g in games) == 188
    assert sum(any(m.text.tuz for m in g.moves) for g in games) > 1000
    assert sum(replay(g).final.is_over and not g.zero for g in games) > 50


def test_reading_a_playok_game() -> None:
    games = read_games(PLAYOK[0].read_text(encoding="utf-8"))
    first = games[0]
    assert first.tag("White") == "argenby" and first.tag("Black") == "sportt"
    assert str(first.moves[0]) == "76" and first.moves[0].text.kazan == 10
    assert first.result == GameResult("white")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("1. 76(10) 87(2)", "1. 75(10) 87(2)", 1), "lands in pit 6, not 5"),
        (lambda t: t.replace("1. 76(10) 87(2)", "1. 76(12) 87(2)", 1), "holds 10 after it, not 12"),
        (lambda t: t.replace("1. 76(10) 87(2)", "1. 76 87(2)", 1), "has no (10)"),
        (lambda t: t.replace(" 25X ", " 25 ", 1), "not marked X"),
    ],
)
def test_mismatches_are_found(change, message: str) -> None:  # type: ignore[no-untyped-def]
    text = PLAYOK[0].read_text(encoding="utf-8").split("\n\n[Event")[0]
    changed = change(text)
    assert changed != text
    (game,) = read_games(changed)
    problems = replay(game).mismatches
    assert problems and message in problems[0]


def test_zero_mark_is_checked() -> None:
    text = PLAYOK[0].read_text(encoding="utf-8")
    game = next(g for g in read_games(text) if g.zero)
    assert replay(game).mismatches == ()
    shortened = dataclasses.replace(game, moves=game.moves[:-1])
    assert any("{zero}" in p for p in replay(shortened).mismatches)


def test_a_move_after_the_end_is_a_mismatch() -> None:
    game = next(g for g in all_playok_games() if g.zero)
    longer = dataclasses.replace(game, moves=(*game.moves, RecordedMove(MoveText(1, 2))))
    assert "already over" in replay(longer).mismatches[0]


def test_federation_notation_with_cyrillic_tuz_and_korgool_result() -> None:
    text = (Path(__file__).parent / "fixtures" / "federation.txt").read_text(encoding="utf-8")
    (game,) = read_games(text)
    assert game.tag("White") == "Асанов Бакыт"
    assert replay(game).mismatches == ()
    assert game.moves[9].text.tuz  # "36х"
    final = replay(game).final
    assert game.result is not None and game.result.korgools is None
    assert final.tuz[1] == 6


def test_federation_result_with_wrong_korgools_is_a_mismatch() -> None:
    game = next(g for g in all_playok_games() if replay(g).final.is_over and not g.zero)
    board = replay(game).final.result
    assert board is not None
    good = dataclasses.replace(game, result=GameResult(board.winner, board.korgools))
    assert replay(good).mismatches == ()
    w, b = board.korgools
    bad = dataclasses.replace(game, result=GameResult(board.winner, (w - 1, b + 1)))
    assert "the board gives" in replay(bad).mismatches[0]
    loser = "black" if board.winner == "white" else "white"
    flipped = dataclasses.replace(game, result=GameResult(loser))
    assert "the board gives" in replay(flipped).mismatches[0]


@pytest.mark.parametrize("writer", [write_playok, write_federation])
def test_written_records_read_back_to_the_same_game(writer) -> None:  # type: ignore[no-untyped-def]
    for game in all_playok_games()[:200]:
        again = read_games(writer(game))
        assert len(again) == 1
        assert [str(m) for m in again[0].moves] == [str(m) for m in game.moves]
        assert again[0].result is not None and game.result is not None
        assert again[0].result.winner == game.result.winner
        assert replay(again[0]).mismatches == ()


def test_playok_writer_is_playoks_own_format() -> None:
    text = PLAYOK[0].read_text(encoding="utf-8").replace("\r\n", "\n")
    first_text = text.split("\n\n[Event")[0].strip()
    (game,) = read_games(first_text)
    assert write_playok(game).split() == first_text.split()


def test_playok_writer_adds_kazan_marks_and_zero_to_a_federation_record() -> None:
    game = next(g for g in all_playok_games() if g.zero)
    plain = read_games(write_federation(game))[0]
    assert all(m.text.kazan is None for m in plain.moves)
    back = read_games(write_playok(plain))[0]
    assert [m.text.kazan for m in back.moves] == [m.text.kazan for m in game.moves]
    assert back.zero


def test_clock_comments_and_draw_offers() -> None:
    rec = record_from_moves(
        Position.initial(),
        [7, 8, 9],
        {"White": "A", "Black": "B"},
        clocks=[3590.0, 3581.5, None],
        draw_offers=[False, True, False],
    )
    text = write_federation(rec)
    assert "87= {[%clk 0:59:41.5]}" in text
    back = read_games(text)[0]
    assert [m.clock for m in back.moves] == [3590.0, 3581.5, None]
    assert [m.text.draw_offer for m in back.moves] == [False, True, False]


def test_several_tagless_games_in_one_file() -> None:
    games = read_games("1. 76 98 1/2-1/2\n\n1. 19 98 *\n1. 76 0-1")
    assert [len(g.moves) for g in games] == [2, 2, 1]
    assert [str(g.result) if g.result else None for g in games] == ["1/2-1/2", None, "0-1"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1. 76 9A", "line 1: '9A' is not a move"),
        ('[White "x"]\n\n1. 76 98\n2. 66 {never closed', "line 4: cannot read"),
        ("1. 76 98 1-0 2-0", "'2-0' is not a move"),
        ("1. 76 98 1(82)-0", "korgools of both sides"),
    ],
)
def test_corrupt_records_name_the_line(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        read_games(text)


def test_result_grammar() -> None:
    assert str(GameResult.parse("0(76)-1(86)")) == "0(76)-1(86)"
    assert GameResult.parse("=") == GameResult(None)
    with pytest.raises(RecordError):
        GameResult.parse("1-1")
