"""Live play: live games with their match settings, their event streams, server processes.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
TIME = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "live_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("settings", JSON, nullable=False),
        sa.Column("options", JSON, nullable=False),
        sa.Column("seats", JSON, nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("epoch", sa.Float(), nullable=False),
        sa.Column("status", sa.String(24), nullable=False),
        sa.Column("result", sa.String(64), nullable=True),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("due_at", sa.Float(), nullable=True),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", TIME, nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_live_games_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_live_games_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["users.id"],
            name=op.f("fk_live_games_created_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_games")),
        sa.UniqueConstraint("game_id", name=op.f("uq_live_games_game_id")),
    )
    op.create_index("ix_live_games_due_at", "live_games", ["due_at"])
    op.create_index("ix_live_games_event_id", "live_games", ["event_id"])
    op.create_table(
        "live_events",
        sa.Column("live_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("data", JSON, nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["live_id"],
            ["live_games.id"],
            name=op.f("fk_live_events_live_id_live_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_live_events_user_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("live_id", "seq", name=op.f("pk_live_events")),
    )
    op.create_table(
        "live_processes",
        sa.Column("id", sa.String(40), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.Column("alive_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_processes")),
    )


def downgrade() -> None:
    op.drop_table("live_processes")
    op.drop_table("live_events")
    op.drop_index("ix_live_games_event_id", table_name="live_games")
    op.drop_index("ix_live_games_due_at", table_name="live_games")
    op.drop_table("live_games")
