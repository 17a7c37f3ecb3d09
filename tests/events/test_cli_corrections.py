"""``arbiter event edit|delete|merge`` and ``--force``: corrections of an event file's entries,
likely duplicates refused on one line with exit code 2, the file untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.commands.event_corrections import MERGE_FIELDS_HELP
from arbiter.events.corrections import MERGE_FIELDS
from tests.events.test_cli import fails, ok


@pytest.fixture
def toguz(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    f = tmp_path / "cup.json"
    ok(capsys, "new", "--file", str(f), "--game", "toguz", "--system", "swiss", "--rounds", "5")
    for name in ("Asanov Bakyt", "Bekova Aida", "Chynybaev Daniyar", "Duishov Emil"):
        ok(capsys, "add", "--file", str(f), "--name", name, "--rating", "1700")
    return f


def entries(path: Path) -> list[tuple[int, str, str]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return [(p["no"], f"{p['surname']} {p['given']}".strip(), p["club"]) for p in doc["players"]]


def test_a_likely_duplicate_needs_force(toguz: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(toguz)
    line = fails(capsys, toguz, "add", "--file", f, "--name", "Асанов Бакыт", "--club", "Osh")
    assert "number 1" in line and "Asanov Bakyt" in line and "--force" in line
    out = ok(capsys, "add", "--file", f, "--name", "Асанов Бакыт", "--club", "Osh", "--force")
    assert "added 5" in out
    assert entries(toguz)[-1] == (5, "Асанов Бакыт", "Osh")


def test_a_list_with_likely_duplicates_needs_force(
    toguz: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv = tmp_path / "more.csv"
    csv.write_text('name,club\n"BEKOVA, Aida",Osh\nNew Player,\nPlayer New,Talas\n', "utf-8")
    line = fails(capsys, toguz, "import-players", "--file", str(toguz), str(csv))
    assert "2 likely duplicate(s)" in line and "2 Bekova Aida" in line
    assert len(entries(toguz)) == 4
    ok(capsys, "import-players", "--file", str(toguz), str(csv), "--force")
    assert len(entries(toguz)) == 7


def test_edit_delete_and_merge(toguz: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(toguz)
    out = ok(capsys, "edit", "--file", f, "2", "--club", "Osh SC", "--born", "2004-03-12")
    assert "corrected 2 Bekova Aida" in out
    doc = json.loads(toguz.read_text(encoding="utf-8"))
    assert (doc["players"][1]["club"], doc["players"][1]["born"]) == ("Osh SC", "2004-03-12")
    assert doc["players"][1]["rating"] == 1700  # what was not given stays
    assert "born 12" not in fails(capsys, toguz, "edit", "--file", f, "2", "--born", "12.03.2004")

    ok(capsys, "delete", "--file", f, "Duishov Emil")
    assert [no for no, _, _ in entries(toguz)] == [1, 2, 3]
    ok(capsys, "pair", "--file", f)
    ok(capsys, "add", "--file", f, "--name", "Bekova, Aida", "--club", "Naryn", "--force")
    # the late entry (4) has played nothing: it goes into 2, which played round 1
    out = ok(capsys, "merge", "--file", f, "4", "2", "--take", "club")
    assert "merged 4 into 2 Bekova Aida" in out
    assert entries(toguz) == [
        (1, "Asanov Bakyt", ""),
        (2, "Bekova Aida", "Naryn"),
        (3, "Chynybaev Daniyar", ""),
    ]
    assert "only withdrawn" in fails(capsys, toguz, "delete", "--file", f, "1")
    assert "both take part" in fails(capsys, toguz, "merge", "--file", f, "1", "2")
    assert "unknown field" in fails(capsys, toguz, "merge", "--file", f, "1", "3", "--take", "shoe")
    assert "unknown kind" in fails(capsys, toguz, "delete", "--file", f, "1", "--kind", "bench")


def test_the_help_names_the_fields_of_the_core() -> None:
    assert tuple(MERGE_FIELDS_HELP.split(", ")) == MERGE_FIELDS
