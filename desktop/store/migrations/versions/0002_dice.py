"""Dice pools: dice, traits, items (weapons and armour) and the roll log.

Revision ID: 0002_dice
Revises: 0001_initial
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_dice"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def _owner(ondelete: str = "CASCADE", nullable: bool = False) -> sa.Column:
    return sa.Column(
        "character_id",
        sa.Integer(),
        sa.ForeignKey("character.id", ondelete=ondelete),
        nullable=nullable,
    )


def upgrade() -> None:
    op.create_table(
        "item",
        sa.Column("id", sa.Integer(), primary_key=True),
        _owner(),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("deplete", sa.Boolean(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
    )
    op.create_index("ix_item_character_id", "item", ["character_id"])
    op.create_table(
        "die",
        sa.Column("id", sa.Integer(), primary_key=True),
        _owner(),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("place", sa.String(), nullable=False),
        sa.Column(
            "item_id", sa.Integer(), sa.ForeignKey("item.id", ondelete="CASCADE"), nullable=True
        ),
        sa.Column("in_tray", sa.Boolean(), nullable=False),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("down_to_d4", sa.Boolean(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
    )
    op.create_index("ix_die_character_id", "die", ["character_id"])
    op.create_index("ix_die_item_id", "die", ["item_id"], unique=True)
    op.create_table(
        "trait",
        sa.Column("id", sa.Integer(), primary_key=True),
        _owner(),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("value", sa.Integer(), nullable=False),
        sa.Column("broad", sa.Boolean(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
    )
    op.create_index("ix_trait_character_id", "trait", ["character_id"])
    op.create_table(
        "roll_log",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", sa.String(), nullable=False),
        _owner(ondelete="SET NULL", nullable=True),
        sa.Column("character_name", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("detail", sa.String(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("summary", sa.String(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_roll_log_at", "roll_log", ["at"])
    op.create_index("ix_roll_log_character_id", "roll_log", ["character_id"])


def downgrade() -> None:
    # Children first: dropping a parent table with foreign keys on would cascade.
    for table, columns in (
        ("roll_log", ("character_id", "at")),
        ("trait", ("character_id",)),
        ("die", ("item_id", "character_id")),
        ("item", ("character_id",)),
    ):
        for column in columns:
            op.drop_index(f"ix_{table}_{column}", table_name=table)
        op.drop_table(table)
