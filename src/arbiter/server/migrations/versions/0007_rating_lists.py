"""The federations' rating lists loaded on the server (EGF, FFG, AGA) and their players.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_FEDERATION = "federation IN ('egf', 'ffg', 'aga')"


def upgrade() -> None:
    op.create_table(
        "rating_lists",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("federation", sa.String(8), nullable=False),
        sa.Column("file_name", sa.String(200), nullable=False),
        sa.Column("list_date", sa.Date(), nullable=True),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("loaded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "loaded_by",
            sa.Integer(),
            sa.ForeignKey("users.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.CheckConstraint(_FEDERATION, name="federation"),
    )
    op.create_index("ix_rating_lists_federation", "rating_lists", ["federation"])
    op.create_table(
        "rating_list_entries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "list_id",
            sa.Integer(),
            sa.ForeignKey("rating_lists.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("federation", sa.String(8), nullable=False),
        sa.Column("pin", sa.String(16), nullable=False),
        sa.Column("surname", sa.String(200), nullable=False),
        sa.Column("given", sa.String(200), nullable=False),
        sa.Column("search_key", sa.String(420), nullable=False),
        sa.Column("country", sa.String(3), nullable=False),
        sa.Column("club", sa.String(200), nullable=False),
        sa.Column("rank", sa.String(10), nullable=True),
        sa.Column("rating", sa.Integer(), nullable=True),
        sa.CheckConstraint(_FEDERATION, name="federation"),
    )
    op.create_index("ix_rating_list_entries_list_id", "rating_list_entries", ["list_id"])
    op.create_index(
        "ix_rating_list_entries_federation", "rating_list_entries", ["federation", "pin"]
    )


def downgrade() -> None:
    op.drop_index("ix_rating_list_entries_federation", table_name="rating_list_entries")
    op.drop_index("ix_rating_list_entries_list_id", table_name="rating_list_entries")
    op.drop_table("rating_list_entries")
    op.drop_index("ix_rating_lists_federation", table_name="rating_lists")
    op.drop_table("rating_lists")
