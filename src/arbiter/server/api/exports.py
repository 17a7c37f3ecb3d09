"""Exports: the whole event as a file, and a round's game records as an archive."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response

from arbiter.server.api import schemas
from arbiter.server.api.files import attachment, sends
from arbiter.server.api.params import EventId, RoundNo
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import exports, records

router = APIRouter(prefix="/events/{event_id}", tags=["exports"])

#: Every media type an export is sent as (without its charset: one entry for both texts).
FILE = sends(*sorted({t.split(";")[0] for t in exports.MEDIA_TYPES.values()}))


@router.get(
    "/export/{format}",
    response_class=Response,
    responses={**FILE, **schemas.error_responses(404, 422, 501)},
)
def export_event(
    event_id: EventId,
    format: Literal["json", "h9", "opengotha", "trf"],
    user: UserDep,
    rt: RuntimeDep,
) -> Response:
    """The event as a file: ``json`` (the event file of ``arbiter event``), ``h9`` (the EGF
    results file), ``opengotha`` (OpenGotha's XML), ``trf`` (FIDE's report)."""
    found = exports.export_event(rt, user, event_id, format)
    return attachment(found.content, found.filename, found.media_type)


@router.get(
    "/rounds/{number}/records",
    response_class=Response,
    responses={
        **sends("application/zip", binary=True),
        **schemas.error_responses(404, 422),
    },
)
def round_records(
    event_id: EventId,
    number: RoundNo,
    user: UserDep,
    rt: RuntimeDep,
    format: Annotated[Literal["sgf", "notation", "json"] | None, Query()] = None,
) -> Response:
    """The round's game records as a ZIP archive: SGF for Go; the federation's notation
    (``notation``, default) or JSON game records (``json``) for Toguz Korgool. A game without a
    stored record is written from its pairing and result."""
    name, data = records.round_archive(rt, user, event_id, number, format)
    return attachment(data, name, "application/zip")
