"""The exports list the players as the standings page does: the EGF results file (``.h9``),
FIDE's TRF and the standings and crosstable CSV in the page's order with the page's values, and
only the rounds paired; the OpenGotha XML, read back, ranks the players as the page does. Checked
against the rendered page for the two demo events and for OpenGotha files imported (one finished,
one saved after its first round of five)."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from arbiter.events.formats.opengotha import read_opengotha
from arbiter.server.demo import load_demo
from tests.conftest import DATA
from tests.server.conftest import Server
from tests.server.helpers import publish
from tests.server.web.conftest import Pages

OPENGOTHA = DATA / "opengotha" / "opengotha-repo"


@dataclass(frozen=True)
class PageTable:
    """The standings page's table: its headers and rows of cells, and the round it is after."""

    headers: list[str]
    rows: list[list[str]]
    after: int

    @property
    def names(self) -> list[str]:
        return [r[2] for r in self.rows]

    def values(self, row: list[str]) -> list[Fraction]:
        """Points and every tiebreak of a row, as numbers."""
        return [number(c) for c in row[3:]]


def number(text: str) -> Fraction:
    """A score as the page, the CSV or the ``.h9`` writes it (``33``, ``32.5``, ``32½``)."""
    text = text.strip().rstrip("?")
    for mark, value in (("½", Fraction(1, 2)), ("¼", Fraction(1, 4)), ("¾", Fraction(3, 4))):
        if text.endswith(mark):
            return Fraction(text[:-1] or "0") + value
    return Fraction(text)


def standings_page(pages: Pages, eid: int) -> PageTable:
    """The standings page as a browser shows it."""
    page = pages.get(f"/events/{eid}/standings")
    assert page.status_code == 200, page.text
    headers = re.findall(r'<th scope="col">([^<]*)</th>', page.text)
    body = page.text.split("<tbody>")[1].split("</tbody>")[0]
    rows = [re.findall(r"<td[^>]*>([^<]*)</td>", tr) for tr in body.split("</tr>") if "<td" in tr]
    after = re.search(r"after round (\d+)", page.text)
    assert after, "the page says which round the standings are after"
    return PageTable(headers, rows, int(after.group(1)))


def place(cell: str) -> int:
    return int(cell.rstrip("="))


def download(pages: Pages, path: str) -> bytes:
    r = pages.get(path)
    assert r.status_code == 200, r.text
    return bytes(r.content)


# -- one check per export ----------------------------------------------------------------------


def check_h9(pages: Pages, eid: int, table: PageTable) -> None:
    text = download(pages, f"/api/events/{eid}/export/h9").decode("iso8859_15")
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith(";")]
    head = next(line for line in text.splitlines() if line.startswith("; Pl Name"))
    columns = len(head[47:]) // 5
    listed = [r for r in table.rows if any(_h9_name(r[2]) == _name_of(line) for line in lines)]
    assert len(listed) == len(lines)  # the players who took part in a round, all of them
    for row, line in zip(listed, lines, strict=True):
        assert _name_of(line) == _h9_name(row[2])
        if line[:4].strip():
            assert int(line[:4]) == place(row[0])
        else:
            assert row[0].endswith("=")  # tied with the line above on every column
        figures = [number(line[47 + 5 * i : 52 + 5 * i]) for i in range(columns)]
        assert figures == [number(c) for c in row[4 : 4 + columns]], row[2]
        entries = [t for t in line[47 + 5 * max(columns, 4) :].split() if not t.startswith("|")]
        assert len(entries) == table.after  # one entry a round paired, none for the others


def _h9_name(name: str) -> str:
    return name.encode("iso8859_15", errors="replace").decode("iso8859_15")


def _name_of(line: str) -> str:
    return " ".join(part.replace("_", " ") for part in line[5:35].split())


def check_trf(pages: Pages, eid: int, table: PageTable) -> None:
    text = download(pages, f"/api/events/{eid}/export/trf").decode("utf-8")
    players = [line for line in text.splitlines() if line.startswith("001 ")]
    assert [int(line[4:8]) for line in players] == [int(r[1]) for r in table.rows]
    first_of: dict[str, int] = {}
    for row, line in zip(table.rows, players, strict=True):
        assert number(line[80:84]) == number(row[3])  # points
        key = "|".join(row[3:])
        first_of.setdefault(key, place(row[0]))
        assert int(line[85:89]) == first_of[key]  # rank: the place, shared by ties
        assert len(line) <= 91 + 10 * table.after  # no block for a round not paired


