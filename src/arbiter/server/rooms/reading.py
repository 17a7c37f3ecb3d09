"""What the game room's services look up first: the instant they act at, a round of the event,
the names of accounts."""

from __future__ import annotations

import time

from sqlalchemy import select

from arbiter.errors import ArbiterError
from arbiter.events.rounds import Round
from arbiter.server.runtime import Runtime
from arbiter.server.services.errors import NotFound
from arbiter.server.services.state import EventState
from arbiter.server.storage.models import User

__all__ = ["account_names", "now_or_wall", "round_of"]


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
