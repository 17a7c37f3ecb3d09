"""Accounts in the browser: an optional e-mail address, one-use links (invitations, password
resets, claims of entries), self-registration windows and players' requests to join an event.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from arbiter.server.storage.base import Json

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_MOMENT = sa.DateTime(timezone=True)


def _user(column: str, on_delete: str, nullable: bool = True) -> sa.Column[int]:
    return sa.Column(
        column, sa.Integer(), sa.ForeignKey("users.id", ondelete=on_delete), nullable=nullable
    )


def _event(column: str = "event_id", nullable: bool = False) -> sa.Column[int]:
    return sa.Column(
        column, sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=nullable
    )


def upgrade() -> None:
    with op.batch_alter_table("users") as users:
        users.add_column(sa.Column("email", sa.String(254), nullable=False, server_default=""))
    op.create_table(
        "account_links",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("kind", sa.String(8), nullable=False),
        _user("user_id", "CASCADE"),
        _event(nullable=True),
        sa.Column("player_no", sa.Integer(), nullable=True),
        _user("created_by", "SET NULL"),
        sa.Column("created_at", _MOMENT, nullable=False),
        sa.Column("expires_at", _MOMENT, nullable=False),
        _user("used_by", "SET NULL"),
        sa.Column("used_at", _MOMENT, nullable=True),
        sa.CheckConstraint("kind IN ('invite', 'reset', 'claim')", name="kind"),
    )
    op.create_index("ix_account_links_event_id", "account_links", ["event_id"])
    op.create_table(
        "event_registrations",
        _event(),
        sa.Column("open", sa.Boolean(), nullable=False),
        sa.Column("deadline", _MOMENT, nullable=True),
        sa.PrimaryKeyConstraint("event_id"),
    )
    op.create_table(
        "join_requests",
        sa.Column("id", sa.Integer(), primary_key=True),
        _event(),
        _user("user_id", "CASCADE", nullable=False),
        sa.Column("entry", Json, nullable=False),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("created_at", _MOMENT, nullable=False),
        _user("decided_by", "SET NULL"),
        sa.Column("decided_at", _MOMENT, nullable=True),
        sa.Column("player_no", sa.Integer(), nullable=True),
        sa.CheckConstraint("state IN ('pending', 'confirmed', 'refused')", name="state"),
        sa.UniqueConstraint("event_id", "user_id", name="one_per_player"),
    )


def downgrade() -> None:
    op.drop_table("join_requests")
    op.drop_table("event_registrations")
    op.drop_index("ix_account_links_event_id", table_name="account_links")
    op.drop_table("account_links")
    with op.batch_alter_table("users") as users:
        users.drop_column("email")
