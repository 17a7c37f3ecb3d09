"""Ratings on the server: finalising an event rates it once, with history; the lists and their
CSV; the next event starts from the list; casual games between two accounts are rated."""

from __future__ import annotations

import csv
import io
import json
import time

import pytest

from arbiter.events.document import to_document
from arbiter.events.event import Event
from arbiter.events.formats.opengotha import read_opengotha
from arbiter.events.ratings import Glicko2Rating, GlickoGame, rate_event
from arbiter.match import Actor, Match, MatchSettings
from arbiter.match.actions import Move, Resign, Start
from arbiter.server.services import accounts
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.ratings import casual_system
from tests.conftest import DATA
from tests.match.helpers import REF
from tests.server.conftest import PASSWORD, Api, Server

JUVISY = DATA / "opengotha" / "opengotha-repo" / "Tournoi de Juvisy.xml"


def import_opengotha(api: Api) -> int:
    r = api.post(
        "/api/events/import",
        data={"format": "opengotha"},
        files={"file": ("juvisy.xml", JUVISY.read_bytes(), "application/xml")},
    )
    assert r.status_code == 201, r.text
    event_id: int = r.json()["id"]
    published = api.post(f"/api/events/{event_id}/publish", json={"published": True})
    assert published.status_code == 200, published.text
    for n in range(1, 5):
        done = api.post(f"/api/events/{event_id}/rounds/{n}/publish", json={"published": True})
        assert done.status_code == 200, done.text
    return event_id


def test_finalising_rates_the_event_once_and_fills_the_list(any_server: Server) -> None:
    org = any_server.user("org")
    event_id = import_opengotha(org)
    assert org.get(f"/api/events/{event_id}/ratings").json()["rated"] is False

    referee = any_server.user("ref")
    org.post(f"/api/events/{event_id}/roles", json={"username": "ref", "role": "referee"})
    refused = referee.post(f"/api/events/{event_id}/finalise")
    assert refused.status_code == 403, refused.text

    r = org.post(f"/api/events/{event_id}/finalise")
    assert r.status_code == 200, r.text
    body = r.json()
    expected = rate_event(read_opengotha(JUVISY.read_bytes()))
    assert (body["system"], body["cls"], body["rated"]) == ("egf", "A", True)
    assert len(body["entries"]) == len(expected.changes) == 19
    for entry in body["entries"]:
        change = expected.change_of(entry["no"])
        assert change is not None and entry["name"] == change.name
        assert entry["after"] == pytest.approx(change.after)

    again = org.post(f"/api/events/{event_id}/finalise")
    assert again.status_code == 409
    assert "rated once" in again.json()["error"]["message"]

    listed = any_server.anonymous.get("/api/ratings/egf").json()
    assert [row["place"] for row in listed] == sorted(row["place"] for row in listed)
    assert listed[0]["rating"] == max(c.after for c in expected.changes)  # type: ignore[misc]
    text = any_server.anonymous.get("/api/ratings/egf?format=csv")
    assert text.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(text.text)))
    assert len(rows) == 19 and rows[0]["name"] == listed[0]["name"]
    assert float(rows[0]["rating"]) == pytest.approx(listed[0]["rating"], abs=1e-3)

    # The same players in the next event start from the list, and their history grows.
    second = import_opengotha(org)
    after = org.post(f"/api/events/{second}/finalise").json()
    first_by_name = {e["name"]: e for e in body["entries"]}
    for entry in after["entries"]:
        assert entry["before"] == pytest.approx(first_by_name[entry["name"]]["after"])
    player = any_server.anonymous.get(f"/api/ratings/players/{entry['player_id']}").json()
    assert [h["event_id"] for h in player["history"]] == [second, event_id]
    assert player["history"][0]["before"] == pytest.approx(player["history"][1]["after"])
    assert player["ratings"][0]["games"] == sum(h["games"] for h in player["history"])


def test_unfinished_unpublished_and_unratable_events_are_refused(server: Server) -> None:
    org = server.user("org")
    event = Event.create("toguz", "round-robin", name="Cup")
    for name in ("Asanov Bakyt", "Bekova Aida", "Chynybaev D"):
        event, _ = event.add_player(name)
    r = org.post(
        "/api/events/import",
        data={"format": "json"},
        files={"file": ("e.json", json.dumps(to_document(event)), "application/json")},
    )
    event_id = r.json()["id"]
    assert org.post(f"/api/events/{event_id}/finalise").status_code == 409  # not published
    org.post(f"/api/events/{event_id}/publish", json={"published": True})
    unfinished = org.post(f"/api/events/{event_id}/finalise")
    assert unfinished.status_code == 409 and "not finished" in unfinished.json()["error"]["message"]
    for n in (1, 2, 3):
        org.post(f"/api/events/{event_id}/rounds", json={"round": n})
        games = org.get(f"/api/events/{event_id}/rounds/{n}").json()["games"]
        for g in games:
            org.put(
                f"/api/events/{event_id}/rounds/{n}/games/{g['table']}/result",
                json={"result": "1-0"},
            )
    no_clock = org.post(f"/api/events/{event_id}/finalise")
    assert no_clock.status_code == 422, no_clock.text
    assert "time control" in no_clock.json()["error"]["message"]
    # Settings fixed after round 1 do not include the time control.
    org.patch(f"/api/events/{event_id}/settings", json={"settings": {"time_control": "5m+3s"}})
    done = org.post(f"/api/events/{event_id}/finalise").json()
    assert (done["system"], done["cls"]) == ("toguz-blitz", "blitz")
    assert all(e["rd_after"] < 350 for e in done["entries"])
    assert server.anonymous.get("/api/ratings/toguz-blitz").json()[0]["rd"] is not None
    assert server.anonymous.get("/api/ratings/chess").status_code == 422


