"""The crosstable writes every number one way: decimals, as the seeds write points.

Seed 002 2.8.1 (Russian): «победа дает 1 очко, поражение - 0, ничья - 0,5» — "a win gives 1
point, a loss 0, a draw 0.5"; seed 000 7.2: «За ничью оба игрока получают по 0,5 очка» — "for a
draw both players get 0.5 points". Appendix 3 is the table these numbers fill (О points,
Кб Berger): one table, one way of writing a number.
"""

from __future__ import annotations

import re

from arbiter.events.crosstable import crosstable, render_text
from arbiter.events.event import Event
from tests.events.helpers import event_with

NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def _numbers(cells: list[str]) -> list[str]:
    """The numbers in result cells (``1(82)``, ``0.5?``: the count and marks taken off)."""
    out = []
    for cell in cells:
        for part in cell.split():
            out.append(re.sub(r"\(\d+\)|[?+X-]$", "", part))
    return [p for p in out if p]


def test_halves_and_quarters_are_decimals_in_one_table() -> None:
    """Seed 002 2.8.1: «ничья - 0,5» — "a draw 0.5": a draw is 0.5, a score of two and a half
    2.5, a Berger of three and a quarter 3.25, never ½ beside 3.25."""
    e = Event.create("toguz", "round-robin")
    for n in ("Asanov Bakyt", "Bekova Aida", "Omarov Ruslan", "Duisheeva Elnura"):
        e, _ = e.add_player(n)
    results = iter(["1-0", "1-0", "1-0", "1-0", "1-0", "1/2-1/2"])
    for r in range(1, 4):
        e = e.pair_next_round()
        for table in (1, 2):
            e = e.record_result(r, table, None, next(results))
    table = crosstable(e)
    text = render_text(table)
    assert "½" not in text
    first = table.rows[0]
    assert first[-3:] == ("2.5", "3.25", "1")
    assert "0.5" in first  # the draw with participant 3
    numbers = _numbers([c for row in table.rows for c in row[5:]])
    assert numbers and all(NUMBER.match(n) for n in numbers), numbers


def test_team_board_points_are_decimals_too() -> None:
    """Seed 000 7.2: «За ничью оба игрока получают по 0,5 очка» — "for a draw both players get
    0.5 points": a team match of a drawn board and a won one is 1.5 to 0.5."""
    e = event_with("toguz", "round-robin", 3, discipline="team")
    e = e.pair_next_round()
    rnd = e.rounds[0]
    table = rnd.games[0].table
    e = e.record_result(1, table, 1, "1/2-1/2").record_result(1, table, 2, "1-0")
    cells = [c for row in crosstable(e).rows for c in row[5:-3]]
    assert "½" not in " ".join(cells)
    assert sorted(c for c in cells if c not in ("", "X")) == ["0.5", "1.5"]
