"""Live play: games played on the server through a WebSocket protocol (docs/play-protocol.md).

- :mod:`.protocol`: the messages, their version and their checks;
- :mod:`.state`: a live game's state as the stream of its events builds it (pure);
- :mod:`.room`: one game in one process, its single writer; :mod:`.hub`: every room of the
  process, timers, the sweeper, heartbeats and recovery after a crash;
- :mod:`.store`: the game's settings and stream in the database (:mod:`.tables`);
- :mod:`.pubsub`: events fanned out in the process, or through Redis between processes;
- :mod:`.engines`: computer opponents; :mod:`.services`: creating live games (casual, against
  the computer, an event's round); :mod:`.routes`: the HTTP and WebSocket routes.

``router`` (what :func:`arbiter.server.app.create_app` mounts) is imported on first use, so
that :mod:`.tables` can be imported by the storage models without the whole layer.
"""

from __future__ import annotations

from typing import Any

__all__ = ["router"]


def __getattr__(name: str) -> Any:
    if name == "router":
        from arbiter.server.play.routes import router

        return router
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
