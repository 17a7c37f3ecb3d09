"""``arbiter toguz``: perft, replay, play, and one-line errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.commands.toguz_play import TerminalGame, run_game
from arbiter.records.game_json import read_json
from arbiter.records.toguz_record import replay
from tests.conftest import DATA

PLAYOK = sorted((DATA / "toguz" / "playok").glob("*.txt"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


def test_perft_5_reproduces_the_spec(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "toguz", "perft", "5")
    assert code == 0
    assert out.splitlines() == ["1 9", "2 73", "3 613", "4 5199", "5 43184"]


def test_perft_from_a_fen(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 b 10/0 -/- 1"
    code, out, _ = run(capsys, "toguz", "perft", "2", "--fen", fen)
    assert code == 0 and out.splitlines()[0] == "1 8"  # Black's pit 6 is empty


def test_replay_all_playok_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "toguz", "replay", *map(str, PLAYOK))
    assert code == 0
    assert out.strip().splitlines()[-1] == "1459 games replayed, 0 mismatches"


def test_replay_reports_mismatches_with_exit_code_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "bad.txt"
    f.write_text('[White "A"]\n[Black "B"]\n\n1. 76 98 2. 66 86 3. 12 76X 1-0\n', encoding="utf-8")
    code, out, _ = run(capsys, "toguz", "replay", str(f))
    lines = out.strip().splitlines()
    assert code == 1
    assert lines[-1] == "1 games replayed, 2 mismatches"
    assert "move 2 (Black 86)" in lines[0] and "lands in pit 7, not 6" in lines[0]
    assert "move 3 (Black 76X)" in lines[1] and "makes no tuz" in lines[1]


def test_replay_reads_json_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    doc = {
        "format": "arbiter-game",
        "version": 1,
        "game": "toguz",
        "moves": [{"move": "76"}, {"move": "87"}],
        "result": None,
    }
    f = tmp_path / "g.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    code, out, _ = run(capsys, "toguz", "replay", str(f))
    assert (code, out.strip()) == (0, "1 games replayed, 0 mismatches")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["toguz", "perft", "3", "--fen", "nonsense"], "malformed FEN"),
        (
            ["toguz", "perft", "3", "--fen", "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 w 5/0 -/- 1"],
            "167 korgools",
        ),
        (["toguz", "perft", "0"], "0 is not in the range 1<=x<=12"),
        (["toguz", "replay", "/nonexistent/file.txt"], "cannot read"),
        (["toguz", "play", "--white", "robot"], "must be 'human' or 'engine'"),
        (["toguz", "play", "--think", "-1"], "--think"),
        (["toguz", "play", "--variant", "oware"], "unknown variant"),
        (["toguz", "nosuchcommand"], "No such command"),
    ],
)
def test_bad_input_gives_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _out, err = run(capsys, *args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_corrupt_record_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "corrupt.txt"
    f.write_text("1. 76 98\n2. 66 zz\n", encoding="utf-8")
    code, _, err = run(capsys, "toguz", "replay", str(f))
    assert code == 2
    assert err.strip().startswith(f"arbiter: {f}: line 2: 'zz' is not a move: a move is two")


def test_the_installed_command_prints_no_traceback(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("arbiter")
    done = subprocess.run(
        [str(exe), "toguz", "perft", "2", "--fen", "x"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert done.stderr.startswith("arbiter: malformed FEN") and "Traceback" not in done.stderr


def test_engine_against_engine_plays_a_whole_game_and_saves_it(tmp_path: Path) -> None:
    from io import StringIO

    from rich.console import Console

    save = tmp_path / "game.json"
    game = TerminalGame(white="engine", black="engine", think=0.002)
    console = Console(file=StringIO(), width=100)
    assert run_game(game, console, lambda _: "", save) == save
    record = read_json(save.read_text(encoding="utf-8"))
    assert replay(record).final.is_over
    assert record.result is not None
    assert "Result:" in console.file.getvalue()  # type: ignore[attr-defined]


def test_a_human_types_moves_is_told_about_mistakes_and_resigns(tmp_path: Path) -> None:
    from io import StringIO

    from rich.console import Console

    answers = iter(["hello", "12", "7", "resign"])
    game = TerminalGame(white="human", black="engine", think=0.002)
    out = StringIO()
    save = tmp_path / "game.txt"
    run_game(game, Console(file=out, width=100), lambda _: next(answers), save)
    text = out.getvalue()
    assert "Type a pit number" in text
    assert "pit 12 does not exist" in text
    assert "White plays 76" in text
    assert "Result: 0-1" in text and "white resigns" in text
    saved = save.read_text(encoding="utf-8")
    assert saved.splitlines()[-1].startswith("1. 76 ") and saved.rstrip().endswith("0-1")


def test_play_command_through_the_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "cli.json"
    code, out, _ = run(
        capsys,
        "toguz",
        "play",
        "--white",
        "engine",
        "--black",
        "engine",
        "--think",
        "0.001",
        "--variant",
        "bestemshe",
        "--save",
        str(save),
    )
    assert code == 0 and "Record saved" in out
    assert read_json(save.read_text(encoding="utf-8")).variant == "bestemshe"
