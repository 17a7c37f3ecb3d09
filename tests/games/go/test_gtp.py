"""The GTP engine: the protocol's framing and every command, in process and through the CLI."""

import subprocess

import pytest

from arbiter import __version__
from arbiter.games.go.gtp import GtpEngine

from .gtp_client import ARBITER_GTP

COMMANDS = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "is_legal",
    "list_stones",
    "captures",
    "fixed_handicap",
    "set_free_handicap",
    "showboard",
    "final_score",
]


def ask(engine: GtpEngine, line: str) -> str:
    response = engine.handle(line)
    assert response is not None and response.endswith("\n\n")
    return response[:-2]


def ok(engine: GtpEngine, line: str) -> str:
    response = ask(engine, line)
    assert response.startswith("="), response
    return response[1:].strip()


def fails(engine: GtpEngine, line: str) -> str:
    response = ask(engine, line)
    assert response.startswith("?"), response
    return response[1:].strip()


def test_framing_ids_comments_and_blank_lines() -> None:
    engine = GtpEngine()
    assert engine.handle("") is None
    assert engine.handle("   # only a comment") is None
    assert engine.handle("12 name # trailing comment") == "=12 arbiter\n\n"
    assert engine.handle("\tprotocol_version\x01") == "= 2\n\n"
    assert engine.handle("7 bogus") == "?7 unknown command\n\n"


def test_identity_and_command_list() -> None:
    engine = GtpEngine()
    assert ok(engine, "version") == __version__
    assert ok(engine, "list_commands").split("\n") == COMMANDS
    assert ok(engine, "known_command play") == "true"
    assert ok(engine, "known_command place_free_handicap") == "false"


def test_boardsize_and_clear_board() -> None:
    engine = GtpEngine()
    assert fails(engine, "boardsize 4").startswith("unacceptable size")
    assert fails(engine, "boardsize 26").startswith("unacceptable size")
    assert fails(engine, "boardsize x").startswith("syntax error")
    ok(engine, "boardsize 7")
    ok(engine, "play b D4")
    assert ok(engine, "list_stones black") == "D4"
    ok(engine, "clear_board")
    assert ok(engine, "list_stones black") == ""
    assert fails(engine, "play b H1").startswith("point 'H1' is off the 7×7 board")


def test_play_captures_and_errors() -> None:
    engine = GtpEngine()
    ok(engine, "boardsize 9")
    for line in ["play b A2", "play w A1", "play b B1"]:
        ok(engine, line)
    assert ok(engine, "captures black") == "1"
    assert ok(engine, "captures white") == "0"
    assert ok(engine, "list_stones white") == ""
    assert fails(engine, "play w B1") == "illegal move: the point is occupied"
    assert fails(engine, "play red A5") == "invalid color 'red': expected black or white"
    assert fails(engine, "play b").startswith("syntax error")
    assert fails(engine, "play b I3").startswith("cannot read point 'I3'")
    assert fails(engine, "play b K3").startswith("point 'K3' is off the 9×9 board")


def test_suicide_and_ko() -> None:
    engine = GtpEngine()
    ok(engine, "boardsize 9")
    for line in ["play w A2", "play w B1"]:
        ok(engine, line)
    assert ok(engine, "is_legal b A1") == "0"
    assert fails(engine, "play b A1").startswith("illegal move: it is suicide")
    ok(engine, "clear_board")
    for line in ["play b D5", "play b E6", "play b E4", "play w E5", "play w F6", "play w F4"]:
        ok(engine, line)
    ok(engine, "play w G5")
    ok(engine, "play b F5")  # takes the ko
    assert ok(engine, "is_legal w E5") == "0"
    assert fails(engine, "play w E5").startswith("illegal move: it retakes the ko")
    assert ok(engine, "is_legal b E5") == "1"


def test_undo() -> None:
    engine = GtpEngine()
    ok(engine, "boardsize 9")
    assert fails(engine, "undo") == "cannot undo"
    ok(engine, "play b E5")
    ok(engine, "play w D5")
    ok(engine, "undo")
    assert ok(engine, "list_stones white") == ""
    assert ok(engine, "list_stones black") == "E5"


def test_passes_do_not_stop_gtp_play() -> None:
    engine = GtpEngine()
    ok(engine, "boardsize 9")
    ok(engine, "play b pass")
    ok(engine, "play w pass")
    ok(engine, "play b E5")
    assert ok(engine, "is_legal w E4") == "1"


def test_fixed_handicap_follows_the_gtp_layout() -> None:
    engine = GtpEngine()
    assert ok(engine, "fixed_handicap 3") == "D4 Q16 D16"
    assert fails(engine, "fixed_handicap 2") == "board not empty"
    ok(engine, "clear_board")
    assert fails(engine, "fixed_handicap 1").startswith("invalid handicap")
    assert fails(engine, "fixed_handicap 10").startswith("invalid handicap")
    ok(engine, "fixed_handicap 9")
    assert len(ok(engine, "list_stones black").split()) == 9
    assert fails(engine, "undo") == "cannot undo"  # handicap stones are not moves


