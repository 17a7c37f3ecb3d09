"""SGF records of Go games: what arbiter writes, reading it back, and real-world files."""

from pathlib import Path

import pytest
from sgfmill import sgf

from arbiter.errors import ArbiterError
from arbiter.games.go import (
    Game,
    GameInfo,
    Player,
    Point,
    Rank,
    Result,
    Rules,
    Seat,
)
from arbiter.records.sgf import SgfError, read_sgf, write_sgf

FIXTURES = Path(__file__).parent / "fixtures"


def load(name: str) -> Game:
    return read_sgf((FIXTURES / name).read_bytes())


def gtp(moves: list[Point | None]) -> list[str]:
    return ["pass" if m is None else m.gtp() for m in moves]


def full_game() -> Game:
    info = GameInfo(
        black=(Player("Айгерим", Rank.parse("2d")),),
        white=(Player("Bold [the] \\ Bear", Rank.parse("3k")),),
        event="Кубок Бишкека",
        round="4",
        date="2024-05-01",
        place="Бишкек",
        game_name="Final",
        time_limit=3600,
        overtime="5x30 byo-yomi",
        comment="Played on board 1",
    )
    game = Game.new(19, rules=Rules.japanese(komi=-6), handicap=3, info=info)
    game = game.play("C16", time_left=3590.5).play("R10", time_left=3580, periods_left=None)
    game = game.play("pass", comment="Time to think]").penalize("black", 2, "phone rang")
    return game.play("D17", time_left=10, periods_left=4).resign("black")


def test_what_is_written() -> None:
    text = write_sgf(full_game()).decode("utf-8")
    for expected in [
        "FF[4]",
        "GM[1]",
        "SZ[19]",
        "CA[UTF-8]",
        "KM[-6]",
        "HA[3]",
        "AB[dp][pd][pp]",
        "RU[Japanese]",
        "PB[Айгерим]",
        "BR[2d]",
        "PW[Bold [the\\] \\\\ Bear]",
        "WR[3k]",
        "RE[W+R]",
        "DT[2024-05-01]",
        "EV[Кубок Бишкека]",
        "RO[4]",
        "PC[Бишкек]",
        "GN[Final]",
        "GC[Played on board 1]",
        "TM[3600]",
        "OT[5x30 byo-yomi]",
        "W[cd]WL[3590.5]",
        "W[]",
        "OB[4]",
        "XPN[B:2:phone rang]",
        "Penalty: 2 points to Black (phone rang)",
        "C[Time to think\\]",
    ]:
        assert expected in text, expected
    # Any SGF reader sees the same game.
    parsed = sgf.Sgf_game.from_bytes(text.encode())
    assert parsed.get_handicap() == 3
    assert parsed.get_komi() == -6
    assert [node.get_move()[1] for node in parsed.get_main_sequence()[1:]] == [
        (15, 2),
        (9, 16),
        None,
        (16, 3),
    ]


def test_round_trip() -> None:
    game = full_game()
    again = read_sgf(write_sgf(game))
    assert again == game
    assert write_sgf(again) == write_sgf(game)


def test_round_trip_of_rule_settings() -> None:
    rules = Rules(
        "chinese",
        ko="situational-superko",
        komi=7,
        white_wins_ties=True,
        handicap_compensation=True,
    )
    game = Game.new(13, rules=rules, handicap=2, handicap_points=["C3", "K11"]).play("G7")
    again = read_sgf(write_sgf(game))
    assert again.rules == rules
    assert again == game


def test_counted_result_is_written() -> None:
    game = Game.new(9, rules=Rules.chinese(komi=7)).play("E5").pass_move().pass_move()
    game = game.accept("black").accept("white")
    text = write_sgf(game).decode()
    assert "RE[B+74]" in text
    assert read_sgf(text).result == Result("black", "points", 74.0)


def test_pair_go_round_trip() -> None:
    info = GameInfo(
        black=(Player("Bat", Rank.parse("1d")), Player("Saraa", Rank.parse("2k"))),
        white=(Player("Dorj", Rank.parse("3d")), Player("Oyun", Rank.parse("1k"))),
    )
    game = Game.new(19, handicap=2, pair=True, info=info)
    game = game.play("Q4").play("C16").play("D17", seat=Seat("white", "woman"), by_referee=True)
    game = game.play("pass")
    text = write_sgf(game).decode()
    assert "PB[Bat & Saraa]" in text and "BR[1d & 2k]" in text
    assert "XPG[ww*]" in text and "XPN[W:3:" in text
    again = read_sgf(text)
    assert again == game
    assert [m.seat for m in again.moves] == [m.seat for m in game.moves]
    assert again.moves[2].out_of_turn
    assert again.penalty_points() == (0.0, 3.0)
    assert again.turn == game.turn


