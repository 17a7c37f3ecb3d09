"""Who is on a live game's connection: a player at a seat, a referee, or a spectator."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbiter.match import Actor
from arbiter.server.play.seats import actor_of_seat
from arbiter.server.services.accounts import CurrentUser

__all__ = ["Viewer"]


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is on a connection: a ``player`` at ``seat``, a ``referee`` or a ``spectator``.

    >>> Viewer("player", "black.man").key, Viewer("referee").key
    ('black.man', 'referee')
    """

    kind: str
    seat: str | None = None
    user: CurrentUser | None = None

    @property
    def key(self) -> str:
        """``referee``, ``spectator`` or the seat (for chat visibility)."""
        return self.seat if self.kind == "player" and self.seat else self.kind

    @property
    def actor(self) -> Actor | None:
        """The match actor this viewer acts as (``None`` for spectators)."""
        if self.kind == "player" and self.seat:
            return actor_of_seat(self.seat)
        if self.kind == "referee":
            return Actor.referee(self.user.username if self.user else "")
        return None

    @property
    def user_id(self) -> int | None:
        """The viewer's account (``None`` when not signed in)."""
        return self.user.id if self.user else None

    @property
    def seat_played(self) -> str | None:
        """The seat of a player (``None`` for referees and spectators)."""
        return self.seat if self.kind == "player" else None

    def to_json(self) -> dict[str, Any]:
        """``{"role": …, "seat": …, "name": …}``."""
        return {
            "role": self.kind,
            "seat": self.seat,
            "name": None if self.user is None else (self.user.display_name or self.user.username),
        }
