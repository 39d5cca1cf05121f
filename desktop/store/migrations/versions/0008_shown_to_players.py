"""The "shown to players" marks: which clocks, factions and cards the player display shows.

Revision ID: 0008_shown_to_players
Revises: 0007_games

Issue 17 (the player display): each clock, faction and card has a mark the GM sets;
a hidden one never reaches the players' screen. New clocks and cards start hidden,
new factions shown (the model's defaults). Existing rows get the same defaults: a
GM's clocks and cards were written when nothing was shown to players, so any of
them may be a secret and stays hidden until the GM shows it; the factions' standing
with the chapter is what the players already know at the table, so it starts shown.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_shown_to_players"
down_revision = "0007_games"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("clock") as batch:
        batch.add_column(
            sa.Column("shown", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("faction") as batch:
        batch.add_column(sa.Column("shown", sa.Boolean(), nullable=False, server_default=sa.true()))
    with op.batch_alter_table("card") as batch:
        batch.add_column(
            sa.Column("shown", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    for table in ("card", "faction", "clock"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("shown")
