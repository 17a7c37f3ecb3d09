"""Game pages and the record viewer: storing a game's record, stepping through it (links and
the script's frames), and the viewer for any record file."""

from __future__ import annotations

import re

from arbiter.games.go import Game
from arbiter.games.toguz import Position
from arbiter.records.game_json import write_json
from arbiter.records.sgf import write_sgf
from arbiter.records.toguz_record import record_from_moves
from arbiter.records.toguz_text import write_federation
from tests.server.web.conftest import Pages
from tests.server.web.flows import GO_CSV, TOGUZ_CSV, create_event, import_csv, pair

FETCH = {"X-Requested-With": "fetch"}
GO_SGF = write_sgf(
    Game.new(19, handicap=2).play("Q3").play("D17").play("C3", comment="a fine move").play("pass")
).decode()
TOGUZ_MOVES = [7, 8, 9, 1, 2]
TOGUZ_TEXT = write_federation(
    record_from_moves(Position.initial(), TOGUZ_MOVES, {"White": "Asanov", "Black": "Bekova"})
)


def position(html: str) -> tuple[int, int]:
    """The viewer's "ply / plies"."""
    found = re.search(r"<output data-position>(\d+) / (\d+)</output>", html)
    assert found, "no viewer on the page"
    return int(found.group(1)), int(found.group(2))


def paired(pages: Pages, game: str) -> int:
    eid = create_event(pages, game, "mcmahon" if game == "go" else "swiss", rounds="3")
    import_csv(pages, eid, GO_CSV if game == "go" else TOGUZ_CSV)
    assert pair(pages, eid, 1).status_code == 303
    return eid


def test_store_a_go_record_and_step_through_it(organiser: Pages) -> None:
    eid = paired(organiser, "go")
    game = f"/events/{eid}/rounds/1/games/1"
    page = organiser.get(game)
    assert page.status_code == 200
    assert "No record of this game is stored." in page.text and "Store the record" in page.text
    r = organiser.submit(f"{game}/record", {"content": GO_SGF})
    assert r.headers["location"] == f"{game}?done=record"
    shown = organiser.get(game)
    assert position(shown.text) == (4, 4)
    assert 'class="go-board"' in shown.text and "data-point=" in shown.text
    assert shown.text.count('form="viewer-steps"') == 4
    start = organiser.get(f"{game}?ply=0")
    assert position(start.text) == (0, 4) and "Start" in start.text
    third = organiser.get(f"{game}?ply=3")
    assert position(third.text) == (3, 4)
    assert "3. White C3" in third.text and "a fine move" in third.text
    assert organiser.get(f"{game}?ply=99").status_code == 200
    assert position(organiser.get(f"{game}?ply=99").text) == (4, 4)


def test_frames_for_the_script(organiser: Pages) -> None:
    eid = paired(organiser, "go")
    game = f"/events/{eid}/rounds/1/games/1"
    organiser.submit(f"{game}/record", {"content": GO_SGF})
    frame = organiser.get(f"{game}/frame?ply=1", headers=FETCH).json()
    assert frame["ply"] == 1 and frame["plies"] == 4
    assert frame["caption"] == "1. White Q3"
    assert frame["board"].startswith("<svg") and 'class="stone white last"' in frame["board"]
    assert ["Captured by Black", "0"] in frame["facts"]
    missing = organiser.get(f"/events/{eid}/rounds/1/games/2/frame", headers=FETCH)
    assert missing.status_code == 404 and missing.json()["ok"] is False


def test_replacing_a_record_names_its_version(organiser: Pages) -> None:
    eid = paired(organiser, "toguz")
    game = f"/events/{eid}/rounds/1/games/2"
    organiser.submit(
        f"{game}/record",
        files={"file": ("game.txt", TOGUZ_TEXT.encode(), "text/plain")},
    )
    shown = organiser.get(game)
    assert position(shown.text) == (5, 5)
    assert 'class="toguz-board"' in shown.text and "White&#39;s kazan" in shown.text
    stale = organiser.submit(f"{game}/record", {"content": "1. 76 87"})
    assert stale.status_code == 409
    assert "give its version" in stale.text and "1. 76 87</textarea>" in stale.text
    version = re.search(r'name="version" value="(\d+)"', shown.text.split("/record")[-1])
    assert version
    json_record = write_json(record_from_moves(Position.initial(), [7, 8]))
    replaced = organiser.submit(
        f"{game}/record", {"content": json_record, "version": version.group(1)}
    )
    assert replaced.status_code == 303
    assert position(organiser.get(game).text) == (2, 2)


