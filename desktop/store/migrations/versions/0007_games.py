"""Games at the table: a game with its scenes, rounds and turns; where each roll fell.

Revision ID: 0007_games
Revises: 0006_rules_records

RULES.md section 2, "A game": a game runs from Start game to End game; Start records
each character's pool size. "Play order": a game has scenes, a scene has rounds, a
round has one turn per player. A game's play state (its scenes, the round, whose turn,
the actions declared this round, the pool sizes recorded at its start) is one checked
JSON document in `game.state`, written whole by each GM action, so undoing one puts
the document back as it was. Every roll-log line now also says in which game, scene,
round and turn it was rolled; lines logged before this revision, or outside a game,
have none (NULL).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_games"
down_revision = "0006_rules_records"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("started_at", sa.String(), nullable=False),
        sa.Column("started_day", sa.Integer(), nullable=False),
        sa.Column("ended_at", sa.String(), nullable=True),
        sa.Column("state", sa.String(), nullable=False, server_default="{}"),
        sa.CheckConstraint("started_day >= 1", name="ck_game_started_day"),
    )
    with op.batch_alter_table("roll_log") as batch:
        batch.add_column(sa.Column("game_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("scene", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("round", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("turn", sa.Integer(), nullable=True))
        batch.create_check_constraint(
            "ck_roll_log_play",
            "(game_id IS NULL OR game_id >= 1) AND (scene IS NULL OR scene >= 1)"
            " AND (round IS NULL OR round >= 1) AND (turn IS NULL OR turn >= 1)",
        )


def downgrade() -> None:
    with op.batch_alter_table("roll_log") as batch:
        batch.drop_constraint("ck_roll_log_play", type_="check")
        batch.drop_column("turn")
        batch.drop_column("round")
        batch.drop_column("scene")
        batch.drop_column("game_id")
    op.drop_table("game")
