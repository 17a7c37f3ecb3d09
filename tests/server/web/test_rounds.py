"""Pairing, result entry (with and without the page's script), publishing and unpairing rounds,
and the printable pairings and result slips."""

from __future__ import annotations

import re

from tests.server.web.conftest import Pages
from tests.server.web.flows import (
    GO_CSV,
    TOGUZ_CSV,
    create_event,
    enter,
    import_csv,
    pair,
    tables,
)

FETCH = {"X-Requested-With": "fetch"}


def progress(html: str) -> tuple[int, int]:
    """The round page's count of results: (entered, games)."""
    found = re.search(r"data-done>(\d+)</span> / (\d+)", html)
    assert found, "no progress on the page"
    return int(found.group(1)), int(found.group(2))


def go_event(pages: Pages) -> int:
    eid = create_event(pages, "go", "mcmahon", rounds="3", bar="1d")
    assert import_csv(pages, eid, GO_CSV).status_code == 303
    return eid


def toguz_event(pages: Pages) -> int:
    eid = create_event(pages, "toguz", "swiss", rounds="3", korgools="required")
    assert import_csv(pages, eid, TOGUZ_CSV).status_code == 303
    return eid


def test_pair_a_round_and_see_its_games(organiser: Pages) -> None:
    eid = go_event(organiser)
    overview = organiser.get(f"/events/{eid}")
    assert "Pair round 1" in overview.text
    r = pair(organiser, eid, 1)
    assert r.headers["location"] == f"/events/{eid}/rounds/1?done=paired"
    page = organiser.get(r.headers["location"])
    assert "The round is paired." in page.text and progress(page.text) == (0, 3)
    assert tables(page.text) == [1, 2, 3]
    # McMahon pairs the top group first: the 5d and 3d play at table 1
    first = page.text.split('id="t1"')[1].split("</tr>")[0]
    assert "Lee Chang (1)" in first and "Batbayar Enkh (2)" in first
    assert "Pair round 2" in organiser.get(f"/events/{eid}").text


def test_pairing_twice_pairs_once(organiser: Pages) -> None:
    eid = go_event(organiser)
    assert pair(organiser, eid, 1).status_code == 303
    again = pair(organiser, eid, 1)
    assert again.status_code == 409
    assert "round 1 is already paired" in again.text
    early = pair(organiser, eid, 2)
    assert early.status_code == 409
    # the refusal is shown under the button, on the overview
    assert "round 1 has 3 game(s) without a result" in early.text
    assert 'value="2"' in early.text


def test_results_without_script(organiser: Pages) -> None:
    eid = go_event(organiser)
    pair(organiser, eid, 1)
    r = enter(organiser, eid, 1, 1, "b+r")
    assert r.headers["location"] == f"/events/{eid}/rounds/1?done=result#t1"
    page = organiser.get(f"/events/{eid}/rounds/1")
    assert 'value="B+R"' in page.text and progress(page.text) == (1, 3)
    # a second referee who saw no result is refused, and the typed result stays on the form
    stale = enter(organiser, eid, 1, 1, "W+R")
    assert stale.status_code == 409
    row = stale.text.split('id="t1"')[1].split("</tr>")[0]
    assert 'value="W+R"' in row and "it is now B+R, entered by Aigul Organiser" in row
    version = re.search(r'name="version" value="(\d+)"', page.text)
    assert version
    corrected = enter(organiser, eid, 1, 1, "W+0.5", version=version.group(1))
    assert corrected.status_code == 303
    assert 'value="W+0.5"' in organiser.get(f"/events/{eid}/rounds/1").text
    reused = enter(organiser, eid, 1, 1, "B+R", version=version.group(1))
    assert reused.status_code == 409 and "The result changed meanwhile" in reused.text


def test_a_result_the_grammar_refuses_changes_nothing(organiser: Pages) -> None:
    eid = toguz_event(organiser)
    pair(organiser, eid, 1)
    missing = enter(organiser, eid, 1, 1, "1-0")
    assert missing.status_code == 422
    assert "korgool" in missing.text
    nonsense = enter(organiser, eid, 1, 1, "2-0")
    assert nonsense.status_code == 422
    empty = enter(organiser, eid, 1, 1, "  ")
    assert empty.status_code == 422 and "Write the result." in empty.text
    page = organiser.get(f"/events/{eid}/rounds/1")
    assert progress(page.text) == (0, 3)
    ok = enter(organiser, eid, 1, 1, "1(82)-0(60)")
    assert ok.status_code == 303


