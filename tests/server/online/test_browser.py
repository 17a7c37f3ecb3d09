"""Live games in real browsers (Playwright driving Debian's Chromium) against the live server:
two players play Toguz Korgool and 9×9 Go to the end through the pages — a draw offer made with
a move and declined, resignation, the dead-stone phase, a flag fall with a short time control
— four players play pair go with its turn order enforced and the resignation asked of the
partner, spectators see every move, and a referee conducts an event's round from the game
room and the console. Screenshots go to ``tests/artifacts/online/`` (git-ignored).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbiter.server.migrate import upgrade
from arbiter.server.runtime import Runtime
from arbiter.server.storage.database import Database
from tests.server.conftest import PASSWORD, settings_for_test
from tests.server.helpers import blocked_by_policy
from tests.server.online.conftest import make_cup
from tests.server.play.conftest import LiveServer

pytestmark = pytest.mark.slow

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "online"
TIMEOUT_MS = 10_000
#: Keeps the page's sockets and what it sends, so that a test can cut the connection as a
#: network failure would and read what the page said when it came back.
SOCKET_SPY = """
(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.__sent = [];
  class Spied extends Real {
    constructor(...args) { super(...args); window.__sockets.push(this); }
    send(data) { window.__sent.push(String(data)); return super.send(data); }
  }
  window.WebSocket = Spied;
})();
"""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The live server (uvicorn in a thread) on a fresh SQLite database."""
    path = tmp_path_factory.mktemp("online") / "arbiter.db"
    settings = settings_for_test(f"sqlite:///{path}")
    db = Database(settings)
    upgrade(db.engine)
    server = LiveServer(Runtime.create(settings, db)).start()
    yield server
    server.stop()
    db.dispose()


