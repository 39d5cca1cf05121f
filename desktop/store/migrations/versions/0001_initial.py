"""The first campaign schema: the campaign row and the roster.

Revision ID: 0001_initial
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaign",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("start_date", sa.String(), nullable=False),
        sa.Column("current_day", sa.Integer(), nullable=False),
        sa.Column("settings", sa.String(), nullable=False),
    )
    op.create_table(
        "character",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("notes", sa.String(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
    )
    op.create_index("ix_character_kind", "character", ["kind"])
    op.create_index("ix_character_position", "character", ["position"])


def downgrade() -> None:
    op.drop_index("ix_character_position", table_name="character")
    op.drop_index("ix_character_kind", table_name="character")
    op.drop_table("character")
    op.drop_table("campaign")
