"""Registering participants through the pages: one by one, from a file, withdrawals."""

from __future__ import annotations

import re

from tests.server.web.conftest import Pages
from tests.server.web.flows import GO_CSV, TOGUZ_CSV, create_event, import_csv, pair


def players(html: str) -> list[str]:
    """The names in the participants table."""
    return re.findall(r'<td class="name">([^<]+)</td>', html)


def test_register_one_player_with_the_event_games_fields(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    page = organiser.get(f"/events/{eid}/participants")
    assert 'name="rank"' in page.text and "Nobody is registered yet." in page.text
    r = organiser.submit(
        f"/events/{eid}/participants",
        {"name": "Lee, Chang", "rank": "5d", "club": "Seoul Baduk", "country": "KR"},
    )
    assert r.headers["location"] == f"/events/{eid}/participants?done=added#add"
    listed = organiser.get(f"/events/{eid}/participants")
    assert players(listed.text) == ["Lee Chang"]
    assert ">5d<" in listed.text and "Seoul Baduk" in listed.text
    toguz = create_event(organiser, "toguz", "swiss", rounds="5")
    assert 'name="rank"' not in organiser.get(f"/events/{toguz}/participants").text


def test_a_refused_player_keeps_the_form(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    r = organiser.submit(
        f"/events/{eid}/participants", {"name": "Park, Su", "rank": "12x", "city": "Busan"}
    )
    assert r.status_code == 422
    assert 'id="e-rank"' in r.text
    assert 'value="Park, Su"' in r.text and 'value="12x"' in r.text and 'value="Busan"' in r.text
    rating = organiser.submit(f"/events/{eid}/participants", {"name": "Park, Su", "rating": "x"})
    assert rating.status_code == 422 and 'id="e-rating"' in rating.text
    assert players(organiser.get(f"/events/{eid}/participants").text) == []


def test_import_a_csv_file(organiser: Pages) -> None:
    eid = create_event(organiser, "toguz", "swiss", rounds="5")
    r = import_csv(organiser, eid, TOGUZ_CSV)
    assert r.headers["location"] == f"/events/{eid}/participants?done=imported"
    page = organiser.get(f"/events/{eid}/participants")
    assert players(page.text)[:2] == ["Asanov Bakyt", "Tokotaev Nurlan"]
    assert len(players(page.text)) == 6
    assert ">МС<" in page.text and ">1850<" in page.text


def test_a_bad_file_registers_nobody(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    bad = GO_CSV + "Nobody Known,99x,,,\n"
    r = import_csv(organiser, eid, bad)
    assert r.status_code == 422
    assert "99x" in r.text and 'id="f-file"' in r.text
    assert players(organiser.get(f"/events/{eid}/participants").text) == []
    unknown = import_csv(organiser, eid, "name,shoe size\nLee Chang,42\n")
    assert unknown.status_code == 422 and "shoe size" in unknown.text
    none = organiser.submit(f"/events/{eid}/participants/import", {"format": "csv"})
    assert none.status_code == 422 and "Choose a file" in none.text
    latin1 = organiser.submit(
        f"/events/{eid}/participants/import",
        {"format": "csv"},
        files={"file": ("p.csv", "name\nMüller\n".encode("latin-1"), "text/csv")},
    )
    assert latin1.status_code == 422 and "UTF-8" in latin1.text


def test_withdraw_from_the_next_round(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    import_csv(organiser, eid, GO_CSV)
    assert pair(organiser, eid, 1).status_code == 303
    r = organiser.submit(f"/events/{eid}/participants/6/withdraw")
    assert r.status_code == 303
    page = organiser.get(f"/events/{eid}/participants")
    assert "withdrawn from round 2" in page.text
    assert f'action="/events/{eid}/participants/6/withdraw"' not in page.text


def test_visitors_see_no_registration_forms(organiser: Pages, visitor: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    import_csv(organiser, eid, GO_CSV)
    organiser.submit(f"/events/{eid}/publish", {"published": "yes"})
    page = visitor.get(f"/events/{eid}/participants")
    assert page.status_code == 200 and "Lee Chang" in page.text
    assert "Register a player" not in page.text and "Withdraw" not in page.text
    refused = visitor.client.post(f"/events/{eid}/participants", data={"name": "Intruder"})
    assert refused.status_code == 401
    assert "Intruder" not in organiser.get(f"/events/{eid}/participants").text


def test_pairs_are_registered_from_entered_players(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "round-robin", discipline="pair")
    for name, gender in (("Lee, Chang", "m"), ("Kim, Ji", "f")):
        r = organiser.submit(f"/events/{eid}/participants", {"name": name, "gender": gender})
        assert r.status_code == 303, r.text
    ok = organiser.submit(
        f"/events/{eid}/participants/pairs", {"man": "1", "woman": "2", "pair_name": "Seoul"}
    )
    assert ok.status_code == 303, ok.text
    page = organiser.get(f"/events/{eid}/participants")
    assert "Seoul" in page.text and "Register a pair" in page.text
    twice = organiser.submit(f"/events/{eid}/participants/pairs", {"man": "1", "woman": "2"})
    assert twice.status_code == 422
