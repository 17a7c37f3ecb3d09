"""Correcting entries through the pages: every field of a player, deleting an entry made by
mistake, merging a player entered twice, and likely duplicates caught and confirmed."""

from __future__ import annotations

import re

from tests.server.web.conftest import Pages
from tests.server.web.flows import TOGUZ_CSV, create_event, import_csv, pair
from tests.server.web.test_participants import players


def toguz_event(organiser: Pages) -> int:
    eid = create_event(organiser, "toguz", "swiss", rounds="5")
    assert import_csv(organiser, eid, TOGUZ_CSV).status_code == 303
    return eid


def test_correct_every_field_of_a_player(organiser: Pages) -> None:
    eid = toguz_event(organiser)
    listed = organiser.get(f"/events/{eid}/participants").text
    assert f'href="/events/{eid}/participants/2/edit"' in listed
    page = organiser.get(f"/events/{eid}/participants/2/edit")
    assert page.status_code == 200
    assert 'value="Tokotaev, Nurlan"' in page.text and 'value="1790"' in page.text
    fields = {
        "name": "Tokotaev, Nurlan Bekovich",
        "rating": "1800",
        "title": "МС",
        "club": "Naryn SC",
        "city": "Naryn",
        "country": "kg",
        "gender": "m",
        "born": "1999-12-31",
        "coach": "Asanov B.",
        "medical": "yes",
    }
    r = organiser.submit(f"/events/{eid}/participants/2/edit", fields)
    assert r.status_code == 303, r.text
    assert r.headers["location"] == f"/events/{eid}/participants?done=corrected"
    again = organiser.get(f"/events/{eid}/participants/2/edit").text
    for value in ("Tokotaev, Nurlan Bekovich", "1800", "Naryn SC", "KG", "1999-12-31", "Asanov B."):
        assert f'value="{value}"' in again, value
    assert '<option value="yes" selected>' in again and '<option value="m" selected>' in again
    assert players(organiser.get(f"/events/{eid}/participants").text)[1] == (
        "Tokotaev Nurlan Bekovich"
    )


def test_a_refused_correction_stays_on_the_page_by_its_field(organiser: Pages) -> None:
    eid = toguz_event(organiser)
    r = organiser.submit(
        f"/events/{eid}/participants/2/edit", {"name": "Tokotaev Nurlan", "born": "31.12.1999"}
    )
    assert r.status_code == 422 and 'id="e-born"' in r.text and 'value="31.12.1999"' in r.text
    long = organiser.submit(f"/events/{eid}/participants/2/edit", {"name": "x" * 10_000})
    assert long.status_code == 422 and 'id="e-name"' in long.text
    assert players(organiser.get(f"/events/{eid}/participants").text)[1] == "Tokotaev Nurlan"


def test_delete_an_entry_made_by_mistake_but_not_one_that_played(organiser: Pages) -> None:
    eid = toguz_event(organiser)
    page = organiser.get(f"/events/{eid}/participants/6/edit").text
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version
    r = organiser.submit(f"/events/{eid}/participants/6/delete", {"version": version.group(1)})
    assert r.status_code == 303 and r.headers["location"].endswith("done=deleted")
    assert "Omarov Ruslan" not in players(organiser.get(f"/events/{eid}/participants").text)
    stale = organiser.submit(f"/events/{eid}/participants/5/delete", {"version": version.group(1)})
    assert stale.status_code == 409 and "changed meanwhile" in stale.text
    assert len(players(organiser.get(f"/events/{eid}/participants").text)) == 5
    assert pair(organiser, eid, 1).status_code == 303
    played = organiser.get(f"/events/{eid}/participants/1/edit").text
    assert (
        "only withdrawn" in played and f'action="/events/{eid}/participants/1/delete"' not in played
    )
    refused = organiser.submit(f"/events/{eid}/participants/1/delete")
    assert refused.status_code == 422 and "only withdrawn" in refused.text
    assert len(players(organiser.get(f"/events/{eid}/participants").text)) == 5


