"""The layer between HTTP (the API, the web pages) and the events core.

Every service takes the :class:`~arbiter.server.runtime.Runtime` and the acting account
(:class:`~arbiter.server.services.accounts.CurrentUser`, ``None`` when anonymous), runs in one
transaction (load the event, apply an operation of :mod:`arbiter.events`, store it with its
versions) and returns plain values (:class:`~arbiter.server.services.state.EventState`, ...).
It raises a :class:`~arbiter.server.services.errors.ServiceError` whose ``status`` is the HTTP
answer: the API turns it into JSON, a page into a message.

Modules: :mod:`.accounts` (accounts, sign-in, sessions, tokens), :mod:`.roles`, :mod:`.events`
(create, import, list, settings, publish, delete), :mod:`.entries` (players, pairs, teams,
files, withdrawals), :mod:`.rounds` (pair, explain, edit, unpair, publish, line-ups, warnings),
:mod:`.results`, :mod:`.reports` (rounds, games, standings, crosstable, a player's games),
:mod:`.records` (game records, archives, the action log), :mod:`.exports`.
"""

from arbiter.server.services import errors
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import *  # noqa: F403  (the refusals, for short)
from arbiter.server.services.state import EventState, GameState, RoundState

__all__ = [*errors.__all__, "CurrentUser", "EventState", "GameState", "RoundState"]
