"""The API's request and response bodies (pydantic), one module per resource, and how service
values become them: :mod:`.accounts`, :mod:`.events` (with settings and roles),
:mod:`.participants`, :mod:`.rounds`, :mod:`.games` (results and records), :mod:`.standings`;
:mod:`.errors` (the error answer) and :mod:`.common` (bounded numbers and texts, the base
bodies).

Requests refuse unknown fields (422). Numbers that name things (ids, rounds, tables) are
bounded so that no value reaches the database that it cannot hold.

Every name is also importable from this package, where the routers of live play and the game
rooms take :func:`~arbiter.server.api.schemas.errors.error_responses` from.
"""

from arbiter.server.api.schemas import (
    accounts,
    common,
    errors,
    events,
    games,
    links,
    participants,
    rounds,
    standings,
)
from arbiter.server.api.schemas.accounts import *  # noqa: F403
from arbiter.server.api.schemas.common import *  # noqa: F403
from arbiter.server.api.schemas.errors import *  # noqa: F403
from arbiter.server.api.schemas.events import *  # noqa: F403
from arbiter.server.api.schemas.games import *  # noqa: F403
from arbiter.server.api.schemas.links import *  # noqa: F403
from arbiter.server.api.schemas.participants import *  # noqa: F403
from arbiter.server.api.schemas.rounds import *  # noqa: F403
from arbiter.server.api.schemas.standings import *  # noqa: F403

__all__ = [
    *accounts.__all__,
    *common.__all__,
    *errors.__all__,
    *events.__all__,
    *games.__all__,
    *links.__all__,
    *participants.__all__,
    *rounds.__all__,
    *standings.__all__,
]
