"""SySCards: cards, their owner cards and roster links, and their images.

Revision ID: 0003_syscards
Revises: 0002_dice
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_syscards"
down_revision = "0002_dice"
branch_labels = None
depends_on = None

CARD_INDEXES = ("name", "category", "owner_id", "character_id", "position")


def upgrade() -> None:
    op.create_table(
        "card",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("category", sa.String(), nullable=False),
        sa.Column(
            "owner_id", sa.Integer(), sa.ForeignKey("card.id", ondelete="SET NULL"), nullable=True
        ),
        sa.Column(
            "character_id",
            sa.Integer(),
            sa.ForeignKey("character.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("capacity", sa.Boolean(), nullable=False),
        sa.Column("efficiency", sa.Integer(), nullable=False),
        sa.Column("power", sa.Integer(), nullable=False),
        sa.Column("velocity", sa.Integer(), nullable=False),
        sa.Column("focus", sa.Integer(), nullable=False),
        sa.Column("resistance", sa.Integer(), nullable=False),
        sa.Column("zone", sa.String(), nullable=False),
        sa.Column("scale", sa.String(), nullable=False),
        sa.Column("info", sa.String(), nullable=False),
        sa.Column("tags", sa.String(), nullable=False),
        sa.Column("search_text", sa.String(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
    )
    for column in CARD_INDEXES:
        op.create_index(f"ix_card_{column}", "card", [column])
    op.create_table(
        "card_image",
        sa.Column(
            "card_id",
            sa.Integer(),
            sa.ForeignKey("card.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("format", sa.String(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
    )


def downgrade() -> None:
    # Children first: dropping a parent table with foreign keys on would cascade.
    op.drop_table("card_image")
    for column in CARD_INDEXES:
        op.drop_index(f"ix_card_{column}", table_name="card")
    op.drop_table("card")
