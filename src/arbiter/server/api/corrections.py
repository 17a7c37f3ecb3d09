"""Entries corrected: delete an entry that has taken no part, merge a player entered twice,
correct a pair's or a team's details."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from arbiter.events.corrections import MergeField
from arbiter.limits import MAX_COUNTRY, MAX_NAME
from arbiter.server.api import schemas
from arbiter.server.api.params import MAX_INT, EntryNo, EventId
from arbiter.server.api.schemas.common import Input, ShortText
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import corrections
from arbiter.server.services.corrections import EntryKind

router = APIRouter(prefix="/events/{event_id}/participants", tags=["participants"])

Version = Annotated[
    int | None,
    Query(ge=1, le=MAX_INT, description="the event's version the caller saw (409 if it moved)"),
]


class DeletedOut(BaseModel):
    """The entry deleted, and the event's new version."""

    event_version: int
    kind: str
    no: int
    name: str


class MergeIn(Input):
    """The other player of the two (one person entered twice), the fields to take from it
    whatever the kept entry says, and the event's version the caller saw."""

    other: Annotated[int, Field(ge=1, le=MAX_INT)]
    take: Annotated[list[MergeField], Field(max_length=12)] = []  # noqa: RUF012
    version: Annotated[int, Field(ge=1, le=MAX_INT)] | None = None


class MergedOut(BaseModel):
    """The entry kept (with its number and games), the number that went, the new version."""

    event_version: int
    kept: dict[str, Any]
    removed: int


class PairUpdateIn(Input):
    """A pair's name."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class TeamUpdateIn(Input):
    """A team's name, club and country (its players stay)."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
    club: ShortText = ""
    country: Annotated[str, Field(max_length=MAX_COUNTRY)] = ""


def _deleted(
    user: UserDep, rt: RuntimeDep, event_id: int, kind: EntryKind, no: int, version: int | None
) -> DeletedOut:
    state, gone = corrections.delete_entry(rt, user, event_id, kind, no, version=version)
    return DeletedOut(event_version=state.version, kind=kind, no=gone.no, name=gone.name)


@router.delete("/{no}", response_model=DeletedOut, responses=schemas.WRITE_ERRORS)
def delete_player(
    event_id: EventId, no: EntryNo, user: UserDep, rt: RuntimeDep, version: Version = None
) -> DeletedOut:
    """Delete a player who has taken no part in the event: no game, no bye, no pair or team
    (422 after that: withdraw them instead). The other numbers stay."""
    return _deleted(user, rt, event_id, "player", no, version)


@router.post("/{no}/merge", response_model=MergedOut, responses=schemas.WRITE_ERRORS)
def merge_players(
    event_id: EventId, no: EntryNo, body: MergeIn, user: UserDep, rt: RuntimeDep
) -> MergedOut:
    """Make players ``no`` and ``other`` (one person entered twice) one entry. The one that has
    played keeps its number, games and status (``no`` when neither has; 422 when both have);
    each field it leaves empty is filled from the other, and the fields named in ``take`` are
    the other's."""
    state, kept, gone = corrections.merge_players(
        rt, user, event_id, no, body.other, body.take, version=body.version
    )
    return MergedOut(
        event_version=state.version,
        kept=schemas.participant_out(kept, state.event),
        removed=gone,
    )


@router.put("/pairs/{no}", response_model=dict[str, Any], responses=schemas.WRITE_ERRORS)
def update_pair(
    event_id: EventId, no: EntryNo, body: PairUpdateIn, user: UserDep, rt: RuntimeDep
) -> Any:
    """Rename a pair."""
    state = corrections.update_pair(rt, user, event_id, no, body.name)
    pair = next(p for p in state.event.pairs if p.no == no)
    return schemas.participant_out(pair, state.event)


@router.delete("/pairs/{no}", response_model=DeletedOut, responses=schemas.WRITE_ERRORS)
def delete_pair(
    event_id: EventId, no: EntryNo, user: UserDep, rt: RuntimeDep, version: Version = None
) -> DeletedOut:
    """Delete a pair that has taken no part in the event (its players stay entered)."""
    return _deleted(user, rt, event_id, "pair", no, version)


@router.put("/teams/{no}", response_model=dict[str, Any], responses=schemas.WRITE_ERRORS)
def update_team(
    event_id: EventId, no: EntryNo, body: TeamUpdateIn, user: UserDep, rt: RuntimeDep
) -> Any:
    """Correct a team's name, club and country."""
    state = corrections.update_team_details(
        rt, user, event_id, no, body.name, body.club, body.country
    )
    team = next(t for t in state.event.teams if t.no == no)
    return schemas.participant_out(team, state.event)


@router.delete("/teams/{no}", response_model=DeletedOut, responses=schemas.WRITE_ERRORS)
def delete_team(
    event_id: EventId, no: EntryNo, user: UserDep, rt: RuntimeDep, version: Version = None
) -> DeletedOut:
    """Delete a team that has taken no part in the event (its players stay entered)."""
    return _deleted(user, rt, event_id, "team", no, version)
