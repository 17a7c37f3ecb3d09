"""Standings and the crosstable, as JSON or as files (CSV, HTML, text)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response

from arbiter.events.crosstable import render_csv, render_html, render_text
from arbiter.events.reports import standings_csv, standings_table, to_html
from arbiter.server.api import schemas
from arbiter.server.api.files import sends, text
from arbiter.server.api.params import AfterRound, EventId
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import reports

router = APIRouter(prefix="/events/{event_id}", tags=["standings"])


@router.get(
    "/standings",
    response_model=schemas.StandingsOut,
    responses={**schemas.error_responses(404, 422), **sends("text/csv", "text/html")},
)
def get_standings(
    event_id: EventId,
    user: UserDep,
    rt: RuntimeDep,
    after_round: AfterRound = None,
    format: Annotated[Literal["json", "csv", "html"], Query()] = "json",
) -> schemas.StandingsOut | Response:
    """The standings after ``round`` (default: the last round the caller may see), with every
    tiebreak of the event's order."""
    state, table = reports.standings(rt, user, event_id, after_round)
    if format == "csv":
        return text(standings_csv(table), "text/csv")
    if format == "html":
        return text(to_html(standings_table(state.event, table)), "text/html")
    return schemas.StandingsOut.of(table)


@router.get(
    "/crosstable",
    response_model=schemas.CrosstableOut,
    responses={**schemas.error_responses(404, 422), **sends("text/csv", "text/html", "text/plain")},
)
def get_crosstable(
    event_id: EventId,
    user: UserDep,
    rt: RuntimeDep,
    after_round: AfterRound = None,
    format: Annotated[Literal["json", "csv", "html", "text"], Query()] = "json",
) -> schemas.CrosstableOut | Response:
    """The crosstable in the layout of seed 002 appendix 3."""
    _, table = reports.crosstable_of(rt, user, event_id, after_round)
    if format == "csv":
        return text(render_csv(table), "text/csv")
    if format == "html":
        return text(render_html(table), "text/html")
    if format == "text":
        return text(render_text(table) + "\n", "text/plain")
    return schemas.CrosstableOut(
        title=table.title, headers=list(table.headers), rows=[list(r) for r in table.rows]
    )
