"""The "Find in a rating list" box of the participants page, and what its choice puts in the
form that registers a player.

The box is a GET form: without JavaScript the page itself searches (``?find=…&list=…``) and
lists the players found, each with a link that opens the page again with the registration
form filled (``?use=1&name=…&rank=…``, the id in the list as ``list_registry`` and
``list_id``). With JavaScript (``static/rating_search.js``) the same search runs as one types,
through ``GET /api/rating-lists/search``, and a click fills the form in place. Go events search
the federations' lists loaded on the server; Toguz Korgool events the server's own lists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlencode

from starlette.requests import Request

from arbiter.errors import ArbiterError
from arbiter.events.formats.rating_lists import REGISTRIES
from arbiter.events.ratings import rating_system
from arbiter.i18n import N_, gettext
from arbiter.server.services import rating_lists, rating_search
from arbiter.server.services.errors import Invalid, ServiceError
from arbiter.server.services.rating_search import TOGUZ_LISTS, Found
from arbiter.server.services.ratings import list_name, list_sizes
from arbiter.server.services.state import EventState
from arbiter.server.web.forms import EMPTY, Form
from arbiter.server.web.page import Page

__all__ = ["FILLED", "SearchBox", "listed_ids", "prefilled", "search_box"]

#: The registration form's inputs a choice fills (the two ``list_*`` ones are hidden).
FILLED = ("name", "rank", "rating", "club", "country", "list_registry", "list_id")
_ID = re.compile(r"^[0-9A-Za-z]{1,16}$")
ALL_LISTS = N_("Every list")


@dataclass(frozen=True)
class SearchBox:
    """What the box shows: the path of the page, the query, the list chosen and the lists to
    choose from, the players found with the link that registers each (``searched``: a query
    was made), a refusal."""

    action: str
    query: str = ""
    registry: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    found: tuple[tuple[Found, str], ...] = ()
    searched: bool = False
    error: str | None = None

    @property
    def available(self) -> bool:
        """Whether there is a list to search."""
        return bool(self.choices)


def _choices(page: Page, state: EventState) -> tuple[tuple[str, str], ...]:
    event = state.event
    if event.game == "go":
        loaded = rating_lists.loaded_lists(page.rt)
        if not loaded:
            return ()
        lists = tuple((i.registry, i.name) for i in loaded)
        return ((("", gettext(ALL_LISTS)),) if len(lists) > 1 else ()) + lists
    sizes = list_sizes(page.rt)
    own = [s for s in TOGUZ_LISTS if sizes.get(s)]
    try:
        first = rating_system(event)[0]
    except ArbiterError:  # no time control yet: the lists in their order
        first = ""
    own.sort(key=lambda s: s != first)
    return tuple((s, list_name(s)) for s in own)


def search_box(page: Page, state: EventState) -> SearchBox:
    """The box of the participants page, with the players found when the page was asked
    with ``find`` (and ``list``)."""
    action = f"/events/{state.id}/participants"
    if page.user is None:
        return SearchBox(action)
    choices = _choices(page, state)
    params = page.request.query_params
    query = params.get("find", "")[:1000]
    registry = params.get("list", "") or (choices[0][0] if choices else "")
    if registry not in {value for value, _ in choices}:
        registry = choices[0][0] if choices else ""
    box = SearchBox(action, query, registry, choices)
    if not query.strip() or not choices:
        return box
    try:
        found = rating_search.search(page.rt, page.user, query, registry or None)
    except ServiceError as exc:
        return SearchBox(action, query, registry, choices, searched=True, error=exc.message)
    listed = tuple((f, use_link(action, f)) for f in found)
    return SearchBox(action, query, registry, choices, listed, searched=True)


def use_link(action: str, found: Found) -> str:
    """The page's address with the registration form filled from ``found``."""
    values = {
        "use": "1",
        "name": found.form_name,
        "rank": found.rank or "",
        "rating": "" if found.entry_rating is None else str(found.entry_rating),
        "club": found.club,
        "country": found.country,
        "list_registry": found.id_registry,
        "list_id": found.id if found.id_registry else "",
    }
    return f"{action}?{urlencode({k: v for k, v in values.items() if v})}#add"


def prefilled(request: Request) -> Form:
    """The registration form as a "use" link fills it (empty without ``use``)."""
    params = request.query_params
    if params.get("use") != "1":
        return EMPTY
    return Form({k: params.get(k, "")[:200] for k in FILLED if params.get(k)})


def listed_ids(values: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The entry's id in a rating list, from the form's hidden ``list_registry`` and
    ``list_id`` (none when they are empty); 422 for anything else."""
    registry = values.get("list_registry", "").strip()
    pin = values.get("list_id", "").strip()
    if not registry and not pin:
        return ()
    if registry not in REGISTRIES or not _ID.match(pin):
        raise Invalid(gettext("The rating list's id is not one of its ids."), "name")
    return ((registry, pin),)
