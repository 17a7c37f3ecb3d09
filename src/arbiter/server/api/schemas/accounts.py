"""Accounts: signing in, sessions and API tokens, new accounts, password changes."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from arbiter.server.api.schemas.common import Input, Output, Username

__all__ = [
    "LoginIn",
    "PasswordIn",
    "SessionOut",
    "SignupIn",
    "TokenCreated",
    "TokenIn",
    "TokenOut",
    "UserIn",
    "UserOut",
]

NewUsername = Annotated[str, Field(min_length=2, max_length=64)]
NewPassword = Annotated[str, Field(min_length=8, max_length=256)]
GivenPassword = Annotated[str, Field(min_length=1, max_length=1024)]
DisplayName = Annotated[str, Field(max_length=200)]


class UserOut(Output):
    """An account."""

    id: int
    username: str
    display_name: str
    is_admin: bool


class LoginIn(Input):
    """A sign-in."""

    username: Username
    password: GivenPassword


class SessionOut(BaseModel):
    """The signed-in account; ``csrf_token`` goes into the ``X-CSRF-Token`` header of changes
    made with the session cookie (``null`` with a bearer token)."""

    user: UserOut
    csrf_token: str | None = None


class TokenIn(Input):
    """A name for a new API token (to tell tokens apart)."""

    name: Annotated[str, Field(max_length=100)] = ""


class TokenCreated(BaseModel):
    """A new API token; ``access_token`` is shown only now."""

    access_token: str
    token_type: Literal["bearer"] = "bearer"
    id: int
    name: str
    expires_at: datetime


class TokenOut(Output):
    """An API token (never its secret)."""

    id: int
    name: str
    created_at: datetime
    expires_at: datetime
    last_used_at: datetime


class UserIn(Input):
    """A new account."""

    username: NewUsername
    password: NewPassword
    display_name: DisplayName = ""
    admin: bool = False


class SignupIn(Input):
    """Opening one's own account (as the server's registration mode allows)."""

    username: NewUsername
    password: NewPassword
    display_name: DisplayName = ""
    email: Annotated[str, Field(max_length=254)] = ""
    invitation: Annotated[str, Field(max_length=200)] = Field(
        "", description="the invitation link's token, where accounts are opened by invitation"
    )


class PasswordIn(Input):
    """A password change."""

    old_password: GivenPassword
    new_password: NewPassword
