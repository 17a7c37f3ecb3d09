"""What the lobby page shows besides its forms: the presets, the words of its script
(``static/lobby.js``), the games under way to watch (``/play/live-games``, the list the script
reloads when the lobby socket says it changed), and each player's page (``/players/{name}``:
their games, their ratings by speed).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy import select

from arbiter.clock import TimeControl
from arbiter.clock.speed import SPEEDS
from arbiter.events.ratings import speed_class
from arbiter.i18n import N_, gettext
from arbiter.server.play.live_list import ListedGame, games_of_user, live_games
from arbiter.server.play.seeks import PRESETS, Preset
from arbiter.server.runtime import Runtime
from arbiter.server.services.errors import NotFound
from arbiter.server.storage.models import User
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer
from arbiter.server.web.live import hub_of
from arbiter.server.web.page import Page, PageDep, PageRoute
from arbiter.server.web.words import game_name, translated

__all__ = ["lobby_context", "router"]

router = APIRouter(route_class=PageRoute, include_in_schema=False)

SPEED_NAMES = {
    "bullet": N_("Bullet"),
    "blitz": N_("Blitz"),
    "rapid": N_("Rapid"),
    "classical": N_("Classical"),
}
#: The lobby script's words, table by table (``W.speeds.blitz``, ``W.errors["own-seek"]``).
SCRIPT_WORDS: dict[str, dict[str, str]] = {
    "speeds": SPEED_NAMES,
    "games": {"toguz": N_("Toguz Korgool"), "go": N_("Go")},
    "colours": {"white": N_("White"), "black": N_("Black"), "random": N_("By lot")},
    "errors": {
        "unknown-seek": N_("This seek is not open any more."),
        "own-seek": N_("This is your own seek: wait for an opponent."),
        "sign-in": N_("Sign in to seek, accept or queue for a game."),
        "invalid": N_("This seek is not valid: check the time control and the rating range."),
        "out-of-range": N_("Your rating is outside the range this seek asks for."),
        "too-many-seeks": N_("You have three open seeks already: cancel one first."),
        "not-queued": N_("You are not in the queue."),
        "malformed": N_("The server did not understand the request."),
    },
    "text": {
        "rated": N_("Rated"),
        "casual": N_("Casual"),
        "accept": N_("Accept"),
        "cancel": N_("Cancel"),
        "mine": N_("Your seek"),
        "none": N_("No open seeks: create one, or use quick pairing."),
        "queued": N_("Looking for an opponent…"),
        "waiting": N_("waiting: %(n)s"),
        "offline": N_("The lobby is not connected: reconnecting…"),
        "starting": N_("Your game is ready: opening it…"),
    },
}


def speed_name(speed: str | None) -> str:
    """A speed bucket's name."""
    return gettext(SPEED_NAMES[speed]) if speed in SPEED_NAMES else ""


def preset_label(preset: Preset) -> str:
    """How a preset reads: ``Toguz Korgool 3m+2s``, ``Go 9×9 5m+3x20s``."""
    if preset.game == "go":
        return f"{game_name('go')} {preset.size}×{preset.size} {preset.time_control}"
    return f"{game_name('toguz')} {preset.time_control}"


def lobby_context(page: Page, games: list[ListedGame] | None) -> dict[str, Any]:
    """The lobby's part of the ``/play`` page."""
    return {
        "presets": [(p, preset_label(p), speed_name(p.spec().speed)) for p in PRESETS],
        "lobby_words": {name: translated(table) for name, table in SCRIPT_WORDS.items()},
        "live": games,
        "speed_name": speed_name,
        "signed_in": page.user is not None,
    }


@router.get("/play/live-games")
def live_list(request: Request, page: PageDep) -> Response:
    """The games under way, as the lobby lists them (a part of ``/play``)."""
    games = live_games(hub_of(request).rt)
    return page.render("lobby_live.html", live=games, speed_name=speed_name)


def _ratings(rt: Runtime, user_id: int) -> dict[str, float]:
    with rt.db.read() as session:
        rows = session.execute(
            select(PlayerRating.system, PlayerRating.rating)
            .join(RatedPlayer, RatedPlayer.id == PlayerRating.player_id)
            .where(RatedPlayer.user_id == user_id)
        )
        return {str(system): float(rating) for system, rating in rows}


def speed_ratings(ratings: dict[str, float]) -> list[tuple[str, str, float | None]]:
    """The Toguz Korgool rating of each speed bucket: ``(speed, list, rating)``; each speed
    has its own list, bullet too (docs/decisions.md, "A bullet rating list")."""
    found = []
    for speed in SPEEDS:
        control = {"bullet": "1m", "blitz": "3m+2s", "rapid": "15m", "classical": "60m"}[speed]
        system = f"toguz-{speed_class(TimeControl.parse(control))}"
        found.append((speed, system, ratings.get(system)))
    return found


@router.get("/players/{username}")
def player_page(request: Request, username: str, page: PageDep) -> Response:
    """A player's page: their games on the server and their ratings by speed."""
    rt = hub_of(request).rt
    with rt.db.read() as session:
        account = session.scalars(select(User).where(User.username == username[:100])).first()
        if account is None or not account.is_active:
            raise NotFound(gettext("No such player."))
        user_id, name = account.id, account.display_name or account.username
    ratings = _ratings(rt, user_id)
    games = games_of_user(rt, user_id)
    return page.render(
        "player_page.html",
        username=username,
        name=name,
        toguz=speed_ratings(ratings),
        egf=ratings.get("egf"),
        games=games,
        speed_name=speed_name,
        game_name=game_name,
    )
