"""Ratings: rated players, their ratings per list, the rating history, the rated events.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-09
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIME = sa.DateTime(timezone=True)
SYSTEMS = "'egf', 'toguz-blitz', 'toguz-rapid', 'toguz-classical'"


def upgrade() -> None:
    op.create_table(
        "rated_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(400), nullable=False),
        sa.Column("name_key", sa.String(400), nullable=False),
        sa.Column("egf_pin", sa.String(16), nullable=True),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("created_at", TIME, nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_rated_players_user_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rated_players")),
        sa.UniqueConstraint("user_id", name=op.f("uq_rated_players_user_id")),
    )
    op.create_index("ix_rated_players_name_key", "rated_players", ["name_key"])
    op.create_index("ix_rated_players_egf_pin", "rated_players", ["egf_pin"])
    op.create_table(
        "player_ratings",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("system", sa.String(24), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=True),
        sa.Column("volatility", sa.Float(), nullable=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.CheckConstraint(f"system IN ({SYSTEMS})", name=op.f("ck_player_ratings_system")),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["rated_players.id"],
            name=op.f("fk_player_ratings_player_id_rated_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("player_id", "system", name=op.f("pk_player_ratings")),
    )
    op.create_index("ix_player_ratings_system_rating", "player_ratings", ["system", "rating"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("system", sa.String(24), nullable=False),
        sa.Column("source", sa.String(8), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("live_id", sa.Integer(), nullable=True),
        sa.Column("entry_no", sa.Integer(), nullable=True),
        sa.Column("label", sa.String(400), nullable=False),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
        sa.Column("rd_before", sa.Float(), nullable=True),
        sa.Column("rd_after", sa.Float(), nullable=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("created_at", TIME, nullable=False),
        sa.CheckConstraint("source IN ('event', 'casual')", name=op.f("ck_rating_history_source")),
        sa.CheckConstraint(
            "(source = 'event') = (live_id IS NULL)", name=op.f("ck_rating_history_live_id")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["rated_players.id"],
            name=op.f("fk_rating_history_player_id_rated_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_rating_history_event_id_events"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_history")),
        sa.UniqueConstraint("live_id", "player_id", name="uq_rating_history_live"),
    )
    op.create_index("ix_rating_history_player_id", "rating_history", ["player_id", "system"])
    op.create_index("ix_rating_history_event_id", "rating_history", ["event_id"])
    op.create_table(
        "rated_events",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("system", sa.String(24), nullable=False),
        sa.Column("cls", sa.String(12), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("rated_at", TIME, nullable=False),
        sa.Column("rated_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_rated_events_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["rated_by"],
            ["users.id"],
            name=op.f("fk_rated_events_rated_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_rated_events")),
    )


def downgrade() -> None:
    op.drop_table("rated_events")
    op.drop_index("ix_rating_history_event_id", table_name="rating_history")
    op.drop_index("ix_rating_history_player_id", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_player_ratings_system_rating", table_name="player_ratings")
    op.drop_table("player_ratings")
    op.drop_index("ix_rated_players_egf_pin", table_name="rated_players")
    op.drop_index("ix_rated_players_name_key", table_name="rated_players")
    op.drop_table("rated_players")
