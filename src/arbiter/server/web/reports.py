"""Printed protocols and reports from the web pages, in the reader's language, as HTML (with a
print stylesheet) or PDF: a round's protocol, the standings, the crosstable, and a game's
protocol (Toguz Korgool) or game sheet (Go).

They are :mod:`arbiter.reports`' pure functions applied to what the reader may see (published
rounds for everybody but the staff); ``?format=pdf`` turns the same HTML into a PDF
(WeasyPrint), served as a download.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, Response

from arbiter import i18n
from arbiter.games.go.game import Game as GoGame
from arbiter.reports.event_reports import crosstable_html, round_protocol_html, standings_html
from arbiter.reports.go_sheet import sheet_html
from arbiter.reports.toguz_protocol import protocol_html
from arbiter.server.api.files import attachment
from arbiter.server.api.params import AfterRound, Board, EventId, RoundNo, TableNo
from arbiter.server.guard import document_policy
from arbiter.server.rooms.levels import protocol_lines, under_protest_games
from arbiter.server.services import events, records
from arbiter.server.services.errors import NotFound, domain
from arbiter.server.services.referee_notes import round_notes
from arbiter.server.services.text import slug
from arbiter.server.web.page import PageDep, PageRoute
from arbiter.server.web.tables import after_round

router = APIRouter(route_class=PageRoute, include_in_schema=False)

Format = Annotated[Literal["html", "pdf"], Query(description="html (to print) or pdf")]


def _answer(html: str, fmt: str, filename: str) -> Response:
    if fmt == "pdf":
        from arbiter.reports.render import to_pdf

        data = to_pdf(html)
        return attachment(data, f"{filename}.pdf", "application/pdf")
    response = HTMLResponse(html)
    response.headers["Content-Security-Policy"] = document_policy(html)
    return response


def _stem(name: str, event_id: int) -> str:
    return slug(name) or f"event-{event_id}"


@router.get("/events/{event_id}/rounds/{number}/protocol")
def round_protocol(
    event_id: EventId, number: RoundNo, page: PageDep, format: Format = "html"
) -> Response:
    """The round's protocol: every game with its result, warnings and their cost, and the
    referees' notes of the games played on the server."""
    state = events.get_event(page.rt, page.user, event_id)
    if number not in state.rounds:
        message = i18n.gettext("Round %(n)s is not paired (or not published).")
        raise NotFound(message % {"n": number})
    notes = round_notes(page.rt, state, number)
    protests = protocol_lines(page.rt, page.user, event_id, number)
    marked = under_protest_games(page.rt, event_id, number)
    with domain():
        html = round_protocol_html(
            state.event, number, i18n.current(), notes, protests, under_protest=marked
        )
    return _answer(html, format, f"{_stem(state.name, event_id)}-round-{number}")


@router.get("/events/{event_id}/standings/print")
def standings_report(
    event_id: EventId, page: PageDep, after: AfterRound = None, format: Format = "html"
) -> Response:
    """The standings with every tiebreak column, to print."""
    state = events.get_event(page.rt, page.user, event_id)
    upto = after_round(state, after)
    with domain():
        html = standings_html(state.event, i18n.current(), upto)
    return _answer(html, format, f"{_stem(state.name, event_id)}-standings-{upto}")


@router.get("/events/{event_id}/crosstable/print")
def crosstable_report(
    event_id: EventId, page: PageDep, after: AfterRound = None, format: Format = "html"
) -> Response:
    """The crosstable (seed 002 appendix 3), to print."""
    state = events.get_event(page.rt, page.user, event_id)
    upto = after_round(state, after)
    with domain():
        html = crosstable_html(state.event, i18n.current(), upto)
    return _answer(html, format, f"{_stem(state.name, event_id)}-crosstable-{upto}")


@router.get("/events/{event_id}/rounds/{number}/games/{table}/protocol")
def game_protocol(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    page: PageDep,
    board: Board = None,
    format: Format = "html",
) -> Response:
    """The game's protocol (Toguz Korgool: moves, a diagram every ten, result, signatures) or
    game sheet (Go: the final position with move numbers, every move), from its stored record
    — or, without one, from its pairing and result."""
    state, game, record = records.printable_record(
        page.rt, page.user, event_id, number, table, board
    )
    lang = i18n.current()
    with domain():
        if isinstance(record, GoGame):
            html = sheet_html(record, lang)
        else:
            html = protocol_html(record, lang)
    name = f"{_stem(state.name, event_id)}-round-{number}-table-{table}"
    return _answer(html, format, name + (f"-board-{game.board}" if game.board else ""))
