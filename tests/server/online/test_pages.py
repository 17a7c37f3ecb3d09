"""The online pages without a browser's script: creating and joining a game with a friend, a
game against the computer, a live game's page and board, the game room (opening a round,
checking in), the referee console, protests through their forms, and the engine's analysis in
the record viewer."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from arbiter.games.toguz import Position
from arbiter.records.toguz_record import record_from_moves
from arbiter.records.toguz_text import write_federation
from arbiter.server.play.engines import engine_available
from arbiter.server.services import records, results, roles
from tests.server.conftest import PASSWORD
from tests.server.online.conftest import Cup, make_cup, person
from tests.server.play.conftest import LiveServer

CSRF = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


def browser(live: LiveServer, username: str | None = None) -> httpx.Client:
    """A client with its own cookies (signed in as ``username``)."""
    client = httpx.Client(base_url=live.http, follow_redirects=False, timeout=30)
    if username is not None:
        r = post(client, "/login", {"username": username, "password": PASSWORD, "next": "/"})
        assert r.status_code == 303, r.text
    return client


def csrf(client: httpx.Client, path: str = "/") -> str:
    found = CSRF.search(client.get(path).text) or CSRF.search(client.get("/login").text)
    assert found, f"no form token on {path}"
    return found.group(1)


def post(client: httpx.Client, path: str, data: dict[str, str], **kw: Any) -> httpx.Response:
    """POST a form with the token a page of the site gives this client (as a browser would)."""
    return client.post(path, data={"csrf_token": csrf(client), **data}, **kw)


def test_a_game_with_a_friend_is_created_shared_and_joined(live: LiveServer) -> None:
    host, guest, third = browser(live), browser(live), browser(live)
    lobby = host.get("/play")
    assert lobby.status_code == 200
    assert 'id="casual-form"' in lobby.text and 'id="computer-form"' in lobby.text
    refused = post(host, "/play/new", {"game": "toguz", "time_control": "1q"})
    assert refused.status_code == 422 and "time control" in refused.text
    r = post(
        host,
        "/play/new",
        {"game": "toguz", "time_control": "10m", "side": "black", "reconnect_window": "60"},
    )
    assert r.status_code == 303
    game = r.headers["location"]
    live_id = int(game.rsplit("/", 1)[1])
    page = host.get(game)
    assert page.status_code == 200
    assert 'data-seat="black"' in page.text and 'data-role="player"' in page.text
    assert re.search(r'data-token="[\w-]{20,}"', page.text)
    link = re.search(r'value="(/play/games/\d+/join\?invite=[\w-]+)"', page.text)
    assert link, "the page shows the link to share"
    # Black's view of a Toguz Korgool board: Black's row at the bottom (flipped).
    assert 'data-flip="1"' in page.text
    assert guest.get(game).text.count('data-token=""') == 1  # a spectator holds no seat

    invitation = guest.get(link.group(1))
    assert invitation.status_code == 200 and "Take the seat and play" in invitation.text
    invite = link.group(1).split("invite=")[1]
    wrong = post(guest, f"/play/games/{live_id}/join", {"invite": "nope"})
    assert wrong.status_code == 403
    joined = post(guest, f"/play/games/{live_id}/join", {"invite": invite})
    assert joined.status_code == 303 and joined.headers["location"] == game
    assert 'data-seat="white"' in guest.get(game).text
    full = post(third, f"/play/games/{live_id}/join", {"invite": invite})
    assert full.status_code == 403  # the invitation is used up once every seat is taken
    assert "Every seat of this game is taken." in third.get(link.group(1)).text

    board = third.get(f"/play/games/{live_id}/board?flip=0")
    assert board.headers["content-type"].startswith("image/svg+xml")
    assert board.text.startswith("<svg") and board.text.count('class="pit"') == 18
    assert third.get("/play/games/99999").status_code == 404


def test_signed_in_forms_carry_the_sessions_token(live: LiveServer, make_user: Any) -> None:
    make_user("aigul")
    client = browser(live, "aigul")
    spec = {"game": "go", "time_control": "10m", "size": "9", "handicap": "0", "side": "white"}
    spec["reconnect_window"] = "180"
    assert client.post("/play/new", data=spec).status_code == 403
    made = client.post("/play/new", data={**spec, "csrf_token": csrf(client, "/play")})
    assert made.status_code == 303
    page = client.get(made.headers["location"])
    assert 'data-kind="go"' in page.text and 'data-seat="white"' in page.text


def test_a_game_against_the_computer(live: LiveServer) -> None:
    client = browser(live)
    r = post(
        client,
        "/play/computer",
        {"game": "toguz", "time_control": "5m", "level": "2", "side": "white"},
    )
    assert r.status_code == 303
    page = client.get(r.headers["location"]).text
    assert 'data-seat="white"' in page and "level 2" not in page  # names come over the socket
    go = post(
        client,
        "/play/computer",
        {"game": "go", "time_control": "5m", "size": "9", "level": "5", "side": "black"},
    )
    if engine_available("go"):
        assert go.status_code == 303
    else:
        assert go.status_code == 501 and "GNU Go" in go.text
        assert "needs GNU Go" in client.get("/play").text
    assert post(client, "/play/computer", {"game": "toguz", "level": "11"}).status_code == 422


@pytest.fixture
def make_user(live: LiveServer) -> Any:
    from arbiter.server.services import accounts

    def make(username: str) -> None:
        accounts.create_user(live.rt, username, PASSWORD, display_name=username)

    return make


def _round_open(cup: Cup, referee: httpx.Client, start_in: str = "30") -> None:
    token = csrf(referee, f"/events/{cup.id}/room")
    r = referee.post(
        f"/events/{cup.id}/room/open",
        data={"csrf_token": token, "round": "1", "start_in": start_in, "tz": "0"},
    )
    assert r.status_code == 303 and r.headers["location"].endswith("round=1&done=opened")


def test_the_game_room_the_check_in_and_the_console(live: LiveServer) -> None:
    cup = make_cup(live)
    referee, player, visitor = browser(live, "ref"), browser(live, "p1"), browser(live)
    room = referee.get(f"/events/{cup.id}/room")
    assert room.status_code == 200
    assert "Open the round for online play" in room.text
    assert "Report present" not in player.get(f"/events/{cup.id}/room").text  # not open yet
    _round_open(cup, referee)
    room = referee.get(f"/events/{cup.id}/room?round=1")
    assert room.text.count('href="/play/games/') == 2
    assert "Open the round for online play" not in room.text
    assert "Reported present" in room.text  # the staff's list

    mine = player.get(f"/events/{cup.id}/room")
    assert "Report present" in mine.text and "Reported present" not in mine.text
    r = player.post(
        f"/events/{cup.id}/room/checkin", data={"csrf_token": csrf(player), "round": "1"}
    )
    assert r.status_code == 303
    assert "You reported present." in player.get(r.headers["location"]).text
    listed = referee.get(f"/events/{cup.id}/room?round=1").text
    assert re.search(r'data-present="1" class="">\d{4}-\d\d-\d\d \d\d:\d\d UTC', listed)
    assert visitor.get(f"/events/{cup.id}/room").status_code == 200

    console = referee.get(f"/events/{cup.id}/rounds/1/console")
    assert console.status_code == 200
    assert console.text.count("Save as provisional") == 2
    assert player.get(f"/events/{cup.id}/rounds/1/console").status_code == 403
    r = referee.post(
        f"/events/{cup.id}/rounds/1/console/provisional",
        data={"csrf_token": csrf(referee), "table": "1", "result": "1/2-1/2"},
    )
    assert r.status_code == 303
    shown = referee.get(f"/events/{cup.id}/rounds/1/console").text
    assert shown.count("Save as provisional") == 1 and "1/2-1/2?" in shown

    # A live game of the event: its players, referees and (published) spectators see it.
    live_id = re.search(r'href="/play/games/(\d+)"', listed)
    assert live_id
    as_referee = referee.get(f"/play/games/{live_id.group(1)}").text
    assert 'data-role="referee"' in as_referee and 'data-ref-form="add-time"' in as_referee
    assert 'data-role="spectator"' in visitor.get(f"/play/games/{live_id.group(1)}").text


def test_protests_through_their_forms(live: LiveServer) -> None:
    cup = make_cup(live, names=("Asanov Bakyt", "Bekova Aida"))
    p1, p2 = browser(live, "p1"), browser(live, "p2")
    referee, organiser = browser(live, "ref"), browser(live, "org")
    page = f"/events/{cup.id}/rounds/1/games/1/protests"
    assert "File the protest" in p1.get(page).text
    assert "File the protest" not in referee.get(page).text
    r = p1.post(
        f"/events/{cup.id}/protests",
        data={
            "csrf_token": csrf(p1),
            "round": "1",
            "table": "1",
            "text": "The opponent chatted during the game.",
            "next": page,
        },
    )
    assert r.status_code == 303 and r.headers["location"] == page + "?done=protest"
    text = referee.get(page).text
    assert "The opponent chatted during the game." in text and "Uphold" in text
    pid = re.search(r'id="protest-(\d+)"', text)
    assert pid
    decided = referee.post(
        f"/events/{cup.id}/protests/{pid.group(1)}/decision",
        data={"csrf_token": csrf(referee), "upheld": "yes", "text": "A warning.", "next": page},
    )
    assert decided.status_code == 303
    assert "Upheld" in p2.get(page).text
    appealed = p2.post(
        f"/events/{cup.id}/protests/{pid.group(1)}/appeal",
        data={"csrf_token": csrf(p2), "text": "It was a greeting.", "next": page},
    )
    assert appealed.status_code == 303
    assert "Uphold the appeal" not in referee.get(page).text  # the chief referee's
    assert "Uphold the appeal" not in organiser.get(page).text
    person(live, "chief")
    roles.grant_role(live.rt, cup.organiser.user, cup.id, "chief", "chief-referee")
    chief = browser(live, "chief")
    ruled = chief.post(
        f"/events/{cup.id}/protests/{pid.group(1)}/decision",
        data={
            "csrf_token": csrf(chief),
            "appeal": "yes",
            "upheld": "no",
            "text": "The warning stands.",
            "next": page,
        },
    )
    assert ruled.status_code == 303
    final = p1.get(page).text
    assert "Appeal rejected" in final and "The warning stands." in final
    assert "Protests" in p1.get(f"/events/{cup.id}/rounds/1/games/1").text


def _finished(client: httpx.Client, key: str) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while True:
        found: dict[str, Any] = client.get(f"/analysis/{key}").json()
        if found["finished"] or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def test_the_engine_analyses_a_toguz_korgool_record(live: LiveServer) -> None:
    client = browser(live)
    record = "1. 76 87 2. 99 11"
    shown = post(client, "/viewer", {"record": record})
    assert shown.status_code == 200 and ">Analyse</button>" in shown.text
    r = post(client, "/viewer/analyse", {"record": record})
    assert r.status_code == 200
    key = re.search(r'data-analysis="/analysis/([0-9a-f]{64})"', r.text)
    assert key, "the page shows the analysis running"
    progress = _finished(client, key.group(1))
    assert progress == {
        "key": key.group(1),
        "done": 4,
        "total": 4,
        "finished": True,
        "error": None,
        "waiting": 0,
    }
    done = post(client, "/viewer/analyse", {"record": record}).text
    table = done.split('<table class="list analysis">')[1].split("</table>")[0]
    rows = re.findall(r"<tr[^>]*><td>(\d+)\. (White|Black)</td><td>(\d\d)</td>", table)
    assert [(n, side, move) for n, side, move in rows] == [
        ("1", "White", "76"),
        ("1", "Black", "87"),
        ("2", "White", "99"),
        ("2", "Black", "11"),
    ]
    assert len(re.findall(r'<td class="score">[+-]\d+\.\d</td>', table)) >= 4
    assert client.get("/analysis/" + "0" * 64).status_code == 404
    go = post(client, "/viewer/analyse", {"record": "(;GM[1]SZ[9];B[ee])"})
    assert go.status_code == 422 and "Toguz Korgool" in go.text


def test_a_stored_record_is_analysed_from_the_games_page(live: LiveServer) -> None:
    cup = make_cup(live, names=("Asanov Bakyt", "Bekova Aida"))
    record = write_federation(
        record_from_moves(Position.initial(), [7, 8, 9], {"White": "A", "Black": "B"})
    )
    records.put_record(live.rt, cup.referee.user, cup.id, 1, 1, None, "toguz-text", record)
    results.record_result(live.rt, cup.referee.user, cup.id, 1, 1, None, "1-0")  # now public
    client = browser(live)
    game = f"/events/{cup.id}/rounds/1/games/1"
    assert ">Analyse</button>" in client.get(game).text
    r = post(client, f"{game}/analyse", {})
    assert r.status_code == 303 and r.headers["location"] == game + "#analysis"
    key = re.search(r'data-analysis="/analysis/([0-9a-f]{64})"', client.get(game).text)
    if key is not None:  # still running: it finishes
        assert _finished(client, key.group(1))["finished"]
    assert client.get(game).text.count('<td class="score">') >= 3
