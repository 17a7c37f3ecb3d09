"""Creating an event, its overview, settings, publication and deletion through the pages."""

from __future__ import annotations

from tests.server.web.conftest import Pages
from tests.server.web.flows import GO_CSV, create_event, import_csv, pair


def test_new_event_form_defaults_to_go_mcmahon(organiser: Pages) -> None:
    form = organiser.get("/events/new")
    assert form.status_code == 200
    assert 'value="go" checked' in form.text
    assert '<option value="mcmahon" selected data-game="go">' in form.text
    # the defaults of the settings are shown, not set
    assert 'placeholder="6.5"' in form.text


def test_creating_an_event_makes_the_creator_its_organiser(organiser: Pages) -> None:
    eid = create_event(
        organiser,
        "go",
        "mcmahon",
        rounds="5",
        city="Bishkek",
        komi="7.5",
        bar="2d",
        korgools="required",
    )
    overview = organiser.get(f"/events/{eid}")
    assert overview.status_code == 200
    assert "Test Cup" in overview.text and "Bishkek" in overview.text
    assert "7.5" in overview.text and "2d" in overview.text
    assert "Not published" in overview.text and "Publish the event" in overview.text
    # a Toguz setting on a Go event's form is left out, not refused
    assert "Korgool counts" not in overview.text
    home = organiser.get("/")
    assert "Your events" in home.text and f'href="/events/{eid}"' in home.text


def test_a_refused_event_keeps_what_was_typed(organiser: Pages) -> None:
    r = organiser.submit(
        "/events/new",
        {"name": "Kazan Cup", "game": "toguz", "system": "mcmahon", "rounds": "7", "city": "Taraz"},
    )
    assert r.status_code == 422
    assert "McMahon is a Go system" in r.text
    assert 'value="Kazan Cup"' in r.text and 'value="Taraz"' in r.text and 'value="7"' in r.text
    assert 'value="toguz" checked' in r.text
    bad_rounds = organiser.submit(
        "/events/new", {"name": "Cup", "game": "go", "system": "swiss", "rounds": "five"}
    )
    assert bad_rounds.status_code == 422
    assert 'id="e-rounds"' in bad_rounds.text and "whole number" in bad_rounds.text
    bad_komi = organiser.submit(
        "/events/new", {"name": "Cup", "game": "go", "system": "swiss", "rounds": "5", "komi": "x"}
    )
    assert bad_komi.status_code == 422
    assert 'id="e-komi"' in bad_komi.text
    assert "Your events" not in organiser.get("/").text


def test_an_unpublished_event_is_hidden_until_published(organiser: Pages, visitor: Pages) -> None:
    eid = create_event(organiser, "toguz", "swiss", rounds="5")
    assert visitor.get(f"/events/{eid}").status_code == 404
    assert visitor.get(f"/events/{eid}/standings").status_code == 404
    r = organiser.submit(f"/events/{eid}/publish", {"published": "yes"})
    assert r.headers["location"] == f"/events/{eid}?done=published"
    page = visitor.get(f"/events/{eid}")
    assert page.status_code == 200 and "Test Cup" in page.text
    # visitors see no buttons of the staff
    assert "Pair round" not in page.text and "csrf_token" not in page.text
    withdrawn = organiser.submit(f"/events/{eid}/publish", {"published": "no"})
    assert withdrawn.status_code == 303
    assert visitor.get(f"/events/{eid}").status_code == 404


def test_a_visitor_cannot_publish(organiser: Pages, visitor: Pages) -> None:
    eid = create_event(organiser, "toguz", "swiss", rounds="5")
    organiser.submit(f"/events/{eid}/publish", {"published": "yes"})
    r = visitor.client.post(f"/events/{eid}/publish", data={"published": "no"})
    assert r.status_code == 401
    assert visitor.get(f"/events/{eid}").status_code == 200


def test_settings_are_changed_all_or_none(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="5")
    page = organiser.get(f"/events/{eid}/settings")
    assert 'name="s.komi" value="6.5"' in page.text
    ok = organiser.submit(
        f"/events/{eid}/settings",
        {"o.komi": "6.5", "s.komi": "7.5", "o.city": "", "s.city": "Osh"},
    )
    assert ok.headers["location"] == f"/events/{eid}/settings?done=settings"
    after = organiser.get(f"/events/{eid}/settings?done=settings")
    assert 'name="s.komi" value="7.5"' in after.text and 'value="Osh"' in after.text
    assert "The settings are saved." in after.text
    refused = organiser.submit(
        f"/events/{eid}/settings",
        {
            "o.komi": "7.5",
            "s.komi": "8",
            "o.city": "Osh",
            "s.city": "Naryn",
            "o.bar": "3d",
            "s.bar": "99d",
        },
    )
    assert refused.status_code == 422
    # a rank outside the bar's list is refused next to it; what was typed stays
    assert 'id="e-bar"' in refused.text
    assert 'name="s.komi" value="8"' in refused.text and 'value="Naryn"' in refused.text
    kept = organiser.get(f"/events/{eid}/settings")
    assert 'name="s.komi" value="7.5"' in kept.text and 'value="Osh"' in kept.text


def test_settings_that_shape_pairings_are_fixed_after_round_1(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="3")
    assert import_csv(organiser, eid, GO_CSV).status_code == 303
    assert pair(organiser, eid, 1).status_code == 303
    page = organiser.get(f"/events/{eid}/settings")
    assert 'name="s.draw_lots"' not in page.text
    assert 'id="f-draw_lots">No</p>' in page.text and "Fixed once round 1 is paired" in page.text


def test_deleting_an_event(organiser: Pages) -> None:
    eid = create_event(organiser, "toguz", "round-robin")
    r = organiser.submit(f"/events/{eid}/delete")
    assert r.headers["location"] == "/"
    assert organiser.get(f"/events/{eid}").status_code == 404


def test_exports_are_links_to_the_api(organiser: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="3")
    page = organiser.get(f"/events/{eid}")
    assert f'href="/api/events/{eid}/export/json"' in page.text
    assert f'href="/api/events/{eid}/export/h9"' in page.text
    download = organiser.get(f"/api/events/{eid}/export/json")
    assert download.status_code == 200
    assert "attachment" in download.headers["content-disposition"]
    assert download.json()["game"] == "go"
