"""The forms of a protest's higher levels (seed 002 3.8–3.10), beside the room's protest forms
(:mod:`arbiter.server.web.room`): the protesting player goes on under protest, a player takes
the chief referee's decision to the appeals committee, and the committee decides. Each form
carries the page's token and is refused from another site's page (:class:`PageRoute`); the
services check who asks."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import Response

from arbiter.server.api.params import EventId
from arbiter.server.rooms import services as room_services
from arbiter.server.services.errors import ServiceError
from arbiter.server.web.page import FormDep, PageDep, PageRoute, text_fields
from arbiter.server.web.room import _back, _back_refused, _protest_id

router = APIRouter(route_class=PageRoute, include_in_schema=False)


@router.post("/events/{event_id}/protests/{protest}/under-protest")
async def under_protest(
    request: Request, event_id: EventId, protest: str, page: PageDep, form: FormDep
) -> Response:
    """The protesting player goes on playing under protest (seed 002 3.10)."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        pid = _protest_id(protest)
        await asyncio.to_thread(room_services.mark_under_protest, page.rt, user, event_id, pid)
    except ServiceError as exc:
        return await _back_refused(page, request, event_id, values, exc)
    return _back(values, f"/events/{event_id}/room", "under-protest", page)


@router.post("/events/{event_id}/protests/{protest}/committee")
async def to_committee(
    request: Request, event_id: EventId, protest: str, page: PageDep, form: FormDep
) -> Response:
    """A player takes the chief referee's decision to the appeals committee (seed 002 3.8)."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        pid = _protest_id(protest)
        text = values.get("text", "")
        await asyncio.to_thread(
            room_services.appeal_to_committee, page.rt, user, event_id, pid, text
        )
    except ServiceError as exc:
        return await _back_refused(page, request, event_id, values, exc)
    return _back(values, f"/events/{event_id}/room", "committee-appealed", page)


@router.post("/events/{event_id}/protests/{protest}/committee/decision")
async def committee_decision(
    request: Request, event_id: EventId, protest: str, page: PageDep, form: FormDep
) -> Response:
    """The appeals committee's decision, recorded by a member (seed 002 3.8)."""
    user = page.check_form(form)
    values = text_fields(form)
    upheld = values.get("upheld") == "yes"
    try:
        pid = _protest_id(protest)
        text = values.get("text", "")
        await asyncio.to_thread(
            room_services.decide_committee, page.rt, user, event_id, pid, upheld, text
        )
    except ServiceError as exc:
        return await _back_refused(page, request, event_id, values, exc)
    return _back(values, f"/events/{event_id}/room", "decided", page)
