"""Online competitions: rounds opened in the game room, check-ins, protests and appeals.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-08
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIME = sa.DateTime(timezone=True)


def _user(table: str, column: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], ["users.id"], name=op.f(f"fk_{table}_{column}_users"), ondelete="SET NULL"
    )


def _event(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["event_id"], ["events.id"], name=op.f(f"fk_{table}_event_id_events"), ondelete="CASCADE"
    )


def upgrade() -> None:
    op.create_table(
        "room_rounds",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("start_at", sa.Float(), nullable=False),
        sa.Column("opened_by", sa.Integer(), nullable=True),
        sa.Column("opened_at", TIME, nullable=False),
        _event("room_rounds"),
        _user("room_rounds", "opened_by"),
        sa.PrimaryKeyConstraint("event_id", "round", name=op.f("pk_room_rounds")),
    )
    op.create_table(
        "room_checkins",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("player_no", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("at", sa.Float(), nullable=False),
        _event("room_checkins"),
        _user("room_checkins", "user_id"),
        sa.PrimaryKeyConstraint("event_id", "round", "player_no", name=op.f("pk_room_checkins")),
    )
    op.create_table(
        "protests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=True),
        sa.Column("side", sa.String(8), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("filed_by", sa.Integer(), nullable=True),
        sa.Column("filed_at", sa.Float(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("decision", sa.Text(), nullable=True),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.Column("decided_at", sa.Float(), nullable=True),
        sa.Column("appeal", sa.Text(), nullable=True),
        sa.Column("appealed_by", sa.Integer(), nullable=True),
        sa.Column("appealed_at", sa.Float(), nullable=True),
        sa.Column("appeal_status", sa.String(16), nullable=True),
        sa.Column("appeal_decision", sa.Text(), nullable=True),
        sa.Column("appeal_decided_by", sa.Integer(), nullable=True),
        sa.Column("appeal_decided_at", sa.Float(), nullable=True),
        _event("protests"),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_protests_game_id_games"), ondelete="CASCADE"
        ),
        _user("protests", "filed_by"),
        _user("protests", "decided_by"),
        _user("protests", "appealed_by"),
        _user("protests", "appeal_decided_by"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_protests")),
    )
    op.create_index("ix_protests_event_id", "protests", ["event_id"])


def downgrade() -> None:
    op.drop_index("ix_protests_event_id", table_name="protests")
    op.drop_table("protests")
    op.drop_table("room_checkins")
    op.drop_table("room_rounds")
