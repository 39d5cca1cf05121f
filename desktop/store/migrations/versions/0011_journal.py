"""Journal: each history entry keeps the parts its write noted, and the GM's notes.

Revision ID: 0011_journal
Revises: 0010_history

Issue 31 ("The journal"): a journal page is built from the history and the roll log.
One GM action can change several things (a roll moves dice and logs a line; a round's
end may award a die), and the page shows each, and shows players only what they may
see, so an entry keeps every part its write noted: (area, record, kind, sentence) as a
JSON list in `parts` (empty for entries written before: the entry's own area, record
and sentence stand for its one part). The GM's notes are one per game (scene 0) and one
per scene of it, private (the GM's only) unless the GM shares them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_journal"
down_revision = "0010_history"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("history_entry") as batch:
        batch.add_column(sa.Column("parts", sa.String(), nullable=False, server_default=""))
    # The journal asks which entries an undo undid, for every page it builds.
    op.create_index("ix_history_entry_undo_of", "history_entry", ["undo_of"])
    op.create_table(
        "journal_note",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("game.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("scene", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("text", sa.String(), nullable=False, server_default=""),
        sa.Column("private", sa.Boolean(), nullable=False, server_default="1"),
        sa.CheckConstraint("scene >= 0", name="ck_journal_note_scene"),
    )
    op.create_index("ix_journal_note_place", "journal_note", ["game_id", "scene"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_journal_note_place", table_name="journal_note")
    op.drop_table("journal_note")
    op.drop_index("ix_history_entry_undo_of", table_name="history_entry")
    with op.batch_alter_table("history_entry") as batch:
        batch.drop_column("parts")