def check_standings_csv(pages: Pages, eid: int, table: PageTable) -> None:
    text = download(pages, f"/api/events/{eid}/standings?format=csv").decode("utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    assert len(rows) == len(table.rows) + 1
    for row, line in zip(table.rows, rows[1:], strict=True):
        assert (line[0], line[1], line[2]) == (str(place(row[0])), row[1], row[2])
        assert [number(c) for c in line[3:-1]] == table.values(row)
        assert line[-1] == ("yes" if row[0].endswith("=") else "no")


def check_crosstable(pages: Pages, eid: int, table: PageTable, game: str) -> None:
    text = download(pages, f"/api/events/{eid}/crosstable?format=csv").decode("utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    headers, body = rows[0], rows[1:]
    if game == "go":  # the wall list: the page's order, one column a round paired
        assert [r[1] for r in body] == table.names
        assert [r[0] for r in body] == [r[0] for r in table.rows]
        assert len(headers) == 5 + table.after + len(table.headers) - 3
        assert headers[-(len(table.headers) - 3) :] == table.headers[3:]
        for row, line in zip(table.rows, body, strict=True):
            assert line[5 + table.after :] == row[3:]
            for cell in line[5 : 5 + table.after]:
                assert re.fullmatch(r"0[-+=]|\d+(?:[-+=]!?|\?)/[bw]\d+\??", cell), cell
    else:  # seed 002 appendix 3: by number, with the page's places
        places = {r[1]: place(r[0]) for r in table.rows}
        assert {r[0]: int(r[-1]) for r in body} == places


def check_opengotha(pages: Pages, eid: int, table: PageTable) -> None:
    text = download(pages, f"/api/events/{eid}/export/opengotha").decode("utf-8")
    root = ET.fromstring(text)
    rounds = {int(g.get("roundNumber", "0")) for g in root.iter("Game")}
    assert rounds <= set(range(1, table.after + 1))
    # the file, read back (as OpenGotha would rank it by its placement criteria), ranks the
    # players as the page does, with the same figures
    event = read_opengotha(text)
    again = event.standings()
    assert [event.name_of(r.no) for r in again.rows] == table.names
    for row, mine in zip(again.rows, table.rows, strict=True):
        values = [row.points, *(v if not isinstance(v, tuple) else v[0] for _, v in row.tiebreaks)]
        assert [Fraction(v) for v in values] == table.values(mine)


# -- the events --------------------------------------------------------------------------------


@pytest.fixture
def demo(server: Server) -> list[int]:
    ids = load_demo(server.rt)
    assert len(ids) == 2
    return ids


def test_the_go_demo_exports_in_the_order_of_the_standings_page(
    demo: list[int], visitor: Pages
) -> None:
    eid = demo[0]
    table = standings_page(visitor, eid)
    assert table.headers[3:] == ["Points", "McMahon score", "SOS", "SOSOS"]
    assert table.after == 2  # round 2 is paired, without results: it counts nothing yet
    check_h9(visitor, eid, table)
    check_trf(visitor, eid, table)
    check_standings_csv(visitor, eid, table)
    check_crosstable(visitor, eid, table, "go")
    check_opengotha(visitor, eid, table)


def test_the_toguz_demo_exports_in_the_order_of_the_standings_page(
    demo: list[int], visitor: Pages
) -> None:
    eid = demo[1]
    table = standings_page(visitor, eid)
    check_trf(visitor, eid, table)
    check_standings_csv(visitor, eid, table)
    check_crosstable(visitor, eid, table, "toguz")
    for fmt in ("h9", "opengotha"):  # Go formats: refused with the reason
        refused = visitor.get(f"/api/events/{eid}/export/{fmt}")
        assert refused.status_code == 422 and "Toguz Korgool" in refused.text


@pytest.mark.parametrize("name", ["Tournoi de Juvisy", "TournoiChinois"])
def test_an_imported_opengotha_file_exports_in_the_order_of_the_page(
    server: Server, name: str
) -> None:
    path: Path = OPENGOTHA / f"{name}.xml"
    if not path.exists():  # pragma: no cover - the shared data is part of the checkout's setup
        pytest.skip(f"no {path}")
    api = server.user("org")
    r = api.post(
        "/api/events/import",
        data={"format": "opengotha"},
        files={"file": (path.name, path.read_bytes(), "application/xml")},
    )
    assert r.status_code == 201, r.text
    eid = r.json()["id"]
    rounds = len(read_opengotha(path).rounds)
    publish(api, eid, *range(1, rounds + 1))
    pages = Pages(server.browser())
    pages.sign_in("org")
    table = standings_page(pages, eid)
    assert table.after == rounds
    check_h9(pages, eid, table)
    check_trf(pages, eid, table)
    check_standings_csv(pages, eid, table)
    check_crosstable(pages, eid, table, "go")
    check_opengotha(pages, eid, table)
