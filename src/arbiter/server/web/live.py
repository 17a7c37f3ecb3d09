"""Live play in the browser: a game with a friend (created here, shared by a link), a game
against the computer, and the page of any live game — casual or an event's — where players play,
referees conduct and spectators watch (``static/live.js`` speaks the WebSocket protocol of
docs/play-protocol.md; the board is drawn by the server's board component).

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

from arbiter.engines.toguz_engine import FULL_STRENGTH
from arbiter.i18n import N_, gettext
from arbiter.match import Match
from arbiter.server.api.params import LiveId
from arbiter.server.auth.cookies import set_cookie
from arbiter.server.play.engines import engine_available
from arbiter.server.play.hub import Hub
from arbiter.server.play.protocol import CHAT_PHRASES
from arbiter.server.play.room import Viewer
from arbiter.server.play.services import (
    Created,
    GameSpec,
    create_casual,
    create_computer,
    event_access,
    join_casual,
)
from arbiter.server.play.state import DEFAULT_RECONNECT_WINDOW, seats_of
from arbiter.server.services.errors import Invalid, NotFound, ServiceError
from arbiter.server.web.board import go_board, toguz_board, toguz_last
from arbiter.server.web.forms import Form
from arbiter.server.web.page import FormDep, Page, PageDep, PageRoute, text_fields
from arbiter.server.web.words import game_name

router = APIRouter(route_class=PageRoute, include_in_schema=False)

SEAT_COOKIE = "arbiter_seat_{}"
INVITE_COOKIE = "arbiter_invite_{}"
COOKIE_DAYS = 30

SIDES = {"black": N_("Black"), "white": N_("White")}
ROLES = {"man": N_("man"), "woman": N_("woman")}
STATUSES = {
    "ready": N_("Not started"),
    "playing": N_("Playing"),
    "marking": N_("Dead stones"),
    "paused": N_("Paused"),
    "adjourned": N_("Adjourned"),
    "awaiting-decision": N_("Waiting for the referee"),
    "over": N_("Over"),
}
TERMINATIONS = {
    "kazan": N_("more than half the korgools"),
    "draw-81": N_("81 korgools each"),
    "atsyz-kalu": N_("a side without korgools"),
    "points": N_("counted"),
    "resignation": N_("resignation"),
    "time": N_("on time"),
    "both-flags": N_("both flags down"),
    "agreement": N_("agreed draw"),
    "repetition": N_("repetition"),
    "draw-offers": N_("too many draw offers"),
    "adjudication": N_("adjudication"),
    "warnings": N_("warnings"),
    "late-arrival": N_("late arrival"),
    "forfeit": N_("forfeit"),
    "no-show": N_("no-show"),
    "double-forfeit": N_("double forfeit"),
    "void": N_("no result"),
    "referee": N_("the referee's decision"),
}
PHRASES = {
    "greeting": N_("Hello, have a good game!"),
    "good-game": N_("Good game."),
    "thanks": N_("Thank you."),
    "resigning": N_("I resign."),
    "protest": N_("I am filing a protest with the referee."),
    "sorry": N_("Sorry."),
}
CLAIMS = {
    "repetition": N_("Claim a draw: the position repeated"),
    "draw-offers": N_("Claim the game: too many draw offers"),
    "move-cap": N_("Claim the move cap: the referee decides"),
}
REASONS = {
    "not-your-turn": N_("It is not your turn."),
    "illegal-move": N_("That move is not legal."),
    "wrong-phase": N_("That cannot be done now."),
    "game-over": N_("The game is over."),
    "not-permitted": N_("You may not do that."),
    "consent-required": N_("Your partner must agree first."),
    "too-late": N_("Too late for that."),
}
#: Sentences the page's script shows, translated on the page (``%(name)s`` is filled in there).
SENTENCES = {
    "your_move": N_("Your move"),
    "to_move": N_("%(side)s to move"),
    "starts_at": N_("The game starts at %(time)s"),
    "waiting_players": N_("Waiting for every player to connect"),
    "marking": N_("Mark the dead stones by clicking them, then accept"),
    "paused": N_("Paused by the referee"),
    "adjourned": N_("Adjourned by the referee"),
    "awaiting": N_("Waiting for the referee's decision"),
    "over": N_("Game over: %(result)s (%(how)s)"),
    "draw_offered": N_("Your opponent offers a draw."),
    "draw_sent": N_("You offered a draw."),
    "partner_asks": N_("Your partner asks whether to resign."),
    "partner_agreed": N_("Your partner agrees: you may resign."),
    "partner_refused": N_("Your partner does not agree to resign."),
    "turn_is": N_("It is the turn of %(seat)s."),
    "connected": N_("connected"),
    "away": N_("away"),
    "back_within": N_("back within %(time)s"),
    "held": N_("the referee holds the window"),
    "hold": N_("Hold the reconnection window of %(seat)s"),
    "release": N_("Release the reconnection window of %(seat)s"),
    "dropped": N_("dropped %(n)s×"),
    "offline": N_("Connection lost: reconnecting…"),
    "online": N_("Connected"),
    "gone": N_("This game is not available."),
    "computer": N_("computer"),
    "accepted": N_("accepted"),
    "confirm_resign": N_("Resign this game?"),
    "you": N_("you"),
    "referee": N_("referee"),
    "to_players": N_("to everyone"),
    "to_referee": N_("to the referee"),
    "private": N_("private"),
    "postponement": N_("Postponement: %(status)s"),
    "requested": N_("requested"),
    "consented": N_("the opponent agrees"),
    "refused": N_("refused"),
    "granted": N_("granted"),
    "denied": N_("denied"),
    "withdrawn": N_("withdrawn"),
    "by_you": N_("you asked"),
}


def _words() -> dict[str, Any]:
    """Everything the page's script writes, in the page's language."""
    return {
        "sides": {k: gettext(v) for k, v in SIDES.items()},
        "roles": {k: gettext(v) for k, v in ROLES.items()},
        "statuses": {k: gettext(v) for k, v in STATUSES.items()},
        "terminations": {k: gettext(v) for k, v in TERMINATIONS.items()},
        "phrases": {k: gettext(v) for k, v in PHRASES.items()},
        "claims": {k: gettext(v) for k, v in CLAIMS.items()},
        "reasons": {k: gettext(v) for k, v in REASONS.items()},
        **{k: gettext(v) for k, v in SENTENCES.items()},
    }


def hub_of(request: Request) -> Hub:
    """The live-play hub (``app.state.play_hub``)."""
    hub = getattr(request.app.state, "play_hub", None)
    if not isinstance(hub, Hub):
        raise NotFound(gettext("Live play is not running on this server."))
    return hub


def board_markup(match: Match, flipped: bool = False) -> Markup:
    """The current position of a live match, drawn by the board component."""
    if match.kind == "toguz":
        board = match.toguz
        last = None
        if match.moves and len(board.positions) >= 2:
            last = toguz_last(board.positions[-2], int(match.moves[-1].move))
        return toguz_board(board.position, last=last, flipped=flipped)
    return go_board(match.go.position)


def _to_game(page: Page, made: Created, invite: str | None = None) -> Response:
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


# ----- creating games


TIME_CONTROLS = ("3m", "5m+3s", "10m", "15m+10s", "30m", "60m", "20m+3x30s", "40m+5x30s")


def _lobby(page: Page, form: Form, computer: Form, status: int = 200) -> Response:
    return page.render(
        "play.html",
        status=status,
        form=form,
        computer=computer,
        controls=TIME_CONTROLS,
        gnugo=engine_available("go"),
        levels=range(1, FULL_STRENGTH + 1),
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
def lobby(page: PageDep) -> Response:
    """Start a game with a friend, or against the computer."""
    computer = Form({**LOBBY_DEFAULTS, "level": "5"})
    return _lobby(page, Form(LOBBY_DEFAULTS), computer)


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
    )


def _check_signed(page: Page, values: dict[str, str]) -> None:
    """The form came from this site: the session's token, or a visitor's (another site must
    not open games, or take seats, in a visitor's name)."""
    page.check_any_form(values)


@router.post("/play/new")
async def new_game(request: Request, page: PageDep, form: FormDep) -> Response:
    """Create a game with a friend and go to it (the page shows the link to share)."""
    values = text_fields(form)
    hub = hub_of(request)
    try:
        _check_signed(page, values)
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
    return _to_game(page, made, made.invite)


@router.post("/play/computer")
async def new_computer_game(request: Request, page: PageDep, form: FormDep) -> Response:
    """Create a game against the computer and go to it."""
    values = text_fields(form)
    hub = hub_of(request)
    try:
        _check_signed(page, values)
        spec = _spec({**values, "pair": "no"})
        level = int(_number(values, "level", 1, FULL_STRENGTH, 5))
        address = request.client.host if request.client else ""
        made = await asyncio.to_thread(create_computer, hub, page.user, spec, level, address)
    except ServiceError as exc:
        inputs = (*LOBBY_DEFAULTS, "level")
        return _lobby(page, Form(LOBBY_DEFAULTS), Form(values).refused(exc, inputs), exc.status)
    return _to_game(page, made)


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
        flipped=flipped,
        top=top,
        bottom=bottom,
        kind=m.kind,
        pair=m.settings.pair,
        seats=seats_of(m.settings),
        casual=state.options.casual,
        computer=bool(state.options.computer),
        live_words=_words(),
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
) -> Response:
    """The game's current board (SVG markup for the page's script)."""
    hub = hub_of(request)
    room = await hub.room(live_id)
    if room is None:
        raise NotFound(gettext("No such game."))
    if room.row.event_id is not None:
        seen = await asyncio.to_thread(event_access, hub.rt, room.row.event_id, page.user)
        if seen is None:
            raise NotFound(gettext("No such game."))
    svg = str(board_markup(room.state.match, bool(flip)))
    return Response(
        svg,
        media_type="image/svg+xml",
        headers={"X-Seq": str(room.state.seq), "Cache-Control": "no-store"},
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
    free = [s for s in seats_of(room.state.match.settings) if s not in row.seats]
    return page.render(
        "live_join.html",
        live_id=live_id,
        invite=invite,
        free=free,
        match=room.state.match,
        kind=room.state.match.kind,
        sides=SIDES,
        roles=ROLES,
        error=None,
    )


@router.post("/play/games/{live_id}/join")
async def join(request: Request, live_id: LiveId, page: PageDep, form: FormDep) -> Response:
    """Take a free seat with the invitation code."""
    hub = hub_of(request)
    values = text_fields(form)
    seat = values.get("seat") or None
    try:
        _check_signed(page, values)
        made = await asyncio.to_thread(
            join_casual, hub, page.user, live_id, values.get("invite", ""), seat
        )
    except ServiceError as exc:
        room = await hub.room(live_id)
        row = await hub.store.run(hub.store.game, live_id)
        if room is None or row is None:
            raise
        free = [s for s in seats_of(room.state.match.settings) if s not in row.seats]
        return page.render(
            "live_join.html",
            status=exc.status,
            live_id=live_id,
            invite=values.get("invite", ""),
            free=free,
            match=room.state.match,
            kind=room.state.match.kind,
            sides=SIDES,
            roles=ROLES,
            error=exc.message,
        )
    return _to_game(page, made)
