"""Rules records: the campaign day on every roll-log line, the lair-under-threat mark.

Revision ID: 0006_rules_records
Revises: 0005_downtime

RULES.md section 5: "Every roll-log line carries the campaign day". Lines logged before
this revision have no day (NULL): the day they were rolled on was never recorded.
RULES.md section 4: a tier-0 weak chapter that loses hold gets a visible "lair under
threat" mark until the GM clears it; existing chapters start unmarked.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_rules_records"
down_revision = "0005_downtime"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("roll_log") as batch:
        batch.add_column(sa.Column("day", sa.Integer(), nullable=True))
        batch.create_check_constraint("ck_roll_log_day", "day IS NULL OR day >= 1")
    with op.batch_alter_table("chapter") as batch:
        batch.add_column(
            sa.Column("lair_threatened", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("chapter") as batch:
        batch.drop_column("lair_threatened")
    with op.batch_alter_table("roll_log") as batch:
        batch.drop_constraint("ck_roll_log_day", type_="check")
        batch.drop_column("day")
