"""Accounts, for site administrators."""

from __future__ import annotations

from fastapi import APIRouter

from arbiter.server.api import schemas
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import accounts

router = APIRouter(prefix="/users", tags=["accounts"])


@router.get("", response_model=list[schemas.UserOut], responses=schemas.error_responses(401, 403))
def list_users(user: UserDep, rt: RuntimeDep) -> list[schemas.UserOut]:
    """Every account (administrators only)."""
    return [schemas.UserOut.of(u) for u in accounts.list_users(rt, user)]


@router.post(
    "",
    response_model=schemas.UserOut,
    status_code=201,
    responses=schemas.error_responses(401, 403, 409, 422),
)
def create_user(body: schemas.UserIn, user: UserDep, rt: RuntimeDep) -> schemas.UserOut:
    """Open an account (administrators only); ``admin`` makes a site administrator."""
    accounts.require_admin(user)
    created = accounts.create_user(
        rt, body.username, body.password, display_name=body.display_name, admin=body.admin
    )
    return schemas.UserOut.of(created)
