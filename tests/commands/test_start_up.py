"""The command line imports what a command needs when it runs: a command of one area loads no
other area, and the help loads no core (bench/cli_start.py times it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter import cli
from arbiter.commands.areas import AREAS
from arbiter.commands.event_entries import SYSTEMS_HELP
from arbiter.events.settings import SYSTEMS

#: Prints, as JSON, the arbiter modules and the heavy libraries a command line loaded.
PROBE = """
import json, sys
from arbiter.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
heavy = ("typer.rich_utils", "rich.console", "sqlalchemy", "fastapi", "weasyprint")
loaded = [m for m in sys.modules if m.startswith("arbiter") or m in heavy]
print(json.dumps(sorted(loaded)), file=sys.stderr)
"""


def loaded_by(*args: str) -> set[str]:
    """The modules that ``arbiter ARGS`` loads, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def areas(modules: set[str]) -> set[str]:
    """The areas' modules among ``modules``."""
    return {m for m in modules if m.startswith("arbiter.commands.") and m.split(".")[2] in AREAS}


def test_a_toguz_command_loads_only_the_toguz_rules() -> None:
    modules = loaded_by("toguz", "perft", "1")
    assert areas(modules) == {"arbiter.commands.toguz"}
    assert not {m for m in modules if m.startswith(("arbiter.events", "arbiter.server"))}
    assert "arbiter.records.toguz_text" not in modules and "typer.rich_utils" not in modules


def test_the_event_help_loads_no_core() -> None:
    modules = loaded_by("--lang", "ru", "event", "--help")
    assert areas(modules) == {"arbiter.commands.event"}
    assert not {m for m in modules if m.startswith(("arbiter.events", "arbiter.games"))}
    assert "typer.rich_utils" in modules  # the help is drawn by Typer's rich help


def test_an_event_command_loads_no_server_and_no_other_area(tmp_path: Path) -> None:
    cup = tmp_path / "cup.json"
    loaded_by("event", "new", "--file", str(cup), "--game", "go", "--system", "knockout")
    modules = loaded_by("event", "show", "--file", str(cup))
    assert areas(modules) == {"arbiter.commands.event"}
    assert "arbiter.events.document" in modules
    assert not {m for m in modules if m.startswith(("arbiter.server", "arbiter.reports"))}
    assert not {"sqlalchemy", "fastapi", "weasyprint"} & modules


def test_the_spelled_out_systems_are_the_systems() -> None:
    assert ", ".join(SYSTEMS) + "." == SYSTEMS_HELP


def test_every_area_is_listed_in_order_and_its_help_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        cli.main(["--lang", "en", "--help"])
    out = capsys.readouterr().out
    listed = [line.split()[1] for line in out.splitlines() if line[2:].split(" ")[0] in AREAS]
    assert (
        listed
        == list(AREAS)
        == [*("serve", "version", "toguz", "go", "event", "db", "user", "rating")]
    )
    texts = cli.help_texts()
    for english in (
        "Print arbiter's version.",
        "Server accounts.",
        "Run the arbiter server (default http://127.0.0.1:8000, SQLite at ./arbiter.db).",
        "The game sheet: the final position with move numbers, every move, the result.",
        "A printed report of the event: a round's protocol, the standings, the crosstable.",
        "Two participants exchange their places in the last (unplayed) round.",
    ):
        assert english in texts
