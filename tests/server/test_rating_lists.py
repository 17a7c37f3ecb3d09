"""The federations' rating lists on the server: loading (in chunks, made active at once, the
old list replaced, nothing changed by a broken file), searching (folded names, ids, the
server's own Toguz Korgool lists), and the API with its permission matrix and bad input."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from arbiter.server.config import Quotas
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts, rating_lists, rating_search
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Forbidden, Invalid, Unauthenticated
from arbiter.server.storage.rating_lists import RatingListEntry, RatingListRow
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer
from tests.conftest import DATA
from tests.server.conftest import PASSWORD, Api, Server
from tests.server.helpers import grant, make_event

RATINGS = DATA / "ratings"
SOMEBODY = CurrentUser(2, "somebody", "Somebody", False)  # searching names no account row
NOW = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)


def data(name: str) -> bytes:
    path = RATINGS / name
    if not path.exists():
        pytest.skip(f"{path} is not here (../shared/data)")
    return path.read_bytes()


def admin(rt: Runtime) -> CurrentUser:
    """A site administrator's account on ``rt``."""
    return accounts.create_user(rt, "admin", PASSWORD, admin=True)


def entries(rt: Runtime) -> dict[str, int]:
    """Entries stored per federation, lists included whether active or not."""
    with rt.db.read() as session:
        rows = session.execute(
            select(RatingListEntry.federation, func.count()).group_by(RatingListEntry.federation)
        ).all()
    return {federation: int(n) for federation, n in rows}


def names(found: list[rating_search.Found]) -> list[str]:
    return [f.name for f in found]


# -- storing and searching, on SQLite and PostgreSQL --------------------------------------------


def test_load_replace_and_search(runtime: Runtime) -> None:
    root = admin(runtime)
    aga = rating_lists.load_list(runtime, root, "aga", data("aga_tdlista.txt"), "TDListA.txt")
    assert (aga.registry, aga.players, aga.file_name, aga.list_date) == (
        "aga",
        22410,
        "TDListA.txt",
        None,
    )
    egf = rating_lists.load_list(runtime, root, "egf", data("egf_allworld_sample.html"), "lp")
    assert (egf.players, str(egf.list_date)) == (36, "2018-11-29")
    assert entries(runtime) == {"aga": 22410, "egf": 36}
    assert [i.registry for i in rating_lists.loaded_lists(runtime)] == ["egf", "aga"]

    # folded names: case, diacritics, punctuation, word order; each word a beginning
    assert names(rating_search.search(runtime, SOMEBODY, "AAIJ")) == ["Aaij Rene"]
    assert names(rating_search.search(runtime, SOMEBODY, "yok abe")) == ["Abe Yokito"]
    assert names(rating_search.search(runtime, SOMEBODY, "Zöu, Jin")) == ["Zou Jin"]
    assert names(rating_search.search(runtime, SOMEBODY, "abe yoki", "egf")) == []
    kims = rating_search.search(runtime, SOMEBODY, "kim")
    assert len(kims) == rating_search.LIMIT and all("kim" in f.name.lower() for f in kims)
    # an id, exactly first
    by_pin = rating_search.search(runtime, SOMEBODY, "10537560")
    assert [(f.registry, f.id, f.rank, f.entry_rating) for f in by_pin] == [
        ("egf", "10537560", "4d", 2388)
    ]
    assert [f.id for f in rating_search.search(runtime, SOMEBODY, "1053", "aga")][:2] == [
        "1053",
        "10530",
    ]
    aal = rating_search.search(runtime, SOMEBODY, "aal zach")[0]
    assert (aal.form_name, aal.rank, aal.rating, aal.entry_rating, aal.id_registry) == (
        "Aal, Zachary",
        "20k",
        -2006,
        144,
        "aga",
    )

    # loading again replaces the list: the same players once, the old list gone
    again = rating_lists.load_list(runtime, root, "aga", data("aga_tdlista.txt"), "second.txt")
    assert entries(runtime) == {"aga": 22410, "egf": 36}
    assert [i.file_name for i in rating_lists.loaded_lists(runtime)] == ["lp", "second.txt"]
    with runtime.db.read() as session:
        assert session.scalar(select(func.count()).select_from(RatingListRow)) == 2
    assert again.loaded_at >= aga.loaded_at


def test_a_load_is_chunked_and_a_search_never_sees_half_a_list(
    sqlite_runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = sqlite_runtime
    monkeypatch.setattr(rating_lists, "CHUNK", 10)
    rating_lists.load_list(rt, admin(rt), "egf", data("egf_allworld_sample.html"), "old.html")
    renamed = data("egf_allworld_sample.html").replace(b"Aaij Rene", b"Aaij Renate")
    seen: list[tuple[int, int, list[str]]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total, names(rating_search.search(rt, SOMEBODY, "aaij"))))

    listing = rating_lists.read_list("egf", renamed, 10**8)
    rating_lists.store_list(rt, listing, "new.html", progress=progress)
    assert [(d, t) for d, t, _ in seen] == [(10, 36), (20, 36), (30, 36), (36, 36)]
    # while the new list was written, the search gave the old one, whole
    assert all(found == ["Aaij Rene"] for _, _, found in seen)
    assert names(rating_search.search(rt, SOMEBODY, "aaij")) == ["Aaij Renate"]
    assert entries(rt) == {"egf": 36}


