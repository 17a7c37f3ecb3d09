"""Hostile files given to the command line: every command that reads a file answers a file it
cannot read with exit code 2 and exactly one line on standard error, ``arbiter: …``, never a
traceback, and writes nothing."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.cli import main
from arbiter.events.document import dumps
from arbiter.events.event import Event
from tests.hostile import DEEP, FEW, HUGE, xml_attacks


def run(*args: str) -> tuple[int, str, str]:
    """The command line run in this process: exit code, standard output and error."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    code: int | str | None = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code
    return int(code or 0), out.getvalue(), err.getvalue()


def assert_refused(code: int, err: str) -> None:
    lines = err.splitlines()
    assert "Traceback" not in err, err[-2000:]
    assert code == 2, (code, err[:300])
    assert len(lines) == 1 and lines[0].startswith("arbiter: "), err[:300]
    assert len(lines[0]) < 2_000, lines[0][:300]


_EVENT = dumps(Event.create("go", "mcmahon", name="Cup").add_player("Lee Chang")[0])
_DOC = json.loads(_EVENT)
_GAME_HEAD = '{"format": "arbiter-game", "version": 1, "game": "toguz", '

#: (name of the file, its content, the command with FILE for it)
CASES: list[tuple[str, bytes, tuple[str, ...]]] = [
    ("deep.json", b"[" * DEEP, ("event", "settings", "--file", "FILE")),
    ("deep.json", b'{"a":' * DEEP, ("event", "show", "--file", "FILE")),
    (
        "named.json",
        json.dumps({**_DOC, "settings": {"name": "x" * HUGE}}).encode(),
        ("event", "standings", "--file", "FILE"),
    ),
    ("bad.json", b"\xff\xfe" + _EVENT.encode("utf-16-le"), ("event", "settings", "--file", "FILE")),
    ("escapes.json", b'"' + b'\\"' * HUGE, ("event", "settings", "--file", "FILE")),
    ("deep.json", b"[" * DEEP, ("toguz", "replay", "FILE")),
    ("deep.json", b"{" + b'"a":{' * DEEP, ("toguz", "protocol", "FILE")),
    ("deep.json", b"{" + b'"a":{' * DEEP, ("toguz", "analyse", "FILE")),
    (
        "moves.json",
        (_GAME_HEAD + '"moves": [' + ",".join(['{"move": "76"}'] * 20_000) + "]}").encode(),
        ("toguz", "replay", "FILE"),
    ),
    (
        "number.json",
        (_GAME_HEAD + '"version": ' + "9" * HUGE + "}").encode(),
        ("toguz", "replay", "FILE"),
    ),
    ("moves.txt", ("1. " + "76 87 " * 20_000).encode(), ("toguz", "replay", "FILE")),
    ("fen.txt", ('[FEN "' + "9," * HUGE + '"]\n1. 76 *').encode(), ("toguz", "protocol", "FILE")),
    ("deep.sgf", b"(;GM[1]SZ[19]" + b"(;B[aa]" * DEEP, ("go", "show", "FILE")),
    ("nodes.sgf", b"(;GM[1]SZ[19]" + b";B[aa];W[bb]" * 60_000 + b")", ("go", "sheet", "FILE")),
]


