"""Sign-in attempts counted in the database, so that the limits hold across processes.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "sign_in_counts",
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("started", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("key", "started", name=op.f("pk_sign_in_counts")),
    )
    op.create_index("ix_sign_in_counts_started", "sign_in_counts", ["started"])


def downgrade() -> None:
    op.drop_index("ix_sign_in_counts_started", table_name="sign_in_counts")
    op.drop_table("sign_in_counts")
