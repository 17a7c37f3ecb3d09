"""The games being played now, as the lobby lists them to watch (casual games and event games
alike), and one account's games for the player's page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, cast

from sqlalchemy import Table, Text, or_, select

from arbiter.clock import TimeControl, TimeControlError
from arbiter.clock.speed import speed_of
from arbiter.server.play.access import event_access
from arbiter.server.play.tables import LiveGame
from arbiter.server.runtime import Runtime
from arbiter.server.storage.models import EventRow

__all__ = ["LIVE_LIMIT", "ListedGame", "games_of_user", "live_games"]

LIVE_LIMIT: Final = 50
"""The most recent games the lobby lists."""
PLAYING: Final = ("playing", "marking", "paused")
"""The statuses of a game under way (``ready``: not started yet; ``over``: finished)."""

_GAMES = cast(Table, LiveGame.__table__)


@dataclass(frozen=True, slots=True)
class ListedGame:
    """A live game as a list shows it."""

    id: int
    kind: str
    size: int | None
    time_control: str
    speed: str | None
    white: str
    black: str
    status: str
    result: str | None
    event: str | None
    rated: bool
    colour: str | None = None
    """The colour the player of a player's page had (``games_of_user``)."""

    def to_json(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "id": self.id,
            "kind": self.kind,
            "size": self.size,
            "time_control": self.time_control,
            "speed": self.speed,
            "white": self.white,
            "black": self.black,
            "status": self.status,
            "result": self.result,
            "event": self.event,
            "rated": self.rated,
            "url": f"/play/games/{self.id}",
        }


def _names(settings: dict[str, Any], side: str) -> str:
    found = settings.get(side) or []
    if isinstance(found, list):
        return " & ".join(str(p.get("name") or "?") for p in found if isinstance(p, dict)) or "?"
    return "?"


def _listed(row: Any, event: str | None, colour: str | None = None) -> ListedGame:
    settings = row.settings or {}
    control = str(settings.get("time_control") or "")
    try:
        speed: str | None = speed_of(TimeControl.parse(control)) if control else None
    except TimeControlError:
        speed = None
    options = row.options or {}
    computer = bool(options.get("computer"))
    return ListedGame(
        id=row.id,
        kind=row.kind,
        size=int(settings.get("size", 19)) if row.kind == "go" else None,
        time_control=control,
        speed=speed,
        white=_names(settings, "white"),
        black=_names(settings, "black"),
        status=row.status,
        result=row.result,
        event=event,
        rated=row.event_id is None and not computer and options.get("rated", True) is not False,
        colour=colour,
    )


def _event_names(rt: Runtime, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    with rt.db.read() as session:
        rows = session.execute(select(EventRow.id, EventRow.name).where(EventRow.id.in_(ids)))
        return {int(i): str(n) for i, n in rows}


def live_games(rt: Runtime, limit: int = LIVE_LIMIT) -> list[ListedGame]:
    """The games under way, the newest first (at most ``limit``). Games of an event that is
    not public are left out: a spectator could not open them."""
    with rt.db.read() as session:
        rows = list(
            session.execute(
                select(_GAMES)
                .where(_GAMES.c.status.in_(PLAYING))
                .order_by(_GAMES.c.id.desc())
                .limit(limit * 2)
            )
        )
    events = _event_names(rt, {r.event_id for r in rows if r.event_id is not None})
    public = _public(rt, set(events))
    listed = [
        _listed(r, events.get(r.event_id) if r.event_id is not None else None)
        for r in rows
        if r.event_id is None or r.event_id in public
    ]
    return listed[:limit]


def _public(rt: Runtime, ids: set[int]) -> set[int]:
    """The events among ``ids`` a visitor may see."""
    return {i for i in ids if event_access(rt, i, None) is not None}


def games_of_user(rt: Runtime, user_id: int, limit: int = 100) -> list[ListedGame]:
    """The live games of an account (its seats), newest first; games of events that are not
    public are left out (a player's page is public)."""
    # Seats are JSON ({"white": {"token": …, "user_id": 5}, …}); both SQLite's and
    # PostgreSQL's text of it write ``"user_id": 5`` followed by ``}`` or ``,``.
    needle = f'"user_id": {int(user_id)}'
    text = _GAMES.c.seats.cast(Text())
    with rt.db.read() as session:
        rows = list(
            session.execute(
                select(_GAMES)
                .where(or_(text.like(f"%{needle}}}%"), text.like(f"%{needle},%")))
                .order_by(_GAMES.c.id.desc())
                .limit(limit)
            )
        )
    events = _event_names(rt, {r.event_id for r in rows if r.event_id is not None})
    public = _public(rt, set(events))
    found = []
    for r in rows:
        if r.event_id is not None and r.event_id not in public:
            continue  # an event a visitor may not see: not even its name
        colour = next(
            (s for s, info in (r.seats or {}).items() if (info or {}).get("user_id") == user_id),
            None,
        )
        if colour is None:
            continue  # the text matched something else
        found.append(_listed(r, events.get(r.event_id), colour.split(".")[0]))
    return found