def test_merge_a_player_entered_twice(organiser: Pages) -> None:
    eid = toguz_event(organiser)
    assert pair(organiser, eid, 1).status_code == 303
    added = organiser.submit(
        f"/events/{eid}/participants",
        {"name": "Асанов Бакыт", "club": "Ala-Too", "force": "yes"},
    )
    assert added.status_code == 303, added.text
    page = organiser.get(f"/events/{eid}/participants/7/edit").text
    assert "Likely the same person" in page and "1 — Asanov Bakyt" in page
    r = organiser.submit(f"/events/{eid}/participants/7/merge", {"other": "1", "take_name": "yes"})
    assert r.status_code == 303, r.text
    assert r.headers["location"] == f"/events/{eid}/participants/1/edit?done=merged"
    kept = organiser.get(f"/events/{eid}/participants/1/edit").text
    assert 'value="Асанов, Бакыт"' in kept and 'value="Ala-Too"' in kept and 'value="1850"' in kept
    assert len(players(organiser.get(f"/events/{eid}/participants").text)) == 6
    both = organiser.submit(f"/events/{eid}/participants/1/merge", {"other": "2"})
    assert both.status_code == 422 and "both take part" in both.text and 'id="e-other"' in both.text
    nothing = organiser.submit(f"/events/{eid}/participants/1/merge", {"other": ""})
    assert nothing.status_code == 422 and 'id="e-other"' in nothing.text


def test_a_likely_duplicate_is_shown_and_registered_only_when_confirmed(organiser: Pages) -> None:
    eid = toguz_event(organiser)
    for spelling in ("Asanov, Bakyt", "BAKYT Asanov", "Асанов Бакыт"):
        r = organiser.submit(f"/events/{eid}/participants", {"name": spelling, "club": "Osh"})
        assert r.status_code == 409, spelling
        assert "likely entered already" in r.text and "1 — Asanov Bakyt" in r.text
        assert 'name="force"' in r.text and f'value="{spelling}"' in r.text
    assert len(players(organiser.get(f"/events/{eid}/participants").text)) == 6
    ok = organiser.submit(
        f"/events/{eid}/participants", {"name": "Асанов Бакыт", "club": "Osh", "force": "yes"}
    )
    assert ok.status_code == 303
    assert players(organiser.get(f"/events/{eid}/participants").text)[-1] == "Асанов Бакыт"
    # the same name, club and date of birth is one person: refused even when confirmed
    same = organiser.submit(
        f"/events/{eid}/participants", {"name": "Asanov, Bakyt", "force": "yes"}
    )
    assert same.status_code == 422 and "already entered as number 1" in same.text


def test_a_file_with_likely_duplicates_asks_first(organiser: Pages) -> None:
    eid = toguz_event(organiser)
    text = 'name,club\n"ASANOV, Bakyt",Osh\nNew Player,Talas\n'
    r = import_csv(organiser, eid, text)
    assert r.status_code == 409 and "Register them anyway" in r.text
    assert "ASANOV Bakyt" in r.text and "1 — Asanov Bakyt" in r.text
    assert len(players(organiser.get(f"/events/{eid}/participants").text)) == 6
    forced = organiser.submit(
        f"/events/{eid}/participants/import",
        {"format": "csv", "force": "yes"},
        files={"file": ("players.csv", text.encode(), "text/csv")},
    )
    assert forced.status_code == 303
    assert len(players(organiser.get(f"/events/{eid}/participants").text)) == 8


def test_visitors_get_no_forms_and_cannot_post(organiser: Pages, visitor: Pages) -> None:
    eid = toguz_event(organiser)
    organiser.submit(f"/events/{eid}/publish", {"published": "yes"})
    assert "/participants/1/edit" not in visitor.get(f"/events/{eid}/participants").text
    page = visitor.get(f"/events/{eid}/participants/1/edit")
    assert (
        page.status_code == 200
        and 'action="' + f"/events/{eid}/participants/1/delete" not in page.text
    )
    for action in ("delete", "merge", "edit"):
        r = visitor.client.post(f"/events/{eid}/participants/1/{action}", data={"other": "2"})
        assert r.status_code in (401, 403), action
    no_token = organiser.client.post(f"/events/{eid}/participants/6/delete", data={})
    assert no_token.status_code == 403
    assert len(players(organiser.get(f"/events/{eid}/participants").text)) == 6


def test_pairs_are_renamed_and_deleted(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "round-robin", discipline="pair")
    for name, gender in (("Lee, Chang", "m"), ("Kim, Ji", "f")):
        organiser.submit(f"/events/{eid}/participants", {"name": name, "gender": gender})
    organiser.submit(f"/events/{eid}/participants/pairs", {"man": "1", "woman": "2"})
    assert "/participants/pairs/1/edit" in organiser.get(f"/events/{eid}/participants").text
    r = organiser.submit(f"/events/{eid}/participants/pairs/1/edit", {"name": "Seoul Stars"})
    assert r.status_code == 303
    assert "Seoul Stars" in organiser.get(f"/events/{eid}/participants").text
    blocked = organiser.submit(f"/events/{eid}/participants/1/delete")
    assert blocked.status_code == 422 and "Seoul Stars" in blocked.text
    assert organiser.submit(f"/events/{eid}/participants/pairs/1/delete").status_code == 303
    assert "Seoul Stars" not in organiser.get(f"/events/{eid}/participants").text
