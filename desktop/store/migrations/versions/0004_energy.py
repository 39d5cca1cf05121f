"""Energy Calendar: each character's energy profile and one row per day of energy.

Revision ID: 0004_energy
Revises: 0003_syscards
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_energy"
down_revision = "0003_syscards"
branch_labels = None
depends_on = None


def _owner(primary_key: bool) -> sa.Column:
    # Deleting a character deletes its energy in the database itself, like its dice.
    return sa.Column(
        "character_id",
        sa.Integer(),
        sa.ForeignKey("character.id", ondelete="CASCADE"),
        primary_key=primary_key,
        nullable=False,
    )


def upgrade() -> None:
    op.create_table(
        "energy_profile",
        _owner(primary_key=True),
        sa.Column("daily_net", sa.Integer(), nullable=False),
        sa.Column("abilities", sa.String(), nullable=False),
        sa.CheckConstraint("daily_net >= 0", name="ck_energy_profile_daily_net"),
    )
    op.create_table(
        "energy_day",
        _owner(primary_key=True),
        sa.Column("day", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("state", sa.String(), nullable=False),
        sa.CheckConstraint("day >= 1", name="ck_energy_day_day"),
    )


def downgrade() -> None:
    op.drop_table("energy_day")
    op.drop_table("energy_profile")
