"""Result entry on the round page: the field holds the longest results, two referees editing one
result (the second sees the result now, who entered it and when, and applies theirs over it in
one click), korgool counts demanded of final results only, and refusals of the round's forms
shown on the round page."""

from __future__ import annotations

import re

from tests.server.conftest import PASSWORD, Server
from tests.server.helpers import grant
from tests.server.web.conftest import Pages
from tests.server.web.flows import GO_CSV, TOGUZ_CSV, create_event, enter, import_csv, pair

FETCH = {"X-Requested-With": "fetch"}


def row_of(html: str, table: int) -> str:
    """The round page's row of ``table``."""
    return html.split(f'id="t{table}"')[1].split("</tr>")[0]


def field_of(row: str) -> str:
    found = re.search(r'<input name="result"[^>]*>', row)
    assert found, "no result field in the row"
    return found.group(0)


def version_in(row: str) -> int:
    found = re.search(r'name="version" value="(\d+)"', row)
    assert found, "no version in the row's form"
    return int(found.group(1))


def with_referee(server: Server, organiser: Pages, game: str = "go") -> tuple[int, Pages]:
    """An event of the organiser's with round 1 paired, and a second referee signed in."""
    if game == "go":
        eid = create_event(organiser, "go", "mcmahon", rounds="3", bar="1d")
        import_csv(organiser, eid, GO_CSV)
    else:
        eid = create_event(organiser, "toguz", "swiss", rounds="3", korgools="required")
        import_csv(organiser, eid, TOGUZ_CSV)
    pair(organiser, eid, 1)
    from arbiter.server.services import accounts

    accounts.create_user(server.rt, "ref", PASSWORD, display_name="Bolot Referee")
    grant(server.sign_in("org"), eid, "ref", "referee")
    referee = Pages(server.browser())
    referee.sign_in("ref")
    return eid, referee


def test_the_field_holds_the_longest_results(organiser: Pages) -> None:
    eid = create_event(organiser, "toguz", "swiss", rounds="3")
    import_csv(organiser, eid, TOGUZ_CSV)
    pair(organiser, eid, 1)
    assert enter(organiser, eid, 1, 1, "1/2 (81) - 1/2 (81)").status_code == 303
    page = organiser.get(f"/events/{eid}/rounds/1").text
    field = field_of(row_of(page, 1))
    assert 'value="1/2(81)-1/2(81)"' in field
    size = int(re.search(r'size="(\d+)"', field).group(1))  # type: ignore[union-attr]
    longest = len("1/2(81)-1/2(81)?")
    assert size >= longest
    # the typed form (with blanks) fits in the field's limit too
    assert int(re.search(r'maxlength="(\d+)"', field).group(1)) >= len("1/2 (81) - 1/2 (81)?")  # type: ignore[union-attr]


def test_a_second_referee_sees_who_entered_the_result_and_applies_over_it(
    server: Server, organiser: Pages
) -> None:
    eid, referee = with_referee(server, organiser)
    seen = referee.get(f"/events/{eid}/rounds/1").text  # no result yet at table 1
    assert "data-override hidden" in row_of(seen, 1)  # the button waits for a conflict
    assert enter(organiser, eid, 1, 1, "B+R").status_code == 303
    refused = enter(referee, eid, 1, 1, "W+12.5")
    assert refused.status_code == 409
    row = row_of(refused.text, 1)
    assert 'value="W+12.5"' in field_of(row)  # what the referee typed stays
    assert "it is now B+R, entered by Aigul Organiser at 20" in row and " UTC." in row
    assert 'name="apply"' in row and "data-override hidden" not in row
    # nothing changed
    assert 'value="B+R"' in field_of(row_of(organiser.get(f"/events/{eid}/rounds/1").text, 1))
    # one click: the form sends the version the message describes
    applied = referee.submit(
        f"/events/{eid}/rounds/1/games/1/result",
        {"result": "W+12.5", "version": str(version_in(row)), "apply": "yes"},
    )
    assert applied.status_code == 303
    now = organiser.get(f"/events/{eid}/rounds/1").text
    assert 'value="W+12.5"' in field_of(row_of(now, 1))
    # the organiser, who still has the old version, is refused in turn, told who changed it
    stale = enter(organiser, eid, 1, 1, "B+R", version=str(version_in(row)))
    assert stale.status_code == 409
    assert "it is now W+12.5, entered by Bolot Referee" in row_of(stale.text, 1)


def test_the_script_gets_the_conflict_and_the_version_to_apply_over(
    server: Server, organiser: Pages
) -> None:
    eid, referee = with_referee(server, organiser)
    first = organiser.submit(
        f"/events/{eid}/rounds/1/games/2/result", {"result": "W+R"}, headers=FETCH
    ).json()
    r = referee.submit(f"/events/{eid}/rounds/1/games/2/result", {"result": "0"}, headers=FETCH)
    assert r.status_code == 409
    answer = r.json()
    assert not answer["ok"] and answer["apply"] == first["version"]
    assert answer["message"].startswith("The result changed meanwhile: it is now W+R")
    assert answer["current"]["by"] == "org" and answer["current"]["result"] == "W+R"
    again = referee.submit(
        f"/events/{eid}/rounds/1/games/2/result",
        {"result": "0", "version": str(answer["apply"])},
        headers=FETCH,
    ).json()
    assert again["ok"] and again["result"] == "0"
    # a refusal that is no conflict offers nothing to apply
    bad = referee.submit(f"/events/{eid}/rounds/1/games/3/result", {"result": "B+X"}, headers=FETCH)
    assert bad.status_code == 422 and bad.json()["apply"] is None


def test_korgools_are_demanded_of_final_results_only(server: Server, organiser: Pages) -> None:
    eid, _ = with_referee(server, organiser, "toguz")
    provisional = enter(organiser, eid, 1, 1, "1/2-1/2", provisional="yes")
    assert provisional.status_code == 303
    page = organiser.get(f"/events/{eid}/rounds/1").text
    row = row_of(page, 1)
    assert 'value="1/2-1/2?"' in field_of(row) and "provisional" in field_of(row)
    final = enter(organiser, eid, 1, 1, "1/2-1/2", version=str(version_in(row)))
    assert final.status_code == 422 and "korgools=required" in row_of(final.text, 1)
    counted = enter(organiser, eid, 1, 1, "1/2(81)-1/2(81)", version=str(version_in(row)))
    assert counted.status_code == 303


def test_refusals_of_the_rounds_forms_stay_on_the_round_page(
    server: Server, organiser: Pages
) -> None:
    eid, referee = with_referee(server, organiser)
    page = organiser.get(f"/events/{eid}/rounds/1").text
    version = re.search(r'/unpair".*?name="version" value="(\d+)"', page, re.S)
    assert version
    enter(organiser, eid, 1, 1, "B+R")  # now a game is played: unpairing is refused
    refused = organiser.submit(f"/events/{eid}/rounds/1/unpair", {"version": version.group(1)})
    assert refused.status_code == 409
    assert 'id="round-error"' in refused.text and '<table class="list games"' in refused.text
    assert "round 1 has results at tables 1: it cannot be unpaired" in refused.text
    # a form without the round's version: told so on the round page, not on a page of its own
    blank = referee.submit(f"/events/{eid}/rounds/1/unpair", {"version": ""})
    assert blank.status_code == 422
    assert 'id="round-error"' in blank.text and "reload the page" in blank.text
    assert '<table class="list games"' in blank.text
