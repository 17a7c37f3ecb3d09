"""The JSON API under ``/api``: one router per resource, documented by OpenAPI at ``/docs``."""

from fastapi import APIRouter

from arbiter.server.api import (
    accounts_admin,
    auth,
    claims,
    corrections,
    events,
    exports,
    participants,
    rating_lists,
    ratings,
    results,
    rounds,
    standings,
    users,
)

router = APIRouter(prefix="/api")
for module in (
    auth,
    accounts_admin,
    users,
    events,
    participants,
    claims,
    corrections,
    rounds,
    results,
    standings,
    exports,
    ratings,
    rating_lists,
):
    router.include_router(module.router)

__all__ = ["router"]
