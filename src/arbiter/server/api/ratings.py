"""Ratings: finalise an event (rates it once), its rating changes, the rating lists (JSON or
CSV) and a rated player's history."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Response
from pydantic import BaseModel

from arbiter.server.api import schemas
from arbiter.server.api.files import attachment
from arbiter.server.api.params import MAX_INT, EventId
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import ratings

router = APIRouter(tags=["ratings"])

System = Annotated[
    Literal["egf", "toguz-bullet", "toguz-blitz", "toguz-rapid", "toguz-classical"],
    Path(description="the list: egf (Go), toguz-bullet, toguz-blitz, toguz-rapid, toguz-classical"),
]
PlayerId = Annotated[int, Path(ge=1, le=MAX_INT, description="the rated player's id")]


class RatedEntryOut(schemas.Output):
    """A participant's rating before and after the event (``rd``: Glicko-2's deviation)."""

    no: int
    name: str
    player_id: int
    before: float
    after: float
    rd_before: float | None
    rd_after: float | None
    games: int


class EventRatingsOut(schemas.Output):
    """An event's ratings: ``rated`` false (and nothing else) until it is finalised."""

    event_id: int
    rated: bool
    system: str | None
    cls: str | None
    rated_at: datetime | None
    entries: list[RatedEntryOut]

    @classmethod
    def of_ratings(cls, r: ratings.EventRatings) -> EventRatingsOut:
        """From the service's value."""
        return cls.of(r, entries=[RatedEntryOut.of(e) for e in r.entries])


class ListRowOut(schemas.Output):
    """A player on a list."""

    place: int
    player_id: int
    name: str
    rating: float
    rd: float | None
    games: int
    updated_at: datetime


class HistoryOut(schemas.Output):
    """One update of a player's rating: an event (``event_id``) or a casual game
    (``live_id``)."""

    system: str
    source: Literal["event", "casual"]
    event_id: int | None
    live_id: int | None
    label: str
    played_on: date
    before: float
    after: float
    rd_before: float | None
    rd_after: float | None
    games: int


class PlayerRatingOut(BaseModel):
    """A player's rating on one list."""

    system: str
    rating: float
    rd: float | None
    games: int


class PlayerOut(BaseModel):
    """A rated player: ratings per list and the history, newest first."""

    id: int
    name: str
    ratings: list[PlayerRatingOut]
    history: list[HistoryOut]


@router.post(
    "/events/{event_id}/finalise",
    response_model=EventRatingsOut,
    responses=schemas.error_responses(401, 403, 404, 409, 422),
)
def finalise(event_id: EventId, user: UserDep, rt: RuntimeDep) -> EventRatingsOut:
    """Rate the finished event (the organiser's action): every rated player's rating and
    history are updated. Once only: a second call answers 409; so does an unfinished or
    unpublished event. 422 when the rules cannot rate it (no time control, too fast for the
    EGF, a Go player with neither rating nor rank)."""
    return EventRatingsOut.of_ratings(ratings.finalise_event(rt, user, event_id))


@router.get(
    "/events/{event_id}/ratings",
    response_model=EventRatingsOut,
    responses=schemas.error_responses(404),
)
def event_ratings(event_id: EventId, user: UserDep, rt: RuntimeDep) -> EventRatingsOut:
    """The rating changes the event gave (``rated`` false before it is finalised)."""
    return EventRatingsOut.of_ratings(ratings.event_ratings(rt, user, event_id))


@router.get(
    "/ratings/{system}",
    response_model=list[ListRowOut],
    responses={
        200: {"content": {"text/csv": {"schema": {"type": "string"}}}},
        **schemas.error_responses(404),
    },
)
def rating_list(
    system: System,
    rt: RuntimeDep,
    format: Annotated[Literal["json", "csv"], Query()] = "json",
) -> list[ListRowOut] | Response:
    """A rating list, best first; ``format=csv`` downloads it."""
    rows = ratings.rating_list(rt, system)
    if format == "csv":
        data = ratings.list_csv(system, rows).encode("utf-8")
        return attachment(data, f"ratings-{system}.csv", "text/csv; charset=utf-8")
    return [ListRowOut.of(r) for r in rows]


@router.get(
    "/ratings/players/{player_id}", response_model=PlayerOut, responses=schemas.error_responses(404)
)
def rated_player(player_id: PlayerId, rt: RuntimeDep) -> PlayerOut:
    """A rated player's ratings and history."""
    view = ratings.player_view(rt, player_id)
    return PlayerOut(
        id=view.id,
        name=view.name,
        ratings=[
            PlayerRatingOut(system=s, rating=r, rd=rd, games=g) for s, r, rd, g in view.ratings
        ],
        history=[HistoryOut.of(h) for h in view.history],
    )