def test_a_load_that_fails_half_way_leaves_the_old_list(
    sqlite_runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    rt = sqlite_runtime
    monkeypatch.setattr(rating_lists, "CHUNK", 10)
    rating_lists.load_list(rt, admin(rt), "egf", data("egf_allworld_sample.html"), "old.html")

    def broken(done: int, total: int) -> None:
        if done >= 20:
            raise RuntimeError("the disk is full")

    listing = rating_lists.read_list("egf", data("egf_allworld_sample.html"), 10**8)
    with pytest.raises(RuntimeError):
        rating_lists.store_list(rt, listing, "new.html", progress=broken)
    assert [i.file_name for i in rating_lists.loaded_lists(rt)] == ["old.html"]
    assert entries(rt) == {"egf": 36}
    with rt.db.read() as session:
        assert session.scalar(select(func.count()).select_from(RatingListRow)) == 1


def test_a_load_left_by_a_dead_process_is_cleared_a_day_later(sqlite_runtime: Runtime) -> None:
    rt = sqlite_runtime
    with rt.db.write() as session:
        session.add(
            RatingListRow(
                federation="egf", file_name="dead", players=5, active=False, loaded_at=NOW
            )
        )
    later = replace(rt, clock=lambda: datetime(2026, 12, 4, tzinfo=UTC))
    rating_lists.load_list(later, admin(rt), "egf", data("egf_allworld_sample.html"), "lp")
    with rt.db.read() as session:
        assert session.scalars(select(RatingListRow.file_name)).all() == ["lp"]


def test_only_an_administrator_loads_and_only_a_signed_in_caller_searches(
    sqlite_runtime: Runtime,
) -> None:
    rt = sqlite_runtime
    sample = data("egf_allworld_sample.html")
    with pytest.raises(Unauthenticated):
        rating_lists.load_list(rt, None, "egf", sample, "lp")
    with pytest.raises(Forbidden):
        rating_lists.load_list(rt, SOMEBODY, "egf", sample, "lp")
    with pytest.raises(Unauthenticated):
        rating_search.search(rt, None, "aaij")
    assert entries(rt) == {}


def test_the_server_s_own_toguz_korgool_lists_are_searched(sqlite_runtime: Runtime) -> None:
    rt = sqlite_runtime
    with rt.db.write() as session:
        for name, system, rating in [
            ("Asanov Bakyt", "toguz-rapid", 1712.4),
            ("Asanova Aida", "toguz-rapid", 1650.0),
            ("Bekov Ömür", "toguz-blitz", 1500.0),
        ]:
            person = RatedPlayer(name=name, name_key=name.lower(), created_at=NOW)
            session.add(person)
            session.flush()
            session.add(
                PlayerRating(
                    player_id=person.id,
                    system=system,
                    rating=rating,
                    rd=80.0,
                    volatility=0.06,
                    games=9,
                    updated_at=NOW,
                )
            )
    found = rating_search.search(rt, SOMEBODY, "asan", "toguz-rapid")
    assert [(f.name, f.rating, f.entry_rating, f.id_registry) for f in found] == [
        ("Asanov Bakyt", 1712, 1712, ""),
        ("Asanova Aida", 1650, 1650, ""),
    ]
    assert names(rating_search.search(rt, SOMEBODY, "bakyt asanov", "toguz-rapid")) == [
        "Asanov Bakyt"
    ]
    assert names(rating_search.search(rt, SOMEBODY, "omur", "toguz-blitz")) == ["Bekov Ömür"]
    assert rating_search.search(rt, SOMEBODY, "omur", "toguz-rapid") == []
    with pytest.raises(Invalid):
        rating_search.search(rt, SOMEBODY, "asan", "chess")


# -- the API ------------------------------------------------------------------------------------


def upload(api: Api, registry: str, content: bytes, name: str = "list.txt") -> Any:
    return api.post(f"/api/rating-lists/{registry}", files={"file": (name, content, "text/plain")})


@pytest.fixture
def people(server: Server) -> dict[str, Api]:
    """Anonymous, a player of an event, its organiser, a site administrator."""
    organiser = server.user("org")
    player = server.user("player")
    event_id = make_event(organiser, "go", "mcmahon", players=2)
    grant(organiser, event_id, "player", "player", 1)
    return {
        "anonymous": server.anonymous,
        "player": player,
        "organiser": organiser,
        "admin": server.user("root", admin=True),
    }


def test_the_permission_matrix(people: dict[str, Api]) -> None:
    sample = data("egf_allworld_sample.html")
    loads = {who: upload(api, "egf", sample).status_code for who, api in people.items()}
    assert loads == {"anonymous": 401, "player": 403, "organiser": 403, "admin": 201}
    listed = {who: api.get("/api/rating-lists").status_code for who, api in people.items()}
    assert set(listed.values()) == {200}
    searches = {
        who: api.get("/api/rating-lists/search", params={"q": "aaij"})
        for who, api in people.items()
    }
    assert {who: r.status_code for who, r in searches.items()} == {
        "anonymous": 401,
        "player": 200,
        "organiser": 200,
        "admin": 200,
    }
    [aaij] = searches["organiser"].json()
    assert aaij == {
        "registry": "egf",
        "list_name": "EGF (EGD)",
        "id": "10537560",
        "id_registry": "egf",
        "name": "Aaij Rene",
        "form_name": "Aaij, Rene",
        "surname": "Aaij",
        "given": "Rene",
        "country": "NL",
        "club": "Gron",
        "rank": "4d",
        "rating": 2388,
        "entry_rating": 2388,
    }
    [loaded] = people["anonymous"].get("/api/rating-lists").json()
    assert (loaded["registry"], loaded["players"], loaded["list_date"]) == ("egf", 36, "2018-11-29")


def test_a_malformed_list_is_refused_naming_the_line_and_nothing_is_replaced(
    people: dict[str, Api], server: Server
) -> None:
    admin = people["admin"]
    assert upload(admin, "ffg", data("ffg_ech_V3.txt")).status_code == 201
    lines = data("ffg_ech_V3.txt").split(b"\r\n")
    lines[4999] = lines[4999].replace(b" FR", b" F")
    r = upload(admin, "ffg", b"\r\n".join(lines))
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["field"] == "file"
    assert error["message"].startswith("line 5000: the country is two capital letters, not 'F'")
    assert entries(server.rt) == {"ffg": 12511}
    [kept] = admin.get("/api/rating-lists").json()
    assert kept["file_name"] == "list.txt"
    # the other lists' files, an empty one, an unknown list
    assert upload(admin, "aga", data("ffg_ech_V3.txt")).status_code == 422
    assert upload(admin, "egf", b"").status_code == 422
    assert upload(admin, "chess", b"x").status_code == 422
    assert entries(server.rt) == {"ffg": 12511}


def test_a_list_too_large_is_413(make_runtime: Callable[..., Runtime], tmp_path: Path) -> None:
    rt = make_runtime(f"sqlite:///{tmp_path / 'small.db'}", quotas=Quotas(upload_bytes=2000))
    server = Server(rt)
    admin = server.user("root", admin=True)
    r = upload(admin, "egf", data("egf_allworld_sample.html"))
    assert r.status_code == 413
    assert "larger than" in r.json()["error"]["message"]
    assert entries(rt) == {}


def test_bad_searches_are_refused(people: dict[str, Api]) -> None:
    api = people["organiser"]
    for params in (
        {"q": "x" * 10_000},
        {"q": ""},
        {"q": "kim", "registry": "chess"},
        {"q": "kim", "limit": "0"},
        {"q": "a\x00b"},
    ):
        r = api.get("/api/rating-lists/search", params=params)
        assert r.status_code == 422, (params, r.text)
        assert r.json()["error"]["message"]
    assert api.get("/api/rating-lists/search", params={"q": "--"}).json() == []


def test_an_entry_keeps_the_id_a_search_gave(people: dict[str, Api]) -> None:
    assert upload(people["admin"], "egf", data("egf_allworld_sample.html")).status_code == 201
    organiser = people["organiser"]
    [found] = organiser.get("/api/rating-lists/search", params={"q": "zou jin"}).json()
    event_id = make_event(organiser, "go", "mcmahon", players=0)
    body = {
        "name": found["form_name"],
        "rank": found["rank"],
        "rating": found["entry_rating"],
        "club": found["club"],
        "country": found["country"],
        "ids": {found["id_registry"]: found["id"]},
    }
    r = organiser.post(f"/api/events/{event_id}/participants", json=body)
    assert r.status_code == 201, r.text
    [added] = r.json()["added"]
    assert (added["name"], added["rank"], added["rating"], added["ids"]) == (
        "Zou Jin",
        "6d",
        2609,
        {"egf": "14286129"},
    )
    for ids in ({"egf": "1; drop"}, {"chess": "1"}, {"egf": "x" * 17}):
        bad = organiser.post(
            f"/api/events/{event_id}/participants", json={"name": "Kim Ji", "ids": ids}
        )
        assert bad.status_code == 422, ids
    assert len(organiser.get(f"/api/events/{event_id}/participants").json()["players"]) == 1
