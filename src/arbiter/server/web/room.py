"""An event's game room (seed 002 section 7), the referee console and protests, as pages.

- ``/events/{id}/room?round=N``: the round's start, checking in (players), who reported
  present (staff), the round's live games with their status, clocks and connections (updated
  by ``static/live/rounds.js``); referees open the round here with its start.
- ``/events/{id}/rounds/{n}/console``: the referee console: every game with its clocks, who is
  connected, what needs the referee (alerts), the link that opens each game (where the referee
  acts), provisional results, the round's protests with decisions and appeals, and the next
  round's pairing once every game has a result.
- ``/events/{id}/rounds/{n}/games/{t}/protests``: the protests of one game: filing one (its
  players), the referee's decision, the appeal and the organising committee's decision.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from arbiter.i18n import N_, gettext
from arbiter.server.api.params import MAX_INT, Board, EventId, RoundNo, TableNo
from arbiter.server.auth.roles import Permission
from arbiter.server.play.seats import side_entries
from arbiter.server.rooms import services as room_services
from arbiter.server.rooms.levels import deciders
from arbiter.server.rooms.live import with_live
from arbiter.server.services import results
from arbiter.server.services.errors import Invalid, NotFound, ServiceError
from arbiter.server.services.state import locate_game
from arbiter.server.web.events import event_context
from arbiter.server.web.live import hub_of
from arbiter.server.web.live_words import STATUSES
from arbiter.server.web.page import FormDep, Page, PageDep, PageRoute, local_path, text_fields
from arbiter.server.web.result_refusals import Refusal, origin, refusal_of, shown_or
from arbiter.server.web.words import translated

router = APIRouter(route_class=PageRoute, include_in_schema=False)

ALERTS = {
    "decision": N_("a decision is needed"),
    "waiting": N_("a player waits for the opponent (over 5 minutes)"),
    "absent": N_("nobody came"),
    "away": N_("a player is away"),
    "disconnects": N_("repeated disconnections"),
    "postponement": N_("a postponement request"),
}


def _words() -> dict[str, Any]:
    return {"statuses": translated(STATUSES), "alerts": translated(ALERTS), "late": gettext("late")}


def when(at: float) -> str:
    """An instant as the pages print it (in UTC; the page's script shows the reader's time)."""
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _round_number(page: Page, state: Any) -> int:
    text = page.request.query_params.get("round", "")
    rounds: list[int] = [r.number for r in state.event.rounds]
    if text.isdigit() and int(text) in rounds:
        return int(text)
    if not rounds:
        raise NotFound(gettext("No round is paired yet."))
    return rounds[-1]


def _start_from(values: dict[str, str], now: datetime) -> float:
    """The round start from the form: in N minutes, or at a time of the browser's day (its
    offset from UTC, in minutes as JavaScript gives it, filled in by the page's script)."""
    at = values.get("start_time", "").strip()
    if at:
        try:
            naive = datetime.fromisoformat(at)
        except ValueError:
            raise Invalid(gettext("Give the start as a date and time."), "start_time") from None
        offset = values.get("tz", "0").strip()
        minutes = int(offset) if offset.lstrip("-").isdigit() and len(offset) < 6 else 0
        return (naive.replace(tzinfo=UTC) + timedelta(minutes=minutes)).timestamp()
    text = values.get("start_in", "").strip()
    if not text.isdigit() or int(text) > 60 * 24 * 60:
        raise Invalid(gettext("Give the minutes until the start."), "start_in")
    return (now + timedelta(minutes=int(text))).timestamp()


async def _room_page(
    page: Page,
    request: Request,
    event_id: int,
    number: int | None,
    *,
    page_error: str | None = None,
    status: int = 200,
) -> Response:
    hub = hub_of(request)
    rt = page.rt
    from arbiter.server.services import events

    state = await asyncio.to_thread(events.get_event, rt, page.user, event_id)
    chosen = number if number is not None else _round_number(page, state)
    view = await asyncio.to_thread(room_services.room_view, hub, page.user, event_id, chosen)
    view = await with_live(hub, view)
    unlinked: list[Any] = []
    if view.state.access.is_staff:
        from arbiter.server.services import claims

        linked = await asyncio.to_thread(claims.linked_numbers, rt, event_id)
        unlinked = claims.unlinked(view.state.event.players, linked)
    return page.render(
        "room.html",
        **event_context(view.state),
        view=view,
        unlinked=unlinked,
        round_no=chosen,
        live_words=_words(),
        when=when,
        tab="room",
        page_error=page_error,
        status=status,
    )


