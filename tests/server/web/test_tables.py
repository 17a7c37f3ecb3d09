"""Standings and crosstables on the pages: after any round, in the reader's language, and the
table alone for the page's live refresh."""

from __future__ import annotations

import re

from tests.server.web.conftest import Pages
from tests.server.web.flows import TOGUZ_CSV, create_event, enter, import_csv, pair


def toguz_played(pages: Pages) -> int:
    """A Toguz Swiss event of 6 with round 1 played (White wins every game)."""
    eid = create_event(pages, "toguz", "swiss", rounds="3")
    import_csv(pages, eid, TOGUZ_CSV)
    pair(pages, eid, 1)
    for table in (1, 2, 3):
        assert enter(pages, eid, 1, table, "1(90)-0(60)").status_code == 303
    return eid


def rows(html: str) -> list[list[str]]:
    """The cells of the page's report table."""
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    return [re.findall(r"<td[^>]*>([^<]*)</td>", tr) for tr in body.split("</tr>") if "<td" in tr]


def test_standings_follow_the_results(organiser: Pages) -> None:
    eid = toguz_played(organiser)
    page = organiser.get(f"/events/{eid}/standings")
    assert "after round 1" in page.text
    table = rows(page.text)
    assert len(table) == 6
    winners = [r[2] for r in table if r[3] == "1"]
    assert len(winners) == 3
    before = rows(organiser.get(f"/events/{eid}/standings?round=0").text)
    assert {r[3] for r in before} == {"0"}
    assert "before round 1" in organiser.get(f"/events/{eid}/standings?round=0").text


def test_a_round_not_paired_is_refused(organiser: Pages) -> None:
    eid = toguz_played(organiser)
    r = organiser.get(f"/events/{eid}/standings?round=4")
    assert r.status_code == 422
    assert "Round 4 is not paired" in r.text


def test_crosstable_in_the_layout_of_appendix_3(organiser: Pages) -> None:
    eid = toguz_played(organiser)
    page = organiser.get(f"/events/{eid}/crosstable?lang=ru")
    headers = re.findall(r'<th scope="col">([^<]*)</th>', page.text)
    assert headers[:5] == ["N", "Фамилия, имя", "Разряд", "Рейтинг", "Клуб, город"]
    assert headers[5:11] == ["1", "2", "3", "4", "5", "6"]
    assert headers[-3:] == ["О", "Кб", "М"]
    table = rows(page.text)
    assert [r[0] for r in table] == ["1", "2", "3", "4", "5", "6"]
    assert all(r[4 + int(r[0])] == "X" for r in table)
    # each game once as 1 and once as 0, with the korgools each side had (1(90)-0(60))
    cells = [c for r in table for c in r[5:11] if c not in ("", "X")]
    assert sorted(cells) == ["0(60)", "0(60)", "0(60)", "1(90)", "1(90)", "1(90)"]


def test_the_table_alone_for_the_refresh(organiser: Pages) -> None:
    eid = toguz_played(organiser)
    page = organiser.get(f"/events/{eid}/standings")
    assert f'data-refresh="/events/{eid}/standings?fragment=1"' in page.text
    fragment = organiser.get(f"/events/{eid}/standings?fragment=1")
    assert fragment.status_code == 200
    assert fragment.text.lstrip().startswith('<div class="scroll" data-table>')
    assert "<html" not in fragment.text and len(rows(fragment.text)) == 6
    # an earlier round's table does not change any more: no refresh
    older = organiser.get(f"/events/{eid}/standings?round=0")
    assert "data-refresh" not in older.text


def test_standings_update_when_a_result_is_corrected(organiser: Pages) -> None:
    eid = toguz_played(organiser)
    first = rows(organiser.get(f"/events/{eid}/standings?fragment=1").text)
    page = organiser.get(f"/events/{eid}/rounds/1")
    version = re.search(r'/games/1/result".*?name="version" value="(\d+)"', page.text, re.S)
    assert version
    enter(organiser, eid, 1, 1, "0(60)-1(90)", version=version.group(1))
    second = rows(organiser.get(f"/events/{eid}/standings?fragment=1").text)
    assert first != second
    assert sum(r[3] == "1" for r in second) == 3
