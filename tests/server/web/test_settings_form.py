"""The event's settings page: a control per setting, grouped, every field checked on saving,
refusals next to their fields, only the organiser and chief referee may save."""

from __future__ import annotations

import re

from arbiter.server.services import accounts
from tests.server.conftest import PASSWORD, Server
from tests.server.helpers import grant
from tests.server.web.conftest import Pages
from tests.server.web.flows import GO_CSV, create_event, import_csv, pair
from tests.server.web.settings_pages import form_of, stored

#: What the new-event form sets.
CREATED = {"name": "Test Cup", "rounds": 5}


def legends(html: str) -> list[str]:
    return re.findall(r'<fieldset class="settings-group" id="g-(\w+)">', html)


def test_a_go_mcmahon_event_shows_its_groups_as_controls(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    html = organiser.get(f"/events/{eid}/settings").text
    assert legends(html) == [
        "event",
        "system",
        "pairing",
        "rules",
        "time",
        "scoring",
        "tiebreaks",
        "entries",
        "conduct",
    ]
    # a choice is a select of the game's own values, named in words
    ruleset = re.search(r'<select id="f-ruleset".*?</select>', html, re.S)
    assert ruleset and 'value="japanese" selected>Japanese<' in ruleset.group(0)
    assert 'value="chinese"' in ruleset.group(0) and "toguz" not in ruleset.group(0)
    assert re.search(r'<select id="f-bar"[^>]*>.*?<option value="4d" selected>4d<', html, re.S)
    # numbers with their bounds, halves with their step, a check box, an order of places
    assert re.search(
        r'name="s.handicap_max" value="9" type="number" step="1"[^>]* min="0" max="9"', html
    )
    assert 'name="s.komi" value="6.5" type="number" step="0.5"' in html
    assert 'type="checkbox" id="f-online" name="s.online" value="yes"' in html
    assert '<option value="MMS" selected>McMahon score</option>' in html
    assert 'name="s.tiebreaks.5"' in html and 'name="s.tiebreaks.6"' not in html
    # each with a line of help; nothing of knockout, Scheveningen, teams or Toguz Korgool
    assert "Points White gets in an even game." in html
    for key in ("third_place", "groups", "boards", "korgools", "move_cap", "pair_composition"):
        assert f'name="s.{key}' not in html, key


def test_a_toguz_swiss_event_shows_only_what_applies(organiser: Pages) -> None:
    eid = create_event(organiser, "toguz", "swiss", rounds="5")
    html = organiser.get(f"/events/{eid}/settings").text
    assert "team" not in legends(html)
    assert re.search(r'<select id="f-korgools"[^>]*>.*?"optional" selected>optional<', html, re.S)
    assert 'value="bestemshe"' in html and 'value="japanese"' not in html
    for key in ("komi", "bar", "handicap", "mms_corrections", "round_down"):
        assert f'name="s.{key}"' not in html, key
    assert '<option value="BH" selected>Buchholz</option>' in html
    assert '<option value="SOS"' not in html  # Go's tiebreaks are not offered


def test_every_kind_of_control_saves(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    unchanged = form_of(organiser, eid)
    assert organiser.submit(f"/events/{eid}/settings", unchanged).status_code == 303
    assert stored(organiser, eid) == CREATED  # sending the form as it is sets nothing
    fields = {
        **unchanged,
        "s.ruleset": "chinese",  # a select
        "s.bar": "2d",  # a rank
        "s.handicap_max": "5",  # a whole number
        "s.komi": "7.50",  # a multiple of 0.5
        "s.online": "yes",  # a ticked box (after its hidden "no")
        "s.tiebreaks.1": "MMS",  # an order: empty places close up
        "s.tiebreaks.2": "",
        "s.tiebreaks.3": "SODOS",
        "s.tiebreaks.4": "SOS",
        "s.tiebreaks.5": "",
        "s.pairing_seeding.2": "split-and-slip",
        "s.scoring.1": "2",  # win, draw, loss
        "s.scoring.2": "1",
        "s.scoring.3": "0",
        "s.start": "2026-05-01",  # a date
        "s.time_control": "60m+3x30s",  # text
    }
    r = organiser.submit(f"/events/{eid}/settings", fields)
    assert r.status_code == 303, r.text
    assert r.headers["location"] == f"/events/{eid}/settings?done=settings"
    assert stored(organiser, eid) == {
        **CREATED,
        "ruleset": "chinese",
        "bar": "2d",
        "handicap_max": 5,
        "komi": 7.5,
        "online": True,
        "tiebreaks": ["MMS", "SODOS", "SOS"],
        "pairing_seeding": ["split-and-random", "split-and-slip"],
        "scoring": [2, 1, 0],
        "start": "2026-05-01",
        "time_control": "60m+3x30s",
    }
    after = organiser.get(f"/events/{eid}/settings?done=settings").text
    assert "The settings are saved." in after
    assert 'value="chinese" selected>Chinese<' in after
    assert "Default: Japanese" in after and "Default: 6.5" in after
    # an unticked box sends only its hidden "no"; an emptied field restores the default
    again = form_of(organiser, eid)
    assert again["s.online"] == "yes"
    again["s.online"] = "no"
    again["s.time_control"] = ""
    assert organiser.submit(f"/events/{eid}/settings", again).status_code == 303
    kept = stored(organiser, eid)
    assert kept["online"] is False and "time_control" not in kept


def test_a_bad_number_is_refused_next_to_its_field(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    fields = {**form_of(organiser, eid), "s.handicap_max": "12", "s.city": "Naryn"}
    fields["s.komi"] = "6.3"
    r = organiser.submit(f"/events/{eid}/settings", fields)
    assert r.status_code == 422
    assert 'id="e-handicap_max"' in r.text
    assert "Most handicap stones: write a whole number from 0 to 9." in r.text
    assert "Komi: write a number such as 6.5 (a multiple of 0.5)." in r.text
    assert 'href="#f-handicap_max">Most handicap stones</a>' in r.text  # the summary links it
    # what was typed stays, the refused field marked; nothing is stored
    assert 'name="s.handicap_max" value="12"' in r.text and 'value="Naryn"' in r.text
    assert re.search(r'name="s.handicap_max"[^>]*aria-invalid="true"', r.text)
    assert stored(organiser, eid) == CREATED


def test_a_value_outside_the_list_is_refused(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    base = form_of(organiser, eid)
    for name, value, key in (
        ("s.ruleset", "toguz", "ruleset"),  # another game's rules
        ("s.bar", "99d", "bar"),
        ("s.tiebreaks.2", "KLG", "tiebreaks"),  # a Toguz Korgool tiebreak
        ("s.tiebreaks.2", "MMS", "tiebreaks"),  # twice
        ("s.online", "maybe", "online"),
        ("s.scoring.2", "2", "scoring"),  # a draw worth more than a win
        ("s.time_control", "sixty minutes", "time_control"),
        ("s.start", "2026-13-01", "start"),
    ):
        r = organiser.submit(f"/events/{eid}/settings", {**base, name: value})
        assert r.status_code == 422, (name, value)
        assert f'id="e-{key}"' in r.text, (name, value)
    twice = organiser.submit(f"/events/{eid}/settings", {**base, "s.tiebreaks.2": "MMS"})
    assert "Tiebreak order: McMahon score is chosen twice." in twice.text
    assert stored(organiser, eid) == CREATED


def test_who_may_save(server: Server, organiser: Pages, visitor: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    assert import_csv(organiser, eid, GO_CSV).status_code == 303
    api = server.sign_in("org")
    people = {}
    for name, role in (("ref", "referee"), ("pl", "player"), ("chief", "chief-referee")):
        accounts.create_user(server.rt, name, PASSWORD)
        grant(api, eid, name, role, 1 if role == "player" else None)
        people[name] = Pages(server.browser())
        people[name].sign_in(name)
    change = {**form_of(organiser, eid), "s.city": "Osh"}
    anonymous = visitor.client.post(f"/events/{eid}/settings", data=change)
    assert anonymous.status_code == 401
    for name in ("ref", "pl"):
        # they see the settings as a table, and a form sent anyway is refused
        page = people[name].get(f"/events/{eid}/settings")
        assert page.status_code == 200 and "settings-form" not in page.text
        assert '<th scope="row">Komi</th>' in page.text
        refused = people[name].submit(f"/events/{eid}/settings", change)
        assert refused.status_code == 403, name
        assert "Only the organiser and the chief referee" in refused.text
    assert "city" not in stored(organiser, eid)
    # the form's token is required, even of the organiser
    forged = organiser.client.post(f"/events/{eid}/settings", data=change)
    assert forged.status_code == 403
    assert "city" not in stored(organiser, eid)
    chief = people["chief"].submit(f"/events/{eid}/settings", change)
    assert chief.status_code == 303
    assert (
        organiser.submit(f"/events/{eid}/settings", {**change, "s.city": "Naryn"}).status_code
        == 303
    )
    assert stored(organiser, eid)["city"] == "Naryn"


def test_settings_that_shape_the_pairings_are_read_only_after_round_1(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="3")
    assert import_csv(organiser, eid, GO_CSV).status_code == 303
    before = form_of(organiser, eid)
    assert pair(organiser, eid, 1).status_code == 303
    html = organiser.get(f"/events/{eid}/settings").text
    assert 'name="s.draw_lots"' not in html and 'name="s.seed"' not in html
    found = re.search(r'id="f-draw_lots">No</p>\s*<small class="why">([^<]+)<', html)
    assert found and found.group(1) == "Fixed once round 1 is paired"
    # a form from before round 1 does not change them, and rounds cannot go below the paired
    sent = {**before, "s.draw_lots": "yes", "s.seed": "77", "s.city": "Taraz"}
    assert organiser.submit(f"/events/{eid}/settings", sent).status_code == 303
    kept = stored(organiser, eid)
    assert kept["city"] == "Taraz" and "draw_lots" not in kept and "seed" not in kept
    assert re.search(r'name="s.rounds" value="3" type="number" step="1"[^>]* min="1"', html)


def test_overlong_text_and_markup_are_refused_or_escaped(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    base = form_of(organiser, eid)
    long = organiser.submit(f"/events/{eid}/settings", {**base, "s.city": "x" * 10_000})
    assert long.status_code == 422 and 'id="e-city"' in long.text
    bad = organiser.submit(f"/events/{eid}/settings", {**base, "s.time_control": "<b>1h</b>"})
    assert bad.status_code == 422 and 'id="e-time_control"' in bad.text
    assert "<b>1h</b>" not in bad.text and "&lt;b&gt;1h&lt;/b&gt;" in bad.text
    assert stored(organiser, eid) == CREATED
