"""The tables of online competitions: the rounds opened in an event's game room, the players'
check-ins, and protests with their decisions and appeals.

- ``room_rounds``: a round opened for online play: its start (Unix seconds), who opened it and
  when. The round's live games (``live_games``) are created when it is opened and started by
  the server at ``start_at``.
- ``room_checkins``: a participant reported present in the game room before the round (seed
  002 7.2.5): one row per entry and round, with the instant.
- ``protests``: a protest filed by a player of a game (seed 002 7.3.3), the referee's decision,
  and an appeal to the organising committee with its decision, kept with the game.

The tables join :class:`arbiter.server.storage.base.Base`'s metadata (migration ``0003``).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from arbiter.server.storage.base import Base


class RoomRound(Base):
    """A round opened in the game room (see the module)."""

    __tablename__ = "room_rounds"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    start_at: Mapped[float] = mapped_column(Float)
    opened_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CheckIn(Base):
    """A participant reported present before a round."""

    __tablename__ = "room_checkins"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    at: Mapped[float] = mapped_column(Float)


class Protest(Base):
    """A protest about a game, its decision and its appeal."""

    __tablename__ = "protests"
    __table_args__ = (Index("ix_protests_event_id", "event_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    board: Mapped[int | None] = mapped_column(Integer)
    side: Mapped[str] = mapped_column(String(8))
    text: Mapped[str] = mapped_column(Text)
    filed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    filed_at: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(16))
    decision: Mapped[str | None] = mapped_column(Text)
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    decided_at: Mapped[float | None] = mapped_column(Float)
    appeal: Mapped[str | None] = mapped_column(Text)
    appealed_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    appealed_at: Mapped[float | None] = mapped_column(Float)
    appeal_status: Mapped[str | None] = mapped_column(String(16))
    appeal_decision: Mapped[str | None] = mapped_column(Text)
    appeal_decided_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL")
    )
    appeal_decided_at: Mapped[float | None] = mapped_column(Float)
    # Seed 002 3.6–3.10: the appeal above is the chief referee's level; the appeals committee
    # is the next; a game played on "под протестом" is marked (3.10).
    during_game: Mapped[bool] = mapped_column(Boolean, default=False)
    under_protest: Mapped[bool] = mapped_column(Boolean, default=False)
    under_protest_at: Mapped[float | None] = mapped_column(Float)
    committee_appeal: Mapped[str | None] = mapped_column(Text)
    committee_appealed_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL")
    )
    committee_appealed_at: Mapped[float | None] = mapped_column(Float)
    committee_status: Mapped[str | None] = mapped_column(String(16))
    committee_decision: Mapped[str | None] = mapped_column(Text)
    committee_decided_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL")
    )
    committee_decided_at: Mapped[float | None] = mapped_column(Float)