class Windows:
    """Browser windows of one test, each with its own cookies; script errors fail the test."""

    def __init__(self, chromium: Any, live: LiveServer) -> None:
        self.chromium = chromium
        self.live = live
        self.contexts: list[Any] = []
        self.problems: list[str] = []

    def open(self, width: int = 1100) -> Any:
        context = self.chromium.new_context(
            base_url=self.live.http, viewport={"width": width, "height": 900}, locale="en-GB"
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.add_init_script(SOCKET_SPY)
        self.contexts.append(context)
        tab = context.new_page()
        tab.on("pageerror", lambda exc: self.problems.append(str(exc)))
        tab.on("console", lambda msg: self.problems.extend(blocked_by_policy(msg)))
        tab.on("dialog", lambda dialog: dialog.accept())
        return tab

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def windows(chromium: Any, live: LiveServer) -> Iterator[Windows]:
    found = Windows(chromium, live)
    yield found
    found.close()
    assert not found.problems, f"the page's script failed: {found.problems}"


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def status(page: Any) -> Any:
    return page.locator("[data-status]")


def moves(page: Any) -> list[str]:
    found: list[str] = page.locator("[data-moves] li").all_text_contents()
    return found


def create(page: Any, fields: dict[str, str], *, go: bool = False, pair: bool = False) -> str:
    """Create a game with a friend from the lobby; the link to share."""
    page.goto("/play")
    form = page.locator("#casual-form")
    if go:
        form.get_by_label("Go", exact=True).check()
    for name, value in fields.items():
        field = page.locator(f"#casual-{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    if pair:
        form.get_by_label("Pair go (four players)").check()
    form.get_by_role("button", name="Create the game").click()
    page.wait_for_url(re.compile(r"/play/games/\d+$"))
    link: str = page.locator("[data-share]").input_value()
    return link


def join(page: Any, link: str) -> None:
    page.goto(link)
    page.get_by_role("button", name="Take the seat and play").click()
    page.wait_for_url(re.compile(r"/play/games/\d+$"))


def pit(page: Any, side: str, number: int) -> None:
    page.locator(f'[data-board] g.pit[data-side="{side}"][data-pit="{number}"]').click()


def point(page: Any, name: str) -> None:
    page.locator(f'[data-board] g.point[data-point="{name}"]').click()


def your_move(page: Any) -> None:
    expect(status(page)).to_have_text("Your move")


def test_toguz_korgool_draw_offer_resignation_and_a_flag_fall(windows: Windows) -> None:
    white, black, watcher = windows.open(), windows.open(), windows.open()
    link = create(white, {"time_control": "5m", "side": "white"})
    game = link.split("/join")[0]
    expect(status(white)).to_have_text("Waiting for every player to connect")
    watcher.goto(game)
    join(black, link)
    # White moves first (seed 000 6.3); the spectator sees every move as it is made.
    your_move(white)
    expect(status(black)).to_have_text("White to move")
    expect(white.locator('[data-clock="white"]')).to_have_class(re.compile("running"))
    played: list[str] = []
    for mover, side, number in (
        (white, "white", 7),
        (black, "black", 8),
        (white, "white", 9),
    ):
        your_move(mover)
        pit(mover, side, number)
        expect(watcher.locator("[data-moves] li")).to_have_count(len(played) + 1)
        played = moves(watcher)
        assert moves(mover) == played
    assert [m[:2] for m in played] == ["76", "87", "99"]

    # Black's connection drops: the page comes back by itself and resumes from the last event
    # it had (hello with last_seq).
    black.evaluate("window.__sockets.at(-1).close()")
    black.wait_for_function("() => window.__sent.filter(m => m.includes('\"hello\"')).length === 2")
    expect(black.locator("[data-connection]")).to_have_text("Connected")
    hellos = [m for m in black.evaluate("window.__sent") if '"hello"' in m]
    assert len(hellos) == 2 and '"last_seq"' in hellos[1]
    # Black leaves the page: White sees it at once, and the reconnection window running.
    black.goto("about:blank")
    expect(white.locator('[data-presence="black"]')).to_contain_text("away, dropped")
    expect(white.locator('[data-presence="black"]')).to_contain_text("back within 2:")
    black.goto(game)
    expect(white.locator('[data-presence="black"]')).to_have_text(
        re.compile(r"^connected, dropped [12]×$")
    )
    # A pit of the opponent's row does nothing; a move out of turn is refused by the server.
    pit(white, "black", 1)
    pit(white, "white", 1)
    expect(white.locator("[data-error]")).to_contain_text("It is not your turn.")
    time.sleep(0.3)
    assert len(moves(watcher)) == 3

    # Black offers a draw with the move, as one action (seed 000 8.1); White declines.
    your_move(black)
    black.get_by_label("Offer a draw with my next move").check()
    pit(black, "black", 2)
    expect(white.locator("[data-note]")).to_have_text("Your opponent offers a draw.")
    expect(white.get_by_role("button", name="Accept the draw")).to_be_visible()
    expect(black.get_by_role("button", name="Accept the draw")).to_be_hidden()
    expect(watcher.locator("[data-moves] li").last).to_contain_text("=")  # marked in the record
    shot(white, "toguz-draw-offer")
    white.get_by_role("button", name="Decline the draw").click()
    expect(white.get_by_role("button", name="Accept the draw")).to_be_hidden()
    your_move(white)
    pit(white, "white", 3)
    expect(watcher.locator("[data-moves] li")).to_have_count(5)

    # Black resigns: the result keeps the korgools in the kazans (seed 000 3.3).
    black.get_by_role("button", name="Resign", exact=True).click()
    for page in (white, black, watcher):
        expect(status(page)).to_contain_text("Game over: 1(")
        expect(status(page)).to_contain_text("(resignation)")
    shot(watcher, "toguz-over-spectator")

    # A short time control: Black never moves and loses on time, judged by the kazan.
    link = create(white, {"time_control": "3s", "side": "white"})
    join(black, link)
    your_move(white)
    pit(white, "white", 5)
    expect(status(black)).to_have_text("Your move")
    expect(status(black)).to_contain_text("(on time)", timeout=10_000)
    expect(status(white)).to_contain_text("Game over: 1(")
    expect(black.locator('[data-clock="black"]')).to_have_class(re.compile("flagged"))
    shot(black, "toguz-flag-fall")

    # Against the computer: the engine answers the move.
    white.goto("/play")
    white.locator("#computer-time_control").fill("5m")
    white.locator("#computer-level").select_option("1")
    white.locator("#computer-form").get_by_role("button", name="Play against the computer").click()
    white.wait_for_url(re.compile(r"/play/games/\d+$"))
    your_move(white)
    expect(white.locator('[data-presence="black"]')).to_have_text("computer")
    pit(white, "white", 7)
    expect(white.locator("[data-moves] li")).to_have_count(2)
    your_move(white)


def test_go_nine_by_nine_with_the_dead_stone_phase(windows: Windows) -> None:
    black, white, watcher = windows.open(), windows.open(), windows.open(width=360)  # a phone
    link = create(black, {"time_control": "10m", "side": "black", "size": "9"}, go=True)
    join(white, link)
    watcher.goto(link.split("/join")[0])
    your_move(black)  # Black first in even games
    for mover, where in (
        (black, "C3"),
        (white, "G7"),
        (black, "C7"),
        (white, "G3"),
        (black, "E5"),
    ):
        your_move(mover)
        point(mover, where)
        expect(watcher.locator("[data-moves] li").last).to_have_text(where)
    expect(watcher.locator('[data-board] g.point[data-point="E5"] circle.stone')).to_have_count(1)
    # Two passes end play: the clocks stop while the sides mark the dead stones.
    your_move(white)
    white.get_by_role("button", name="Pass", exact=True).click()
    your_move(black)
    black.get_by_role("button", name="Pass", exact=True).click()
    for page in (black, white):
        expect(status(page)).to_have_text("Mark the dead stones by clicking them, then accept")
    point(black, "G7")  # Black marks White's stone dead; it shows as dead for everyone
    expect(watcher.locator('[data-board] g.point[data-point="G7"] circle.dead')).to_have_count(1)
    expect(white.locator('[data-board] g.point[data-point="G7"] circle.dead')).to_have_count(1)
    shot(white, "go-marking")
    black.get_by_role("button", name="Accept the marking").click()
    white.get_by_role("button", name="Accept the marking").click()
    for page in (black, white, watcher):
        expect(status(page)).to_contain_text("(counted)")
    text = status(watcher).text_content() or ""
    assert re.search(r"Game over: [BW]\+\d+(\.5)? \(counted\)", text), text
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scroll
    shot(watcher, "go-counted-phone")


def test_pair_go_turn_order_and_the_resignation_asked_of_the_partner(windows: Windows) -> None:
    black_woman = windows.open()
    link = create(
        black_woman,
        {"time_control": "10m", "side": "black.woman", "size": "9"},
        go=True,
        pair=True,
    )
    seats = {"black.woman": black_woman}
    for _ in range(3):
        page = windows.open()
        join(page, link)
        seat = page.locator("[data-live]").get_attribute("data-seat")
        seats[seat] = page
    assert set(seats) == {"black.man", "black.woman", "white.man", "white.woman"}
    watcher = windows.open()
    watcher.goto(link.split("/join")[0])
    # Even game: Black woman, White woman, Black man, White man (seed 004 3.3).
    order = ["black.woman", "white.woman", "black.man", "white.man"]
    your_move(seats["black.woman"])
    expect(status(seats["black.man"])).to_have_text("Black (woman) to move")
    for i, (seat, where) in enumerate(zip(order, ("C3", "G7", "C7", "G3"), strict=True)):
        out_of_turn = seats[order[(i + 1) % 4]]
        point(out_of_turn, "E5")
        expect(out_of_turn.locator("[data-error]")).to_contain_text("It is not your turn.")
        your_move(seats[seat])
        point(seats[seat], where)
        expect(watcher.locator("[data-moves] li")).to_have_count(i + 1)
    assert moves(watcher) == ["C3", "G7", "C7", "G3"]
    # Anybody asks whose turn it is; the server answers.
    seats["white.man"].get_by_role("button", name="Whose turn?").click()
    expect(seats["white.man"].locator("[data-note]")).to_have_text(
        "It is the turn of Black (woman)."
    )
    # Partners do not chat during the game (seed 004).
    seats["black.man"].locator("[data-chat-form] input[name=text]").fill("resign?")
    seats["black.man"].locator("[data-chat-form]").get_by_role("button", name="Send").click()
    expect(seats["black.man"].locator("[data-error]")).to_contain_text("You may not do that.")
    # Resignation: the player to move asks the partner, who agrees; then the player resigns.
    mover = seats["black.woman"]
    expect(mover.get_by_role("button", name="Resign", exact=True)).to_be_hidden()
    mover.get_by_role("button", name="Ask my partner about resigning").click()
    partner = seats["black.man"]
    expect(partner.locator("[data-note]")).to_have_text("Your partner asks whether to resign.")
    shot(partner, "pair-go-partner-asked")
    partner.get_by_role("button", name="Agree to resign").click()
    expect(mover.locator("[data-note]")).to_have_text("Your partner agrees: you may resign.")
    mover.get_by_role("button", name="Resign", exact=True).click()
    for page in (*seats.values(), watcher):
        expect(status(page)).to_have_text("Game over: W+R (resignation)")
    shot(watcher, "pair-go-over")


def sign_in(page: Any, username: str) -> None:
    page.goto("/login")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("status")).to_have_text("You are signed in.")


def test_a_round_in_the_game_room_and_the_referee_console(
    windows: Windows, live: LiveServer
) -> None:
    cup = make_cup(live, names=("Asanov Bakyt", "Bekova Aida"))
    referee, player, opponent = windows.open(), windows.open(), windows.open()
    for page, username in ((referee, "ref"), (player, "p1"), (opponent, "p2")):
        sign_in(page, username)
    # The referee opens the round two hours ahead; a player reports present.
    referee.goto(f"/events/{cup.id}/room")
    referee.get_by_label("Start in (minutes)").fill("120")
    referee.get_by_role("button", name="Open the round for online play").click()
    expect(referee.get_by_role("status")).to_contain_text("The round is open")
    player.goto(f"/events/{cup.id}/room")
    player.get_by_role("button", name="Report present").click()
    expect(player.get_by_role("status")).to_have_text("You reported present.")
    referee.reload()
    expect(referee.locator("[data-present='1']")).not_to_have_text("—")
    expect(referee.locator("[data-present='2']")).to_have_text("—")

    # A postponement: the player asks, the opponent agrees, the referee sets the new start.
    player.get_by_role("link", name="Play", exact=True).click()
    expect(status(player)).to_contain_text("The game starts at")
    player.get_by_placeholder("The reason").fill("a flight")
    player.get_by_role("button", name="Ask for a postponement").click()
    expect(player.locator("[data-postpone-status]")).to_contain_text("requested")
    opponent.goto(player.url)
    opponent.get_by_role("button", name="Agree to the postponement").click()
    expect(player.locator("[data-postpone-status]")).to_contain_text("the opponent agrees")
    referee.goto(player.url)
    later = time.strftime("%Y-%m-%dT%H:%M", time.localtime(time.time() + 3 * 3600))
    referee.get_by_label("The new start").fill(later)
    referee.get_by_role("button", name="Grant the postponement").click()
    expect(player.locator("[data-postpone-status]")).to_contain_text("granted")
    expect(status(opponent)).to_have_text(f"The game starts at {later[-5:]}")

    # The referee starts the game now, pauses it and adds time; the console follows it live.
    referee.get_by_role("button", name="Start the game").click()
    expect(status(referee)).to_contain_text("to move")
    referee.get_by_role("button", name="Pause").click()
    expect(status(referee)).to_have_text("Paused by the referee")
    expect(status(player)).to_have_text("Paused by the referee")
    referee.locator("[data-ref-form=add-time] select[name=side]").select_option("white")
    referee.locator("[data-ref-form=add-time] input[name=seconds]").fill("120")
    referee.locator("[data-ref-form=add-time]").get_by_role("button").click()
    expect(referee.locator('[data-clock="white"]')).to_have_text(re.compile(r"^6:5\d"))
    shot(referee, "referee-game")
    referee.goto(f"/events/{cup.id}/rounds/1/console")
    expect(referee.locator("[data-cell=status]").first).to_have_text("Paused")
    expect(referee.locator("[data-cell=clocks]").first).to_contain_text("6:5")
    shot(referee, "console")
