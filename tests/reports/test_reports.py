"""Printed protocols: the right content in every language, and PDFs with the pages counted."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.events.event import Event
from arbiter.games.go import Game, Point
from arbiter.games.toguz import Position
from arbiter.i18n import LANGUAGES, language, pgettext
from arbiter.records.toguz_record import record_from_moves, replay
from arbiter.reports.event_reports import crosstable_html, round_protocol_html, standings_html
from arbiter.reports.go_sheet import move_numbers, sheet_html
from arbiter.reports.render import to_pdf
from arbiter.reports.toguz_protocol import blocks, final_result, protocol_html

TITLES = {
    "en": "Toguz Korgool game protocol",
    "ru": "Протокол партии в тогуз коргоол",
    "ky": "Тогуз коргоол оюнунун протоколу",
    "kk": "Тоғызқұмалақ ойынының хаттамасы",
    "mn": "Тогуз коргоол тоглолтын тэмдэглэл",
}


def finished_record(seed: int = 5):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    p, pits = Position.initial(), []
    while not p.is_over:
        pit = rng.choice(p.legal_moves())
        pits.append(pit)
        p = p.play(pit)
    tags = {"White": "Асанов Бакыт", "Black": "Токтогулов Нурлан", "Event": "Кубок", "Round": "3"}
    return record_from_moves(Position.initial(), pits, tags)


def test_blocks_of_ten_with_the_position_after_each() -> None:
    rec = finished_record()
    positions = replay(rec).positions
    out = blocks(rec)
    assert all(len(b.moves) == 10 for b in out[:-1])
    assert sum(len(b.moves) for b in out) == (len(rec.moves) + 1) // 2
    first = out[0]
    after_ten = positions[20]  # ten moves of each side
    assert first.diagram.white_kazan == after_ten.kazans[0]
    assert first.diagram.black_kazan == after_ten.kazans[1]
    assert list(first.diagram.white_row) == [
        "X" if after_ten.tuz[1] == i + 1 else str(after_ten.pits[i]) for i in range(9)
    ]
    assert first.moves[0] == (1, str(rec.moves[0]), str(rec.moves[1]))
    result = final_result(rec)
    assert result is not None and result.korgools == positions[-1].result.korgools  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_toguz_protocol_in_every_language(lang: str) -> None:
    rec = finished_record()
    html = protocol_html(rec, lang)
    assert TITLES[lang] in html
    assert "Асанов Бакыт" in html and "Кубок" in html
    assert f"<td>{rec.moves[0]}</td>" in html
    assert str(final_result(rec)) in html


def page_count(pdf: bytes, tmp: Path) -> int:
    path = tmp / "report.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "30", str(path), str(tmp / "page")], check=True)
    return len(list(tmp.glob("page*.png")))


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed")
def test_protocol_pdf_pages(tmp_path: Path) -> None:
    rec = finished_record()
    pdf = to_pdf(protocol_html(rec, "ky"))
    assert pdf.startswith(b"%PDF")
    pages = page_count(pdf, tmp_path)
    # About 125 moves: 7 blocks of ten moves a side with their diagrams, three to a page.
    assert 2 <= pages <= 4


def test_go_sheet_numbers_the_stones_on_the_board() -> None:
    game = Game.new(9)
    for move in ["E5", "C3", "D3", "pass", "G7"]:
        game = game.play(move)
    numbers = move_numbers(game)
    assert numbers == {
        Point.from_gtp("E5", 9): "1",
        Point.from_gtp("C3", 9): "2",
        Point.from_gtp("D3", 9): "3",
        Point.from_gtp("G7", 9): "5",
    }
    html = sheet_html(game, "ru")
    assert "Запись партии в го" in html and ">pass<" in html and ">G7<" in html
    assert to_pdf(html).startswith(b"%PDF")


def small_event() -> Event:
    event = Event.create(game="toguz", system="round-robin", name="Кубок")
    for name in ("Асанов Бакыт", "Бекова Айда", "Жумабаев Талант", "Осмонова Нурия"):
        event, _player = event.add_player(name=name)
    event = event.pair_next_round()
    for table, result in ((1, "1(82)-0(60)"), (2, "1/2(81)-1/2(81)")):
        event = event.record_result(1, table, None, result)
    for _ in range(3):
        event = event.warn(2, 1, "talking")
    return event


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_event_reports_in_every_language(lang: str) -> None:
    event = small_event()
    with language(lang):
        place = pgettext("crosstable", "Place")
    round_html = round_protocol_html(event, 1, lang)
    assert "talking" in round_html and "−1" in round_html  # the 3rd warning costs a point
    assert "1(82)-0(60)" in round_html
    assert "Асанов Бакыт" in standings_html(event, lang)
    assert f"<th>{place}</th>" in crosstable_html(event, lang)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


def test_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from arbiter.events.document import save
    from arbiter.records.toguz_text import write_federation

    record = tmp_path / "game.txt"
    record.write_text(write_federation(finished_record()), encoding="utf-8")
    code, out, _ = run(capsys, "toguz", "protocol", str(record), "--lang", "ru")
    assert code == 0 and "Протокол партии" in out
    pdf = tmp_path / "p.pdf"
    code, _, err = run(capsys, "toguz", "protocol", str(record), "--format", "pdf", "-o", str(pdf))
    assert code == 0 and pdf.read_bytes().startswith(b"%PDF") and "written" in err
    event_file = tmp_path / "event.json"
    save(event_file, small_event())
    code, out, _ = run(
        capsys,
        "event",
        "report",
        "round",
        "--file",
        str(event_file),
        "--round",
        "1",
        "--lang",
        "mn",
    )
    assert code == 0 and "Тойргийн тэмдэглэл" in out
    for args, message in (
        (["event", "report", "round", "--file", str(event_file)], "needs --round"),
        (["event", "report", "podium", "--file", str(event_file)], "round, standings or"),
        (["toguz", "protocol", str(record), "--format", "docx"], "html or pdf"),
        (["toguz", "protocol", str(record), "--game", "2"], "no game 2"),
    ):
        code, _, err = run(capsys, *args)
        assert code == 2 and message in err, (args, err)
