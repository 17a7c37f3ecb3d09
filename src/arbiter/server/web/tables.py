"""Standings and the crosstable (seed 002 appendix 3), after any round, to read and to print.

Both pages refresh themselves while open (their script asks for ``?fragment=1``, the table
alone, and swaps it in when it changed), so a results board in the playing hall keeps up.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, Response

from arbiter import i18n
from arbiter.events.crosstable import crosstable
from arbiter.events.reports import Table, standings_table
from arbiter.i18n import gettext
from arbiter.server.api.params import AfterRound, EventId
from arbiter.server.services import events
from arbiter.server.services.errors import Invalid, domain
from arbiter.server.services.state import EventState
from arbiter.server.web.events import event_context
from arbiter.server.web.page import Page, PageDep, PageRoute
from arbiter.server.web.rounds import in_language
from arbiter.server.web.templating import render

router = APIRouter(route_class=PageRoute, include_in_schema=False)

Fragment = Annotated[bool, Query(description="the table alone (for the page's refresh)")]


def after_round(state: EventState, wanted: int | None) -> int:
    """The round the tables are after: ``wanted`` when it is paired (and visible), else the
    last round the caller sees."""
    shown = len(state.event.rounds)
    if wanted is None:
        return shown
    if not 0 <= wanted <= shown:
        message = gettext("Round %(n)s is not paired (or not published).") % {"n": wanted}
        raise Invalid(message, "round")
    return wanted


def _table_page(
    page: Page,
    state: EventState,
    table: Table,
    upto: int,
    *,
    kind: str,
    fragment: bool,
) -> Response:
    if fragment:
        left = [3] if kind == "standings" else [2]
        html = render("components/table.html", {"table": table, "kind": kind, "left": left})
        return HTMLResponse(html)
    return page.render(
        "table_page.html",
        **event_context(state),
        table=table,
        upto=upto,
        kind=kind,
        tab=kind,
    )


@router.get("/events/{event_id}/standings")
def standings_page(
    event_id: EventId, page: PageDep, after: AfterRound = None, fragment: Fragment = False
) -> Response:
    """The standings with every tiebreak of the event's order."""
    state = events.get_event(page.rt, page.user, event_id)
    upto = after_round(state, after)
    event = in_language(state.event, i18n.current())
    with domain():
        table = standings_table(event, event.standings(upto))
    return _table_page(page, state, table, upto, kind="standings", fragment=fragment)


@router.get("/events/{event_id}/crosstable")
def crosstable_page(
    event_id: EventId, page: PageDep, after: AfterRound = None, fragment: Fragment = False
) -> Response:
    """The crosstable in the layout of seed 002 appendix 3."""
    state = events.get_event(page.rt, page.user, event_id)
    upto = after_round(state, after)
    event = in_language(state.event, i18n.current())
    with domain():
        cross = crosstable(event, upto)
    table = Table(cross.title, cross.headers, cross.rows)
    return _table_page(page, state, table, upto, kind="crosstable", fragment=fragment)
