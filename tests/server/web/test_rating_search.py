"""The rating lists in the browser, without JavaScript: an administrator loads a list on
``/admin/rating-lists``; an organiser finds players in it on the participants page, and a
"Use" link fills the registration form (the PIN included, which the ``.h9`` export writes)."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime
from typing import Any

import pytest

from arbiter.server.services import accounts
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer
from tests.conftest import DATA
from tests.server.conftest import PASSWORD, Server
from tests.server.web.conftest import Pages
from tests.server.web.flows import create_event, pair

RATINGS = DATA / "ratings"
ADMIN_PAGE = "/admin/rating-lists"


def sample() -> bytes:
    path = RATINGS / "egf_allworld_sample.html"
    if not path.exists():
        pytest.skip(f"{path} is not here (../shared/data)")
    return path.read_bytes()


@pytest.fixture
def admin(server: Server) -> Pages:
    """A site administrator signed in through the form."""
    accounts.create_user(server.rt, "root", PASSWORD, display_name="Root", admin=True)
    pages = Pages(server.browser())
    pages.sign_in("root")
    return pages


def load(pages: Pages, content: bytes, registry: str = "egf") -> Any:
    return pages.submit(
        ADMIN_PAGE,
        {"registry": registry},
        files={"file": ("allworld_lp.html", content, "text/html")},
    )


def value(page: str, name: str) -> str:
    """The value of the input ``name`` in a page."""
    found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page) or re.search(
        rf'value="([^"]*)"[^>]*name="{name}"', page
    )
    assert found, f"no input {name}"
    return html.unescape(found.group(1))


def test_the_administrators_page(visitor: Pages, organiser: Pages, admin: Pages) -> None:
    assert visitor.get(ADMIN_PAGE).status_code == 303  # to the sign-in form
    assert organiser.get(ADMIN_PAGE).status_code == 403
    page = admin.get(ADMIN_PAGE)
    assert page.status_code == 200 and "No list is loaded yet." in page.text
    assert 'name="registry"' in page.text and 'type="file"' in page.text
    r = load(admin, sample())
    assert (r.status_code, r.headers["location"]) == (303, ADMIN_PAGE + "?loaded=egf")
    r = admin.get(r.headers["location"])
    assert r.status_code == 200 and "The list EGF (EGD) is loaded." in r.text
    assert 'data-registry="egf"' in r.text and ">36<" in r.text and "2018-11-29" in r.text
    # a broken line: refused next to the file field, naming the line; the list stays
    broken = sample().replace(
        b"Aaij Rene                             NL", b"Aaij Rene                             Nl"
    )
    refused = load(admin, broken)
    assert refused.status_code == 422
    text = refused.text
    assert 'id="f-file"' in text and "line 31: the country is two capital letters" in text
    assert ">36<" in text
    # in Russian, the core's message too
    ru = admin.client.post(
        ADMIN_PAGE + "?lang=ru",
        data={"registry": "egf", "csrf_token": admin.csrf()},
        files={"file": ("x.html", broken, "text/html")},
        follow_redirects=False,
    )
    assert ru.status_code == 422 and "строка 31:" in ru.text
    # without the form's token: refused, nothing loaded
    forged = admin.client.post(
        ADMIN_PAGE, data={"registry": "egf"}, files={"file": ("x", sample(), "text/html")}
    )
    assert forged.status_code == 403
    assert organiser.submit(ADMIN_PAGE, {"registry": "egf"}).status_code == 403


def test_find_a_player_and_register_them_from_the_list(organiser: Pages, admin: Pages) -> None:
    eid = create_event(organiser, "go", "mcmahon", rounds="3")
    empty = organiser.get(f"/events/{eid}/participants")
    assert "No rating list is loaded on this server yet." in empty.text
    load(admin, sample())

    page = organiser.get(f"/events/{eid}/participants")
    assert 'name="find"' in page.text and "/static/rating_search.js" in page.text
    found = organiser.get(f"/events/{eid}/participants", params={"find": "RENE aaij"})
    assert found.status_code == 200
    links = re.findall(r'<a class="button small" href="([^"]+)">Use</a>', found.text)
    assert len(links) == 1 and "Aaij Rene" in found.text
    nobody = organiser.get(f"/events/{eid}/participants", params={"find": "Nobody Known"})
    assert "Nobody found." in nobody.text

    # the link opens the page with the registration form filled
    filled = organiser.get(html.unescape(links[0]))
    form = {name: value(filled.text, name) for name in ("name", "rank", "rating", "club")}
    assert form == {"name": "Aaij, Rene", "rank": "4d", "rating": "2388", "club": "Gron"}
    assert value(filled.text, "country") == "NL"
    assert (value(filled.text, "list_registry"), value(filled.text, "list_id")) == (
        "egf",
        "10537560",
    )
    assert "EGF 10537560" in filled.text
    fields = {**form, "country": "NL", "list_registry": "egf", "list_id": "10537560"}
    r = organiser.submit(f"/events/{eid}/participants", fields)
    assert r.status_code == 303, r.text

    # a second player found by PIN, registered the same way
    by_pin = organiser.get(f"/events/{eid}/participants", params={"find": "14286129"})
    [link] = re.findall(r'<a class="button small" href="([^"]+)">Use</a>', by_pin.text)
    second = organiser.get(html.unescape(link))
    fields = {
        n: value(second.text, n)
        for n in ("name", "rank", "rating", "club", "country", "list_registry", "list_id")
    }
    assert fields["name"] == "Zou, Jin" and fields["list_id"] == "14286129"
    assert organiser.submit(f"/events/{eid}/participants", fields).status_code == 303

    # an id that is not a list's is refused on the page, nothing registered
    bad = organiser.submit(
        f"/events/{eid}/participants",
        {"name": "Kim, Ji", "list_registry": "egf", "list_id": "1; drop"},
    )
    assert bad.status_code == 422
    listed = organiser.get(f"/events/{eid}/participants").text
    assert re.findall(r'<td class="name">([^<]+)</td>', listed) == ["Aaij Rene", "Zou Jin"]

    # the PIN goes into the EGF results file
    assert pair(organiser, eid, 1).status_code == 303
    h9 = organiser.get(f"/api/events/{eid}/export/h9").content.decode("iso8859_15")
    players = {line[5:35].strip(): line for line in h9.splitlines() if not line.startswith(";")}
    assert set(players) == {"Zou Jin", "Aaij Rene"}
    assert players["Zou Jin"].endswith(" |14286129")
    assert players["Aaij Rene"].endswith(" |10537560")


def test_a_toguz_event_searches_the_server_s_own_lists(organiser: Pages, server: Server) -> None:
    eid = create_event(organiser, "toguz", "swiss", rounds="5", time_control="25m+10s")
    page = organiser.get(f"/events/{eid}/participants")
    assert "Nobody is rated on this server yet." in page.text
    now = datetime(2026, 12, 1, tzinfo=UTC)
    with server.rt.db.write() as session:
        for name, system, rating in [
            ("Asanov Bakyt", "toguz-rapid", 1712.4),
            ("Asanov Bakyt", "toguz-blitz", 1801.0),
        ]:
            person = RatedPlayer(name=name, name_key=name.lower(), created_at=now)
            session.add(person)
            session.flush()
            session.add(
                PlayerRating(
                    player_id=person.id, system=system, rating=rating, games=3, updated_at=now
                )
            )
    page = organiser.get(f"/events/{eid}/participants", params={"find": "bakyt"})
    # the event's own list first (rapid at 25 minutes), the others to choose
    assert re.search(r'<option value="toguz-rapid" selected>', page.text)
    [link] = re.findall(r'<a class="button small" href="([^"]+)">Use</a>', page.text)
    filled = organiser.get(html.unescape(link))
    assert (value(filled.text, "name"), value(filled.text, "rating")) == ("Asanov Bakyt", "1712")
    assert value(filled.text, "list_id") == ""
    blitz = organiser.get(
        f"/events/{eid}/participants", params={"find": "asanov", "list": "toguz-blitz"}
    )
    assert ">1801<" in blitz.text