@pytest.mark.parametrize(
    ("name", "content", "command"), CASES, ids=[c[0] + "-" + c[2][1] for c in CASES]
)
def test_hostile_files_are_one_line_errors(
    tmp_path: Path, name: str, content: bytes, command: tuple[str, ...]
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    code, _, err = run(*(str(path) if part == "FILE" else part for part in command))
    assert_refused(code, err)


def test_a_character_set_with_a_nul_is_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "charset.sgf"
    path.write_bytes(b"(;GM[1]CA[UTF\x00-8]SZ[19]PB[\xff];B[aa])")
    code, out, err = run("go", "show", str(path))
    assert (code, err) == (0, "") and out


IMPORTS: dict[str, bytes] = {
    "huge-name.xml": (
        '<Tournament><Players><Player name="' + "x" * HUGE + '" firstName="A" rank="1D"/>'
        "</Players></Tournament>"
    ).encode(),
    "huge-event.trf": ("012 " + "x" * (5 * HUGE) + "\n001    1 m    Asanov, Bakyt\n").encode(),
    "rounds.trf": ("001    1 m    Asanov, Bakyt".ljust(91) + "   2 w 1  " * 50_000).encode(),
    "undefined.trf": b"012 \x81\x8d\x8f\x90\x9d\n001    1 m    Asanov, Bakyt\n",
    **{f"{n.replace(' ', '-')}.xml": data for n, data in xml_attacks().items() if "dtd" not in n},
}


@pytest.mark.parametrize("name", sorted(IMPORTS))
def test_hostile_imports_write_nothing(tmp_path: Path, name: str) -> None:
    source = tmp_path / name
    source.write_bytes(IMPORTS[name])
    target = tmp_path / "event.json"
    code, _, err = run("event", "import", str(source), "--file", str(target))
    assert_refused(code, err)
    assert not target.exists()


@pytest.mark.parametrize(
    "csv",
    [
        "name\n" + "x" * HUGE + "\n",  # over Python's csv limit of 131,072 characters
        "name\n" + "x" * 201 + "\n",
        "name,country\nKim Ji,Korea\n",
        "name\n" + "".join(f"P{i} G\n" for i in range(20_001)),
        'name\n"' + "x\n" * 1000,
    ],
    ids=["huge field", "long name", "long country", "too many", "open quote"],
)
def test_hostile_player_lists_change_nothing(tmp_path: Path, csv: str) -> None:
    event = tmp_path / "event.json"
    event.write_text(_EVENT, encoding="utf-8")
    players = tmp_path / "players.csv"
    players.write_text(csv, encoding="utf-8")
    code, _, err = run("event", "import-players", "--file", str(event), str(players))
    assert_refused(code, err)
    assert event.read_text(encoding="utf-8") == _EVENT


def test_a_huge_csv_field_names_its_line(tmp_path: Path) -> None:
    event = tmp_path / "event.json"
    event.write_text(_EVENT, encoding="utf-8")
    players = tmp_path / "players.csv"
    players.write_text("name\nKim Ji\n" + "x" * HUGE + "\n", encoding="utf-8")
    code, _, err = run("event", "import-players", "--file", str(event), str(players))
    assert code == 2
    assert err == "arbiter: line 3: a field is longer than 131072 characters\n"


@FEW
@given(
    content=st.binary(max_size=2000), which=st.sampled_from(["json", "txt", "sgf", "xml", "trf"])
)
def test_random_files(content: bytes, which: str) -> None:
    commands = {
        "json": ("event", "settings", "--file", "FILE"),
        "txt": ("toguz", "replay", "FILE"),
        "sgf": ("go", "show", "FILE"),
        "xml": ("event", "import", "FILE", "--file", "OUT"),
        "trf": ("event", "import", "FILE", "--file", "OUT"),
    }
    with tempfile.TemporaryDirectory() as tmp:
        path, out = Path(tmp) / f"input.{which}", Path(tmp) / "out.json"
        path.write_bytes(content)
        args = [
            str(path) if a == "FILE" else str(out) if a == "OUT" else a for a in commands[which]
        ]
        code, _, err = run(*args)
        assert "Traceback" not in err
        if code != 0:
            assert code in (1, 2) and len(err.splitlines()) == 1, (code, err[:300])
            assert err.startswith("arbiter: ")


@pytest.mark.slow
def test_in_a_real_process(tmp_path: Path) -> None:
    # the installed command, not only main(): no traceback escapes the interpreter's own edge
    for name, content, command in (CASES[0], CASES[5], CASES[12]):
        path = tmp_path / name
        path.write_bytes(content)
        args = [str(path) if part == "FILE" else part for part in command]
        done = subprocess.run(
            [sys.executable, "-m", "arbiter", *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert_refused(done.returncode, done.stderr)


def test_bytes_that_are_neither_utf8_nor_windows_1251(tmp_path: Path) -> None:
    # 0x98 is no character in Windows-1251, the older Russian files' encoding (found by
    # test_random_files)
    path = tmp_path / "game.txt"
    path.write_bytes(b"\x98 1. 76 87")
    code, _out, err = run("toguz", "replay", str(path))
    assert_refused(code, err)
    assert "neither UTF-8 nor Windows-1251" in err
