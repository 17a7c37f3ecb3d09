"""A live game in the browser — casual or an event's — where players play, referees conduct and
spectators watch (``static/live/`` speaks the WebSocket protocol of docs/play-protocol.md; the
board is drawn by the server's board component), and the invitation to a game with a friend
(the games are started in :mod:`arbiter.server.web.lobby`).

A seat token (what a player of a game outside events holds, docs/play-protocol.md) is kept in an
``HttpOnly`` cookie of the game's address (``arbiter_seat_<id>``) and written into that game's
page for its script; the invitation code of the game's creator likewise
(``arbiter_invite_<id>``), so the page can show the link to share until every seat is taken.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response
from markupsafe import Markup

from arbiter.events.settings.value_names import value_name
from arbiter.games.go.scoring import territory
from arbiter.i18n import gettext
from arbiter.match import Match, ToguzGame
from arbiter.server.api.params import LiveId
from arbiter.server.auth.cookies import set_cookie
from arbiter.server.play.casual_steps import guest_name, is_rated, record_name
from arbiter.server.play.hub import Hub
from arbiter.server.play.protocol import CHAT_PHRASES
from arbiter.server.play.room import Viewer
from arbiter.server.play.services import (
    Created,
    event_access,
    join_casual,
)
from arbiter.server.play.state import seats_of
from arbiter.server.services.errors import NotFound, ServiceError
from arbiter.server.web.board import go_board, go_count, toguz_board, toguz_last
from arbiter.server.web.live_words import PHRASES, ROLES, SIDES, TERMINATIONS, script_words
from arbiter.server.web.page import FormDep, Page, PageDep, PageRoute, text_fields
from arbiter.server.web.words import game_name

router = APIRouter(route_class=PageRoute, include_in_schema=False)

SEAT_COOKIE = "arbiter_seat_{}"
INVITE_COOKIE = "arbiter_invite_{}"
COOKIE_DAYS = 30


def hub_of(request: Request) -> Hub:
    """The live-play hub (``app.state.play_hub``)."""
    hub = getattr(request.app.state, "play_hub", None)
    if not isinstance(hub, Hub):
        raise NotFound(gettext("Live play is not running on this server."))
    return hub


def board_markup(match: Match, flipped: bool = False, ply: int | None = None) -> Markup:
    """A position of a live match drawn by the board component: the current one, or the one
    after ``ply`` moves (a player looking back during the game; clamped to the game)."""
    at = match.ply if ply is None else max(0, min(ply, match.ply))
    if match.kind == "toguz":
        board = match.toguz
        last = toguz_last(board.positions[at - 1], board.pits[at - 1]) if at else None
        return toguz_board(board.positions[at], last=last, flipped=flipped)
    if at == match.ply:
        position = match.go.position
        if position.phase not in ("marking", "finished"):
            return go_board(position)
        # The dead-stone phase and a counted game: territory on the board, the count under it.
        count = go_count(match.go.game.score(), provisional=position.phase == "marking")
        return go_board(position, territory=territory(position)) + count
    # Go keeps no positions: the moves are replayed to the one asked for.
    return go_board(match.go.restore(at).position)


def game_facts(match: Match) -> list[tuple[str, str]]:
    """The game's settings as the page lists them, in the reader's language (``japanese``:
    Japanese, via the settings' value names)."""
    facts = [(gettext("Time control"), str(match.settings.time_control))]
    settings = match.settings.game
    if isinstance(settings, ToguzGame):
        return [*facts, (gettext("Rules"), value_name("ruleset", settings.variant))]
    game = match.go.game
    facts += [
        (gettext("Rules"), value_name("ruleset", game.rules.scoring)),
        (gettext("Board size"), f"{game.start.size}×{game.start.size}"),
        (gettext("Komi"), f"{game.rules.komi:g}"),
    ]
    if match.go.handicap:
        facts.append((gettext("Handicap"), str(match.go.handicap)))
    return facts


def to_game(page: Page, made: Created, invite: str | None = None) -> Response:
    """Go to the game just made or joined, with the seat token (and the invitation code for
    its creator) in cookies of the game's address."""
    response = RedirectResponse(f"/play/games/{made.id}", status_code=303)
    cookies = [(SEAT_COOKIE.format(made.id), made.token)]
    if invite:
        cookies.append((INVITE_COOKIE.format(made.id), invite))
    for name, value in cookies:
        set_cookie(
            response,
            page.request,
            page.rt.settings,
            name,
            value,
            max_age=COOKIE_DAYS * 86400,
            path=f"/play/games/{made.id}",
        )
    return response


def check_signed(page: Page, values: dict[str, str]) -> None:
    """The form came from this site: the session's token, or a visitor's (another site must
    not open games, or take seats, in a visitor's name)."""
    page.check_any_form(values)


# ----- a live game


async def _viewer(hub: Hub, page: Page, request: Request, live_id: int) -> tuple[Any, Viewer, str]:
    row = await hub.store.run(hub.store.game, live_id)
    if row is None:
        raise NotFound(gettext("No such game."))
    token = request.cookies.get(SEAT_COOKIE.format(live_id)) or ""
    viewer = await hub.identify(row, token, page.user) if token else None
    if viewer is None:
        token = ""
        viewer = await hub.identify(row, None, page.user)
    if viewer is None:
        raise NotFound(gettext("No such game."))
    return row, viewer, token


@router.get("/play/games/{live_id}")
async def game_page(request: Request, live_id: LiveId, page: PageDep) -> Response:
    """A live game: the board, the clocks, the players and what each may do."""
    hub = hub_of(request)
    row, viewer, token = await _viewer(hub, page, request, live_id)
    room = await hub.room(live_id)
    if room is None:
        raise NotFound(gettext("No such game."))
    state = room.state
    m = state.match
    seat = viewer.seat if viewer.kind == "player" else None
    mine = seat.split(".")[0] if seat else None
    first = "white" if m.kind == "toguz" else "black"
    bottom = mine or first
    flipped = m.kind == "toguz" and bottom == "black"
    top = "white" if bottom == "black" else "black"
    invite = request.cookies.get(INVITE_COOKIE.format(live_id))
    where = row.options.get("event_game") or {}
    event_name = m.settings.event
    title = (
        f"{game_name(m.kind)} · {m.settings.time_control}"
        if row.event_id is None
        else f"{event_name} · {gettext('Round %(n)s') % {'n': where.get('round')}} · "
        f"{gettext('Table')} {where.get('table')}"
    )
    return page.render(
        "live_game.html",
        live_id=live_id,
        row=row,
        where=where,
        title=title,
        viewer=viewer,
        seat=seat,
        side=mine,
        token=token,
        invite=invite if invite and m.status == "ready" and state.options.casual else None,
        board=board_markup(m, flipped),
        facts=game_facts(m),
        flipped=flipped,
        top=top,
        bottom=bottom,
        kind=m.kind,
        pair=m.settings.pair,
        seats=seats_of(m.settings),
        casual=state.options.casual,
        computer=bool(state.options.computer),
        rated=is_rated(row),
        live_words=script_words(),
        sides=SIDES,
        phrases=[(code, PHRASES[code]) for code in CHAT_PHRASES],
        terminations=TERMINATIONS,
    )


@router.get("/play/games/{live_id}/board")
async def board(
    request: Request,
    live_id: LiveId,
    page: PageDep,
    flip: Annotated[int, Query(ge=0, le=1)] = 0,
    ply: Annotated[int | None, Query(ge=0, le=100_000)] = None,
) -> Response:
    """The game's board (SVG markup for the page's script): the current position, or the one
    after ``ply`` moves."""
    hub = hub_of(request)
    room = await hub.room(live_id)
    if room is None:
        raise NotFound(gettext("No such game."))
    if room.row.event_id is not None:
        seen = await asyncio.to_thread(event_access, hub.rt, room.row.event_id, page.user)
        if seen is None:
            raise NotFound(gettext("No such game."))
    svg = str(board_markup(room.state.match, bool(flip), ply))
    return Response(
        svg,
        media_type="image/svg+xml",
        headers={"X-Seq": str(room.state.seq), "Cache-Control": "no-store"},
    )


def _invitation(
    page: Page,
    live_id: int,
    room: Any,
    row: Any,
    invite: str,
    refused: ServiceError | None = None,
) -> Response:
    """The invitation page: the game's settings, its free seats, why a seat was refused."""
    free = [s for s in seats_of(room.state.match.settings) if s not in row.seats]
    return page.render(
        "live_join.html",
        status=refused.status if refused else 200,
        live_id=live_id,
        invite=invite,
        free=free,
        match=room.state.match,
        kind=room.state.match.kind,
        sides=SIDES,
        roles=ROLES,
        error=refused.message if refused else None,
    )


@router.get("/play/games/{live_id}/join")
async def join_page(
    request: Request,
    live_id: LiveId,
    page: PageDep,
    invite: Annotated[str, Query(max_length=100)] = "",
) -> Response:
    """The invitation: the game's settings and a button to take a seat."""
    hub = hub_of(request)
    room = await hub.room(live_id)
    row = await hub.store.run(hub.store.game, live_id)
    if room is None or row is None or row.event_id is not None:
        raise NotFound(gettext("No such game."))
    return _invitation(page, live_id, room, row, invite)


@router.post("/play/games/{live_id}/join")
async def join(request: Request, live_id: LiveId, page: PageDep, form: FormDep) -> Response:
    """Take a free seat with the invitation code."""
    hub = hub_of(request)
    values = text_fields(form)
    seat = values.get("seat") or None
    user = page.user
    try:
        check_signed(page, values)
        # A guest plays under the name given here (unrated); an account under its own.
        name = guest_name(values.get("name", "")) if user is None else user.display_name
        made = await asyncio.to_thread(
            join_casual, hub, user, live_id, values.get("invite", ""), seat, name
        )
    except ServiceError as exc:
        room = await hub.room(live_id)
        row = await hub.store.run(hub.store.game, live_id)
        if room is None or row is None:
            raise
        return _invitation(page, live_id, room, row, values.get("invite", ""), exc)
    joined = await hub.room(live_id)
    if joined is not None:
        await record_name(joined, made.seat, name)
    return to_game(page, made)
