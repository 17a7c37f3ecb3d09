"""The web pages: server-rendered HTML (Jinja2) over the same services as the JSON API.

Every page works without JavaScript; a small script (``static/arbiter.js``) adds result entry
without reloading, the record viewer's stepping, confirmations and the live refresh of standings.
The app factory mounts :data:`router` and serves ``static/`` under ``/static``.

Modules: :mod:`.page` (language, session, CSRF, errors as pages), :mod:`.home`, :mod:`.account`
(signing in), :mod:`.accounts` (sign-up, the own account, password resets, the
administrators' accounts page), :mod:`.people` (an event's roles, entries linked to accounts,
claim links, requests to join),
:mod:`.events` (new event, overview, settings), :mod:`.participants`, :mod:`.entry`
(one entry corrected, deleted, merged),
:mod:`.rounds` (pairing, result entry, printable pairings and slips), :mod:`.tables` (standings,
crosstable), :mod:`.games` (a game and its record; the record viewer), :mod:`.board` (the board
component shared with live play), :mod:`.viewer` (records replayed for stepping),
:mod:`.ratings` (rating lists, a player's history, finalising an event), :mod:`.reports` (the
printed protocols and reports, HTML and PDF), :mod:`.lobby` (starting a game with a friend or
against the computer), :mod:`.casual_pages` (the games where it is your move, the way to a
rematch), :mod:`.live` (a live game: playing, watching, conducting; the
invitation), :mod:`.live_words` (the words of the live pages' script), :mod:`.room` (an event's
game room, the referee console, protests), :mod:`.protest_levels` (a protest's higher levels),
:mod:`.analysis` (the engine's review of a Toguz Korgool record), :mod:`.words` (the
sport's words as the pages show them),
:mod:`.rating_lists` (the federations' Go rating lists, loaded by administrators),
:mod:`.rating_search` (the participants page's search of the rating lists).
"""

from fastapi import APIRouter

from arbiter.server.web import (
    account,
    accounts,
    analysis,
    casual_pages,
    entry,
    events,
    games,
    home,
    live,
    lobby,
    participants,
    people,
    protest_levels,
    rating_lists,
    ratings,
    reports,
    room,
    rounds,
    tables,
)
from arbiter.server.web.page import PageRoute

router = APIRouter(route_class=PageRoute, include_in_schema=False)
# One entry's page comes before the participants, whose catch-all GET would take it.
# The reports come before the rounds and games: their catch-all GET addresses would take
# ``…/rounds/{n}/protocol`` and ``…/games/{t}/protocol``.
# The game room and the console come before the rounds, whose ``…/rounds/{n}/{action}`` would
# take ``…/rounds/{n}/console``.
for _module in (
    home,
    account,
    accounts,
    events,
    entry,
    participants,
    people,
    casual_pages,
    lobby,
    live,
    room,
    protest_levels,
    analysis,
    reports,
    rounds,
    games,
    tables,
    ratings,
    rating_lists,
):
    router.include_router(_module.router)

__all__ = ["router"]
