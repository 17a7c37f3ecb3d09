"""Protests at the levels of seed 002 3.6–3.10: the appeals committee's role and level, and the
mark of a game played on under protest.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BEFORE = "'organiser', 'chief-referee', 'referee', 'player', 'spectator'"
_AFTER = _BEFORE + ", 'committee'"


def _user(column: str) -> sa.Column[int]:
    return sa.Column(
        column,
        sa.Integer(),
        sa.ForeignKey("users.id", name=f"fk_protests_{column}_users", ondelete="SET NULL"),
        nullable=True,
    )


def _roles(allowed: str) -> None:
    with op.batch_alter_table("event_roles") as roles:
        roles.drop_constraint(op.f("ck_event_roles_role"), type_="check")
        roles.create_check_constraint(op.f("ck_event_roles_role"), f"role IN ({allowed})")


def upgrade() -> None:
    _roles(_AFTER)
    with op.batch_alter_table("protests") as protests:
        for name in ("during_game", "under_protest"):
            protests.add_column(
                sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.false())
            )
        protests.add_column(sa.Column("under_protest_at", sa.Float(), nullable=True))
        protests.add_column(sa.Column("committee_appeal", sa.Text(), nullable=True))
        protests.add_column(_user("committee_appealed_by"))
        protests.add_column(sa.Column("committee_appealed_at", sa.Float(), nullable=True))
        protests.add_column(sa.Column("committee_status", sa.String(16), nullable=True))
        protests.add_column(sa.Column("committee_decision", sa.Text(), nullable=True))
        protests.add_column(_user("committee_decided_by"))
        protests.add_column(sa.Column("committee_decided_at", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("protests") as protests:
        for name in (
            "committee_decided_at",
            "committee_decided_by",
            "committee_decision",
            "committee_status",
            "committee_appealed_at",
            "committee_appealed_by",
            "committee_appeal",
            "under_protest_at",
            "under_protest",
            "during_game",
        ):
            protests.drop_column(name)
    op.execute("DELETE FROM event_roles WHERE role = 'committee'")
    _roles(_BEFORE)
