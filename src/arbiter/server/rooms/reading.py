"""What the game room's services look up first: the instant they act at, a round of the event,
the names of accounts."""

from __future__ import annotations

import time

from sqlalchemy import select

from arbiter.errors import ArbiterError
from arbiter.events.rounds import Round
from arbiter.server.runtime import Runtime
from arbiter.server.services.access import Access
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Forbidden, NotFound, Unauthenticated
from arbiter.server.services.state import EventState
from arbiter.server.storage.models import User

__all__ = ["account_names", "now_or_wall", "require_role", "round_of"]


def now_or_wall(now: float | None) -> float:
    """``now``, or the wall clock when ``None`` (tests pass their instant)."""
    return time.time() if now is None else now


def round_of(state: EventState, number: int) -> Round:
    """Round ``number`` of the event; :class:`NotFound` when it has none."""
    try:
        return state.event.round(number)
    except ArbiterError:
        raise NotFound(f"no round {number} in event {state.id}") from None


def account_names(rt: Runtime, ids: set[int | None]) -> dict[int, str]:
    """The shown name of each account (the display name, else the user name)."""
    wanted = sorted(i for i in ids if i is not None)
    if not wanted:
        return {}
    with rt.db.read() as session:
        users = session.scalars(select(User).where(User.id.in_(wanted)))
        return {u.id: u.display_name or u.username for u in users}


_ROLE_NAMES = {"chief-referee": "the chief referee", "committee": "an appeals committee member"}


def require_role(access: Access, role: str, what: str) -> CurrentUser:
    """The caller if they hold ``role`` in the event (or are a site administrator): a protest's
    levels are people named to them (seed 002 3.6), not whoever holds the most permissions;
    401 anonymous, 404 the event not visible, 403 otherwise."""
    if access.user is None:
        raise Unauthenticated(f"sign in for {what}")
    access.require_visible()
    if role not in access.roles and not access.is_admin:
        raise Forbidden(f"{what} is for {_ROLE_NAMES.get(role, role)} of this event")
    return access.user
