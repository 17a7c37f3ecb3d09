"""The command line in five languages: ``arbiter --lang``, ``ARBITER_LANG`` and the locale;
core errors translated at the edge; what scripts read stays the same in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter import i18n
from arbiter.cli import main
from arbiter.games.go import Game
from arbiter.records.sgf import write_sgf

LANGS = ("en", "ru", "ky", "kk", "mn")
FEN_ERRORS = {
    "en": "arbiter: malformed FEN 'bad': expected",
    "ru": "arbiter: неверная запись позиции (FEN) 'bad': ожидается",
    "ky": "arbiter: позициянын жазуусу (FEN) туура эмес 'bad'",
    "kk": "arbiter: позиция жазбасы (FEN) қате 'bad'",
    "mn": "arbiter: байрлалын бичлэг (FEN) буруу 'bad'",
}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


@pytest.fixture(autouse=True)
def no_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ARBITER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("lang", sorted(FEN_ERRORS))
def test_a_core_error_in_each_language(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    code, out, err = run(capsys, "--lang", lang, "toguz", "perft", "2", "--fen", "bad")
    assert code == 2 and out == ""
    assert err.startswith(FEN_ERRORS[lang]) and err.count("\n") == 1
    assert i18n.current() == "en"  # the language does not outlive the command


def test_the_environment_chooses_and_lang_overrides(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "kk_KZ.UTF-8")
    _, _, err = run(capsys, "toguz", "perft", "2", "--fen", "bad")
    assert err.startswith(FEN_ERRORS["kk"])
    monkeypatch.setenv("ARBITER_LANG", "mn")
    _, _, err = run(capsys, "toguz", "perft", "2", "--fen", "bad")
    assert err.startswith(FEN_ERRORS["mn"])
    _, _, err = run(capsys, "--lang", "ru", "toguz", "perft", "2", "--fen", "bad")
    assert err.startswith(FEN_ERRORS["ru"])
    code, _, err = run(capsys, "--lang", "de", "version")  # refused in ARBITER_LANG's language
    assert code == 2 and err == "arbiter: --lang нь en, ru, ky, kk, mn хэлний нэг байна, 'de' биш\n"
    monkeypatch.delenv("ARBITER_LANG")
    monkeypatch.delenv("LANG")
    code, _, err = run(capsys, "--lang", "de", "version")
    assert code == 2 and err == "arbiter: --lang must be one of en, ru, ky, kk, mn, not 'de'\n"


def test_nested_reasons_are_translated_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # An SGF whose second move is played on an occupied point.
    sgf = write_sgf(Game.new(9).play("E5").play("C3")).replace(b"W[cg]", b"W[ee]")
    path = tmp_path / "bad.sgf"
    path.write_bytes(sgf)
    _, _, err = run(capsys, "--lang", "ru", "go", "show", str(path))
    assert err == f"arbiter: {path}: ход 2 запрещён: ход Белые E5 запрещён: пункт занят\n"
    _, _, err = run(capsys, "go", "show", str(path))
    assert (
        err == f"arbiter: {path}: move 2 is illegal: White E5 is illegal: the point is occupied\n"
    )


def test_event_commands_speak_the_language_and_keep_their_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = str(tmp_path / "cup.json")
    code, out, _ = run(capsys, "--lang", "ky", "event", "new", "--file", f, "--game", "toguz",
                       "--system", "round-robin")  # fmt: skip
    assert code == 0 and out == f"{f} түзүлдү: toguz round-robin (individual)\n"
    for name in ("Asanov Bakyt", "Bekova Aida"):
        run(capsys, "event", "add", "--file", f, "--name", name)
    code, out, _ = run(capsys, "--lang", "kk", "event", "add", "--file", f, "--name", "Omarov R")
    assert out == "қосылды 3 Omarov R\n"
    code, _, err = run(capsys, "--lang", "mn", "event", "add", "--file", f, "--name", "X Y",
                       "--rating", "9000")  # fmt: skip
    assert err == "arbiter: рейтинг 0-ээс 4000 хооронд байна, 9000 биш\n"
    run(capsys, "event", "pair", "--file", f)
    before = Path(f).read_bytes()
    code, _, err = run(capsys, "--lang", "ru", "event", "result", "--file", f, "--round", "1",
                       "--table", "1", "1-1")  # fmt: skip
    assert code == 2 and err.startswith("arbiter: '1-1' — не результат в тогуз коргоол")
    assert Path(f).read_bytes() == before
    code, _, err = run(capsys, "--lang", "ru", "event", "set", "--file", f, "komi2=1")
    assert err.startswith("arbiter: неизвестная настройка 'komi2'; настройки: name, city")
    code, _, err = run(capsys, "--lang", "kk", "event", "set", "--file", f, "rounds=x")
    assert err == "arbiter: rounds: бүтін сан күтіледі, 'x' емес\n"


def test_script_contracts_stay_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    english = run(capsys, "toguz", "perft", "3")[1]
    assert run(capsys, "--lang", "ru", "toguz", "perft", "3")[1] == english == "1 9\n2 73\n3 613\n"
    assert run(capsys, "--lang", "kk", "rating", "egf", "2100", "2100", "win")[1] == "2109.306\n"
    mn = run(capsys, "--lang", "mn", "toguz", "replay", "--quiet", "/dev/null")
    assert mn[1].strip().splitlines()[-1] == "0 games replayed, 0 mismatches"


def test_json_output_is_the_same_in_every_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = str(tmp_path / "go.json")
    run(capsys, "event", "new", "--file", f, "--game", "go", "--system", "round-robin")
    run(capsys, "event", "add", "--file", f, "--name", "Kim Ji", "--rank", "2d")
    shown = [("--lang", code, "event", "show", "--file", f, "--format", "json") for code in LANGS]
    outputs = [json.loads(run(capsys, *args)[1]) for args in shown]
    assert len({json.dumps(v, sort_keys=True) for v in outputs}) == 1


@pytest.mark.parametrize("lang", [code for code in LANGS if code != "en"])
def test_help_is_in_the_language_chosen(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    from arbiter import cli

    monkeypatch.setenv("COLUMNS", "200")  # one line a text, so that whole texts can be found
    english = "Competitions: participants, pairings, results, standings."
    with i18n.language(lang):
        wanted = [i18n.gettext(english), i18n.gettext("Show this message and exit.")]
        panel = i18n.gettext("Commands")
    assert english not in wanted and panel != "Commands"
    for args in (("--lang", lang, "event", "--help"), (f"--lang={lang}", "event", "--help")):
        code, out, _ = run(capsys, *args)
        assert code == 0
        assert all(text in out for text in wanted), out
        assert panel in out and english not in out
    monkeypatch.setenv("ARBITER_LANG", lang)
    code, out, _ = run(capsys, "event", "--help")
    assert code == 0 and wanted[0] in out
    code, out, _ = run(capsys, "--lang", "en", "event", "--help")
    assert code == 0 and english in out and "Commands" in out
    code, out, err = run(capsys, "--lang=xx", "event", "--help")
    assert code == 2 and out == "" and err.startswith("arbiter: --lang") and "'xx'" in err
    # Every help text the app shows is the translation of an English one (that each has a
    # translation, the catalogue test checks), and most differ from the English.
    english_texts = cli.help_texts()
    with i18n.language(lang):
        shown = cli.help_texts(cli.command())
        assert shown == {i18n.gettext(t) for t in english_texts}
    assert len(shown - english_texts) > 0.95 * len(english_texts)
