"""Accounts without a terminal: sign-up mode, invitations, disabling, reset links; an entry's
claim link, self-registration and requests to join."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from arbiter.server.api.schemas.common import Input, Output, Username

__all__ = [
    "AccountOut",
    "ActiveIn",
    "ClaimIn",
    "ClaimedOut",
    "DecisionIn",
    "JoinRequestOut",
    "LinkIn",
    "LinkOut",
    "LinkedEntryIn",
    "RegistrationIn",
    "RegistrationOut",
    "ResetIn",
    "WindowIn",
    "WindowOut",
]

Days = Annotated[int, Field(ge=1, le=90)]
Secret = Annotated[str, Field(min_length=1, max_length=200)]


class RegistrationOut(BaseModel):
    """Who may open an account: ``open``, ``invite`` or ``closed``."""

    registration: Literal["open", "invite", "closed"]


class RegistrationIn(Input):
    """The registration mode an administrator chooses."""

    registration: Literal["open", "invite", "closed"]


class AccountOut(Output):
    """An account as the administrators see it."""

    id: int
    username: str
    display_name: str
    email: str
    is_admin: bool
    is_active: bool
    created_at: datetime


class ActiveIn(Input):
    """Disable (``false``) or enable an account."""

    active: bool


class LinkIn(Input):
    """A new one-use link: how many days it lasts (the kind's default when absent)."""

    days: Days | None = None


class LinkOut(BaseModel):
    """A new link: ``url`` (with its secret, shown only now) to hand over."""

    id: int
    kind: str
    url: str
    token: str
    expires_at: datetime


class ResetIn(Input):
    """A new password set with a reset link."""

    token: Secret
    password: Annotated[str, Field(min_length=8, max_length=256)]


class ClaimIn(Input):
    """A claim link's secret."""

    token: Secret


class ClaimedOut(BaseModel):
    """The entry the account is now linked to."""

    event_id: int
    player_no: int


class LinkedEntryIn(Input):
    """The account to link an entry to."""

    username: Username


class WindowIn(Input):
    """Open or close self-registration (``deadline``: requests end then)."""

    open: bool
    deadline: datetime | None = None


class WindowOut(Output):
    """An event's self-registration."""

    open: bool
    deadline: datetime | None


class JoinRequestOut(Output):
    """A player's request to join (``player_no`` once confirmed)."""

    id: int
    username: str
    display_name: str
    entry: dict[str, str]
    state: str
    created_at: datetime
    player_no: int | None


class DecisionIn(Input):
    """Confirm (``true``) or refuse a request; ``force`` enters a likely duplicate."""

    confirm: bool
    force: bool = False
