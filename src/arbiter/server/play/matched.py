"""Games the lobby pairs (an accepted seek, two players of the quick-pairing queue): both
seats belong to accounts from the start, so each player's page of the game finds its seat by
the account and no invitation is needed; and the rating each player is compared by.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import select

from arbiter.clock import TimeControl
from arbiter.events.ratings import speed_class
from arbiter.server.play.casual import GameSpec
from arbiter.server.play.hub import Hub
from arbiter.server.play.seeks import SeekSpec
from arbiter.server.play.state import Options
from arbiter.server.runtime import Runtime
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer

__all__ = ["NEWCOMER", "PROVISIONAL_RD", "Player", "create_paired", "lobby_rating", "rating_list"]

NEWCOMER = 1500.0
"""The rating a player without one on the list is compared by (Glicko-2's start)."""
PROVISIONAL_RD = 110.0
"""A Glicko-2 rating whose deviation is above this is provisional (shown with a "?")."""


@dataclass(frozen=True, slots=True)
class Player:
    """A player the lobby pairs: the account and the name on the game."""

    user_id: int
    name: str


def rating_list(spec: SeekSpec) -> str:
    """The rating list a game of ``spec`` counts in: the EGF list for Go, the Toguz Korgool
    list of its speed class (``toguz-blitz``, …)."""
    if spec.game == "go":
        return "egf"
    return f"toguz-{speed_class(TimeControl.parse(spec.time_control))}"


def lobby_rating(rt: Runtime, user_id: int, spec: SeekSpec) -> tuple[float, bool]:
    """The rating of account ``user_id`` on the list a game of ``spec`` counts in, and whether
    it is provisional (no rating yet: :data:`NEWCOMER`)."""
    with rt.db.read() as session:
        row = session.execute(
            select(PlayerRating.rating, PlayerRating.rd)
            .join(RatedPlayer, RatedPlayer.id == PlayerRating.player_id)
            .where(RatedPlayer.user_id == user_id, PlayerRating.system == rating_list(spec))
        ).first()
    if row is None:
        return NEWCOMER, True
    rating, rd = row
    return float(rating), rd is not None and rd > PROVISIONAL_RD


def create_paired(hub: Hub, spec: SeekSpec, white: Player, black: Player, *, origin: str) -> int:
    """A new game between two accounts, ``white`` and ``black`` seated (``origin``: ``seek``
    or ``quick``, kept in its options); its id. A casual game (``rated`` false) is not rated
    when it ends."""
    settings = GameSpec(game=spec.game, time_control=spec.time_control, size=spec.size).settings(
        {"white": white.name, "black": black.name}
    )
    options = {
        **Options(casual=True).to_json(),
        "rated": spec.rated,
        "lobby": origin,
    }
    # A seat token nobody holds keeps the seat's shape; the account is what finds the seat.
    seats = {
        side: {"token": secrets.token_hex(16), "user_id": who.user_id}
        for side, who in (("white", white), ("black", black))
    }
    return hub.store.create(
        kind=settings.kind,
        settings=settings.to_json(),
        options=options,
        seats=seats,
        epoch=hub.wall(),
        due_at=None,
        created_by=white.user_id,
    )