def test_variations_comments_and_both_passes() -> None:
    game = load("variations.sgf")
    assert gtp([m.move for m in game.moves]) == ["E5", "C7", "G7", "pass", "pass", "G3"]
    assert game.moves[0].comment == "Opening in the centre."
    assert game.moves[4].comment == "Black passes the FF[3] way."
    assert [str(p) for p in game.info.black] == ["Black Player 2k"]  # "2k*" is read as 2k
    assert game.info.place == "Bishkek"
    assert game.rules.komi == 6.5
    # Unknown root properties are kept and written back.
    assert dict(game.info.extra)["ST"] == ("2",)
    assert "ST[2]" in write_sgf(game).decode()
    assert dict(game.info.extra)["C"] == ("A game with variations and comments.",)


def test_setup_stones_at_the_root_and_in_the_game() -> None:
    game = load("setup.sgf")
    assert [p.gtp() for p in game.start.stones("black")] == ["C8", "A9", "B9", "C9"]
    assert [p.gtp() for p in game.start.stones("white")] == ["D7", "D8", "D9"]
    assert game.start.to_move == "white"
    assert game.edits[0].ply == 1
    assert game.edits[0].comment == "Mid-game setup"
    assert game.position.get("A9") is None and game.position.get("E5") == "black"
    assert game.position.get("F4") == "black"
    again = read_sgf(write_sgf(game))
    assert again.position == game.position
    assert again.edits == game.edits


def test_utf8_names() -> None:
    game = load("utf8_names.sgf")
    assert game.info.black[0].name == "Иван Петров"
    assert game.info.white[0].name == "Батбаяр Энхтуяа"
    assert game.info.event == "Кубок России"
    assert game.moves[0].comment == "Хороший ход"


def test_legacy_charset_names() -> None:
    game = load("cp1251_names.sgf")
    assert game.info.black[0].name == "Сергей Иванов"
    assert game.info.white[0].name == "Алёна Смирнова"
    assert game.moves[0].comment == "Комментарий"
    # Written back as UTF-8.
    text = write_sgf(game).decode("utf-8")
    assert "CA[UTF-8]" in text and "PB[Сергей Иванов]" in text


def test_no_charset_falls_back_to_latin1() -> None:
    game = load("latin1_no_charset.sgf")
    assert game.info.black[0].name == "Jürgen Müller"
    assert game.info.white[0].name == "François Côté"


def test_handicap_clock_and_result() -> None:
    game = load("handicap.sgf")
    assert game.start.handicap == 4
    assert game.start.to_move == "white"
    assert game.moves[0].color == "white"
    assert game.moves[0].time_left == 1795.2 and game.moves[0].periods_left == 5
    assert game.moves[1].time_left == 1788
    assert game.info.time_limit == 1800
    assert game.info.overtime == "5x30 byo-yomi"
    assert str(game.result) == "W+R"
    assert game.rules.komi == 0.5


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("malformed.sgf", "malformed SGF"),
        ("illegal.sgf", "move 1 is illegal: Black A9 is illegal: it is suicide"),
        ("offboard.sgf", "move 2: SGF point 'kk' is off the 9×9 board"),
        ("not_go.sgf", r"not a Go game \(GM\[2\]\)"),
    ],
)
def test_bad_records_give_one_clear_message(name: str, message: str) -> None:
    with pytest.raises(SgfError, match=message) as info:
        load(name)
    assert isinstance(info.value, ArbiterError)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "malformed SGF: no SGF data found"),
        (b"(;SZ[3])", "board size 3 is not supported"),
        (b"(;SZ[9]KM[lots])", r"KM\[lots\] is not a number"),
        (b"(;SZ[9]RE[B+many])", "RE: cannot read result"),
        (b"(;SZ[9]AB[aa][ab][ba]AW[bb][cb][ac][ca])", "start position is impossible"),
        (b"(;SZ[9];B[ee]BL[soon])", r"BL\[soon\] is not a number"),
        (b"(;SZ[9]XKO[super])", "not a ko rule"),
        (b"(;SZ[9]PL[X])", "not a colour"),
    ],
)
def test_more_bad_input(data: bytes, message: str) -> None:
    with pytest.raises(SgfError, match=message):
        read_sgf(data)


def test_pass_is_written_as_empty_value_and_both_forms_read() -> None:
    game = Game.new(19).play("pass")
    assert b";B[])" in write_sgf(game)
    assert read_sgf(b"(;SZ[19];B[tt];W[])").moves[0].move is None
    # On boards above 19×19, "tt" is a point.
    assert read_sgf(b"(;SZ[21];B[tt])").moves[0].move == Point(1, 19)