@router.get("/events/{event_id}/room")
async def room_page(request: Request, event_id: EventId, page: PageDep) -> Response:
    """The game room of a round (the last paired one unless ``round`` names another)."""
    return await _room_page(page, request, event_id, None)


@router.post("/events/{event_id}/room/open")
async def open_round(request: Request, event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """A referee opens the round: its live games are made and start at the time given."""
    user = page.check_form(form)
    values = text_fields(form)
    hub = hub_of(request)
    number = values.get("round", "")
    try:
        if not number.isdigit():
            raise Invalid(gettext("Name the round."), "round")
        start = _start_from(values, datetime.now(UTC))
        await asyncio.to_thread(room_services.open_round, hub, user, event_id, int(number), start)
    except ServiceError as exc:  # shown on the room's page, above the form
        chosen = int(number) if number.isdigit() and len(number) < 6 else None
        shown = _room_page(
            page, request, event_id, chosen, page_error=exc.message, status=exc.status
        )
        return await shown_or(shown, exc)
    for live in await hub.store.run(hub.store.games_of_event, event_id):
        await hub.room(live.id)
    return _go(f"/events/{event_id}/room?round={number}", "opened")


@router.post("/events/{event_id}/room/checkin")
async def check_in(request: Request, event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """A player reports present for the round."""
    user = page.check_form(form)
    number = text_fields(form).get("round", "")
    if not number.isdigit():
        raise Invalid(gettext("Name the round."), "round")
    await asyncio.to_thread(room_services.check_in, page.rt, user, event_id, int(number))
    return _go(f"/events/{event_id}/room?round={number}", "checked-in")


async def _console_page(
    page: Page,
    request: Request,
    event_id: int,
    number: int,
    *,
    refused: dict[tuple[int, int | None], Refusal] | None = None,
    page_error: str | None = None,
    status: int = 200,
) -> Response:
    """The console; ``refused`` keeps a provisional result the server refused, with the reason,
    in its game's form; ``page_error``: a refusal of another of its forms (a protest's)."""
    hub = hub_of(request)
    view = await asyncio.to_thread(room_services.room_view, hub, page.user, event_id, number)
    view.state.access.require(Permission.RECORD_RESULT, gettext("the referee console"))
    view = await with_live(hub, view)
    _state, protests = await asyncio.to_thread(
        room_services.protests_of, page.rt, page.user, event_id, number
    )
    refused = refused or {}
    # a refused game stays in the list even if a result arrived meanwhile (the note says so)
    missing = [g for g in view.games if not g.result or (g.table, g.board) in refused]
    rounds = view.state.event.rounds
    return page.render(
        "console.html",
        status=status,
        page_error=page_error,
        **event_context(view.state),
        view=view,
        round_no=number,
        protests=protests,
        missing=missing,
        refused=refused,
        is_last=len(rounds) == number,
        **deciders(view.state.access),
        live_words=_words(),
        when=when,
        tab=f"round-{number}",
    )


@router.get("/events/{event_id}/rounds/{number}/console")
async def console(request: Request, event_id: EventId, number: RoundNo, page: PageDep) -> Response:
    """The referee console of a round."""
    return await _console_page(page, request, event_id, number)


@router.post("/events/{event_id}/rounds/{number}/console/provisional")
async def provisional(
    request: Request, event_id: EventId, number: RoundNo, page: PageDep, form: FormDep
) -> Response:
    """A referee's provisional result for an unfinished game (seed 002 7.2.3, 7.2.11): the next
    round can be paired; the game's real result replaces it when it ends. In an event that
    records korgools the provisional result needs no counts (the final result does). A refusal
    is shown in the game's form on the console."""
    user = page.check_form(form)
    values = text_fields(form)
    table = values.get("table", "")
    board_text = values.get("board", "")
    board = int(board_text) if board_text.isdigit() else None
    version = values.get("version", "")
    text = values.get("result", "").strip()
    if not table.isdigit():
        raise Invalid(gettext("Name the table."), "table")
    try:
        if not text:
            raise Invalid(gettext("Write the result."), "result")
        await asyncio.to_thread(
            results.record_result,
            page.rt,
            user,
            event_id,
            number,
            int(table),
            board,
            text,
            provisional=True,
            version=int(version) if version.isdigit() else None,
        )
    except ServiceError as exc:
        refused = {(int(table), board): refusal_of(exc, text)}
        return await _console_page(
            page, request, event_id, number, refused=refused, status=exc.status
        )
    return page.redirect(f"/events/{event_id}/rounds/{number}/console", done="provisional")


# ----- protests


@router.get("/events/{event_id}/rounds/{number}/games/{table}/protests")
def game_protests(
    event_id: EventId, number: RoundNo, table: TableNo, page: PageDep, board: Board = None
) -> Response:
    """The protests of a game: file one (its players), decide, appeal, decide the appeal."""
    return _protests_page(page, event_id, number, table, board)


def _protests_page(
    page: Page,
    event_id: int,
    number: int,
    table: int,
    board: int | None,
    *,
    page_error: str | None = None,
    status: int = 200,
) -> Response:
    state, found = room_services.protests_of(page.rt, page.user, event_id, number, table, board)
    game = locate_game(state.event, number, table, board)
    nos = state.access.player_nos
    sides = {side for side, ns in side_entries(state.event, game).items() if set(ns) & nos}
    return page.render(
        "protests.html",
        status=status,
        page_error=page_error,
        **event_context(state),
        game=game,
        protests=found,
        may_file=bool(sides),
        my_sides=sorted(sides),
        may_decide=state.access.can(Permission.RECORD_RESULT),
        **deciders(state.access),
        here=f"/events/{event_id}/rounds/{number}/games/{table}/protests"
        + (f"?board={board}" if board else ""),
        tab=f"round-{number}",
    )


def _go(target: str, done: str) -> Response:
    """A redirect (303) to ``target`` (a path on this site, maybe with a query) with a notice."""
    url = urlsplit(target)
    query = [(k, v) for k, v in parse_qsl(url.query) if k != "done"] + [("done", done)]
    return RedirectResponse(f"{url.path}?{urlencode(query)}", status_code=303)


def _back(values: dict[str, str], default: str, done: str, page: Page) -> Response:
    return _go(local_path(values.get("next"), default), done)


async def _back_refused(
    page: Page, request: Request, event_id: int, values: dict[str, str], exc: ServiceError
) -> Response:
    """A protest's form refused: the console, the game's protests or the room it came from
    (``next``), with the message."""
    kw: dict[str, Any] = {"page_error": exc.message, "status": exc.status}
    kind, where = origin(values.get("next"), event_id)
    if kind == "console":
        return await shown_or(_console_page(page, request, event_id, where[0] or 0, **kw), exc)
    if kind == "protests":
        number, table, board = where
        shown = asyncio.to_thread(
            _protests_page, page, event_id, number or 0, table or 0, board, **kw
        )
        return await shown_or(shown, exc)
    return await shown_or(_room_page(page, request, event_id, where[0], **kw), exc)


@router.post("/events/{event_id}/protests")
async def file_protest(
    request: Request, event_id: EventId, page: PageDep, form: FormDep
) -> Response:
    """A player files a protest about their game."""
    user = page.check_form(form)
    values = text_fields(form)
    number, table, board = (values.get(k, "") for k in ("round", "table", "board"))
    if not number.isdigit() or not table.isdigit():
        raise Invalid(gettext("Name the round and the table."), "table")
    where = (int(number), int(table), int(board) if board.isdigit() else None)
    text = values.get("text", "")
    try:
        await asyncio.to_thread(room_services.file_protest, page.rt, user, event_id, *where, text)
    except ServiceError as exc:
        return await _back_refused(page, request, event_id, values, exc)
    return _back(values, f"/events/{event_id}/room", "protest", page)


def _protest_id(text: str) -> int:
    if not text.isdigit() or int(text) > MAX_INT:
        raise NotFound(gettext("No such protest."))
    return int(text)


@router.post("/events/{event_id}/protests/{protest}/decision")
async def decide(
    request: Request, event_id: EventId, protest: str, page: PageDep, form: FormDep
) -> Response:
    """A referee decides a protest; the organiser an appeal (``appeal=yes``)."""
    user = page.check_form(form)
    values = text_fields(form)
    upheld = values.get("upheld") == "yes"
    act = room_services.decide_appeal if values.get("appeal") == "yes" else None
    act = act or room_services.decide_protest
    try:
        pid = _protest_id(protest)
        await asyncio.to_thread(act, page.rt, user, event_id, pid, upheld, values.get("text", ""))
    except ServiceError as exc:
        return await _back_refused(page, request, event_id, values, exc)
    return _back(values, f"/events/{event_id}/room", "decided", page)


@router.post("/events/{event_id}/protests/{protest}/appeal")
async def appeal(
    request: Request, event_id: EventId, protest: str, page: PageDep, form: FormDep
) -> Response:
    """A player appeals the referee's decision."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        pid = _protest_id(protest)
        text = values.get("text", "")
        await asyncio.to_thread(room_services.appeal_protest, page.rt, user, event_id, pid, text)
    except ServiceError as exc:
        return await _back_refused(page, request, event_id, values, exc)
    return _back(values, f"/events/{event_id}/room", "appealed", page)
