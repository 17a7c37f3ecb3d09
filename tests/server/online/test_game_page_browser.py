"""The live game page in real browsers (Playwright driving Debian's Chromium, its sound muted)
with two players, each in a browser context of their own: looking back at earlier moves while
the game goes on and returning to the live position (buttons and keys), the confirm-move step,
the sounds (a move's and a capture's ``play`` events, low time and the end, the mute switch
kept after a reload), a draw offer declined told to the offerer, the move list of a 170-ply
game showing its last move, and the referee console's connection marks in the order of its
columns. Screenshots at laptop and phone widths in English and Russian go to
``tests/artifacts/online/``.
"""

from __future__ import annotations

import asyncio
import random
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from arbiter.games.toguz import Position
from arbiter.server.play.client import PlayClient
from tests.server.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.server.online.conftest import make_cup
from tests.server.online.test_browser import (
    Windows,
    create,
    join,
    live,
    pit,
    shot,
    sign_in,
    status,
    sync_api,
    your_move,
)
from tests.server.play.conftest import LiveServer, run

__all__ = ["live"]  # the module's live server fixture, shared with the other browser tests

pytestmark = pytest.mark.slow
expect = sync_api.expect

#: Counts the sounds each page starts (the audio elements' ``play`` events).
LISTEN = """() => {
  window.__played = [];
  for (const a of document.querySelectorAll("audio[data-sound]")) {
    a.addEventListener("play", () => window.__played.push(a.dataset.sound));
  }
}"""


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium with its sound output muted (the pages still play their sounds)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, "--mute-audio"]
        )
        yield browser
        browser.close()


@pytest.fixture
def windows(chromium: Any, live: LiveServer) -> Iterator[Windows]:
    found = Windows(chromium, live)
    yield found
    found.close()
    assert not found.problems, f"the page's script failed: {found.problems}"


def played(page: Any) -> list[str]:
    sounds: list[str] = page.evaluate("window.__played")
    return sounds


def shown_ply(page: Any) -> Any:
    return page.locator("[data-board]")


