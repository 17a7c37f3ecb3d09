"""``arbiter event show``: bracket lines read in the order the game is played and written.

Seed 000 9.5 (Russian): «Первая доска победившая в жеребьевке садится за белую сторону» — "the
first board that wins the draw sits at the white side"; in Toguz Korgool White moves first and
a result is written White first, «счет партии может быть 1(82) – 0(60)» (3.2). Seed 002 1.4:
«Черные делают первый ход» — "Black makes the first move" in Go. Seed 000 10.2: a team match is
decided «по результату встречи» — "by the result of the match", so its line gives the match.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.events.test_cli import fails, ok


def _players(capsys: pytest.CaptureFixture[str], f: str, n: int) -> None:
    for i in range(n):
        ok(capsys, "add", "--file", f, "--name", f"Player{i} Test")


def test_a_toguz_knockout_line_names_white_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Seed 000 3.2: «счет партии может быть 1(82) – 0(60)» — "the score may be 1(82) – 0(60)",
    White's side first: the line names White first, as the result does, so ``1-0(76)`` reads
    as a win of the first name."""
    f = str(tmp_path / "ko.json")
    ok(capsys, "new", "--file", f, "--game", "toguz", "--system", "knockout")
    _players(capsys, f, 2)
    ok(capsys, "pair", "--file", f, "--format", "json")
    ok(capsys, "result", "--file", f, "--round", "1", "--table", "1", "1-0(76)")
    doc = json.loads((tmp_path / "ko.json").read_text())
    game = doc["rounds"][0]["games"][0]
    names = {1: "Player0 Test", 2: "Player1 Test"}
    line = ok(capsys, "show", "--file", f).strip().splitlines()[-1]
    white, black = names[game["white"]], names[game["black"]]
    assert line == f"round 1 R1-1: {white} (White) – {black} (Black) 1-0(76)"


def test_a_go_knockout_line_names_black_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Seed 002 1.4: «Черные делают первый ход» — "Black makes the first move": in Go the
    line names Black first."""
    f = str(tmp_path / "go.json")
    ok(capsys, "new", "--file", f, "--game", "go", "--system", "knockout")
    _players(capsys, f, 2)
    ok(capsys, "pair", "--file", f)
    ok(capsys, "result", "--file", f, "--round", "1", "--table", "1", "W+R")
    line = ok(capsys, "show", "--file", f).strip().splitlines()[-1]
    assert line.startswith("round 1 R1-1: ")
    assert line.index("(Black)") < line.index("(White)")
    assert line.endswith("W+R")


def test_a_team_match_line_gives_the_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Seed 000 10.2: «по результату встречи, при ничьей, по количеству коргоолов в проигранных
    партиях» — "by the result of the match; when drawn, by the korgools in the lost games": the
    line gives the match score, then the counts it waits for, then who went on and why."""
    f = str(tmp_path / "teams.json")
    ok(
        capsys,
        "new",
        "--file",
        f,
        "--game",
        "toguz",
        "--system",
        "knockout",
        "--discipline",
        "team",
    )
    ok(capsys, "set", "--file", f, "boards=2")
    _players(capsys, f, 4)
    ok(capsys, "add-team", "--file", f, "--name", "Alpha", "--players", "1,2")
    ok(capsys, "add-team", "--file", f, "--name", "Beta", "--players", "3,4")
    ok(capsys, "pair", "--file", f)
    ok(capsys, "result", "--file", f, "--round", "1", "--table", "1", "--board", "1", "1-0(10)")
    ok(capsys, "result", "--file", f, "--round", "1", "--table", "1", "--board", "2", "1-0")
    line = ok(capsys, "show", "--file", f).strip().splitlines()[-1]
    assert "(White on board 1) – " in line and "(Black on board 1) 1–1" in line
    assert "korgools needed: 1/1/2 (" in line
    message = fails(
        capsys, Path(f), "result", "--file", f, "--round", "1", "--table", "1", "--extra", "1-0"
    )
    assert "no count: 1/1/2" in message
    ok(capsys, "result", "--file", f, "--round", "1", "--table", "1", "--board", "2", "1-0(40)")
    line = ok(capsys, "show", "--file", f).strip().splitlines()[-1]
    first = line.split(": ", 1)[1].split(" (White")[0]
    # the team White on board 1 won board 1 and lost board 2 keeping 40, against 10
    assert line.endswith(f"1–1, {first} goes on (korgools in lost games 40–10)")
