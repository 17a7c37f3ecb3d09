"""The home page: the events the visitor may see (their own first), signing in, a new event."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from arbiter.server.services.events import list_events
from arbiter.server.web.page import PageDep, PageRoute

router = APIRouter(route_class=PageRoute, include_in_schema=False)


@router.get("/")
def home(page: PageDep) -> Response:
    """Published events, and the events the signed-in account holds a role in."""
    events = list_events(page.rt, page.user)
    mine = [e for e in events if e.roles]
    others = [e for e in events if not e.roles]
    return page.render("home.html", mine=mine, published=others)
