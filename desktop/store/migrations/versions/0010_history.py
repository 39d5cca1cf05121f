"""History: every committed write leaves one line in the campaign's history.

Revision ID: 0010_history
Revises: 0009_handouts

Issue 31 ("The GM's memory"): each write appends an entry in its own transaction (when,
the campaign day, the game, scene, round and turn, who, the area and record, a plain
sentence, and the entry an undo undid). A campaign made before this revision starts its
history at the upgrade, with one entry saying so (none for an empty file: a new
campaign has no campaign row yet when its migrations run).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_history"
down_revision = "0009_handouts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "history_entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", sa.String(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("scene", sa.Integer(), nullable=True),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("turn", sa.Integer(), nullable=True),
        sa.Column("who", sa.String(), nullable=False, server_default="gm"),
        sa.Column("character_id", sa.Integer(), nullable=True),
        sa.Column("area", sa.String(), nullable=False, server_default=""),
        sa.Column("record_id", sa.Integer(), nullable=True),
        sa.Column("sentence", sa.String(), nullable=False, server_default=""),
        sa.Column("undo_of", sa.Integer(), nullable=True),
        sa.CheckConstraint("who IN ('gm', 'player')", name="ck_history_entry_who"),
        sa.CheckConstraint(
            "(who = 'player') = (character_id IS NOT NULL)", name="ck_history_entry_player"
        ),
    )
    op.create_index("ix_history_entry_at", "history_entry", ["at"])
    op.create_index("ix_history_entry_game_id", "history_entry", ["game_id"])
    op.execute(
        "INSERT INTO history_entry (at, day, who, area, sentence) "
        "SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), current_day, 'gm', 'campaign', "
        "'History starts here: this campaign was upgraded to keep one.' FROM campaign"
    )


def downgrade() -> None:
    op.drop_index("ix_history_entry_game_id", table_name="history_entry")
    op.drop_index("ix_history_entry_at", table_name="history_entry")
    op.drop_table("history_entry")
