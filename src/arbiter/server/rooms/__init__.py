"""Online competitions (seed 002 section 7): an event's game room on top of live play.

- :mod:`.tables`: rounds opened for online play, check-ins, protests (migration ``0003``);
- :mod:`.services`: the room's services in one place — :mod:`.opening` (a round's live games,
  started by the server at the round start), :mod:`.checkin` (checking in before the round),
  :mod:`.view` and :mod:`.live` (the room as players, referees and spectators see it, with the
  referee's alerts), :mod:`.protests` (protests, decisions and appeals);
- :mod:`.routes`: the HTTP API (``/api/events/{id}/room/…``, ``/api/events/{id}/protests``).

``router`` (what :func:`arbiter.server.app.create_app` mounts) is imported on first use, so that
:mod:`.tables` can be imported by the schema (:mod:`arbiter.server.migrations`) without the
whole layer.
"""

from __future__ import annotations

from typing import Any

__all__ = ["router"]


def __getattr__(name: str) -> Any:
    if name == "router":
        from arbiter.server.rooms.routes import router

        return router
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
