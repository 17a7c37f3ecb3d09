"""The competition value, its operations and the façade: which imports which, and that every
operation keeps the class it was given."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from arbiter.events import entries, pairing, recording
from arbiter.events.competition import Competition
from arbiter.events.configuration import change_setting
from arbiter.events.event import Event
from arbiter.events.settings import SPEC_BY_KEY, Config
from arbiter.events.settings.setting import Maybe, Typed
from arbiter.events.tiebreak_codes import CODES
from arbiter.events.tiebreaks import TIEBREAKS

EVENTS = Path(__file__).parents[2] / "src" / "arbiter" / "events"

#: The modules that offer operations over a competition, and the façade above them.
OPERATIONS = {
    "configuration",
    "entries",
    "event",
    "pairing",
    "player_list",
    "recording",
    "registration",
    "sanctions",
    "scorecard",
    "standings",
    "teams",
    "tiebreaks",
}


def _imported(path: Path) -> set[str]:
    """The ``arbiter.events`` modules a file imports (anywhere in it, type checking included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {m.removeprefix("arbiter.events.") for m in found if m.startswith("arbiter.events.")}


@pytest.mark.parametrize(
    "path",
    [EVENTS / "competition.py", EVENTS / "tiebreak_codes.py", *(EVENTS / "settings").glob("*.py")],
    ids=lambda p: p.name,
)
def test_the_value_and_its_settings_import_no_operation(path: Path) -> None:
    assert not _imported(path) & OPERATIONS
    assert "tiebreaks" not in _imported(path)


def test_only_the_top_modules_import_the_facade() -> None:
    importers = {
        p.stem for p in EVENTS.glob("*.py") if "event" in _imported(p) and p.stem != "__init__"
    }
    assert importers <= {"document"}


def _play(event: Competition) -> Competition:
    for name in ("Lee Chang", "Park Su", "Kim Ji"):
        event, _ = entries.add_player(event, name)
    event = change_setting(event, "komi", "7.5")
    event = pairing.pair_next_round(event)
    return recording.record_result(event, 1, 1, None, "W+R")


@pytest.mark.parametrize("cls", [Competition, Event])
def test_operations_keep_the_class_they_were_given(cls: type[Competition]) -> None:
    played = _play(cls("go", "round-robin"))
    assert type(played) is cls
    assert played.rounds[0].games[0].result is not None


def test_the_facade_and_the_functions_agree() -> None:
    by_functions = _play(Event("go", "round-robin"))
    by_methods = Event.create("go", "round-robin").set("komi", "7.5")
    for name in ("Lee Chang", "Park Su", "Kim Ji"):
        by_methods, _ = by_methods.add_player(name)
    by_methods = by_methods.pair_next_round().record_result(1, 1, None, "W+R")
    assert by_methods == by_functions


def test_every_typed_setting_is_a_setting() -> None:
    typed = {
        name: attr
        for klass in Config.__mro__
        for name, attr in vars(klass).items()
        if isinstance(attr, Typed | Maybe)
    }
    assert typed, "Config reads its settings through typed attributes"
    for name, attr in typed.items():
        assert attr.key == name and name in SPEC_BY_KEY


def test_every_tiebreak_code_is_computed() -> None:
    assert tuple(TIEBREAKS) == CODES
