"""This process's live-play hub in the app: started and stopped with it (``app.state.play_hub``),
found by the routes of live play and of the game room.

Redis is used when ``ARBITER_REDIS_URL`` is set (``arbiter serve --redis URL`` sets it), with
channels prefixed by ``ARBITER_REDIS_PREFIX``; ``app.state.play_redis_url`` and
``play_redis_prefix`` override them (tests running several apps in one process);
``app.state.play_wall``, a function returning Unix time, replaces the hub's clock (tests that
play correspondence games a day per move).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, WebSocket

from arbiter.server.play.hub import Hub

__all__ = ["hub_of", "lifespan"]


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Start the app's hub, and stop it at the end."""
    state = app.state
    hub = Hub(
        state.runtime,
        redis_url=getattr(state, "play_redis_url", None) or os.environ.get("ARBITER_REDIS_URL"),
        redis_prefix=getattr(state, "play_redis_prefix", None)
        or os.environ.get("ARBITER_REDIS_PREFIX")
        or "arbiter",
        wall=getattr(state, "play_wall", None),
    )
    await hub.start()
    app.state.play_hub = hub
    try:
        yield
    finally:
        lobby = getattr(state, "play_lobby", None)
        if lobby is not None:
            await lobby.close()  # with Redis, this process's seeks go at once
        await hub.stop()


def hub_of(request: Request | WebSocket) -> Hub:
    """The live-play hub of the app (running in its lifespan)."""
    hub = getattr(request.app.state, "play_hub", None)
    if hub is None:
        raise RuntimeError("live play runs inside the app's lifespan (start the server)")
    assert isinstance(hub, Hub)
    return hub