def test_the_event_page_has_the_finalise_button_and_then_the_changes(server: Server) -> None:
    from tests.server.web.conftest import Pages

    org = server.user("org")
    event_id = import_opengotha(org)
    pages = Pages(server.browser())
    pages.sign_in("org")
    overview = pages.get(f"/events/{event_id}").text
    assert f'action="/events/{event_id}/finalise"' in overview
    done = pages.submit(f"/events/{event_id}/finalise")
    assert done.status_code == 303 and "done=finalised" in done.headers["location"]
    shown = pages.get(f"/events/{event_id}?lang=ru").text
    assert "Minieri Davide" in shown and "/ratings?list=egf" in shown
    assert f'action="/events/{event_id}/finalise"' not in shown
    twice = pages.submit(f"/events/{event_id}/finalise")
    assert twice.status_code == 409
    listing = server.browser().get("/ratings?list=egf&lang=kk")
    assert listing.status_code == 200 and "Minieri Davide" in listing.text
    assert 'href="/api/ratings/egf?format=csv"' in listing.text


def test_a_casual_game_between_two_accounts_is_rated(sqlite_runtime: object) -> None:
    from arbiter.server.play.client import PlayClient
    from arbiter.server.play.services import GameSpec, create_casual, join_casual
    from arbiter.server.runtime import Runtime
    from arbiter.server.storage.ratings import RatingHistory
    from tests.server.play.conftest import LiveServer, run

    assert isinstance(sqlite_runtime, Runtime)
    live = LiveServer(sqlite_runtime).start()
    try:
        a = accounts.create_user(sqlite_runtime, "aida", PASSWORD, display_name="Bekova Aida")
        b = accounts.create_user(sqlite_runtime, "nurlan", PASSWORD, display_name="Asanov N")
        users = [CurrentUser(u.id, u.username, u.display_name, False) for u in (a, b)]
        made = create_casual(live.hub, users[0], GameSpec("toguz", "5m", side="white"))
        other = join_casual(live.hub, users[1], made.id, made.invite or "")

        async def play() -> None:
            white = await PlayClient.connect(live.ws, made.id, token=made.token)
            black = await PlayClient.connect(live.ws, made.id, token=other.token)
            await white.wait_state(lambda g: g["status"] == "playing")
            await white.act({"type": "move", "move": 7})
            await black.act({"type": "move", "move": 3})
            await black.act({"type": "resign"})
            await white.wait_state(lambda g: g["result"] is not None)
            await white.close()
            await black.close()

        run(play())
        deadline = time.monotonic() + 10
        while True:
            with sqlite_runtime.db.read() as session:
                rows = session.query(RatingHistory).filter_by(live_id=made.id).all()
                found = [(h.before, h.after, h.system, h.source) for h in rows]
            if len(found) == 2 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert len(found) == 2
        newcomer = Glicko2Rating()
        winner = newcomer.update([GlickoGame(1500, 350, 1)])
        assert sorted(after for _, after, _, _ in found) == pytest.approx(
            sorted([winner.rating, newcomer.update([GlickoGame(1500, 350, 0)]).rating])
        )
        assert {(s, src) for _, _, s, src in found} == {("toguz-blitz", "casual")}
        listed = live.get("/api/ratings/toguz-blitz").json()
        assert listed[0]["name"] == "Bekova Aida" and listed[0]["games"] == 1
    finally:
        live.stop()


def _finished(settings: MatchSettings, moves: list[int] | list[str]) -> Match:
    """A casual game: the moves, then the side to move resigns."""
    m = Match.new(settings).apply(Start(), 0, REF)
    for t, move in enumerate(moves, start=1):
        m = m.apply(Move(move), t, Actor.player(m.to_move or "white"))
    return m.apply(Resign(), len(moves) + 1, Actor.player(m.to_move or "white"))


def test_which_casual_games_count() -> None:
    assert casual_system(_finished(MatchSettings.toguz("5m"), [7, 3])) == ("toguz-blitz", "blitz")
    rapid = _finished(MatchSettings.toguz("25m+10s"), [7, 3])
    assert casual_system(rapid) == ("toguz-rapid", "rapid")
    unplayed = _finished(MatchSettings.toguz("5m"), [7])  # Black never moved
    assert casual_system(unplayed) is None
    bestemshe = _finished(MatchSettings.toguz("5m", variant="bestemshe"), [1, 1])
    assert casual_system(bestemshe) is None
    slow_go = _finished(MatchSettings.go("45m+3x30s", size=19), ["Q16", "D4"])
    assert casual_system(slow_go) == ("egf", "D")
    fast_go = _finished(MatchSettings.go("10m+3x30s", size=19), ["Q16", "D4"])
    assert casual_system(fast_go) is None  # too fast for class D
    small_go = _finished(MatchSettings.go("60m", size=9), ["E5", "C3"])
    assert casual_system(small_go) is None  # the EGF rates 19×19 games
