"""The JSON API under ``/api``: one router per resource, documented by OpenAPI at ``/docs``."""

from fastapi import APIRouter

from arbiter.server.api import (
    auth,
    events,
    exports,
    participants,
    ratings,
    results,
    rounds,
    standings,
    users,
)

router = APIRouter(prefix="/api")
for module in (auth, users, events, participants, rounds, results, standings, exports, ratings):
    router.include_router(module.router)

__all__ = ["router"]
