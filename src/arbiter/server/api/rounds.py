"""Rounds: pair, read (JSON, CSV, HTML), explain, edit, unpair, publish; line-ups, warnings."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response
from pydantic import BaseModel

from arbiter.events.exact import to_json
from arbiter.events.reports import pairing_table, to_csv, to_html
from arbiter.server.api import schemas
from arbiter.server.api.files import sends, text
from arbiter.server.api.params import MAX_INT, EntryNo, EventId, RoundNo
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import events, reports, rounds
from arbiter.server.services.rounds import ByeEdit, GameEdit
from arbiter.server.services.state import EventState

router = APIRouter(prefix="/events/{event_id}", tags=["rounds"])


def round_out(state: EventState, number: int) -> schemas.RoundOut:
    """Round ``number`` of the event as the caller sees it."""
    view = reports.round_view_of(state, number)
    event = state.event
    rs = state.rounds[number]
    return schemas.RoundOut(
        number=number,
        version=rs.version,
        published=rs.published,
        paired_at=rs.paired_at,
        games=[schemas.GameOut.of(event, g, gs) for g, gs in view.games],
        byes=[
            schemas.ByeOut(
                no=b.no, name=event.name_of(b.no), kind=b.kind, points=float(to_json(b.points))
            )
            for b in view.round.byes
        ],
    )


@router.get(
    "/rounds", response_model=list[schemas.RoundSummary], responses=schemas.error_responses(404)
)
def list_rounds(event_id: EventId, user: UserDep, rt: RuntimeDep) -> list[schemas.RoundSummary]:
    """The rounds the caller may see (everybody: the published ones)."""
    state = events.get_event(rt, user, event_id)
    return [schemas.RoundSummary.of(state, r) for r in state.event.rounds]


@router.post(
    "/rounds", response_model=schemas.RoundOut, status_code=201, responses=schemas.WRITE_ERRORS
)
def pair_round(
    event_id: EventId, body: schemas.PairRoundIn, user: UserDep, rt: RuntimeDep
) -> schemas.RoundOut:
    """Pair the next round (``round`` must be its number: 409 when it is paired already, or
    when the previous round has games without a result)."""
    state = rounds.pair_round(rt, user, event_id, body.round)
    return round_out(state, body.round)


@router.get(
    "/rounds/{number}",
    response_model=schemas.RoundOut,
    responses={**schemas.error_responses(404, 422), **sends("text/csv", "text/html")},
)
def get_round(
    event_id: EventId,
    number: RoundNo,
    user: UserDep,
    rt: RuntimeDep,
    format: Annotated[Literal["json", "csv", "html"], Query()] = "json",
) -> schemas.RoundOut | Response:
    """A round's games and byes; ``format=csv|html`` for the printed pairing table."""
    view = reports.round_view(rt, user, event_id, number)
    if format == "json":
        return round_out(view.state, number)
    table = pairing_table(view.state.event, view.round)
    return text(to_csv(table), "text/csv") if format == "csv" else text(to_html(table), "text/html")


@router.put("/rounds/{number}", response_model=schemas.RoundOut, responses=schemas.WRITE_ERRORS)
def edit_round(
    event_id: EventId, number: RoundNo, body: schemas.RoundEditIn, user: UserDep, rt: RuntimeDep
) -> schemas.RoundOut:
    """Replace a round's pairing by hand (chief referee; not in knockout systems or team
    events), guarded by the round's ``version``: every participant who plays gets one game or
    one bye. Refused (409) once a game of the round is played."""
    games = [GameEdit(g.table, g.black, g.white, g.handicap, g.komi) for g in body.games]
    byes = [ByeEdit(b.no, b.kind) for b in body.byes]
    state = rounds.edit_round(rt, user, event_id, number, body.version, games, byes)
    return round_out(state, number)


@router.delete("/rounds/{number}", status_code=204, responses=schemas.WRITE_ERRORS)
def unpair_round(
    event_id: EventId,
    number: RoundNo,
    version: Annotated[int, Query(ge=1, le=MAX_INT, description="the round's version")],
    user: UserDep,
    rt: RuntimeDep,
) -> Response:
    """Remove the last round while no game of it is played."""
    rounds.unpair_round(rt, user, event_id, number, version)
    return Response(status_code=204)


@router.post(
    "/rounds/{number}/publish", response_model=schemas.RoundOut, responses=schemas.WRITE_ERRORS
)
def publish_round(
    event_id: EventId, number: RoundNo, body: schemas.PublishIn, user: UserDep, rt: RuntimeDep
) -> schemas.RoundOut:
    """Publish a round's pairing (then its results) or withdraw it; in order."""
    state = rounds.publish_round(rt, user, event_id, number, body.published)
    return round_out(state, number)


@router.get(
    "/rounds/{number}/explain",
    response_model=schemas.ExplanationOut,
    responses=schemas.error_responses(404, 501),
)
def explain_round(
    event_id: EventId, number: RoundNo, user: UserDep, rt: RuntimeDep
) -> schemas.ExplanationOut:
    """Why the round is paired as it is (Swiss and McMahon: the pairing engine's reasons)."""
    found = rounds.explain_round(rt, user, event_id, number)
    return schemas.ExplanationOut(
        round=found.number, system=found.system, summary=found.summary, details=found.details
    )


@router.put(
    "/rounds/{number}/lineups/{team}",
    response_model=schemas.RoundOut,
    responses=schemas.WRITE_ERRORS,
)
def set_lineup(
    event_id: EventId,
    number: RoundNo,
    team: EntryNo,
    body: schemas.LineupIn,
    user: UserDep,
    rt: RuntimeDep,
) -> schemas.RoundOut:
    """A team's players in board order for the round (``null``: an empty board)."""
    state = rounds.set_lineup(
        rt, user, event_id, number, team, body.players, override=body.override
    )
    return round_out(state, number)


class WarningOut(BaseModel):
    """A referee's warning."""

    round: int
    player: int
    name: str
    reason: str


def _warnings(state: EventState) -> list[WarningOut]:
    event = state.event
    return [
        WarningOut(
            round=w.round, player=w.player, name=event.player(w.player).name, reason=w.reason
        )
        for w in event.warnings
    ]


@router.get("/warnings", response_model=list[WarningOut], responses=schemas.error_responses(404))
def list_warnings(event_id: EventId, user: UserDep, rt: RuntimeDep) -> list[WarningOut]:
    """Referees' warnings, in the order given (of the rounds the caller may see)."""
    return _warnings(events.get_event(rt, user, event_id))


@router.post(
    "/warnings", response_model=list[WarningOut], status_code=201, responses=schemas.WRITE_ERRORS
)
def warn(
    event_id: EventId, body: schemas.WarningIn, user: UserDep, rt: RuntimeDep
) -> list[WarningOut]:
    """Warn a player: in Go the 2nd warning in a game loses it; in Toguz Korgool the 3rd
    warning costs a point, the 4th excludes."""
    return _warnings(rounds.warn(rt, user, event_id, body.player, body.round, body.reason))
