"""Standings, crosstables and exports over HTTP, compared with the events core's own output;
the errors of the API in their JSON form; the home page and health check."""

from __future__ import annotations

import io
import zipfile

import pytest

from arbiter.events.crosstable import crosstable, render_text
from arbiter.events.document import loads
from arbiter.records.sgf import read_sgf
from arbiter.records.toguz_text import read_games
from arbiter.server import app as app_module
from tests.server.conftest import Api, Server, TestClient
from tests.server.helpers import make_event, pair, publish, result


def _played_round_robin(server: Server, game: str = "toguz") -> tuple[int, Api]:
    org = server.user("org")
    event_id = make_event(org, game, "round-robin", players=4)
    texts = {"toguz": ["1(82)-0(60)", "1/2-1/2"], "go": ["B+R", "W+0.5"]}[game]
    first = pair(org, event_id, 1)
    for g, text in zip(first["games"], texts, strict=True):
        assert result(org, event_id, 1, g["table"], text).status_code == 200
    return event_id, org


def test_standings_and_crosstable_match_the_events_core(server: Server) -> None:
    event_id, org = _played_round_robin(server)
    event = loads(org.get(f"/api/events/{event_id}/export/json").text)
    core = event.standings()
    r = org.get(f"/api/events/{event_id}/standings").json()
    assert r["after_round"] == 1 and r["order"] == list(core.order)
    assert [(row["no"], row["points"], row["place"]) for row in r["rows"]] == [
        (row.no, float(row.points), row.place) for row in core.rows
    ]
    expected = [{"group": None, "provisional": False, **row} for row in core.to_json()]
    assert r["rows"] == expected
    text = org.get(f"/api/events/{event_id}/crosstable?format=text")
    assert text.headers["content-type"].startswith("text/plain")
    assert text.text == render_text(crosstable(event)) + "\n"
    table = org.get(f"/api/events/{event_id}/crosstable").json()
    assert table["rows"] == [list(row) for row in crosstable(event).rows]
    for fmt, kind in (("csv", "text/csv"), ("html", "text/html")):
        for what in ("standings", "crosstable"):
            r = org.get(f"/api/events/{event_id}/{what}?format={fmt}")
            assert r.status_code == 200 and r.headers["content-type"].startswith(kind)
    before = org.get(f"/api/events/{event_id}/standings?round=0").json()
    assert before["after_round"] == 0 and {row["points"] for row in before["rows"]} == {0.0}
    late = org.get(f"/api/events/{event_id}/standings?round=2")
    assert late.status_code == 422 and late.json()["error"]["field"] == "round"


@pytest.mark.parametrize("game", ["toguz", "go"])
def test_an_event_without_players_has_empty_tables(server: Server, game: str) -> None:
    # Found by schemathesis: the text crosstable of an empty event was a 500.
    org = server.user("org")
    event_id = make_event(org, game, "swiss", players=0)
    publish(org, event_id)
    for what, formats in (("standings", "json csv html"), ("crosstable", "json csv html text")):
        for fmt in formats.split():
            r = server.anonymous.get(f"/api/events/{event_id}/{what}?format={fmt}")
            assert r.status_code == 200, f"{what} {fmt}: {r.text}"
    text = server.anonymous.get(f"/api/events/{event_id}/crosstable?format=text").text
    event = loads(org.get(f"/api/events/{event_id}/export/json").text)
    assert text == render_text(crosstable(event)) + "\n"
    assert len(text.splitlines()) == 2  # the title and the headings
    assert server.anonymous.get(f"/api/events/{event_id}/crosstable").json()["rows"] == []


def test_exports_and_round_archives(server: Server) -> None:
    event_id, org = _played_round_robin(server, "go")
    h9 = org.get(f"/api/events/{event_id}/export/h9")
    assert h9.status_code == 200 and "EV[Cup]" in h9.text
    assert 'filename="cup.h9"' in h9.headers["content-disposition"]
    og = org.get(f"/api/events/{event_id}/export/opengotha")
    assert og.status_code == 200 and og.text.lstrip().startswith("<")
    trf = org.get(f"/api/events/{event_id}/export/trf")
    assert trf.status_code == 200 and trf.text.startswith("012 Cup")
    assert org.get(f"/api/events/{event_id}/export/pdf").status_code == 422

    archive = org.get(f"/api/events/{event_id}/rounds/1/records")
    assert archive.headers["content-type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(archive.content)) as z:
        names = sorted(z.namelist())
        assert names == ["round-1-table-1.sgf", "round-1-table-2.sgf"]
        results = sorted(str(read_sgf(z.read(n)).result) for n in names)
    assert results == ["B+R", "W+0.5"]


def test_toguz_round_archive_in_notation_and_json(server: Server) -> None:
    event_id, org = _played_round_robin(server, "toguz")
    for fmt, suffix in (("notation", ".txt"), ("json", ".json")):
        r = org.get(f"/api/events/{event_id}/rounds/1/records?format={fmt}")
        with zipfile.ZipFile(io.BytesIO(r.content)) as z:
            assert all(n.endswith(suffix) for n in z.namelist())
            if fmt == "notation":
                games = [read_games(z.read(n).decode())[0] for n in sorted(z.namelist())]
                assert sorted(str(g.result) for g in games) == ["1(82)-0(60)", "1/2-1/2"]
                assert games[0].tag("Event") == "Cup"
    bad = org.get(f"/api/events/{event_id}/rounds/1/records?format=sgf")
    assert bad.status_code == 422


def test_errors_are_json_with_a_message_and_a_field(server: Server) -> None:
    org = server.user("org")
    not_json = org.post(
        "/api/events", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert not_json.status_code == 400
    assert not_json.json()["error"] == {
        "status": 400,
        "message": "the body is not valid JSON",
        "field": None,
        "current": None,
    }
    invalid = org.post("/api/events", json={"game": "chess", "system": "swiss"})
    assert invalid.status_code == 422 and invalid.json()["error"]["field"] == "game"
    assert org.get("/api/events/0").status_code == 422
    assert org.get("/api/events/99999999999").status_code == 422
    assert org.get("/api/events/77").json()["error"]["message"] == "no event 77"
    assert org.get("/api/nowhere").status_code == 404
    wrong_method = org.patch("/api/events")
    assert wrong_method.status_code == 405 and "error" in wrong_method.json()


def test_home_page_without_the_web_pages_lists_published_events(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "OPTIONAL_ROUTERS", ())
    plain = TestClient(app_module.create_app(server.rt.settings, runtime=server.rt))
    org = server.user("org")
    hidden = make_event(org, players=2)
    event_id = make_event(org, players=2)
    org.patch(f"/api/events/{event_id}/settings", json={"settings": {"name": "Osh Open"}})
    publish(org, event_id)
    home = plain.get("/")
    assert home.status_code == 200 and "Osh Open" in home.text
    assert f"/api/events/{event_id}/standings?format=html" in home.text
    assert f"/api/events/{hidden}/" not in home.text


def test_health_openapi_and_headers(server: Server) -> None:
    health = server.client.get("/api/health").json()
    assert health["status"] == "ok" and health["database"] == "sqlite"
    schema = server.client.get("/openapi.json").json()
    assert "/api/events/{event_id}/rounds/{number}/games/{table}/result" in schema["paths"]
    assert "bearer" in str(schema["components"]["securitySchemes"]).lower()
    assert server.client.get("/docs").status_code == 200
    headers = server.client.get("/api/health").headers
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