def test_looking_back_confirming_a_move_sounds_and_a_declined_draw(windows: Windows) -> None:
    white, black = windows.open(), windows.open()
    link = create(white, {"time_control": "10m", "side": "white"})
    join(black, link)
    for page in (white, black):
        page.evaluate(LISTEN)
    # Each move sounds: White's 7 takes 10 korgools (a capture), Black's 8 two, White's 9 none
    # (a move).
    for mover, side, number in ((white, "white", 7), (black, "black", 8), (white, "white", 9)):
        your_move(mover)
        pit(mover, side, number)
    white.wait_for_function("() => window.__played.filter(s => s !== 'start').length === 3")
    assert [s for s in played(white) if s != "start"] == ["capture", "capture", "move"]
    your_move(black)
    pit(black, "black", 2)
    expect(white.locator("[data-moves] li")).to_have_count(4)

    # White looks back at move 1: the board shows that position, the game goes on.
    white.locator("[data-moves] button[data-ply='1']").click()
    expect(white.locator("[data-review]")).to_be_visible()
    expect(white.locator("[data-review-text]")).to_have_text(
        "Looking at move 1 of 4; the game goes on."
    )
    expect(shown_ply(white)).to_have_attribute("data-ply", "1")
    white.keyboard.press("ArrowRight")
    expect(shown_ply(white)).to_have_attribute("data-ply", "2")
    expect(white.locator("[data-review-position]")).to_have_text("2 / 4")
    # A pit clicked while looking back makes no move.
    pit(white, "white", 1)
    expect(status(white)).to_have_text("Your move")
    assert len(white.locator("[data-moves] li").all()) == 4
    shot(white, "game-looking-back")
    # The keyboard's End returns to the live position; so does the button.
    white.keyboard.press("End")
    expect(white.locator("[data-review]")).to_be_hidden()
    expect(shown_ply(white)).to_have_attribute("data-ply", "4")
    white.keyboard.press("Home")
    expect(shown_ply(white)).to_have_attribute("data-ply", "0")
    white.get_by_role("button", name="Back to the game", exact=True).first.click()
    expect(white.locator("[data-review]")).to_be_hidden()
    expect(shown_ply(white)).to_have_attribute("data-ply", "4")
    # Stepping forward past the last move is the live position too.
    white.get_by_role("button", name="Previous move").click()
    expect(shown_ply(white)).to_have_attribute("data-ply", "3")
    white.get_by_role("button", name="Next move").click()
    expect(white.locator("[data-review]")).to_be_hidden()

    # The confirm-move step: a tap only chooses the pit; "Play it" sends the move.
    white.get_by_label("Confirm each move (for touch screens)").check()
    pit(white, "white", 3)
    expect(white.locator("[data-confirm-text]")).to_have_text("Play 3?")
    expect(white.locator('[data-board] g.pit.chosen[data-pit="3"]')).to_have_count(1)
    assert len(white.locator("[data-moves] li").all()) == 4
    white.get_by_role("button", name="Cancel").click()
    expect(white.locator("[data-confirm]")).to_be_hidden()
    # A draw offered with the confirmed move (seed 000 8.1).
    white.get_by_label("Offer a draw with my next move").check()
    pit(white, "white", 3)
    white.get_by_role("button", name="Play it").click()
    expect(white.locator("[data-moves] li")).to_have_count(5)
    expect(white.locator("[data-note]")).to_have_text("You offered a draw.")
    expect(black.locator("[data-note]")).to_have_text("Your opponent offers a draw.")
    # Black declines: White is told, and "You offered a draw." is gone; Black's note too.
    black.get_by_role("button", name="Decline the draw").click()
    expect(white.locator("[data-note]")).to_have_text("Your opponent declined the draw.")
    expect(black.locator("[data-note]")).to_be_hidden()
    shot(white, "game-draw-declined")
    # The notice lasts until White's own next move.
    your_move(black)
    pit(black, "black", 5)
    expect(white.locator("[data-note]")).to_have_text("Your opponent declined the draw.")
    white.get_by_label("Confirm each move (for touch screens)").uncheck()
    your_move(white)
    pit(white, "white", 4)
    expect(white.locator("[data-note]")).to_be_hidden()

    # The mute switch: no sound once off, and still off after a reload (this browser keeps it).
    white.get_by_label("Sounds").uncheck()
    white.evaluate("window.__played = []")
    your_move(black)
    pit(black, "black", 7)
    expect(white.locator("[data-moves] li")).to_have_count(8)
    your_move(white)
    assert played(white) == []
    white.reload()
    expect(white.get_by_label("Sounds")).not_to_be_checked()
    expect(white.get_by_label("Confirm each move (for touch screens)")).not_to_be_checked()
    assert white.evaluate("localStorage.getItem('arbiter-sound')") == "off"


def test_low_time_and_the_end_of_the_game_sound(windows: Windows) -> None:
    """Ten seconds left on one's own running clock warns once; the flag's fall ends the game
    with its sound."""
    white, black = windows.open(), windows.open()
    link = create(white, {"time_control": "13s", "side": "white"})
    join(black, link)
    white.evaluate(LISTEN)
    your_move(white)
    pit(white, "white", 7)
    your_move(black)
    pit(black, "black", 8)
    your_move(white)  # White's clock runs from about 13 seconds
    assert "low-time" not in played(white)
    white.wait_for_function("() => window.__played.includes('low-time')", timeout=8_000)
    white.wait_for_function("() => window.__played.includes('end')", timeout=15_000)
    expect(status(white)).to_contain_text("(on time)")
    assert played(white).count("low-time") == 1


def long_game(plies: int) -> list[int]:
    """Pits of a Toguz Korgool game that lasts ``plies`` moves without ending (found by a
    seeded random playout that avoids ending moves)."""
    for seed in range(1000):
        rng = random.Random(seed)
        pos, pits = Position.initial(), []
        for _ in range(plies):
            moves = list(pos.legal_moves())
            rng.shuffle(moves)
            going = [m for m in moves if not pos.play(m).is_over]
            if not going:
                break
            pos = pos.play(going[0])
            pits.append(going[0])
        if len(pits) == plies:
            return pits
    raise AssertionError("no long game found")


def seat_cookie(live: LiveServer, game: int, token: str) -> dict[str, Any]:
    return {
        "name": f"arbiter_seat_{game}",
        "value": token,
        "domain": "127.0.0.1",
        "path": f"/play/games/{game}",
    }


