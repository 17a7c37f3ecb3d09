"""The rating tables: rated players, their ratings per list, the history, the rated events.

- ``rated_players``: a person on the rating lists. Recognised in an event by the account
  linked to their entry (``user_id``), else the EGF PIN (``egf_pin``), else the name as written
  (``name_key``: case and spacing ignored); in a casual game by the account.
- ``player_ratings``: one rating per player and list (``system``: ``egf`` for Go,
  ``toguz-bullet``, ``toguz-blitz``, ``toguz-rapid``, ``toguz-classical`` for Toguz Korgool):
  the rating, and for Glicko-2 its deviation (``rd``) and ``volatility``; ``games`` rated so
  far.
- ``rating_history``: one row per player and rating update — an event (``event_id``, kept
  ``NULL`` when the event is deleted; ``label`` keeps its name; ``entry_no`` the player's
  number in it) or a casual game
  (``live_id``; unique per player, so a game is rated once) — with the date played and the
  rating before and after.
- ``rated_events``: an event rated once (its key refuses a second finalisation), with when, by
  whom, the list and the class.

The tables join :class:`arbiter.server.storage.base.Base`'s metadata, so the migrations and
the models are compared as one schema.
"""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from arbiter.server.storage.base import Base

#: The rating lists.
SYSTEMS = ("egf", "toguz-bullet", "toguz-blitz", "toguz-rapid", "toguz-classical")
SOURCES = ("event", "casual")


def _in(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{v}'" for v in values)


class RatedPlayer(Base):
    """A person on the rating lists."""

    __tablename__ = "rated_players"
    __table_args__ = (
        Index("ix_rated_players_name_key", "name_key"),
        Index("ix_rated_players_egf_pin", "egf_pin"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(400))
    name_key: Mapped[str] = mapped_column(String(400))
    egf_pin: Mapped[str | None] = mapped_column(String(16))
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), unique=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerRating(Base):
    """A player's current rating on one list."""

    __tablename__ = "player_ratings"
    __table_args__ = (
        CheckConstraint(f"system IN ({_in(SYSTEMS)})", name="system"),
        Index("ix_player_ratings_system_rating", "system", "rating"),
    )

    player_id: Mapped[int] = mapped_column(
        ForeignKey("rated_players.id", ondelete="CASCADE"), primary_key=True
    )
    system: Mapped[str] = mapped_column(String(24), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float | None] = mapped_column(Float)
    volatility: Mapped[float | None] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingHistory(Base):
    """One rating update of one player: an event or a casual game."""

    __tablename__ = "rating_history"
    __table_args__ = (
        CheckConstraint(f"source IN ({_in(SOURCES)})", name="source"),
        CheckConstraint(
            "(source = 'event') = (live_id IS NULL)",
            name="live_id",
        ),
        UniqueConstraint("live_id", "player_id", name="uq_rating_history_live"),
        Index("ix_rating_history_player_id", "player_id", "system"),
        Index("ix_rating_history_event_id", "event_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("rated_players.id", ondelete="CASCADE"))
    system: Mapped[str] = mapped_column(String(24))
    source: Mapped[str] = mapped_column(String(8))
    event_id: Mapped[int | None] = mapped_column(ForeignKey("events.id", ondelete="SET NULL"))
    live_id: Mapped[int | None] = mapped_column(Integer)
    entry_no: Mapped[int | None] = mapped_column(Integer)
    label: Mapped[str] = mapped_column(String(400), default="")
    played_on: Mapped[date] = mapped_column(Date)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    rd_before: Mapped[float | None] = mapped_column(Float)
    rd_after: Mapped[float | None] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatedEvent(Base):
    """An event that was rated: once, by whom and when, in which list and class."""

    __tablename__ = "rated_events"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    system: Mapped[str] = mapped_column(String(24))
    cls: Mapped[str] = mapped_column(String(12))
    players: Mapped[int] = mapped_column(Integer)
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