def test_set_free_handicap() -> None:
    engine = GtpEngine()
    ok(engine, "boardsize 9")
    assert fails(engine, "set_free_handicap C3").startswith("bad vertex list")
    assert fails(engine, "set_free_handicap C3 C3").startswith("bad vertex list")
    assert fails(engine, "set_free_handicap C3 pass").startswith("bad vertex list")
    ok(engine, "set_free_handicap C3 G7 E5")
    assert ok(engine, "list_stones b") == "C3 E5 G7"


def test_showboard() -> None:
    engine = GtpEngine()
    ok(engine, "boardsize 5")
    ok(engine, "play b C3")
    board = ok(engine, "showboard").splitlines()
    assert board[0] == "A B C D E"
    assert board[3].startswith(" 3 . . X . . 3")


def test_final_score_is_area_scoring_with_komi() -> None:
    engine = GtpEngine()
    ok(engine, "boardsize 5")
    ok(engine, "komi 0.5")
    for v in ["B1", "B2", "B3", "B4", "B5"]:
        ok(engine, f"play b {v}")
    for v in ["D1", "D2", "D3", "D4", "D5"]:
        ok(engine, f"play w {v}")
    assert ok(engine, "final_score") == "W+0.5"
    ok(engine, "komi -2")
    assert ok(engine, "final_score") == "B+2"
    assert fails(engine, "komi lots").startswith("syntax error")


def test_genmove_plays_legal_non_eye_moves_then_passes() -> None:
    engine = GtpEngine(seed=5)
    ok(engine, "boardsize 5")
    # Black fills all but A1 (its eye), E1 and E2, where a white stone stands in atari.
    black = "A2 A3 A4 A5 B1 B2 B3 B4 B5 C1 C2 C3 C4 C5 D1 D2 D3 D4 D5 E3 E4 E5"
    ok(engine, f"set_free_handicap {black}")
    ok(engine, "play w E2")
    assert ok(engine, "genmove b") == "E1"  # takes E2; A1 is Black's own eye
    assert ok(engine, "captures black") == "1"
    assert ok(engine, "genmove b") == "pass"  # A1 and E2 are Black's eyes now
    assert ok(engine, "genmove w") == "pass"  # both are suicide for White


def test_genmove_is_uniform_over_acceptable_moves() -> None:
    counts: dict[str, int] = {}
    engine = GtpEngine(seed=11)
    ok(engine, "boardsize 5")
    for _ in range(2500):
        move = ok(engine, "genmove b")
        counts[move] = counts.get(move, 0) + 1
        ok(engine, "undo")
    assert len(counts) == 25
    # 100 expected per point; a fair die stays well inside these bounds.
    assert min(counts.values()) > 60 and max(counts.values()) < 145


def test_quit_stops_the_session() -> None:
    engine = GtpEngine()
    out: list[str] = []
    engine.run(["name", "quit", "name"], out.append)
    assert out == ["= arbiter\n\n", "= \n\n"]


def test_cli_session() -> None:
    commands = "boardsize 9\nplay b E5\nplay w E5\n2 list_stones black\nplay b Z1\nquit\n"
    run = subprocess.run(
        [*ARBITER_GTP, "--seed", "1"], input=commands, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0
    assert run.stdout.split("\n\n")[:5] == [
        "= ",
        "= ",
        "? illegal move: the point is occupied",
        "=2 E5",
        "? point 'Z1' is off the 9×9 board (A1 to J9)",
    ]


def test_cli_bad_option_exits_2() -> None:
    run = subprocess.run(
        [*ARBITER_GTP, "--ko", "super"], input="", capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2
    assert run.stderr.strip() == (
        "arbiter: unknown ko rule 'super': choose one of basic, positional-superko, "
        "situational-superko"
    )


@pytest.mark.parametrize("ko", ["positional-superko", "situational-superko"])
def test_superko_over_gtp(ko: str) -> None:
    engine = GtpEngine(ko=ko)  # type: ignore[arg-type]
    ok(engine, "boardsize 9")
    black = [f"B{n}" for n in (2, 5, 8)] + [f"C{n}" for n in (1, 3, 4, 6, 7, 9)] + ["D5"]
    white = [f"E{n}" for n in (2, 5, 8)] + [f"D{n}" for n in (1, 3, 4, 6, 7, 9)] + ["C2", "C8"]
    for v in black:
        ok(engine, f"play b {v}")
    for v in white:
        ok(engine, f"play w {v}")
    ok(engine, "play b pass")
    ok(engine, "play w pass")
    for line in ["play b D2", "play w C5", "play b D8", "play w C2", "play b D5"]:
        ok(engine, line)
    assert ok(engine, "is_legal w C8") == "0"
    assert "repeats an earlier position" in fails(engine, "play w C8")