def test_the_move_list_of_a_long_game_shows_its_last_move(
    windows: Windows, live: LiveServer
) -> None:
    gid, white_token, black_token = live.casual(game="toguz", time_control="60m", side="white")
    pits = long_game(170)

    async def play() -> None:
        w = await PlayClient.connect(live.ws, gid, token=white_token)
        b = await PlayClient.connect(live.ws, gid, token=black_token)
        await w.wait_state(lambda g: g["status"] == "playing")
        for i, number in enumerate(pits):
            await (w if i % 2 == 0 else b).act({"type": "move", "move": number})
            await asyncio.sleep(0.04)  # within the server's 30 messages a second
        await w.close()
        await b.close()

    # In a thread of its own: Playwright's loop runs in this one.
    failed: list[BaseException] = []

    def player() -> None:
        try:
            run(play())
        except BaseException as exc:  # reported below, in the test's thread
            failed.append(exc)

    worker = threading.Thread(target=player)
    worker.start()
    worker.join(120)
    assert not failed and not worker.is_alive(), failed
    for width, lang in ((1280, "en"), (390, "en"), (1280, "ru"), (390, "ru")):
        page = windows.open(width=width)
        page.set_viewport_size({"width": width, "height": 800 if width > 400 else 844})
        page.context.add_cookies([seat_cookie(live, gid, white_token)])
        page.goto(f"/play/games/{gid}?lang={lang}")
        items = page.locator("[data-moves] li")
        expect(items).to_have_count(170)
        last = items.last
        expect(last.locator("button")).to_have_attribute("aria-current", "step")
        # The last move is in view inside the list, which scrolls down, never sideways (on a
        # phone the list is below the board: the page is scrolled to it, not the list).
        page.locator(".live-moves h2").scroll_into_view_if_needed()
        expect(last).to_be_in_viewport()
        box = page.locator("[data-moves]").bounding_box()
        item = last.bounding_box()
        assert (
            box
            and item
            and box["y"] <= item["y"]
            and item["y"] + item["height"] <= box["y"] + box["height"] + 1
        )
        sizes = page.locator("[data-moves]").evaluate("l => [l.scrollWidth, l.clientWidth]")
        assert sizes[0] <= sizes[1], sizes
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # The kazans are labelled in the page's language.
        label = page.locator("[data-board] text").filter(has_text=re.compile(r": \d+$")).first
        expect(label).to_have_text(re.compile(r"^Black: " if lang == "en" else r"^Чёрные: "))
        shot(page, f"game-long-{lang}-{width}")
        if width == 390 and lang == "ru":
            # Looking back to the start scrolls the list to the first move.
            page.keyboard.press("Home")
            expect(items.first.locator("button")).to_be_in_viewport()
            expect(page.locator("[data-review-text]")).to_have_text(
                "Вы смотрите ход 0 из 170; партия идёт."
            )
            shot(page, "game-long-ru-390-start")


def test_the_consoles_connection_marks_follow_its_white_and_black_columns(
    windows: Windows, live: LiveServer
) -> None:
    """The marks were in the seats' order (Black first) under Toguz Korgool's White, Black
    columns (issue 15)."""
    cup = make_cup(live, names=("Asanov Bakyt", "Bekova Aida"))
    referee, player = windows.open(), windows.open()
    sign_in(referee, "ref")
    sign_in(player, "p1")
    referee.goto(f"/events/{cup.id}/room")
    referee.get_by_label("Start in (minutes)").fill("120")
    referee.get_by_role("button", name="Open the round for online play").click()
    player.goto(f"/events/{cup.id}/room")
    player.get_by_role("link", name="Play", exact=True).click()
    expect(status(player)).to_contain_text("The game starts at")
    referee.goto(f"/events/{cup.id}/rounds/1/console")
    row = referee.locator("[data-row='1-0']")
    # Only Asanov Bakyt (p1) is connected: the filled mark stands in his column.
    first = row.locator("td.name.first").text_content() or ""
    expected = "● ○" if "Asanov" in first else "○ ●"
    expect(row.locator("[data-cell=presence]")).to_have_text(expected)
