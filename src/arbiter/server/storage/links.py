"""The tables of accounts' links and entries' requests: one-use links (an invitation to sign
up, a password reset, a claim of an entry), players' requests to join an event, and an event's
self-registration window.

A link is a random secret given once, of which the database keeps only the SHA-256, as for
sessions. It is used once (``used_at``) and no later than ``expires_at``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from arbiter.server.storage.base import Base, Json

__all__ = ["LINK_KINDS", "REQUEST_STATES", "AccountLink", "EventRegistration", "JoinRequest"]

LINK_KINDS = ("invite", "reset", "claim")
"""``invite``: sign up while registration is by invitation; ``reset``: set a new password for
``user_id``; ``claim``: link the signed-in account to entry ``player_no`` of ``event_id``."""
REQUEST_STATES = ("pending", "confirmed", "refused")


class AccountLink(Base):
    """A one-use link (see :data:`LINK_KINDS`)."""

    __tablename__ = "account_links"
    __table_args__ = (
        CheckConstraint("kind IN ('invite', 'reset', 'claim')", name="kind"),
        Index("ix_account_links_event_id", "event_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(8))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    event_id: Mapped[int | None] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    player_no: Mapped[int | None] = mapped_column(Integer)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class EventRegistration(Base):
    """Whether signed-in players may ask to join an event, and until when."""

    __tablename__ = "event_registrations"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    open: Mapped[bool] = mapped_column(Boolean, default=False)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class JoinRequest(Base):
    """A signed-in player's request to be entered in an event, with the entry asked for."""

    __tablename__ = "join_requests"
    __table_args__ = (
        CheckConstraint("state IN ('pending', 'confirmed', 'refused')", name="state"),
        UniqueConstraint("event_id", "user_id", name="one_per_player"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    entry: Mapped[dict[str, str]] = mapped_column(Json)
    state: Mapped[str] = mapped_column(String(10), default="pending")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    player_no: Mapped[int | None] = mapped_column(Integer)
