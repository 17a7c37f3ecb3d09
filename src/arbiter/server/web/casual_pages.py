"""The pages of casual and correspondence play beside the lobby: the list of the games where it
is your move (``/play/your-turn``), and the way to a rematch (``/play/games/{id}/rematch``:
the seat token of the finished game opens the new one).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from arbiter.i18n import gettext
from arbiter.server.api.params import LiveId
from arbiter.server.auth.cookies import set_cookie
from arbiter.server.play.seats import hash_token
from arbiter.server.play.your_turn import your_turn
from arbiter.server.services.errors import NotFound
from arbiter.server.web.live import COOKIE_DAYS, SEAT_COOKIE, hub_of
from arbiter.server.web.live_words import SIDES
from arbiter.server.web.page import PageDep, PageRoute
from arbiter.server.web.words import game_name

router = APIRouter(route_class=PageRoute, include_in_schema=False)


def time_left(seconds: float) -> str:
    """Time left to a deadline, in days, hours and minutes (rounded down).

    >>> from arbiter.i18n import language
    >>> with language("en"):
    ...     time_left(90061.0), time_left(3599.0)
    ('1 d 1 h 1 min', '0 d 0 h 59 min')
    """
    whole = max(0, int(seconds))
    days, rest = divmod(whole, 86400)
    return gettext("%(days)s d %(hours)s h %(minutes)s min") % {
        "days": days,
        "hours": rest // 3600,
        "minutes": rest % 3600 // 60,
    }


@router.get("/play/your-turn")
async def your_turn_page(request: Request, page: PageDep) -> Response:
    """The signed-in player's games where it is their move, soonest deadline first."""
    user = page.user
    games: list[dict[str, Any]] = []
    if user is not None:
        hub = hub_of(request)
        now = hub.wall()
        for g in await your_turn(hub, user):
            deadline = g["deadline"]
            games.append(
                {
                    **g,
                    "name": game_name(g["game"]),
                    "side": SIDES[g["seat"].split(".")[0]],
                    "left": None if deadline is None else time_left(deadline - now),
                }
            )
    return page.render("your_turn.html", games=games, signed_in=user is not None)


@router.get("/play/games/{live_id}/rematch")
async def to_rematch(request: Request, live_id: LiveId, page: PageDep) -> Response:
    """Go to the rematch of a finished game, with this game's seat token for it (the rematch
    seats the same players at the other colours)."""
    hub = hub_of(request)
    room = await hub.room(live_id)
    rematch = None if room is None else room.state.extras.rematch
    if rematch is None or rematch.get("game") is None:
        raise NotFound(gettext("No such game."))
    new_id = int(rematch["game"])
    row = await hub.store.run(hub.store.game, new_id)
    if row is None:
        raise NotFound(gettext("No such game."))
    response = RedirectResponse(f"/play/games/{new_id}", status_code=303)
    token = request.cookies.get(SEAT_COOKIE.format(live_id)) or ""
    if token and any(info.get("token") == hash_token(token) for info in row.seats.values()):
        set_cookie(
            response,
            request,
            page.rt.settings,
            SEAT_COOKIE.format(new_id),
            token,
            max_age=COOKIE_DAYS * 86400,
            path=f"/play/games/{new_id}",
        )
    return response
