"""Events: list, create, import, read, settings, publish, delete; roles in an event."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, File, Form, Path, Response, UploadFile

from arbiter.errors import Text
from arbiter.events.document import to_document
from arbiter.i18n import N_
from arbiter.limits import loads
from arbiter.server.api import schemas
from arbiter.server.api.files import read_upload
from arbiter.server.api.params import MAX_INT, EventId
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import entries, events, roles
from arbiter.server.services.accounts import require_user
from arbiter.server.services.errors import domain

router = APIRouter(prefix="/events", tags=["events"])


@router.get("", response_model=list[schemas.EventSummaryOut])
def list_events(user: UserDep, rt: RuntimeDep) -> list[schemas.EventSummaryOut]:
    """Published events and those the caller holds a role in (all for administrators)."""
    return [
        schemas.EventSummaryOut.of(s, my_roles=list(s.roles)) for s in events.list_events(rt, user)
    ]


@router.post(
    "",
    response_model=schemas.EventOut,
    status_code=201,
    responses=schemas.error_responses(401, 403, 409, 422),
)
def create_event(body: schemas.EventCreate, user: UserDep, rt: RuntimeDep) -> schemas.EventOut:
    """Create an event (unpublished); the caller becomes its organiser."""
    state = events.create_event(
        rt,
        user,
        game=body.game,
        system=body.system,
        discipline=body.discipline,
        name=body.name,
        rounds=body.rounds,
        draw_lots=body.draw_lots,
        settings=body.settings,
    )
    return schemas.EventOut.of(state)


@router.post(
    "/import",
    response_model=schemas.EventOut,
    status_code=201,
    responses=schemas.error_responses(401, 403, 422, 501),
)
def import_event(
    file: Annotated[UploadFile, File(description="the event file")],
    user: UserDep,
    rt: RuntimeDep,
    format: Annotated[Literal["json", "opengotha", "trf"], Form()] = "json",
) -> schemas.EventOut:
    """Create an event from a file: an arbiter event file (``json``, as ``arbiter event``
    writes it), an OpenGotha tournament (``opengotha``) or a FIDE report (``trf``), with its
    rounds and results. The caller becomes its organiser."""
    require_user(user)
    data = read_upload(file, rt.settings.quotas.upload_bytes)
    if format == "json":
        text = entries.decode_upload(data)
        with domain("file"):  # nesting bounded before the parser recurses into it
            document = loads(text, Text(N_("the event file")))
    else:
        event, _notes = entries.read_event_file(format, data)
        document = to_document(event)
    return schemas.EventOut.of(events.import_event(rt, user, document))


@router.get("/{event_id}", response_model=schemas.EventOut, responses=schemas.error_responses(404))
def get_event(event_id: EventId, user: UserDep, rt: RuntimeDep) -> schemas.EventOut:
    """The event as the caller may see it: everybody sees published events with their
    published rounds; the staff see everything."""
    return schemas.EventOut.of(events.get_event(rt, user, event_id))


@router.delete("/{event_id}", status_code=204, responses=schemas.error_responses(401, 403, 404))
def delete_event(event_id: EventId, user: UserDep, rt: RuntimeDep) -> Response:
    """Delete the event and everything in it (its organiser only)."""
    events.delete_event(rt, user, event_id)
    return Response(status_code=204)


@router.get(
    "/{event_id}/settings",
    response_model=list[schemas.SettingOut],
    responses=schemas.error_responses(404),
)
def get_settings(event_id: EventId, user: UserDep, rt: RuntimeDep) -> list[schemas.SettingOut]:
    """Every setting of the event's game: value, whether set, meaning, whether fixed."""
    state = events.get_event(rt, user, event_id)
    return [schemas.SettingOut.of(s) for s in events.settings_of(state)]


@router.patch(
    "/{event_id}/settings",
    response_model=schemas.EventOut,
    responses=schemas.error_responses(401, 403, 404, 409, 422),
)
def patch_settings(
    event_id: EventId, body: schemas.SettingsPatch, user: UserDep, rt: RuntimeDep
) -> schemas.EventOut:
    """Change settings (all or none); with ``version``, 409 when the event changed meanwhile.
    Settings that shape the pairings cannot change once round 1 is paired (409)."""
    state = events.change_settings(rt, user, event_id, body.settings, version=body.version)
    return schemas.EventOut.of(state)


@router.post(
    "/{event_id}/publish",
    response_model=schemas.EventOut,
    responses=schemas.error_responses(401, 403, 404),
)
def publish(
    event_id: EventId, body: schemas.PublishIn, user: UserDep, rt: RuntimeDep
) -> schemas.EventOut:
    """Publish the event (everybody sees it and its published rounds) or withdraw it."""
    return schemas.EventOut.of(events.publish_event(rt, user, event_id, body.published))


@router.get(
    "/{event_id}/roles",
    response_model=list[schemas.RoleOut],
    responses=schemas.error_responses(401, 403, 404),
)
def list_roles(event_id: EventId, user: UserDep, rt: RuntimeDep) -> list[schemas.RoleOut]:
    """Who holds which role in the event (its staff may see this)."""
    return [schemas.RoleOut.of(g) for g in roles.list_roles(rt, user, event_id)]


@router.post(
    "/{event_id}/roles",
    response_model=schemas.RoleOut,
    status_code=201,
    responses=schemas.error_responses(401, 403, 404, 409, 422),
)
def grant_role(
    event_id: EventId, body: schemas.RoleIn, user: UserDep, rt: RuntimeDep
) -> schemas.RoleOut:
    """Give an account a role (``player`` links it to the player ``player_no``). The organiser
    gives any role; the chief referee referees and spectators."""
    grant = roles.grant_role(rt, user, event_id, body.username, body.role, body.player_no)
    return schemas.RoleOut.of(grant)


@router.delete(
    "/{event_id}/roles/{role_id}",
    status_code=204,
    responses=schemas.error_responses(401, 403, 404, 409),
)
def revoke_role(
    event_id: EventId,
    role_id: Annotated[int, Path(ge=1, le=MAX_INT)],
    user: UserDep,
    rt: RuntimeDep,
) -> Response:
    """Take a role back (an event keeps one organiser at least)."""
    roles.revoke_role(rt, user, event_id, role_id)
    return Response(status_code=204)
