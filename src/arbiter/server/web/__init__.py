"""The web pages: server-rendered HTML (Jinja2) over the same services as the JSON API.

Every page works without JavaScript; a small script (``static/arbiter.js``) adds result entry
without reloading, the record viewer's stepping, confirmations and the live refresh of standings.
The app factory mounts :data:`router` and serves ``static/`` under ``/static``.

Modules: :mod:`.page` (language, session, CSRF, errors as pages), :mod:`.home`, :mod:`.account`
(signing in), :mod:`.events` (new event, overview, settings), :mod:`.participants`,
:mod:`.rounds` (pairing, result entry, printable pairings and slips), :mod:`.tables` (standings,
crosstable), :mod:`.games` (a game and its record; the record viewer), :mod:`.board` (the board
component shared with live play), :mod:`.viewer` (records replayed for stepping).
"""

from fastapi import APIRouter

from arbiter.server.web import account, events, games, home, participants, rounds, tables
from arbiter.server.web.page import PageRoute

router = APIRouter(route_class=PageRoute, include_in_schema=False)
for _module in (home, account, events, participants, rounds, games, tables):
    router.include_router(_module.router)

__all__ = ["router"]
