"""Who is who among rated players, and their stored ratings.

An event's entry is the rated player with the account linked to it, else its EGF PIN, else its
name; a casual game's seat the player with its account (:func:`identify`). Names are compared as
the events core compares entries (:func:`arbiter.events.participants.name_key`: case, spacing
and a comma after the surname ignored).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter.events.participants import name_key
from arbiter.events.ratings import Glicko2Rating
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer

GLICKO_DEFAULT = Glicko2Rating()


def identify(
    session: Session,
    name: str,
    *,
    pin: str = "",
    user_id: int | None = None,
    now: datetime,
) -> RatedPlayer:
    """The rated player an entry or a seat is: the one with the account, else the EGF PIN, else
    the same name (not linked to another account or PIN); a new one when none fits. What the
    entry adds (its account, its PIN) is kept."""
    found: RatedPlayer | None = None
    if user_id is not None:
        found = session.scalars(select(RatedPlayer).where(RatedPlayer.user_id == user_id)).first()
    if found is None and pin:
        found = session.scalars(
            select(RatedPlayer).where(RatedPlayer.egf_pin == pin).order_by(RatedPlayer.id)
        ).first()
    if found is None:
        for candidate in session.scalars(
            select(RatedPlayer)
            .where(RatedPlayer.name_key == name_key(name))
            .order_by(RatedPlayer.id)
        ):
            if user_id is not None and candidate.user_id not in (None, user_id):
                continue
            if pin and candidate.egf_pin not in (None, pin):
                continue
            found = candidate
            break
    if found is None:
        found = RatedPlayer(
            name=name, name_key=name_key(name), egf_pin=pin or None, user_id=user_id, created_at=now
        )
        session.add(found)
        session.flush()
        return found
    if user_id is not None and found.user_id is None:
        found.user_id = user_id
    if pin and found.egf_pin is None:
        found.egf_pin = pin
    return found


def locked_ratings(session: Session, system: str, ids: list[int]) -> dict[int, PlayerRating]:
    """The players' ratings on ``system``, locked for the update (in id order, so that two
    updates never wait for each other in a circle)."""
    if not ids:
        return {}
    rows = session.scalars(
        select(PlayerRating)
        .where(PlayerRating.system == system, PlayerRating.player_id.in_(ids))
        .order_by(PlayerRating.player_id)
        .with_for_update()
    )
    return {r.player_id: r for r in rows}


def store_rating(
    session: Session,
    player_id: int,
    system: str,
    row: PlayerRating | None,
    after: float,
    rd: float | None,
    volatility: float | None,
    games: int,
    now: datetime,
) -> PlayerRating:
    """Store a player's new rating on ``system`` (``row``: the one stored, if any), counting
    ``games`` more games."""
    if row is None:
        row = PlayerRating(
            player_id=player_id,
            system=system,
            rating=after,
            rd=rd,
            volatility=volatility,
            games=games,
            updated_at=now,
        )
        session.add(row)
        return row
    row.rating, row.rd, row.volatility = after, rd, volatility
    row.games += games
    row.updated_at = now
    return row


def glicko_of(row: PlayerRating | None) -> Glicko2Rating:
    """The Glicko-2 rating a stored row holds (a newcomer's default without one)."""
    if row is None:
        return GLICKO_DEFAULT
    return Glicko2Rating(row.rating, row.rd or GLICKO_DEFAULT.rd, row.volatility or 0.06)
