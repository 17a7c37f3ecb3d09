"""Round pages: pair the next round, the round's games with result entry, publishing,
unpairing the last round, and the printable pairings and result slips."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response

from arbiter import i18n
from arbiter.events.event import Event
from arbiter.events.exact import show
from arbiter.events.reports import pairing_table
from arbiter.events.rounds import Game
from arbiter.i18n import gettext
from arbiter.server.api.params import EventId, RoundNo, TableNo
from arbiter.server.services import events, reports, results, rounds
from arbiter.server.services.errors import Invalid, ServiceError
from arbiter.server.services.reports import RoundView
from arbiter.server.services.state import GameState
from arbiter.server.web.events import event_context, render_overview
from arbiter.server.web.page import (
    FormDep,
    Page,
    PageDep,
    PageRoute,
    text_fields,
    wants_json,
)
from arbiter.server.web.result_refusals import Refusal, refusal_of
from arbiter.server.web.words import bye_name

router = APIRouter(route_class=PageRoute, include_in_schema=False)

#: Refused results by game (table, board).
Refused = dict[tuple[int, int | None], Refusal]


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a game as a page shows it: participant number and name, and in team events
    the player on the board."""

    no: int
    name: str
    player: str = ""

    @property
    def label(self) -> str:
        """``Name (no)``, with the board's player in team events."""
        text = f"{self.name} ({self.no})"
        return f"{text}: {self.player}" if self.player else text


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game of a round: the first mover's side first (Black in Go, White in Toguz)."""

    game: Game
    state: GameState
    first: Side
    second: Side
    result: str
    provisional: bool
    value: str = ""
    error: str | None = None
    override: int | None = None
    """The game's version now, when the result was refused because it changed meanwhile (the
    "apply mine over it" button sends it)."""

    @property
    def anchor(self) -> str:
        """The row's id on the page."""
        return f"t{self.game.table}" + (f"b{self.game.board}" if self.game.board else "")

    @property
    def handicap(self) -> str:
        """Go: handicap stones (empty for even games)."""
        return str(self.game.handicap) if self.game.handicap else ""

    @property
    def komi(self) -> str:
        """Go: the game's komi."""
        return show(self.game.komi) if self.game.komi is not None else ""


def in_language(event: Event, lang: str) -> Event:
    """The event with its printed tables in ``lang`` (pages speak the reader's language)."""
    return replace(event, settings=event.settings.with_value("language", lang))


def side(event: Event, game: Game, colour: str) -> Side:
    """The participant playing ``colour`` in ``game``."""
    no = game.black if colour == "black" else game.white
    player = game.black_player if colour == "black" else game.white_player
    return Side(no, event.name_of(no), event.player(player).name if player is not None else "")


def game_row(event: Event, game: Game, state: GameState) -> GameRow:
    """A game of the event as a row of its round."""
    order = ("black", "white") if event.game == "go" else ("white", "black")
    result = game.result
    return GameRow(
        game,
        state,
        side(event, game, order[0]),
        side(event, game, order[1]),
        str(result) if result is not None else "",
        bool(result and result.provisional),
        value=str(result) if result is not None else "",
    )


def game_path(event_id: int, game: Game) -> str:
    """The address of a game's page."""
    path = f"/events/{event_id}/rounds/{game.round}/games/{game.table}"
    return path + (f"?board={game.board}" if game.board is not None else "")


def _round_context(view: RoundView) -> dict[str, Any]:
    state = view.state
    event = state.event
    number = view.round.number
    last = len(event.rounds)
    played = [g for g in view.round.games if g.result is not None and g.result.played]
    return {
        **event_context(state),
        "round": view.round,
        "round_state": state.rounds[number],
        "is_last": number == last,
        "untouched": not played,
        "byes": [
            (b, event.name_of(b.no), bye_name(b.kind), show(b.points)) for b in view.round.byes
        ],
        "game_path": game_path,
        "tab": f"round-{number}",
    }


def with_refusals(
    event: Event, games: Sequence[tuple[Game, GameState]], refused: Refused | None
) -> list[GameRow]:
    """The rows of ``games``, a refused result kept (with the reason) in its game's row."""
    rows = []
    for g, gs in games:
        row = game_row(event, g, gs)
        found = refused.get((g.table, g.board)) if refused else None
        if found is not None:
            row = replace(row, value=found.value, error=found.message, override=found.version)
        rows.append(row)
    return rows


def render_round(
    page: Page,
    view: RoundView,
    *,
    refused: Refused | None = None,
    error: str | None = None,
    status: int = 200,
) -> Response:
    """The round page; ``refused`` keeps a result the server refused, with the reason, next to
    its game; ``error``: a refusal of the round's own forms (publish, unpair)."""
    rows = with_refusals(view.state.event, view.games, refused)
    done = sum(1 for r in rows if r.result)
    return page.render(
        "round.html",
        status=status,
        **_round_context(view),
        rows=rows,
        done=done,
        round_error=error,
    )


@router.get("/events/{event_id}/rounds/{number}")
def round_page(event_id: EventId, number: RoundNo, page: PageDep) -> Response:
    """The round: its games (with result entry for referees) and byes."""
    view = reports.round_view(page.rt, page.user, event_id, number)
    return render_round(page, view)


