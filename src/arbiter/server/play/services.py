"""Creating live games, in one place for the pages and the API: games outside events
(:mod:`.casual`: with an invitation link, against the computer), the live games of an event's
round (:mod:`.round_games`), and who may see an event's games (:mod:`.access`).

Like the server's other services, these take the runtime (here through the
:class:`~arbiter.server.play.hub.Hub`) and the acting user, and raise
:class:`~arbiter.server.services.errors.ServiceError`.
"""

from __future__ import annotations

from arbiter.server.play.access import event_access
from arbiter.server.play.casual import (
    Created,
    GameSpec,
    create_casual,
    create_computer,
    join_casual,
)
from arbiter.server.play.round_games import create_round_games, event_game_settings

__all__ = [
    "Created",
    "GameSpec",
    "create_casual",
    "create_computer",
    "create_round_games",
    "event_access",
    "event_game_settings",
    "join_casual",
]
