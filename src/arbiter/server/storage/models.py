"""The database tables (SQLAlchemy 2), one class per table.

One source of truth per fact (see docs/server.md, "Storage"):

- ``events.document`` is the event document of the events core (schema 1) **without results**:
  every game's ``result`` is ``null`` and ``extra`` empty there. Pairings, entries, settings,
  line-ups and warnings live only in the document.
- ``games`` rows hold each game's ``result`` and ``extra`` games with the game's own
  ``version``: the only place results are stored, so referees write results of different games
  without touching the same row. A row's pairing columns (``black``, ``white``) are a copy of the
  document's, written with it in one transaction, for queries; loading an event checks that the
  document and the rows name the same games.
- ``rounds`` rows hold what the document does not: the round's ``version`` (which guards pairing
  and editing) and whether it is published.
- ``participants`` rows are a copy of the document's entries (number, name, withdrawal) for
  queries, rewritten with the document.
- ``event_roles`` link accounts to events: organiser, chief referee, referee, spectator, and
  player (with the player's number in the event).
- ``game_records`` keeps one record per game (SGF, the JSON game record, ...); ``game_actions``
  is the append-only action log of a game played on the server (the match layer's log entries).

A game without a board (individual and pair events) has ``board = 0`` in its row: a unique
constraint would not hold with ``NULL`` boards.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from arbiter.server.storage.base import NAMING, Base, Json

__all__ = [
    "NAMING",
    "ROLES",
    "SESSION_KINDS",
    "AuthSession",
    "Base",
    "EventRole",
    "EventRow",
    "GameAction",
    "GameRecord",
    "GameRow",
    "Json",
    "ParticipantRow",
    "RoundRow",
    "ServerState",
    "SignInCount",
    "User",
]

ROLES = ("organiser", "chief-referee", "referee", "player", "spectator")
SESSION_KINDS = ("cookie", "token")


def _role_list() -> str:
    return ", ".join(f"'{r}'" for r in ROLES)


class User(Base):
    """An account. ``username_key`` is the lower-cased name, unique, so that ``Ivanov`` and
    ``ivanov`` cannot both exist."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(64))
    username_key: Mapped[str] = mapped_column(String(64), unique=True)
    display_name: Mapped[str] = mapped_column(String(200), default="")
    email: Mapped[str] = mapped_column(String(254), default="", server_default="")
    password_hash: Mapped[str] = mapped_column(String(255))
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AuthSession(Base):
    """A browser session (``cookie``) or an API token (``token``); only the SHA-256 of the
    secret is stored."""

    __tablename__ = "auth_sessions"
    __table_args__ = (
        CheckConstraint("kind IN ('cookie', 'token')", name="kind"),
        Index("ix_auth_sessions_user_id", "user_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(100), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_used_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ServerState(Base):
    """Facts about this server's database: the generated secret key, whether the demo events
    were loaded."""

    __tablename__ = "server_state"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class EventRow(Base):
    """An event: its document (without results), its structure ``version`` and publication.

    ``version`` grows with every change of the document (entries, settings, pairings, line-ups,
    warnings); results do not change it. ``name``, ``game``, ``system`` and ``discipline`` repeat
    the document's for listings.
    """

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    game: Mapped[str] = mapped_column(String(8))
    system: Mapped[str] = mapped_column(String(24))
    discipline: Mapped[str] = mapped_column(String(12))
    # Deferred: listings and locks need the row, not its document, and loading an event
    # parses the document only when its version is not kept (storage/event_cache.py).
    document: Mapped[dict[str, Any]] = mapped_column(Json, deferred=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRole(Base):
    """A user's role in an event; a ``player`` role names the player's number in the event."""

    __tablename__ = "event_roles"
    __table_args__ = (
        UniqueConstraint("event_id", "user_id", "role", name="uq_event_roles_user_role"),
        UniqueConstraint("event_id", "role", "player_no", name="uq_event_roles_player"),
        CheckConstraint(f"role IN ({_role_list()})", name="role"),
        CheckConstraint("(role = 'player') = (player_no IS NOT NULL)", name="player_no"),
        Index("ix_event_roles_user_id", "user_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    role: Mapped[str] = mapped_column(String(16))
    player_no: Mapped[int | None] = mapped_column(Integer)


class ParticipantRow(Base):
    """An entry of an event (player, pair or team) as the document has it, for queries."""

    __tablename__ = "participants"
    __table_args__ = (
        UniqueConstraint("event_id", "kind", "no", name="uq_participants_entry"),
        CheckConstraint("kind IN ('player', 'pair', 'team')", name="kind"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(6))
    no: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(400))
    withdrawn: Mapped[int | None] = mapped_column(Integer)


class RoundRow(Base):
    """A paired round: its ``version`` (pairing, editing, publishing) and publication."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("event_id", "number", name="uq_rounds_event_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=1)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    paired_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameRow(Base):
    """A game of a round: the result with its own ``version`` (``board`` 0: no board)."""

    __tablename__ = "games"
    __table_args__ = (
        UniqueConstraint("event_id", "round", "table_no", "board", name="uq_games_key"),
        Index("ix_games_round_id", "round_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer, default=0)
    black: Mapped[int] = mapped_column(Integer)
    white: Mapped[int] = mapped_column(Integer)
    result: Mapped[str | None] = mapped_column(String(64))
    extra: Mapped[list[str]] = mapped_column(Json, default=list)
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class GameRecord(Base):
    """The record of a game: ``format`` ``sgf`` (Go), ``arbiter-game`` (the Toguz Korgool JSON
    game record) or ``toguz-text`` (the federation's notation)."""

    __tablename__ = "game_records"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    format: Mapped[str] = mapped_column(String(16))
    content: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class GameAction(Base):
    """One entry of a game's append-only action log (``arbiter.match.LogEntry``): ``seq``
    0, 1, 2, …; ``t`` the match's instant; ``at`` the wall-clock time it was stored; ``user_id``
    the account that acted (``None`` for the server itself)."""

    __tablename__ = "game_actions"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    t: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    actor: Mapped[dict[str, Any]] = mapped_column(Json)
    action: Mapped[dict[str, Any]] = mapped_column(Json)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class SignInCount(Base):
    """Sign-in attempts counted per key (``client:ADDRESS``, ``account:NAME``) in fixed
    windows of the limit's length starting at ``started`` (Unix seconds): one atomic counter
    per key and window, shared by every server process (:mod:`arbiter.server.auth.ratelimit`)."""

    __tablename__ = "sign_in_counts"
    __table_args__ = (Index("ix_sign_in_counts_started", "started"),)

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    started: Mapped[int] = mapped_column(Integer, primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)
