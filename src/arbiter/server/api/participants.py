"""Entries: list, register (one by one, pairs, teams, from a file), correct, withdraw."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, File, Form, Query, UploadFile

from arbiter.server.api import schemas
from arbiter.server.api.files import read_upload
from arbiter.server.api.params import EntryNo, EventId
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import entries, events
from arbiter.server.services.entries import Added, PlayerFields
from arbiter.server.services.errors import domain

router = APIRouter(prefix="/events/{event_id}/participants", tags=["participants"])
Force = Annotated[bool, Query(description="enter a likely duplicate all the same")]


def _added(result: Added) -> schemas.AddedOut:
    event = result.state.event
    return schemas.AddedOut(
        event_version=result.state.version,
        added=schemas.participants_out(result.added, event),
        notes=list(result.notes),
    )


def _fields(body: schemas.PlayerIn) -> PlayerFields:
    return PlayerFields(**{**body.model_dump(), "ids": tuple(body.ids.items())})


@router.get("", response_model=schemas.ParticipantsOut, responses=schemas.error_responses(404))
def list_participants(event_id: EventId, user: UserDep, rt: RuntimeDep) -> schemas.ParticipantsOut:
    """Every entry (birth dates and medical clearances only for the event's staff)."""
    return schemas.ParticipantsOut.of(events.get_event(rt, user, event_id).event)


@router.post("", response_model=schemas.AddedOut, status_code=201, responses=schemas.WRITE_ERRORS)
def add_player(
    event_id: EventId, body: schemas.PlayerIn, user: UserDep, rt: RuntimeDep, force: Force = False
) -> schemas.AddedOut:
    """Enter a player (numbered after the last one; after round 1, a late entry). A likely
    duplicate of an entered player (the names alike after folding case, diacritics,
    punctuation, word order and Cyrillic or Latin letters) is refused with 409, the candidates
    in ``current.duplicates``, unless ``force``."""
    return _added(entries.add_player(rt, user, event_id, _fields(body), force=force))


@router.post(
    "/pairs", response_model=schemas.AddedOut, status_code=201, responses=schemas.WRITE_ERRORS
)
def add_pair(
    event_id: EventId, body: schemas.PairIn, user: UserDep, rt: RuntimeDep
) -> schemas.AddedOut:
    """Pair go: enter a pair of two entered players."""
    return _added(entries.add_pair(rt, user, event_id, body.man, body.woman, body.name))


@router.post(
    "/teams", response_model=schemas.AddedOut, status_code=201, responses=schemas.WRITE_ERRORS
)
def add_team(
    event_id: EventId, body: schemas.TeamIn, user: UserDep, rt: RuntimeDep
) -> schemas.AddedOut:
    """Enter a team of entered players, in board order, with reserves."""
    return _added(entries.add_team(rt, user, event_id, body.name, body.players, body.reserves))


@router.post(
    "/import",
    response_model=schemas.AddedOut,
    status_code=201,
    responses=schemas.error_responses(401, 403, 404, 409, 422, 501),
)
def import_participants(
    event_id: EventId,
    file: Annotated[UploadFile, File(description="the list of players")],
    user: UserDep,
    rt: RuntimeDep,
    format: Annotated[Literal["csv", "opengotha", "trf"], Form()] = "csv",
    force: Force = False,
) -> schemas.AddedOut:
    """Enter every player of a file: ``csv`` (a header row names the columns: ``name`` (or
    ``surname`` and ``given``), ``rank``, ``rating``, ``club``, ``city``, ``country``, ``gender``,
    ``born``, ``title``, ``coach``, ``medical``), ``opengotha`` (an OpenGotha tournament's
    players) or ``trf`` (a FIDE report's players). All are entered, or none. Likely
    duplicates, within the file or of entered players, refuse the file with 409 (listed in
    ``current.duplicates``) unless ``force``."""
    data = read_upload(file, rt.settings.quotas.upload_bytes)
    return _added(entries.import_entries(rt, user, event_id, format, data, force=force))


@router.put("/{no}", response_model=schemas.AddedOut, responses=schemas.WRITE_ERRORS)
def update_player(
    event_id: EventId, no: EntryNo, body: schemas.PlayerIn, user: UserDep, rt: RuntimeDep
) -> schemas.AddedOut:
    """Correct a player's details (the number, entry and withdrawal stay)."""
    return _added(entries.update_player(rt, user, event_id, no, _fields(body)))


@router.get("/{no}", response_model=dict[str, Any], responses=schemas.error_responses(404))
def get_participant(event_id: EventId, no: EntryNo, user: UserDep, rt: RuntimeDep) -> Any:
    """One entry with its kind (``player``, ``pair``, ``team``)."""
    event = events.get_event(rt, user, event_id).event
    with domain(in_path=True):
        participant = event.participant(no)
    return schemas.participant_out(participant, event)


@router.post("/{no}/withdraw", response_model=dict[str, Any], responses=schemas.WRITE_ERRORS)
def withdraw(
    event_id: EventId, no: EntryNo, body: schemas.WithdrawIn, user: UserDep, rt: RuntimeDep
) -> Any:
    """Withdraw a participant from ``from_round`` on (default: the next round); their unplayed
    games from then on are lost by forfeit."""
    state = entries.withdraw(rt, user, event_id, no, body.from_round)
    return schemas.participant_out(state.event.participant(no), state.event)
