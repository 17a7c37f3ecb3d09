"""Live play: games played on the server through a WebSocket protocol (docs/play-protocol.md).

- :mod:`.protocol`: the messages a client sends, their version and their checks;
  :mod:`.refused`: what the game refuses, with the protocol's reason words;
- :mod:`.state`: a live game's state as the stream of its events builds it (pure), with
  :mod:`.seats` (who sits where), :mod:`.snapshot` (what clients see), :mod:`.chat` (who
  writes to whom, who reads what) and :mod:`.postponement`;
- :mod:`.room`: one game in one process, its single writer (building events on the state:
  :mod:`.builder`); :mod:`.connection` (a client's outgoing queue), :mod:`.render` (events as
  sent), :mod:`.requests` (what clients ask of the game), :mod:`.viewer` (who is connected);
- :mod:`.hub`: every room of the process, timers, the sweeper, heartbeats, with
  :mod:`.recovery` after a crash, :mod:`.results` (results reaching events) and
  :mod:`.collector` (garbage collection);
- :mod:`.store`: the game's settings and stream in the database (:mod:`.tables`, the SQLite
  hot path in :mod:`.sqlite_append`); :mod:`.pubsub`: events fanned out in the process, or
  through Redis between processes (:mod:`.redis_listener`: the listening loop it shares with
  the lobby's :mod:`.lobby_redis`, and what a Redis outage logs);
- :mod:`.engines`: computer opponents;
- :mod:`.services`: creating live games (:mod:`.casual`: with a friend, against the computer;
  :mod:`.round_games`: an event's round; :mod:`.access`: who may see them);
- :mod:`.routes`: the HTTP routes, :mod:`.ws` the WebSocket, :mod:`.lifespan` the hub in the
  app; :mod:`.client`: a Python client.

``router`` (what :func:`arbiter.server.app.create_app` mounts) is imported on first use, so
that :mod:`.tables` can be imported by the schema (:mod:`arbiter.server.migrations`) without
the whole layer.
"""

from __future__ import annotations

from typing import Any

__all__ = ["router"]


def __getattr__(name: str) -> Any:
    if name == "router":
        from arbiter.server.play.routes import router

        return router
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
