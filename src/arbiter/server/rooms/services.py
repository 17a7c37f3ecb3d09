"""The game room of an online competition (seed 002 section 7), in one place for the pages and
the API:

- :mod:`.opening`: a referee opens a paired and published round with its start time; its live
  games are created at once and the server starts them then;
- :mod:`.checkin`: players report present before the start (seed 002 7.2.5);
- :mod:`.view` and :mod:`.live`: the room as players, referees and spectators see it, with the
  live games' summaries and the referee's alerts;
- :mod:`.protests`: protests, the referee's and the chief referee's decisions (seed 002 3.6–3.7,
  7.3.3); :mod:`.levels`: the game played on under protest, the appeals committee (3.8–3.10).

Every function takes the runtime (or the live-play hub), the acting user and ``now`` (Unix
seconds, the wall clock by default), runs in its own transactions, and raises the services'
:class:`~arbiter.server.services.errors.ServiceError`.
"""

from __future__ import annotations

from arbiter.server.rooms.checkin import CHECK_IN_BEFORE, Present, check_in
from arbiter.server.rooms.levels import (
    appeal_to_committee,
    decide_committee,
    mark_under_protest,
    protocol_lines,
)
from arbiter.server.rooms.live import WAIT_ALERT, alerts, live_summary
from arbiter.server.rooms.opening import LAST_START, Opened, open_round
from arbiter.server.rooms.protests import (
    MAX_PROTEST,
    ProtestView,
    appeal_protest,
    decide_appeal,
    decide_protest,
    file_protest,
    protests_of,
)
from arbiter.server.rooms.view import RoomGame, RoomView, room_view

__all__ = [
    "CHECK_IN_BEFORE",
    "LAST_START",
    "MAX_PROTEST",
    "WAIT_ALERT",
    "Opened",
    "Present",
    "ProtestView",
    "RoomGame",
    "RoomView",
    "alerts",
    "appeal_protest",
    "appeal_to_committee",
    "check_in",
    "decide_appeal",
    "decide_committee",
    "decide_protest",
    "file_protest",
    "live_summary",
    "mark_under_protest",
    "open_round",
    "protests_of",
    "protocol_lines",
    "room_view",
]