def test_a_record_that_is_not_one_is_refused(organiser: Pages) -> None:
    eid = paired(organiser, "toguz")
    game = f"/events/{eid}/rounds/1/games/1"
    sgf = organiser.submit(f"{game}/record", {"content": GO_SGF})
    assert sgf.status_code == 422 and "SGF file records a Go game" in sgf.text
    empty = organiser.submit(f"{game}/record", {"content": "   "})
    assert empty.status_code == 422
    assert "No record of this game is stored." in organiser.get(game).text
    go = paired(organiser, "go")
    broken = organiser.submit(f"/events/{go}/rounds/1/games/1/record", {"content": "(;SZ[3])"})
    assert broken.status_code == 422 and "board size 3" in broken.text


def test_visitors_see_a_published_games_record(organiser: Pages, visitor: Pages) -> None:
    eid = paired(organiser, "go")
    organiser.submit(f"/events/{eid}/rounds/1/games/1/record", {"content": GO_SGF})
    organiser.submit(f"/events/{eid}/publish", {"published": "yes"})
    assert visitor.get(f"/events/{eid}/rounds/1/games/1").status_code == 404
    organiser.submit(f"/events/{eid}/rounds/1/publish", {"published": "yes"})
    unfinished = visitor.get(f"/events/{eid}/rounds/1/games/1")
    assert unfinished.status_code == 200 and "Store the record" not in unfinished.text
    # the record is shown once the game has its final result
    assert "data-viewer" not in unfinished.text
    organiser.submit(f"/events/{eid}/rounds/1/games/1/result", {"result": "W+R"})
    finished = visitor.get(f"/events/{eid}/rounds/1/games/1")
    assert "data-viewer" in finished.text


def test_clear_a_result_on_the_game_page(organiser: Pages) -> None:
    eid = paired(organiser, "go")
    game = f"/events/{eid}/rounds/1/games/1"
    organiser.submit(f"{game}/result", {"result": "B+R"})
    page = organiser.get(game)
    version = re.search(r'/clear".*?name="version" value="(\d+)"', page.text, re.S)
    assert version
    r = organiser.submit(f"{game}/clear", {"version": version.group(1)})
    assert r.headers["location"] == f"{game}?done=cleared"
    assert "Clear the result" not in organiser.get(game).text


def test_the_viewer_for_any_record(visitor: Pages) -> None:
    form = visitor.get("/viewer")
    assert form.status_code == 200 and 'name="record"' in form.text
    shown = visitor.submit("/viewer", {"record": TOGUZ_TEXT})
    assert shown.status_code == 200
    assert position(shown.text) == (0, 5) and "Asanov" in shown.text
    stepped = visitor.submit("/viewer", {"record": TOGUZ_TEXT, "ply": "2"})
    assert position(stepped.text) == (2, 5) and "1. Black 87" in stepped.text
    frame = visitor.submit(
        "/viewer/frame", {"record": TOGUZ_TEXT, "ply": "1"}, headers=FETCH
    ).json()
    assert frame["caption"] == "1. White 76" and frame["board"].startswith("<svg")
    uploaded = visitor.submit(
        "/viewer", files={"file": ("g.sgf", GO_SGF.encode(), "application/x-go-sgf")}
    )
    assert position(uploaded.text) == (0, 4)


def test_the_viewer_says_why_it_cannot_read(visitor: Pages) -> None:
    refused = visitor.submit("/viewer", {"record": "(;GM[1]SZ[19];B[zz])"})
    assert refused.status_code == 422
    assert 'class="error"' in refused.text and "(;GM[1]SZ[19];B[zz])</textarea>" in refused.text
    nothing = visitor.submit("/viewer", {"record": ""})
    assert nothing.status_code == 422 and "paste the record" in nothing.text