@router.post("/events/{event_id}/rounds")
def pair(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Pair the next round (the form names it, so a second click does not pair another)."""
    user = page.check_form(form)
    text = text_fields(form).get("round", "")
    try:
        if not text.isdigit():
            raise Invalid(gettext("Name the round to pair."), "round")
        rounds.pair_round(page.rt, user, event_id, int(text))
    except ServiceError as exc:
        state = events.get_event(page.rt, page.user, event_id)
        return render_overview(page, state, pair_error=exc.message, status=exc.status)
    return page.redirect(f"/events/{event_id}/rounds/{text}", done="paired")


def _round_refused(page: Page, event_id: int, number: int, exc: ServiceError) -> Response:
    """A refusal of the round's own forms, shown on the round page (which the caller may not
    see at all: then the refusal's own page)."""
    try:
        view = reports.round_view(page.rt, page.user, event_id, number)
    except ServiceError:
        raise exc from None
    return render_round(page, view, error=exc.message, status=exc.status)


@router.post("/events/{event_id}/rounds/{number}/publish")
def publish(event_id: EventId, number: RoundNo, page: PageDep, form: FormDep) -> Response:
    """Publish the round's pairing (then its results), or withdraw it (``published=no``)."""
    user = page.check_form(form)
    published = text_fields(form).get("published", "yes") == "yes"
    try:
        rounds.publish_round(page.rt, user, event_id, number, published)
    except ServiceError as exc:
        return _round_refused(page, event_id, number, exc)
    done = "round-published" if published else "round-unpublished"
    return page.redirect(f"/events/{event_id}/rounds/{number}", done=done)


@router.post("/events/{event_id}/rounds/{number}/unpair")
def unpair(event_id: EventId, number: RoundNo, page: PageDep, form: FormDep) -> Response:
    """Take the last round back while none of its games is played."""
    user = page.check_form(form)
    version = text_fields(form).get("version", "")
    try:
        if not version.isdigit():
            raise Invalid(
                gettext("The form lacks the round's version: reload the page."), "version"
            )
        rounds.unpair_round(page.rt, user, event_id, number, int(version))
    except ServiceError as exc:
        return _round_refused(page, event_id, number, exc)
    return page.redirect(f"/events/{event_id}", done="unpaired", anchor="rounds")


def _board(values: dict[str, str]) -> int | None:
    text = values.get("board", "").strip()
    return int(text) if text.isdigit() else None


@router.post("/events/{event_id}/rounds/{number}/games/{table}/result")
def record_result(
    event_id: EventId, number: RoundNo, table: TableNo, page: PageDep, form: FormDep
) -> Response:
    """Enter or correct a game's result (the grammar of the event's game; ``?`` or the
    provisional box: a referee's provisional result). A correction names the version seen."""
    user = page.check_form(form)
    values = text_fields(form)
    board = _board(values)
    text = values.get("result", "").strip()
    version_text = values.get("version", "").strip()
    try:
        if not text:
            raise Invalid(gettext("Write the result."), "result")
        view = results.record_result(
            page.rt,
            user,
            event_id,
            number,
            table,
            board,
            text,
            provisional=values.get("provisional") == "yes",
            version=int(version_text) if version_text.isdigit() else None,
        )
    except ServiceError as exc:
        refusal = refusal_of(exc, text)
        if wants_json(page.request):
            body = {
                "ok": False,
                "message": refusal.message,
                "field": exc.field,
                "current": getattr(exc, "current", None),
                "apply": refusal.version,
            }
            return JSONResponse(body, status_code=exc.status)
        round_view = reports.round_view(page.rt, page.user, event_id, number)
        refused = {(table, board): refusal}
        return render_round(page, round_view, refused=refused, status=exc.status)
    game = view.game
    if wants_json(page.request):
        result = game.result
        return JSONResponse(
            {
                "ok": True,
                "result": str(result) if result is not None else "",
                "provisional": bool(result and result.provisional),
                "version": view.state.version,
                "message": gettext("The result is saved."),
            }
        )
    anchor = f"t{table}" + (f"b{board}" if board else "")
    return page.redirect(f"/events/{event_id}/rounds/{number}", done="result", anchor=anchor)


@router.get("/events/{event_id}/rounds/{number}/print")
def print_pairings(event_id: EventId, number: RoundNo, page: PageDep) -> Response:
    """The pairings of a round, to print (the layout of ``arbiter event pair``'s table, in the
    reader's language)."""
    view = reports.round_view(page.rt, page.user, event_id, number)
    event = in_language(view.state.event, i18n.current())
    table = pairing_table(event, view.round)
    return page.render("print_pairings.html", **_round_context(view), table=table)


@router.get("/events/{event_id}/rounds/{number}/slips")
def result_slips(event_id: EventId, number: RoundNo, page: PageDep) -> Response:
    """One slip per game for the players to fill in and sign, to print and cut."""
    view = reports.round_view(page.rt, page.user, event_id, number)
    event = view.state.event
    rows = [game_row(event, g, gs) for g, gs in view.games]
    return page.render("print_slips.html", **_round_context(view), rows=rows)


@router.get("/events/{event_id}/rounds/{number}/{action}")
def round_action_get(event_id: EventId, number: RoundNo, action: str, page: PageDep) -> Response:
    """The round's forms post to these addresses (publish, unpair); reading goes to the
    round."""
    return page.redirect(f"/events/{event_id}/rounds/{number}")
