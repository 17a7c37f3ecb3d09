"""The live game page's display without a browser's script: an earlier position of the game
drawn for a player looking back, the board's labels and the script's words in the reader's
language, the sounds served under the pages' Content-Security-Policy."""

from __future__ import annotations

import json
import re
import wave
from io import BytesIO

from arbiter.games.toguz import Position
from arbiter.server.play.client import PlayClient
from tests.server.play.conftest import LiveServer, run


def play_toguz(live: LiveServer, pits: list[int]) -> int:
    """A casual Toguz Korgool game with ``pits`` played (White first); its id."""
    gid, white, black = live.casual(game="toguz", time_control="30m", side="white")

    async def moves() -> None:
        w = await PlayClient.connect(live.ws, gid, token=white)
        b = await PlayClient.connect(live.ws, gid, token=black)
        await w.wait_state(lambda g: g["status"] == "playing")
        for i, pit in enumerate(pits):
            await (w if i % 2 == 0 else b).act({"type": "move", "move": pit})
        await w.close()
        await b.close()

    run(moves())
    return gid


def kazan_labels(svg: str) -> list[str]:
    return re.findall(r">((?:White|Black|Белые|Черные|Чёрные)[^<]*)</text>", svg)


def test_the_board_of_an_earlier_position_is_drawn_for_a_player_looking_back(
    live: LiveServer,
) -> None:
    gid = play_toguz(live, [7, 8, 9])
    board = f"/play/games/{gid}/board"
    start = live.get(f"{board}?ply=0").text
    now = live.get(board).text
    # The start: nine korgools everywhere, both kazans empty, no move highlighted.
    assert kazan_labels(start) == ["Black: 0", "White: 0"]
    assert 'stroke-width="4"' not in start
    # After White's first move the pits differ and the move is highlighted.
    after_one = Position.initial().play(7)
    one = live.get(f"{board}?ply=1").text
    assert one != start and 'stroke-width="4"' in one
    assert f"White: {after_one.kazans[0]}" in one
    # Past the end is the current position; a bad ply is refused with a message.
    assert live.get(f"{board}?ply=99").text == now
    refused = live.get(f"{board}?ply=-1")
    assert refused.status_code == 400 and "ply" in refused.text


def test_go_positions_before_the_last_move_are_replayed(live: LiveServer) -> None:
    gid, black, white = live.casual(game="go", time_control="30m", side="black", size=9)

    async def moves() -> None:
        b = await PlayClient.connect(live.ws, gid, token=black)
        w = await PlayClient.connect(live.ws, gid, token=white)
        await b.wait_state(lambda g: g["status"] == "playing")
        await b.act({"type": "move", "move": "E5"})
        await w.act({"type": "move", "move": "pass"})
        await b.close()
        await w.close()

    run(moves())
    board = f"/play/games/{gid}/board"
    stones = re.compile(r'data-point="E5"><[^>]*>(?:<[^>]*>)*?<circle[^>]*class="stone')
    assert not stones.search(live.get(f"{board}?ply=0").text)
    assert stones.search(live.get(f"{board}?ply=1").text)
    assert "Go position on 9×9: 1 black and 0 white stones" in live.get(f"{board}?ply=2").text


def test_the_page_speaks_the_readers_language_on_the_board_and_in_its_words(
    live: LiveServer,
) -> None:
    gid = play_toguz(live, [7])
    ru = live.get(f"/play/games/{gid}?lang=ru").text
    # The kazans are labelled in Russian, not "White: 10" (issue 15).
    labels = re.findall(r'font-weight="bold" fill="[^"]+">([^<]*: \d+)</text>', ru)
    assert len(labels) == 2 and all(not label.startswith(("White", "Black")) for label in labels)
    # The script's words: a pass, a declined draw, looking back, all in Russian.
    found = re.search(r'<script type="application/json" id="live-words">(.*?)</script>', ru, re.S)
    assert found
    words = json.loads(found.group(1))
    assert words["pass"] == "пас"
    for key in ("draw_declined", "draw_lapsed", "reviewing", "confirm_move"):
        assert not re.search(r"[A-Za-z]{3,}", re.sub(r"%\(\w+\)s", "", words[key])), key


def test_the_sounds_are_short_wav_files_served_under_the_pages_policy(live: LiveServer) -> None:
    page = live.get(f"/play/games/{play_toguz(live, [])}")
    names = re.findall(r'<audio data-sound="([^"]+)" src="(/static/sounds/[^"]+\.wav)"', page.text)
    assert [n for n, _ in names] == ["move", "capture", "tuzdyk", "low-time", "start", "end"]
    policy = page.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "media-src" not in policy  # 'self' covers audio
    for _, src in names:
        r = live.get(src)
        assert r.status_code == 200 and r.headers["content-type"] in ("audio/wav", "audio/x-wav")
        with wave.open(BytesIO(r.content)) as w:
            seconds = w.getnframes() / w.getframerate()
            assert w.getnchannels() == 1 and 0.03 < seconds < 1.0


def test_the_games_settings_are_listed_in_the_readers_language(live: LiveServer) -> None:
    """Raw values (``japanese``) were left in English on the game pages (issue 15)."""
    gid, _black, _white = live.casual(
        game="go", time_control="10m", side="black", size=9, scoring="japanese"
    )
    facts = re.compile(r'<dl class="facts live-facts">(.*?)</dl>', re.S)
    en = facts.search(live.get(f"/play/games/{gid}").text)
    ru = facts.search(live.get(f"/play/games/{gid}?lang=ru").text)
    assert en and ru
    assert "<dt>Rules</dt><dd>Japanese</dd>" in en.group(1)
    assert "<dt>Board size</dt><dd>9×9</dd>" in en.group(1)
    assert "японские" in ru.group(1) and "japanese" not in ru.group(1).lower()
    toguz = facts.search(live.get(f"/play/games/{play_toguz(live, [])}?lang=ky").text)
    assert toguz and "Тогуз коргоол (9 уя)" in toguz.group(1)
