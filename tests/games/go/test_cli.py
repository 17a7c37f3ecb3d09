"""``arbiter go``: show records, pair-go handicaps; one-line errors with exit code 2."""

from pathlib import Path

import pytest

from arbiter.cli import main

FIXTURES = Path(__file__).parents[2] / "records" / "fixtures"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


def test_show_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "go", "show", str(FIXTURES / "handicap.sgf"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Black: Weaker 5k"
    assert lines[1] == "White: Stronger 1d"
    assert lines[2] == "Board 19×19, japanese counting, ko: basic, komi 0.5, handicap 4"
    assert lines[3] == "After move 3 of 3; black to move"
    assert "Recorded result: W+R" in out


def test_show_an_earlier_move(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "go", "show", str(FIXTURES / "setup.sgf"), "--move", "1")
    assert code == 0
    assert "After move 1 of 2; black to move" in out
    assert " 9 X X X O . . . . . 9" in out  # A9 is still there before the mid-game setup
    code, out, _ = run(capsys, "go", "show", str(FIXTURES / "setup.sgf"))
    assert " 9 . X X O . . . . . 9" in out


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("malformed.sgf", "malformed SGF"),
        ("illegal.sgf", "move 1 is illegal: Black A9 is illegal: it is suicide"),
        ("offboard.sgf", "move 2: SGF point 'kk' is off the 9×9 board"),
    ],
)
def test_bad_records_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], name: str, message: str
) -> None:
    code, out, err = run(capsys, "go", "show", str(FIXTURES / name))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"arbiter: {FIXTURES / name}: ")
    assert message in err


def test_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "go", "show", "/nonexistent/game.sgf")
    assert code == 2
    assert err.startswith("arbiter: /nonexistent/game.sgf: cannot read")


def test_move_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "go", "show", str(FIXTURES / "setup.sgf"), "--move", "7")
    assert code == 2
    assert err == "arbiter: --move 7 is out of range: the record has 2 moves\n"


def test_pair_handicap(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "go", "pair-handicap", "5d", "1d", "2d", "5k")
    assert code == 0
    assert out.splitlines() == [
        "Pair A: 5d + 1d = 3 points",
        "Pair B: 2d + 5k = -1 points",
        "Difference: 4",
        "Black: pair B (the weaker pair)",
        "4 handicap stones, komi 0",
        "Equal points: White wins",
    ]


def test_pair_handicap_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "go", "pair-handicap", "5d", "1d", "2d")
    assert (code, err) == (2, "arbiter: give four ranks (two per pair), not 3\n")
    code, _, err = run(capsys, "go", "pair-handicap", "5d", "1d", "2d", "40k")
    assert code == 2
    assert err == "arbiter: rank '40k' is out of range: kyu ranks go from 30k to 1k\n"
