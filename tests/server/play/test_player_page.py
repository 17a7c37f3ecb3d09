"""A player's page (``/players/{name}``): their games on the server and their ratings by speed;
the lobby's list of games being played (``/play/live-games``)."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from arbiter.match import Actor, Match, MatchSettings
from arbiter.match.actions import Move, Resign, Start
from arbiter.server.play.matched import Player, create_paired, lobby_rating
from arbiter.server.play.seeks import PRESET_KEYS, SeekSpec
from arbiter.server.play.tables import LiveGame
from arbiter.server.services import accounts
from arbiter.server.services.ratings import rate_casual_game
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer
from tests.match.helpers import REF
from tests.server.conftest import PASSWORD
from tests.server.play.conftest import LiveServer


def rate(live: LiveServer, user_id: int, name: str, ratings: dict[str, float]) -> None:
    now = datetime.now(UTC)
    with live.rt.db.write() as session:
        player = RatedPlayer(name=name, name_key=name.lower(), user_id=user_id, created_at=now)
        session.add(player)
        session.flush()
        for system, value in ratings.items():
            session.add(
                PlayerRating(
                    player_id=player.id,
                    system=system,
                    rating=value,
                    rd=60.0 if system != "egf" else None,
                    volatility=0.06 if system != "egf" else None,
                    games=5,
                    updated_at=now,
                )
            )


def test_a_players_page_shows_ratings_by_speed_and_games(live: LiveServer) -> None:
    alice = accounts.create_user(live.rt, "alice", PASSWORD, display_name="Alice <b>")
    bob = accounts.create_user(live.rt, "bob", PASSWORD, display_name="Bob")
    lists = {"toguz-bullet": 1490.2, "toguz-blitz": 1623.4, "toguz-classical": 1711.0, "egf": 2045}
    rate(live, alice.id, "Alice", lists)
    blitz = SeekSpec("toguz", "3m+2s")
    assert lobby_rating(live.rt, alice.id, blitz) == (1623.4, False)
    assert lobby_rating(live.rt, bob.id, blitz) == (1500.0, True)
    create_paired(
        live.hub,
        PRESET_KEYS["go9-5m+3x20s"].spec(),
        Player(bob.id, "Bob"),
        Player(alice.id, "Alice <b>"),
        origin="quick",
    )
    page = httpx.get(f"{live.http}/players/alice", timeout=30)
    assert page.status_code == 200
    html = page.text
    assert "Alice &lt;b&gt;" in html and "Alice <b>" not in html
    # Each speed from its own list (rapid: none); Go's EGF rating.
    row = html.split('<th scope="row">Toguz Korgool</th>')[1].split("</tr>")[0]
    cells = [c.split("</td>")[0] for c in row.split("<td>")[1:]]
    assert ["1490" in cells[0], "1623" in cells[1], cells[2], "1711" in cells[3]] == [
        True,
        True,
        "–",
        True,
    ]
    assert 'href="/ratings?list=toguz-bullet"' in cells[0]
    assert "2045" in html
    games = html.split('class="list player-games"')[1]
    assert "Go 9×9" in games and "Bob" in games and "Black" in games and "5m+3x20s" in games
    assert httpx.get(f"{live.http}/players/nobody", timeout=30).status_code == 404


def test_the_live_list_shows_games_under_way_only(live: LiveServer) -> None:
    alice = accounts.create_user(live.rt, "alice", PASSWORD, display_name="Alice")
    bob = accounts.create_user(live.rt, "bob", PASSWORD, display_name="Bob")
    live_id = create_paired(
        live.hub,
        SeekSpec("toguz", "10m"),
        Player(alice.id, "Alice"),
        Player(bob.id, "Bob"),
        origin="seek",
    )
    listed = httpx.get(f"{live.http}/play/live-games", timeout=30).text
    assert "Alice" not in listed  # not started: nobody has connected yet
    with live.rt.db.write() as session:
        game = session.get(LiveGame, live_id)
        assert game is not None
        game.status = "playing"
    listed = httpx.get(f"{live.http}/play/live-games", timeout=30).text
    assert "Alice" in listed and f'href="/play/games/{live_id}"' in listed


@pytest.mark.parametrize("rated", [True, False])
def test_a_casual_seeks_game_is_not_rated(live: LiveServer, rated: bool) -> None:
    """A seek says *Rated* or *Casual*; the casual one's game stays off the lists."""
    alice = accounts.create_user(live.rt, "alice", PASSWORD, display_name="Alice")
    bob = accounts.create_user(live.rt, "bob", PASSWORD, display_name="Bob")
    spec = SeekSpec("toguz", "5m", rated=rated)
    live_id = create_paired(
        live.hub, spec, Player(alice.id, "Alice"), Player(bob.id, "Bob"), origin="seek"
    )
    m = Match.new(MatchSettings.toguz("5m")).apply(Start(), 0, REF)
    for t, pit in enumerate((7, 3), start=1):
        m = m.apply(Move(pit), t, Actor.player(m.to_move or "white"))
    finished: Match = m.apply(Resign(), 3, Actor.player(m.to_move or "white"))
    done = rate_casual_game(live.rt, live_id, finished)
    assert (done is not None) is rated
    # White (Alice) resigned: she lost rating points, unless the game was casual.
    after, provisional = lobby_rating(live.rt, alice.id, spec)
    assert (after < 1500.0) if rated else (after, provisional) == (1500.0, True)


def test_a_bullet_game_is_rated_on_the_bullet_list_and_blitz_stays(live: LiveServer) -> None:
    """A 2m+1s game (bullet: 2 minutes and 40 increments, under 3 minutes) moves both players'
    bullet ratings; their blitz ratings, and the seeks' and queue's blitz ratings, stay."""
    alice = accounts.create_user(live.rt, "alice", PASSWORD, display_name="Alice")
    bob = accounts.create_user(live.rt, "bob", PASSWORD, display_name="Bob")
    rate(live, alice.id, "Alice", {"toguz-bullet": 1700.0, "toguz-blitz": 1600.0})
    bullet = PRESET_KEYS["toguz-2m+1s"].spec()
    assert bullet.speed == "bullet"
    # The seeks' range and the queue compare the bullet rating for a bullet preset.
    assert lobby_rating(live.rt, alice.id, bullet) == (1700.0, False)
    assert lobby_rating(live.rt, alice.id, SeekSpec("toguz", "3m+2s")) == (1600.0, False)
    live_id = create_paired(
        live.hub, bullet, Player(alice.id, "Alice"), Player(bob.id, "Bob"), origin="quick"
    )
    m = Match.new(MatchSettings.toguz("2m+1s")).apply(Start(), 0, REF)
    for t, pit in enumerate((7, 3), start=1):
        m = m.apply(Move(pit), t, Actor.player(m.to_move or "white"))
    finished: Match = m.apply(Resign(), 3, Actor.player(m.to_move or "white"))
    done = rate_casual_game(live.rt, live_id, finished)
    assert done is not None and done.system == "toguz-bullet"
    after, _ = lobby_rating(live.rt, alice.id, bullet)
    assert after < 1700.0  # White (Alice) resigned
    bob_after, _ = lobby_rating(live.rt, bob.id, bullet)
    assert bob_after > 1500.0
    assert lobby_rating(live.rt, alice.id, SeekSpec("toguz", "3m+2s")) == (1600.0, False)
    assert lobby_rating(live.rt, bob.id, SeekSpec("toguz", "3m+2s")) == (1500.0, True)
    page = httpx.get(f"{live.http}/ratings", params={"list": "toguz-bullet"}, timeout=30)
    assert page.status_code == 200 and "Bob" in page.text
