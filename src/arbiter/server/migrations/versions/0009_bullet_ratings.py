"""Toguz Korgool's bullet rating list: the list ``toguz-bullet`` is allowed beside blitz,
rapid and classical (bullet games counted in the blitz list before; their ratings stay there).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BEFORE = "'egf', 'toguz-blitz', 'toguz-rapid', 'toguz-classical'"
_AFTER = _BEFORE + ", 'toguz-bullet'"


def _systems(allowed: str) -> None:
    # SQLite cannot change a CHECK in place: the batch copies the table, its rows with it.
    with op.batch_alter_table("player_ratings") as ratings:
        ratings.drop_constraint(op.f("ck_player_ratings_system"), type_="check")
        ratings.create_check_constraint(op.f("ck_player_ratings_system"), f"system IN ({allowed})")


def upgrade() -> None:
    _systems(_AFTER)


def downgrade() -> None:
    # The bullet ratings have no list to go back to (a Glicko-2 rating of one speed is not
    # one of another's): they and their history go.
    op.execute("DELETE FROM player_ratings WHERE system = 'toguz-bullet'")
    op.execute("DELETE FROM rating_history WHERE system = 'toguz-bullet'")
    _systems(_BEFORE)
