"""The live-play tables: live games, their event streams, and the server processes alive.

- ``live_games``: one row per game played live on the server, in an event (``game_id`` links
  the event's ``games`` row) or outside one (a casual game, a game against the computer).
  ``settings`` is the :class:`arbiter.match.MatchSettings` JSON, ``options`` the live options
  (reconnection window, lag cap, computer seat, scheduled start), ``epoch`` the wall-clock
  instant (Unix seconds) that is ``t = 0`` of the match's time scale. ``last_seq``,
  ``status``, ``result`` and ``due_at`` summarise the stream for queries: ``due_at`` is the
  wall-clock instant at which the server must next act on its own (a flag, the round start, a
  reconnection window ending), so that any process can find the games that need it.
- ``live_events``: the game's append-only stream, one row per event (``seq`` 0, 1, 2, …):
  match actions (``kind = 'action'``, the match layer's log entry), chat, presence,
  postponements. The key ``(live_id, seq)`` lets only one writer store event *n*.
- ``live_processes``: every server process writes its heartbeat here; a process whose
  heartbeat is old is dead (its connections are gone).

The tables join :class:`arbiter.server.storage.base.Base`'s metadata, so the migrations and
the models are compared as one schema.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from arbiter.server.storage.base import Base, Json


class LiveGame(Base):
    """A game played live on the server (see the module)."""

    __tablename__ = "live_games"
    __table_args__ = (
        Index("ix_live_games_due_at", "due_at"),
        Index("ix_live_games_event_id", "event_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int | None] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), unique=True
    )
    kind: Mapped[str] = mapped_column(String(8))
    settings: Mapped[dict[str, Any]] = mapped_column(Json)
    options: Mapped[dict[str, Any]] = mapped_column(Json)
    seats: Mapped[dict[str, Any]] = mapped_column(Json)
    invite_hash: Mapped[str | None] = mapped_column(String(64))
    epoch: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(24))
    result: Mapped[str | None] = mapped_column(String(64))
    last_seq: Mapped[int] = mapped_column(Integer)
    due_at: Mapped[float | None] = mapped_column(Float)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LiveEvent(Base):
    """One event of a live game's stream."""

    __tablename__ = "live_events"

    live_id: Mapped[int] = mapped_column(
        ForeignKey("live_games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Float)
    data: Mapped[dict[str, Any]] = mapped_column(Json)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class LiveProcess(Base):
    """A server process and its last heartbeat (Unix seconds)."""

    __tablename__ = "live_processes"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    started_at: Mapped[float] = mapped_column(Float)
    alive_at: Mapped[float] = mapped_column(Float)
