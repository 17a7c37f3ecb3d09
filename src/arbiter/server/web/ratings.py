"""Rating pages: the rating lists (Go's EGF list; Toguz Korgool bullet, blitz, rapid,
classical) with their CSV, a rated player's history, and finalising an event (the organiser's
button on the event's overview), which rates it once."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query
from fastapi.responses import Response

from arbiter.events.ratings import SYSTEMS
from arbiter.server.api.params import MAX_INT, EventId
from arbiter.server.services import events, ratings
from arbiter.server.services.errors import ServiceError
from arbiter.server.web.events import render_overview
from arbiter.server.web.page import FormDep, PageDep, PageRoute

router = APIRouter(route_class=PageRoute, include_in_schema=False)

ListName = Annotated[str | None, Query(alias="list", max_length=24, description="the list")]


@router.get("/ratings")
def rating_lists(page: PageDep, system: ListName = None) -> Response:
    """A rating list (``?list=egf``, ``toguz-rapid``, …; the first with players by default)."""
    sizes = ratings.list_sizes(page.rt)
    if system is None:
        system = next((s for s in SYSTEMS if sizes[s]), SYSTEMS[0])
    ratings.check_system(system)
    rows = ratings.rating_list(page.rt, system)
    return page.render(
        "ratings.html",
        system=system,
        lists=[(s, ratings.list_name(s), sizes[s]) for s in SYSTEMS],
        list_name=ratings.list_name(system),
        rows=rows,
        glicko=system != "egf",
    )


@router.get("/ratings/players/{player_id}")
def rated_player(player_id: Annotated[int, Path(ge=1, le=MAX_INT)], page: PageDep) -> Response:
    """A player's ratings on every list and their history: events and casual games."""
    view = ratings.player_view(page.rt, player_id)
    return page.render("rating_player.html", view=view, list_name=ratings.list_name)


@router.post("/events/{event_id}/finalise")
def finalise(event_id: EventId, page: PageDep, form: FormDep) -> Response:
    """Rate the finished event once (the organiser's button)."""
    user = page.check_form(form)
    try:
        ratings.finalise_event(page.rt, user, event_id)
    except ServiceError as exc:
        state = events.get_event(page.rt, page.user, event_id)
        return render_overview(page, state, finalise_error=exc.message, status=exc.status)
    return page.redirect(f"/events/{event_id}", done="finalised", anchor="ratings")


@router.get("/events/{event_id}/finalise")
def finalise_get(event_id: EventId, page: PageDep) -> Response:
    """Finalising is a button on the overview."""
    return page.redirect(f"/events/{event_id}", anchor="ratings")
