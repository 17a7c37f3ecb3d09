"""``arbiter rating load``: a federation's list into the server's database, replacing the one
before; a bad file or list is one line and exit code 2, and nothing is loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.server.config import Settings
from arbiter.server.runtime import Runtime
from arbiter.server.services import rating_lists
from arbiter.server.storage.database import Database
from tests.conftest import DATA

RATINGS = DATA / "ratings"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


def loaded(url: str) -> list[tuple[str, str, int]]:
    settings = Settings(database_url=url, secret_key="test-secret-key-0123456789", demo=False)
    rt = Runtime.create(settings, Database(settings))
    try:
        return [(i.registry, i.file_name, i.players) for i in rating_lists.loaded_lists(rt)]
    finally:
        rt.db.dispose()


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ARBITER_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "ARBITER_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)


def test_load_and_replace(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sample = RATINGS / "egf_allworld_sample.html"
    if not sample.exists():
        pytest.skip(f"{sample} is not here (../shared/data)")
    url = f"sqlite:///{tmp_path / 'arbiter.db'}"
    code, out, err = run(capsys, "rating", "load", "egf", str(sample), "--db", url)
    assert (code, err) == (0, "")
    assert out == "loaded 36 players of the EGF (EGD) from egf_allworld_sample.html\n"
    copy = tmp_path / "allworld_lp.html"
    copy.write_bytes(sample.read_bytes())
    assert run(capsys, "rating", "load", "egf", str(copy), "--db", url)[0] == 0
    assert loaded(url) == [("egf", "allworld_lp.html", 36)]

    # a broken line: one line naming the file and the line, and the list stays
    broken = tmp_path / "broken.html"
    broken.write_bytes(sample.read_bytes().replace(b" 10537560 ", b" 1053756X "))
    code, out, err = run(capsys, "rating", "load", "egf", str(broken), "--db", url)
    assert code == 2 and out == ""
    assert err == f"arbiter: {broken}: line 31: the PIN is 8 digits, not '1053756X'\n"
    code, _, err = run(capsys, "--lang", "ru", "rating", "load", "egf", str(broken), "--db", url)
    assert code == 2 and err.startswith(f"arbiter: {broken}: строка 31: ") and err.count("\n") == 1
    assert loaded(url) == [("egf", "allworld_lp.html", 36)]


def test_bad_arguments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'arbiter.db'}"
    code, _, err = run(capsys, "rating", "load", "chess", "x.txt", "--db", url)
    assert (code, err) == (2, "arbiter: the list is egf, ffg or aga, not 'chess'\n")
    missing = tmp_path / "missing.txt"
    code, _, err = run(capsys, "rating", "load", "aga", str(missing), "--db", url)
    assert code == 2 and err.startswith(f"arbiter: {missing}: cannot read")
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    code, _, err = run(capsys, "rating", "load", "aga", str(empty), "--db", url)
    assert (code, err) == (2, f"arbiter: {empty}: no player in the file: is it the AGA TDListA?\n")


def test_the_help_is_translated(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(capsys, "--lang", "ru", "rating", "load", "--help")
    assert code == 0
    assert "Загрузить" in out and "Load a federation" not in out
