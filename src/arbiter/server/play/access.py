"""Who may see a live game, and who a connection is: the seat of a seat token or of the
account, a referee of the game's event, or a spectator."""

from __future__ import annotations

import asyncio

from arbiter.server.auth.roles import Permission
from arbiter.server.play.seats import hash_token
from arbiter.server.play.store import GameRow
from arbiter.server.play.viewer import Viewer
from arbiter.server.runtime import Runtime
from arbiter.server.services.access import access_for
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.storage import events as event_store

__all__ = ["event_access", "identify"]


def event_access(rt: Runtime, event_id: int, user: CurrentUser | None) -> str | None:
    """``"referee"`` (may conduct the event's games), ``"spectator"`` (may watch), or
    ``None`` (may not see the event)."""
    with rt.db.read() as session:
        row = event_store.fetch(session, event_id)
        if row is None:
            return None
        access = access_for(session, row, user)
        if access.can(Permission.RECORD_RESULT):
            return "referee"
        return "spectator" if access.visible else None


async def identify(
    rt: Runtime, row: GameRow, token: str | None, user: CurrentUser | None
) -> Viewer | None:
    """Who the connection is: the seat of a seat token or of the account, a referee of the
    game's event, or a spectator; ``None`` when the game is not theirs to see."""
    if token:
        digest = hash_token(token)
        for seat, info in row.seats.items():
            if info.get("token") == digest:
                return Viewer("player", seat, user)
        return None
    if user is not None:
        for seat, info in row.seats.items():
            if info.get("user_id") == user.id:
                return Viewer("player", seat, user)
    if row.event_id is None:
        return Viewer("spectator", None, user)
    access = await asyncio.to_thread(event_access, rt, row.event_id, user)
    if access is None:
        return None
    if access == "referee":
        return Viewer("referee", None, user)
    return Viewer("spectator", None, user)
