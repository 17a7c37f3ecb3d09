"""Starting a live game in the browser (``/play``): the lobby (open seeks, presets and the
quick-pairing queue over :mod:`arbiter.server.web.lobby_socket`, the games under way to
watch), a game with a friend (the page of the new game shows the link to share) or against the
computer.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import Response

from arbiter.engines.toguz_engine import FULL_STRENGTH
from arbiter.i18n import gettext
from arbiter.server.play.engines import engine_available
from arbiter.server.play.live_list import ListedGame, live_games
from arbiter.server.play.services import GameSpec, create_casual, create_computer
from arbiter.server.play.state import DEFAULT_RECONNECT_WINDOW
from arbiter.server.services.errors import Invalid, ServiceError
from arbiter.server.web import lobby_socket, lobby_view
from arbiter.server.web.forms import Form
from arbiter.server.web.live import check_signed, hub_of, to_game
from arbiter.server.web.lobby_view import lobby_context
from arbiter.server.web.page import FormDep, Page, PageDep, PageRoute, text_fields

router = APIRouter(route_class=PageRoute, include_in_schema=False)
router.include_router(lobby_socket.router)
router.include_router(lobby_view.router)

TIME_CONTROLS = (
    "3m",
    "5m+3s",
    "10m",
    "15m+10s",
    "30m",
    "60m",
    "20m+3x30s",
    "40m+5x30s",
    # Correspondence (docs/time-controls.md): the players' list is /play/your-turn.
    "1d/move",
    "3d/move",
    "7d/move",
)


def _lobby(
    page: Page,
    form: Form,
    computer: Form,
    status: int = 200,
    games: list[ListedGame] | None = None,
) -> Response:
    return page.render(
        "play.html",
        status=status,
        form=form,
        computer=computer,
        controls=TIME_CONTROLS,
        gnugo=engine_available("go"),
        levels=range(1, FULL_STRENGTH + 1),
        **lobby_context(page, games),
    )


LOBBY_DEFAULTS = {
    "game": "toguz",
    "time_control": "10m",
    "size": "19",
    "handicap": "0",
    "komi": "",
    "scoring": "japanese",
    "variant": "toguz",
    "side": "white",
    "reconnect_window": "180",
}


@router.get("/play")
def lobby(request: Request, page: PageDep) -> Response:
    """The lobby; start a game with a friend, or against the computer."""
    computer = Form({**LOBBY_DEFAULTS, "level": "5"})
    games = live_games(hub_of(request).rt)
    return _lobby(page, Form(LOBBY_DEFAULTS), computer, games=games)


def _number(
    values: dict[str, str], name: str, low: float, high: float, default: float | None = None
) -> float:
    text = values.get(name, "").strip()
    if not text and default is not None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise Invalid(gettext("Give a number."), name) from None
    if not low <= value <= high:
        limits = {"a": f"{low:g}", "b": f"{high:g}"}
        raise Invalid(gettext("Give a number from %(a)s to %(b)s.") % limits, name)
    return value


def _spec(values: dict[str, str]) -> GameSpec:
    game = values.get("game", "toguz")
    if game not in ("toguz", "go"):
        raise Invalid(gettext("Choose Go or Toguz Korgool."), "game")
    komi_text = values.get("komi", "").strip()
    komi = _number(values, "komi", -100, 100) if komi_text else None
    return GameSpec(
        game=game,
        time_control=values.get("time_control", "10m").strip() or "10m",
        size=int(_number(values, "size", 5, 25, 19)) if game == "go" else 19,
        handicap=int(_number(values, "handicap", 0, 9, 0)) if game == "go" else 0,
        komi=komi,
        scoring="chinese" if values.get("scoring") == "chinese" else "japanese",
        variant="bestemshe" if values.get("variant") == "bestemshe" else "toguz",
        pair=game == "go" and values.get("pair") == "yes",
        side=values.get("side", "white"),
        handicap_placement="free" if values.get("handicap_placement") == "free" else "fixed",
    )


@router.post("/play/new")
async def new_game(request: Request, page: PageDep, form: FormDep) -> Response:
    """Create a game with a friend and go to it (the page shows the link to share)."""
    values = text_fields(form)
    hub = hub_of(request)
    try:
        check_signed(page, values)
        spec = _spec(values)
        window = _number(values, "reconnect_window", 10, 3600, DEFAULT_RECONNECT_WINDOW)
        made = await asyncio.to_thread(create_casual, hub, page.user, spec, reconnect_window=window)
    except ServiceError as exc:
        inputs = (*LOBBY_DEFAULTS, "pair")
        return _lobby(
            page,
            Form(values).refused(exc, inputs),
            Form({**LOBBY_DEFAULTS, "level": "5"}),
            exc.status,
        )
    return to_game(page, made, made.invite)


@router.post("/play/computer")
async def new_computer_game(request: Request, page: PageDep, form: FormDep) -> Response:
    """Create a game against the computer and go to it."""
    values = text_fields(form)
    hub = hub_of(request)
    try:
        check_signed(page, values)
        spec = _spec({**values, "pair": "no"})
        level = int(_number(values, "level", 1, FULL_STRENGTH, 5))
        address = request.client.host if request.client else ""
        made = await asyncio.to_thread(create_computer, hub, page.user, spec, level, address)
    except ServiceError as exc:
        inputs = (*LOBBY_DEFAULTS, "level")
        return _lobby(page, Form(LOBBY_DEFAULTS), Form(values).refused(exc, inputs), exc.status)
    return to_game(page, made)
