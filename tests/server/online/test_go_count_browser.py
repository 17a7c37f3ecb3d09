"""The count of a Go game shown where players look (issue 15): territory on the board in the
dead-stone phase and after the count, the dead stones greyed, and the count as the rules make
it (Japanese: territory + prisoners, komi taken from Black, seed 002 1.14) under the board, in
the record viewer and on the printed game sheet.

Two players in real browsers build walls on a 9×9 board (Black on the D line, White on the F
line), White drops a stone into Black's side that Black marks dead; what the page shows is
compared with the rules engine's own count of the game's SGF record.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from arbiter.games.go.scoring import territory
from arbiter.records.sgf import read_sgf
from arbiter.reports.go_score import score_lines
from arbiter.reports.go_sheet import sheet_html
from arbiter.server.web.viewer import read_record
from tests.server.online.test_browser import (  # noqa: F401 - the fixtures of the browser tests
    Windows,
    create,
    join,
    live,
    point,
    shot,
    status,
    windows,
)

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect


def play(mover: Any, watcher: Any, where: str | None, ply: int) -> None:
    expect(status(mover)).to_have_text("Your move")
    if where is None:
        mover.get_by_role("button", name="Pass", exact=True).click()
    else:
        point(mover, where)
    expect(watcher.locator("[data-moves] li")).to_have_count(ply)


def test_the_count_is_shown_on_the_board_under_it_and_in_the_records(
    windows: Windows,  # noqa: F811 - the fixture
) -> None:
    black, white = windows.open(), windows.open(width=390)  # White on a phone
    link = create(
        black, {"time_control": "10m", "side": "black", "size": "9", "scoring": "japanese"}, go=True
    )
    join(white, link)
    game_id = re.search(r"/play/games/(\d+)", link)
    assert game_id is not None
    moves: list[str | None] = []
    for line in range(1, 10):
        moves += [f"D{line}", f"F{line}"]
    moves += [None, "B5", None, None]  # Black passes, White invades, two passes end play
    for ply, where in enumerate(moves, 1):
        mover = black if ply % 2 else white
        play(mover, black, where, ply)
    for page in (black, white):
        expect(page.locator("[data-count]")).to_contain_text("if this marking is accepted")
    point(black, "B5")  # Black marks the invader dead
    for page in (black, white):
        expect(page.locator('[data-board] g.point[data-point="B5"] circle.dead')).to_have_count(1)
        # the dead stone's point is Black's territory now: the count under the board says so
        expect(page.locator("[data-count] li").first).to_contain_text("27 territory")
    shot(white, "go-count-marking-phone")
    black.get_by_role("button", name="Accept the marking").click()
    white.get_by_role("button", name="Accept the marking").click()
    for page in (black, white):
        expect(status(page)).to_contain_text("(counted)")
        expect(page.locator("[data-count]")).not_to_contain_text("if this marking")

    record = black.request.get(f"/api/play/games/{game_id.group(1)}/record?format=sgf")
    assert record.ok, record.text()
    sgf = record.text()
    assert "TB[" in sgf and "TW[" in sgf  # the territory is in the record
    game = read_sgf(sgf)
    assert game.position.phase == "finished"
    assert [p.gtp() for p in game.position.dead_stones] == ["B5"]
    expected = score_lines(game.score())
    assert expected[0].startswith("Black: 27 territory + 1 prisoners − 6.5 komi = 21.5")
    for page in (black, white):
        shown = page.locator("[data-count] li").all_text_contents()
        assert tuple(shown) == expected, shown
        assert str(game.score().result) in (page.locator("[data-count]").text_content() or "")
        # every point of territory the engine counts is marked, but under the dead stone
        marks = territory(game.position)
        for colour in ("black", "white"):
            want = sum(1 for p, owner in marks if owner == colour and game.position.get(p) is None)
            found = page.locator(f"[data-board] rect.territory.{colour}")
            expect(found).to_have_count(want)
    shot(black, "go-counted")

    # The record viewer's last frame and the printed sheet show the same count.
    last = read_record(sgf).frame(None)
    assert tuple(v for k, v in last.facts if k == "Count") == expected
    assert 'class="territory black"' in str(last.board)
    sheet = sheet_html(game)
    assert all(line in sheet for line in expected)