def test_results_with_the_script_answer_json(organiser: Pages) -> None:
    eid = toguz_event(organiser)
    pair(organiser, eid, 1)
    ok = organiser.submit(
        f"/events/{eid}/rounds/1/games/2/result",
        {"result": "0(70)-1(85)", "provisional": "yes"},
        headers=FETCH,
    )
    assert ok.status_code == 200
    body = ok.json()
    assert body["ok"] and body["result"] == "0(70)-1(85)?" and body["provisional"]
    assert isinstance(body["version"], int)
    refused = organiser.submit(
        f"/events/{eid}/rounds/1/games/2/result", {"result": "1-0"}, headers=FETCH
    )
    assert refused.status_code == 409
    answer = refused.json()
    assert not answer["ok"] and answer["current"]["result"] == "0(70)-1(85)?"
    final = organiser.submit(
        f"/events/{eid}/rounds/1/games/2/result",
        {"result": "0(70)-1(85)", "version": str(body["version"])},
        headers=FETCH,
    )
    assert final.json()["result"] == "0(70)-1(85)"


def test_publish_rounds_in_order(organiser: Pages, visitor: Pages) -> None:
    eid = go_event(organiser)
    organiser.submit(f"/events/{eid}/publish", {"published": "yes"})
    pair(organiser, eid, 1)
    assert visitor.get(f"/events/{eid}/rounds/1").status_code == 404
    r = organiser.submit(f"/events/{eid}/rounds/1/publish", {"published": "yes"})
    assert r.headers["location"] == f"/events/{eid}/rounds/1?done=round-published"
    page = visitor.get(f"/events/{eid}/rounds/1")
    assert page.status_code == 200 and "Lee Chang" in page.text
    assert "result-form" not in page.text


def test_unpair_the_last_round(organiser: Pages) -> None:
    eid = go_event(organiser)
    pair(organiser, eid, 1)
    page = organiser.get(f"/events/{eid}/rounds/1")
    form = page.text.split("/rounds/1/unpair")[1].split("</form>")[0]
    version = re.search(r'name="version" value="(\d+)"', form)
    assert version, "the unpair button carries the round's version"
    r = organiser.submit(f"/events/{eid}/rounds/1/unpair", {"version": version.group(1)})
    assert r.headers["location"] == f"/events/{eid}?done=unpaired#rounds"
    assert "No round is paired yet." in organiser.get(f"/events/{eid}").text
    assert organiser.get(f"/events/{eid}/rounds/1").status_code == 404


def test_a_played_round_cannot_be_unpaired(organiser: Pages) -> None:
    eid = go_event(organiser)
    pair(organiser, eid, 1)
    enter(organiser, eid, 1, 1, "B+R")
    page = organiser.get(f"/events/{eid}/rounds/1")
    assert "Unpair this round" not in page.text


def test_printable_pairings_and_slips(organiser: Pages) -> None:
    eid = toguz_event(organiser)
    pair(organiser, eid, 1)
    printed = organiser.get(f"/events/{eid}/rounds/1/print")
    assert printed.status_code == 200
    assert 'class="printable' in printed.text and '<th scope="col">White</th>' in printed.text
    assert "Asanov Bakyt" in printed.text
    in_kyrgyz = organiser.get(f"/events/{eid}/rounds/1/print?lang=ky")
    assert "Актар" in in_kyrgyz.text and "1-тур" in in_kyrgyz.text
    # the language chosen stays (a cookie)
    slips = organiser.get(f"/events/{eid}/rounds/1/slips")
    assert slips.text.count('<section class="slip">') == 3
    assert "коргоолдор" in slips.text and "Калыс" in slips.text


def test_the_round_page_on_a_phone_has_no_scrolling_result_column(organiser: Pages) -> None:
    # the games table turns into cards below 40rem (the CSS), so the page must mark its cells
    eid = go_event(organiser)
    pair(organiser, eid, 1)
    page = organiser.get(f"/events/{eid}/rounds/1")
    assert 'class="name first" data-label="Black"' in page.text
    assert '<td class="result">' in page.text


def test_round_addresses_that_take_forms_lead_back_to_the_round(organiser: Pages) -> None:
    eid = go_event(organiser)
    pair(organiser, eid, 1)
    for action in ("publish", "unpair"):
        r = organiser.get(f"/events/{eid}/rounds/1/{action}")
        assert r.headers["location"] == f"/events/{eid}/rounds/1"
    assert organiser.get(f"/events/{eid}/rounds").headers["location"] == f"/events/{eid}#rounds"
    # a refused result re-renders the round; its language switch reads the form's address
    result = organiser.get(f"/events/{eid}/rounds/1/games/1/result?lang=ru")
    assert result.headers["location"] == f"/events/{eid}/rounds/1"
    refused = enter(organiser, eid, 1, 1, "B+X")
    assert f'href="/events/{eid}/rounds/1/games/1/result?lang=kk"' in refused.text
