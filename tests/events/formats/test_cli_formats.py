"""``arbiter event import`` and ``export``: files in and out, one-line errors, nothing written
when something fails."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.events import document
from arbiter.events.formats.opengotha import read_opengotha
from tests.conftest import DATA

REPO = DATA / "opengotha" / "opengotha-repo"
JUVISY = REPO / "Tournoi de Juvisy.xml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(["event", *args])
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


def fails(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: "), err
    return lines[0]


def test_import_opengotha_creates_the_event_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "juvisy.json"
    code, out, err = run(capsys, "import", str(JUVISY), "--file", str(path))
    assert code == 0, err
    assert out.startswith(f"created {path} from Tournoi de Juvisy.xml: go mcmahon (individual)")
    assert "19 players, 4 round(s) paired" in out
    assert err.startswith("note: ")  # the file's teams are not kept
    assert document.load(path) == read_opengotha(JUVISY)
    # an existing file is kept unless --force
    before = path.read_bytes()
    assert "exists already" in fails(capsys, "import", str(JUVISY), "--file", str(path))
    assert path.read_bytes() == before
    code, _, _ = run(capsys, "import", str(JUVISY), "--file", str(path), "--force")
    assert code == 0


def test_import_json_names_surname_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "e.json"
    code, out, _ = run(capsys, "import", str(JUVISY), "--file", str(path), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["system"] == "mcmahon" and doc["rounds"] == 4
    assert {"no": 16, "name": "Minieri Davide"} in doc["participants"]


def test_import_a_team_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "teams.json"
    source = REPO / "tournoi_equipe_LGO_2020.xml"
    code, out, err = run(capsys, "import", str(source), "--file", str(path), "--teams")
    assert code == 0, err
    assert "go swiss (team), 14 teams" in out
    assert "not exported back" in err
    assert "individual" in fails(capsys, "export", "--file", str(path), "--format", "opengotha")


def test_import_and_export_a_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    juvisy = tmp_path / "juvisy.json"
    run(capsys, "import", str(JUVISY), "--file", str(juvisy))
    trf = tmp_path / "juvisy.trf"
    code, out, _ = run(capsys, "export", "--file", str(juvisy), "--format", "trf", "-o", str(trf))
    assert code == 0 and out == f"wrote {trf}\n"
    back = tmp_path / "back.json"
    code, out, err = run(capsys, "import", str(trf), "--file", str(back), "--game", "go")
    assert code == 0, err
    assert "go mcmahon (individual), 19 players, 4 round(s) paired" in out  # 192 CUSTOM_SWISS
    event = document.load(back)
    assert [p.name for p in event.players] == [p.name for p in document.load(juvisy).players]


@pytest.mark.parametrize("fmt", ["opengotha", "h9", "trf", "json"])
def test_every_export_format(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    path = tmp_path / "e.json"
    run(capsys, "import", str(JUVISY), "--file", str(path))
    if fmt != "h9":  # the h9 file's bytes: test_h9_goes_to_standard_output_as_bytes
        code, out, err = run(capsys, "export", "--file", str(path), "--format", fmt)
        assert code == 0, err
        assert out
    target = tmp_path / f"out.{fmt}"
    code, _, err = run(
        capsys, "export", "--file", str(path), "--format", fmt, "--output", str(target)
    )
    assert code == 0, err
    data = target.read_bytes()
    if fmt == "h9":
        assert data == (REPO / "Tournoi de Juvisy.h9").read_bytes().replace(
            b"OpenGotha 3.49.03", b"arbiter 0.1.0"
        ).replace(b"17+/b1\n", b"17+/b1 |17033126\n")
        assert "note: the EGF expects this event's results as a .h1 file" in err
    elif fmt == "json":
        assert document.loads(data.decode()) == document.load(path)
    else:
        assert data.decode("utf-8") == out


def test_bad_source_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "e.json"
    broken = tmp_path / "broken.xml"
    broken.write_text("<Tournament><Players>", encoding="utf-8")
    assert "broken.xml: not an OpenGotha file" in fails(
        capsys, "import", str(broken), "--file", str(path)
    )
    assert not path.exists()
    missing = tmp_path / "missing.trf"
    assert "missing.trf" in fails(capsys, "import", str(missing), "--file", str(path))
    garbage = tmp_path / "garbage.trf"
    garbage.write_text("hello\n", encoding="utf-8")
    assert "no player record" in fails(capsys, "import", str(garbage), "--file", str(path))
    assert not path.exists()
    assert "--teams" in fails(capsys, "import", str(garbage), "--file", str(path), "--teams")
    assert "unknown system" in fails(
        capsys, "import", str(garbage), "--file", str(path), "--system", "dutch"
    )


def test_bad_exports_write_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "toguz.json"
    run(capsys, "new", "--file", str(path), "--game", "toguz", "--system", "swiss")
    target = tmp_path / "out.xml"
    target.write_text("keep me", encoding="utf-8")
    assert "Toguz" in fails(
        capsys, "export", "--file", str(path), "--format", "opengotha", "-o", str(target)
    )
    assert target.read_text(encoding="utf-8") == "keep me"
    assert "unknown format" in fails(capsys, "export", "--file", str(path), "--format", "pdf")


def test_h9_goes_to_standard_output_as_bytes(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    path = tmp_path / "e.json"
    with pytest.raises(SystemExit):
        main(["event", "import", str(JUVISY), "--file", str(path)])
    capsysbinary.readouterr()
    with pytest.raises(SystemExit) as exc:
        main(["event", "export", "--file", str(path), "--format", "h9"])
    out, _ = capsysbinary.readouterr()
    assert exc.value.code in (0, None)
    assert b"Nemo Andr\xe9" in out and out.startswith(b"; CL[A]\n")
