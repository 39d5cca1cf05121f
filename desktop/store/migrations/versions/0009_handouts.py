"""Handouts: a SySCard, a text or an image the GM gives one player or every player.

Revision ID: 0009_handouts
Revises: 0008_shown_to_players

Issue 30 ("What the GM controls"): the GM pushes a handout from the card editor, the
roster or the player display's menu; a player's page keeps it until the GM takes it
back. A card handout keeps the card as the player saw it when given (the GM may write
secrets into the card later), so the row holds that copy, not a link to the card. An
image is a PNG or JPEG of at most 2 MiB. `character_id` NULL: given to every player; a
handout to one character goes with that character.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_handouts"
down_revision = "0008_shown_to_players"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "handout",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("title", sa.String(), nullable=False),
        sa.Column("text", sa.String(), nullable=False, server_default=""),
        sa.Column("card", sa.String(), nullable=False, server_default=""),
        sa.Column("image_format", sa.String(), nullable=True),
        sa.Column("image", sa.LargeBinary(), nullable=True),
        sa.Column(
            "character_id",
            sa.Integer(),
            sa.ForeignKey("character.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.CheckConstraint("kind IN ('card', 'text', 'image')", name="ck_handout_kind"),
        sa.CheckConstraint(
            "(kind = 'image') = (image IS NOT NULL AND image_format IS NOT NULL)",
            name="ck_handout_image",
        ),
    )
    op.create_index("ix_handout_character_id", "handout", ["character_id"])


def downgrade() -> None:
    op.drop_index("ix_handout_character_id", table_name="handout")
    op.drop_table("handout")
