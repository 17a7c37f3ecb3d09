"""``arbiter event``: the contract scripts rely on, one-line errors that leave the file as it
was, and whole events run through the command line alone."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from arbiter.cli import main
from tests.events.helpers import name


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(["event", *args])
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


def ok(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code == 0, err
    return out


def fails(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> str:
    before = path.read_bytes() if path.exists() else None
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: "), err
    assert "Traceback" not in err
    if before is not None:
        assert path.read_bytes() == before  # the file is untouched
    return lines[0]


@pytest.fixture
def go_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    f = tmp_path / "go.json"
    ok(capsys, "new", "--file", str(f), "--game", "go", "--system", "round-robin", "--name", "Cup")
    for i, rank in enumerate(["3d", "1d", "2k", "5k"]):
        ok(capsys, "add", "--file", str(f), "--name", name(i), "--rank", rank, "--club", "Club")
    return f


def test_go_pairing_contract(go_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "set", "--file", str(go_file), "komi=7.5", "tiebreaks=PTS,SB,DE")
    assert "komi = 7.5" in out
    games = json.loads(ok(capsys, "pair", "--file", str(go_file), "--format", "json"))
    assert games == [
        {
            "table": 1,
            "black": name(0),
            "black_no": 1,
            "white": name(3),
            "white_no": 4,
            "handicap": 0,
            "komi": 7.5,
        },
        {
            "table": 2,
            "black": name(1),
            "black_no": 2,
            "white": name(2),
            "white_no": 3,
            "handicap": 0,
            "komi": 7.5,
        },
    ]
    ok(capsys, "result", "--file", str(go_file), "--round", "1", "--table", "1", "B+R")
    ok(
        capsys,
        "result",
        "--file",
        str(go_file),
        "--round",
        "1",
        "--table",
        "2",
        name(2).split()[0] and "W+3.5",
    )
    rows = json.loads(ok(capsys, "standings", "--file", str(go_file), "--format", "json"))
    assert [set(r) for r in rows] == [{"place", "no", "name", "points", "tiebreaks", "shared"}] * 4
    assert [(r["place"], r["no"], r["points"], r["shared"]) for r in rows] == [
        (1, 1, 1.0, True),  # 1 and 3 have not met: nothing separates them yet
        (2, 3, 1.0, True),
        (3, 2, 0.0, True),
        (4, 4, 0.0, True),
    ]
    assert rows[0]["tiebreaks"] == {"SB": 0.0, "DE": 0.0}
    # by number or by name, everywhere
    ok(capsys, "withdraw", "--file", str(go_file), name(3))
    shown = json.loads(ok(capsys, "show", "--file", str(go_file), "--format", "json"))
    assert shown["participants"][3]["withdrawn"] == 2


def test_toguz_contract_with_a_bye(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "t.json"
    ok(capsys, "new", "--file", str(f), "--game", "toguz", "--system", "round-robin")
    for i in range(3):
        ok(capsys, "add", "--file", str(f), "--name", name(i))
    games = json.loads(ok(capsys, "pair", "--file", str(f), "--format", "json"))
    assert games == [
        {"table": 1, "white": name(1), "white_no": 2, "black": name(2), "black_no": 3},
        {"bye": name(0), "bye_no": 1},
    ]
    out = ok(capsys, "result", "--file", str(f), "--round", "1", "--table", "1", "1(82)-0(60)")
    assert out.strip() == f"round 1 table 1: {name(1)} (White) – {name(2)} (Black) 1(82)-0(60)"


def test_team_games_carry_the_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "teams.json"
    ok(
        capsys,
        "new",
        "--file",
        str(f),
        "--game",
        "go",
        "--system",
        "knockout",
        "--discipline",
        "team",
    )
    for t in range(2):
        for b in range(2):
            ok(capsys, "add", "--file", str(f), "--name", f"Team{t} Player{b}")
        ok(
            capsys,
            "add-team",
            "--file",
            str(f),
            "--name",
            f"T{t}",
            "--players",
            f"{2 * t + 1},{2 * t + 2}",
        )
    games = json.loads(ok(capsys, "pair", "--file", str(f), "--format", "json"))
    assert [g["board"] for g in games] == [1, 2]
    assert all(
        set(g) == {"table", "board", "black", "black_no", "white", "white_no", "handicap", "komi"}
        for g in games
    )
    assert {g["black"] for g in games} == {"T0", "T1"}
    line = fails(capsys, f, "result", "--file", str(f), "--round", "1", "--table", "1", "B+R")
    assert "give --board" in line


def test_errors_are_one_line_and_leave_the_file(
    go_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = str(go_file)
    assert "no player named" in fails(capsys, go_file, "withdraw", "--file", f, "Nobody Here")
    assert "round 1 is not paired" in fails(
        capsys, go_file, "result", "--file", f, "--round", "1", "--table", "1", "B+R"
    )
    ok(capsys, "pair", "--file", f)
    assert "no game at table 9" in fails(
        capsys, go_file, "result", "--file", f, "--round", "1", "--table", "9", "B+R"
    )
    assert "not a Go result" in fails(
        capsys, go_file, "result", "--file", f, "--round", "1", "--table", "1", "1-0"
    )
    assert "without a result" in fails(capsys, go_file, "pair", "--file", f)
    ok(capsys, "result", "--file", f, "--round", "1", "--table", "1", "B+R?")
    assert "without a result (table 2)" in fails(capsys, go_file, "pair", "--file", f)
    assert "unknown setting" in fails(capsys, go_file, "set", "--file", f, "colour=white")
    assert "KEY=VALUE" in fails(capsys, go_file, "set", "--file", f, "komi")
    assert "exists already" in fails(
        capsys, go_file, "new", "--file", f, "--game", "go", "--system", "knockout"
    )
    assert "unknown format" in fails(capsys, go_file, "standings", "--file", f, "--format", "xml")
    assert "no such event file" in fails(
        capsys,
        go_file.with_name("none.json"),
        "show",
        "--file",
        str(go_file.with_name("none.json")),
    )


def test_mcmahon_pairs_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "s.json"
    ok(capsys, "new", "--file", str(f), "--game", "go", "--system", "mcmahon")
    ok(capsys, "add", "--file", str(f), "--name", "A B", "--rank", "2d")
    ok(capsys, "add", "--file", str(f), "--name", "C D", "--rank", "5k")
    assert fails(capsys, f, "pair", "--file", str(f)).startswith(
        "arbiter: set the number of rounds of the mcmahon event first"
    )
    ok(capsys, "set", "--file", str(f), "rounds=5")
    games = json.loads(ok(capsys, "pair", "--file", str(f), "--format", "json"))
    assert {games[0]["black_no"], games[0]["white_no"]} == {1, 2}


def test_import_crosstable_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "e.json"
    csv_file = tmp_path / "players.csv"
    csv_file.write_text(
        "name,rating,club\nAsanov Bakyt,1700,Bishkek\nBekova Aida,1650,Osh\n", encoding="utf-8"
    )
    ok(
        capsys,
        "new",
        "--file",
        str(f),
        "--game",
        "toguz",
        "--system",
        "round-robin",
        "--draw-lots",
        "3",
    )
    assert "added 2 players" in ok(capsys, "import-players", "--file", str(f), str(csv_file))
    ok(capsys, "pair", "--file", str(f))
    ok(capsys, "result", "--file", str(f), "--round", "1", "--table", "1", "1-0")
    text = ok(capsys, "crosstable", "--file", str(f))
    assert "Pts" in text and "Bishkek" in text
    csv_out = ok(capsys, "crosstable", "--file", str(f), "--format", "csv")
    assert csv_out.splitlines()[0] == "No,Name,Title,Rating,Club,1,2,Pts,SB,Place"
    assert "<table>" in ok(capsys, "crosstable", "--file", str(f), "--format", "html")
    assert len(json.loads(ok(capsys, "crosstable", "--file", str(f), "--format", "json"))) == 2
    ok(capsys, "set", "--file", str(f), "language=ru")
    assert "Кб" in ok(capsys, "crosstable", "--file", str(f))
    settings = json.loads(ok(capsys, "settings", "--file", str(f), "--format", "json"))
    assert {
        "key": "draw_lots",
        "value": "yes",
        "": "set",
        "meaning": settings[-1]["meaning"],
    } == settings[-1]
    assert "Коэффициент Бергера" in ok(capsys, "standings", "--file", str(f))


# -- whole events through the command line alone ------------------------------------------------


def test_ten_player_toguz_round_robin_end_to_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = str(tmp_path / "rr.json")
    rng = random.Random(10)
    ok(
        capsys,
        "new",
        "--file",
        f,
        "--game",
        "toguz",
        "--system",
        "round-robin",
        "--name",
        "Championship",
    )
    for i in range(10):
        ok(
            capsys,
            "add",
            "--file",
            f,
            "--name",
            name(i),
            "--rating",
            str(1500 + 10 * i),
            "--gender",
            "m" if i % 2 else "f",
        )
    met: Counter[frozenset[int]] = Counter()
    points: Counter[int] = Counter()
    for r in range(1, 10):
        games = json.loads(ok(capsys, "pair", "--file", f, "--format", "json"))
        assert len(games) == 5 and all("bye" not in g for g in games)
        assert sorted(x for g in games for x in (g["white_no"], g["black_no"])) == list(
            range(1, 11)
        )
        for g in games:
            met[frozenset((g["white_no"], g["black_no"]))] += 1
            text = rng.choice(["1(82)-0(60)", "0(55)-1(90)", "1/2(81)-1/2(81)"])
            ok(capsys, "result", "--file", f, "--round", str(r), "--table", str(g["table"]), text)
            w = 0.5 if text.startswith("1/2") else float(text[0])
            points[g["white_no"]] += w
            points[g["black_no"]] += 1 - w
    assert len(met) == 45 and set(met.values()) == {1}
    assert "complete" in fails(capsys, Path(f), "pair", "--file", f)
    rows = json.loads(ok(capsys, "standings", "--file", f, "--format", "json"))
    assert [r["place"] for r in rows] == list(range(1, 11))
    assert {r["no"]: r["points"] for r in rows} == dict(points)
    assert all(set(r["tiebreaks"]) == {"BH", "DE", "PS", "SB"} for r in rows)
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)
    table = ok(capsys, "crosstable", "--file", f)
    assert len(table.strip().splitlines()) == 12  # title, header, ten players


def test_eight_team_double_elimination_end_to_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = str(tmp_path / "de.json")
    rng = random.Random(8)
    ok(
        capsys,
        "new",
        "--file",
        f,
        "--game",
        "toguz",
        "--system",
        "double-elimination",
        "--discipline",
        "team",
    )
    for t in range(8):
        numbers = []
        for b in range(3):
            out = ok(capsys, "add", "--file", f, "--name", f"Team{t} Player{b}")
            numbers.append(out.split()[1])
        ok(
            capsys,
            "add-team",
            "--file",
            f,
            "--name",
            f"Team {t + 1}",
            "--players",
            ",".join(numbers[:2]),
            "--reserves",
            numbers[2],
        )
    losses: Counter[int] = Counter()
    rounds = 0
    while True:
        code, out, err = run(capsys, "pair", "--file", f, "--format", "json")
        if code != 0:
            assert "complete" in err
            break
        rounds += 1
        games = json.loads(out)
        tables: dict[int, list[dict[str, object]]] = {}
        for g in games:
            if "bye" in g:
                continue
            tables.setdefault(int(g["table"]), []).append(g)  # type: ignore[call-overload]
        playing = Counter(
            x for gs in tables.values() for x in {gs[0]["white_no"], gs[0]["black_no"]}
        )
        assert not playing or max(playing.values()) == 1
        for table, boards in tables.items():
            winner_side = rng.choice(["1(82)-0(60)", "0(60)-1(82)"])
            for g in boards:  # the same side wins every board: a clear 2:0
                ok(
                    capsys,
                    "result",
                    "--file",
                    f,
                    "--round",
                    str(rounds),
                    "--table",
                    str(table),
                    "--board",
                    str(g["board"]),
                    winner_side,
                )
            lead = boards[0]
            loser = lead["black_no"] if winner_side.startswith("1") else lead["white_no"]
            losses[int(loser)] += 1  # type: ignore[call-overload]
    assert rounds in (6, 7)
    rows = json.loads(ok(capsys, "standings", "--file", f, "--format", "json"))
    assert [r["place"] for r in rows] == list(range(1, 9))
    assert losses[rows[0]["no"]] <= 1
    assert all(losses[r["no"]] == 2 for r in rows[1:])  # nobody out before the second loss
    assert [r["shared"] for r in rows] == [False] * 4 + [True] * 4


def test_the_installed_command(tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    args = [
        sys.executable,
        "-m",
        "arbiter",
        "event",
        "new",
        "--file",
        str(f),
        "--game",
        "go",
        "--system",
        "knockout",
    ]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and f.exists()
    done = subprocess.run([*args[:-1], "swiss"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stderr.startswith("arbiter: ") and "exists" in done.stderr


def test_forfeits_that_begin_with_a_dash(go_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(go_file)
    ok(capsys, "pair", "--file", f)
    assert (
        ok(capsys, "result", "--file", f, "--round", "1", "--table", "1", "-+")
        .strip()
        .endswith(" -+")
    )
    assert (
        ok(capsys, "result", "--file", f, "--round", "1", "--table", "2", "--", "--")
        .strip()
        .endswith(" --")
    )
    assert "-- --" in fails(
        capsys, go_file, "result", "--file", f, "--round", "1", "--table", "2", "--"
    )
