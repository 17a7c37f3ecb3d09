"""The pages every visitor meets: home, languages, signing in and out, errors as pages."""

from __future__ import annotations

import re

import pytest
from sqlalchemy.exc import OperationalError

from arbiter.server.demo import load_demo
from arbiter.server.web import home
from tests.server.conftest import Server
from tests.server.web.conftest import Pages


def test_home_lists_the_demo_events_with_their_tables(server: Server, visitor: Pages) -> None:
    go_id, toguz_id = load_demo(server.rt)
    home = visitor.get("/")
    assert home.status_code == 200
    assert "Steppe Go Open (demo)" in home.text and "Toguz Korgool Cup (demo)" in home.text
    standings = visitor.get(f"/events/{go_id}/standings")
    assert standings.status_code == 200
    # 12 players, each on a row of the table, after the 2 published rounds
    assert len(re.findall(r"<tr><td>", standings.text)) == 12
    assert "after round 2" in standings.text
    crosstable = visitor.get(f"/events/{toguz_id}/crosstable")
    assert "Asanov Bakyt" in crosstable.text and ">X<" in crosstable.text


def test_language_from_parameter_cookie_and_browser(visitor: Pages) -> None:
    english = visitor.get("/")
    assert '<html lang="en">' in english.text and "Sign in" in english.text
    browser_ky = visitor.get("/", headers={"Accept-Language": "ky-KG,ky;q=0.9,ru;q=0.5"})
    assert '<html lang="ky">' in browser_ky.text
    assert browser_ky.headers["content-language"] == "ky"
    chosen = visitor.get("/?lang=ru")
    assert '<html lang="ru">' in chosen.text and "Войти" in chosen.text
    assert "arbiter_lang=ru" in chosen.headers["set-cookie"]
    # the cookie outweighs the browser's preference from then on
    later = visitor.get("/", headers={"Accept-Language": "kk"})
    assert '<html lang="ru">' in later.text
    mongolian = visitor.get("/viewer?lang=mn")
    assert '<html lang="mn">' in mongolian.text
    # every page links to itself in each language, keeping its parameters
    assert 'href="/viewer?lang=kk"' in mongolian.text


def test_unknown_language_falls_back(visitor: Pages) -> None:
    page = visitor.get("/?lang=de", headers={"Accept-Language": "de-DE"})
    assert '<html lang="en">' in page.text
    assert "set-cookie" not in page.headers


def test_sign_in_keeps_the_name_and_says_what_failed(server: Server, organiser: Pages) -> None:
    fresh = Pages(server.browser())
    wrong = fresh.submit("/login", {"username": "org", "password": "nope", "next": "/events/new"})
    assert wrong.status_code == 401
    assert "wrong user name or password" in wrong.text
    assert 'value="org"' in wrong.text and 'value="/events/new"' in wrong.text
    right = fresh.sign_in("org")
    assert right.headers["location"] == "/?done=signed-in"
    assert "Aigul Organiser" in fresh.get("/").text


def test_sign_in_goes_back_only_to_this_site(server: Server, organiser: Pages) -> None:
    fresh = Pages(server.browser())
    r = fresh.submit(
        "/login",
        {"username": "org", "password": "correct horse battery", "next": "//evil.example"},
    )
    assert r.headers["location"] == "/?done=signed-in"


def test_pages_that_need_an_account_send_to_sign_in(visitor: Pages) -> None:
    r = visitor.get("/events/new?x=1")
    assert r.status_code == 303
    assert r.headers["location"] == "/login?next=/events/new%3Fx%3D1"
    form = visitor.get(r.headers["location"])
    assert 'name="next" value="/events/new?x=1"' in form.text


def test_a_form_from_elsewhere_is_refused(organiser: Pages) -> None:
    r = organiser.client.post(
        "/events/new",
        data={"name": "Forged", "game": "go", "system": "swiss", "csrf_token": "0" * 40},
    )
    assert r.status_code == 403
    assert "did not come from this site" in r.text
    assert "Forged" not in organiser.get("/").text


def test_sign_out_closes_the_session(organiser: Pages) -> None:
    r = organiser.submit("/logout")
    assert r.status_code == 303
    assert "Sign in" in organiser.get("/").text
    assert organiser.get("/events/new").status_code == 303


def test_errors_are_pages(visitor: Pages) -> None:
    missing = visitor.get("/events/9999")
    assert missing.status_code == 404
    assert missing.headers["content-type"].startswith("text/html")
    assert "no event 9999" in missing.text
    not_a_number = visitor.get("/events/abc")
    assert not_a_number.status_code in (404, 422)
    assert not_a_number.headers["content-type"].startswith("text/html")


def test_pages_are_not_cached_and_speak_their_language(visitor: Pages) -> None:
    r = visitor.get("/?lang=kk")
    assert r.headers["cache-control"] == "no-store"
    assert r.headers["content-language"] == "kk"


def test_a_busy_database_is_a_page_to_retry(
    visitor: Pages, monkeypatch: pytest.MonkeyPatch
) -> None:
    def locked(*_: object) -> None:
        raise OperationalError("SELECT 1", {}, Exception("database is locked"))

    monkeypatch.setattr(home, "list_events", locked)
    r = visitor.get("/?lang=ru")
    assert r.status_code == 503 and r.headers["retry-after"] == "2"
    assert r.headers["content-type"].startswith("text/html")
    assert "База данных занята" in r.text
