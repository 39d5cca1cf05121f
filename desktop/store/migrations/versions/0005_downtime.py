"""Downtime: clocks, factions, the chapter, claims, downtime sheets and sessions.

Revision ID: 0005_downtime
Revises: 0004_energy

Ranges the rules fix are CHECK constraints too, so that no code path (or hand edit
through GM Desk's own connection) can store a clock past full or a status of +4.
A clock's owner is a real foreign key (character_id or faction_id, cascading), so
deleting a character or a faction can never leave a clock pointing at nothing.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_downtime"
down_revision = "0004_energy"
branch_labels = None
depends_on = None


def _id() -> sa.Column:
    return sa.Column("id", sa.Integer(), primary_key=True)


def _text(name: str) -> sa.Column:
    return sa.Column(name, sa.String(), nullable=False)


def _number(name: str) -> sa.Column:
    return sa.Column(name, sa.Integer(), nullable=False)


def _flag(name: str) -> sa.Column:
    return sa.Column(name, sa.Boolean(), nullable=False)


def _link(name: str, target: str, ondelete: str, nullable: bool = True) -> sa.Column:
    return sa.Column(
        name, sa.Integer(), sa.ForeignKey(target, ondelete=ondelete), nullable=nullable
    )


def upgrade() -> None:
    op.create_table(
        "faction",
        _id(),
        _text("name"),
        _number("tier"),
        _text("hold"),
        _number("status"),
        _flag("at_war_with_others"),
        _number("position"),
        _text("notes"),
        sa.CheckConstraint("tier BETWEEN 0 AND 6", name="ck_faction_tier"),
        sa.CheckConstraint("hold IN ('weak', 'strong')", name="ck_faction_hold"),
        sa.CheckConstraint("status BETWEEN -3 AND 3", name="ck_faction_status"),
        sa.CheckConstraint("position >= 0", name="ck_faction_position"),
    )
    op.create_table(
        "clock",
        _id(),
        _text("name"),
        _number("segments"),
        _number("filled"),
        _text("owner_kind"),
        _link("character_id", "character.id", "CASCADE"),
        _link("faction_id", "faction.id", "CASCADE"),
        _number("position"),
        _text("note"),
        sa.CheckConstraint("segments BETWEEN 2 AND 12", name="ck_clock_segments"),
        sa.CheckConstraint("filled BETWEEN 0 AND segments", name="ck_clock_filled"),
        sa.CheckConstraint(
            "owner_kind IN ('none', 'chapter', 'character', 'faction')", name="ck_clock_owner_kind"
        ),
        sa.CheckConstraint(
            "(owner_kind = 'character') = (character_id IS NOT NULL)", name="ck_clock_character"
        ),
        sa.CheckConstraint(
            "(owner_kind = 'faction') = (faction_id IS NOT NULL)", name="ck_clock_faction"
        ),
        sa.CheckConstraint("position >= 0", name="ck_clock_position"),
    )
    op.create_index("ix_clock_character_id", "clock", ["character_id"])
    op.create_index("ix_clock_faction_id", "clock", ["faction_id"])
    op.create_table(
        "chapter",
        _id(),
        _text("name"),
        _number("tier"),
        _text("hold"),
        _number("rep"),
        _number("coin"),
        _number("heat"),
        _flag("lair_held"),
        _text("notes"),
        sa.CheckConstraint("id = 1", name="ck_chapter_one_row"),
        sa.CheckConstraint("tier BETWEEN 0 AND 6", name="ck_chapter_tier"),
        sa.CheckConstraint("hold IN ('weak', 'strong')", name="ck_chapter_hold"),
        sa.CheckConstraint("rep BETWEEN 0 AND 12", name="ck_chapter_rep"),
        sa.CheckConstraint("coin >= 0", name="ck_chapter_coin"),
        sa.CheckConstraint("heat >= 0", name="ck_chapter_heat"),
    )
    # The chapter always exists: a new campaign starts at tier 0, strong hold, named
    # after the campaign (a brand-new file has no campaign row yet; the store names it).
    op.execute(
        "INSERT INTO chapter (id, name, tier, hold, rep, coin, heat, lair_held, notes)"
        " SELECT 1, COALESCE((SELECT name FROM campaign ORDER BY id LIMIT 1), 'The Chapter'),"
        " 0, 'strong', 0, 0, 0, 1, ''"
    )
    op.create_table(
        "claim",
        _id(),
        _text("name"),
        _text("benefit"),
        _flag("turf"),
        # NULL: the chapter holds it. A faction holding claims cannot be deleted.
        _link("faction_id", "faction.id", "RESTRICT"),
        sa.Column("x", sa.Float(), nullable=False),
        sa.Column("y", sa.Float(), nullable=False),
    )
    op.create_index("ix_claim_faction_id", "claim", ["faction_id"])
    op.create_table(
        "claim_path",
        _id(),
        # NULL: the path starts at the lair. Otherwise start_id < end_id, so one pair of
        # claims has one spelling and the unique index below refuses a second path.
        _link("start_id", "claim.id", "CASCADE"),
        _link("end_id", "claim.id", "CASCADE", nullable=False),
        sa.CheckConstraint("start_id IS NULL OR start_id < end_id", name="ck_claim_path_order"),
    )
    op.create_index("ix_claim_path_ends", "claim_path", ["start_id", "end_id"], unique=True)
    op.create_index("ix_claim_path_end_id", "claim_path", ["end_id"])
    op.create_table(
        "downtime_sheet",
        sa.Column(
            "character_id",
            sa.Integer(),
            sa.ForeignKey("character.id", ondelete="CASCADE"),
            primary_key=True,
            nullable=False,
        ),
        _number("stress"),
        _number("trauma"),
        _number("hp"),
        _number("hp_max"),
        _text("xp"),
        _text("virtue"),
        _text("vice"),
        _text("vice_purveyor"),
        _text("friends"),
        _text("contacts"),
        sa.CheckConstraint("stress BETWEEN 0 AND 20", name="ck_downtime_sheet_stress"),
        sa.CheckConstraint("trauma BETWEEN 0 AND 4", name="ck_downtime_sheet_trauma"),
        sa.CheckConstraint("hp_max >= 1", name="ck_downtime_sheet_hp_max"),
        sa.CheckConstraint("hp BETWEEN 0 AND hp_max", name="ck_downtime_sheet_hp"),
    )
    op.create_table(
        "downtime_session",
        sa.Column("number", sa.Integer(), primary_key=True, autoincrement=False),
        sa.CheckConstraint("number >= 1", name="ck_downtime_session_number"),
    )
    op.create_table(
        "downtime_entry",
        _id(),
        sa.Column(
            "session",
            sa.Integer(),
            sa.ForeignKey("downtime_session.number", ondelete="CASCADE"),
            nullable=False,
        ),
        # Like the roll log: an entry outlives its character (the summary names them).
        _link("character_id", "character.id", "SET NULL"),
        _text("activity"),
        _text("summary"),
        _number("coin_spent"),
        _text("extra"),
        _text("track"),
        _flag("undone"),
        sa.CheckConstraint("coin_spent >= 0", name="ck_downtime_entry_coin_spent"),
        sa.CheckConstraint("extra IN ('', 'coin', 'rep')", name="ck_downtime_entry_extra"),
    )
    op.create_index("ix_downtime_entry_session", "downtime_entry", ["session"])
    op.create_index("ix_downtime_entry_character_id", "downtime_entry", ["character_id"])


def downgrade() -> None:
    # Children first: with foreign keys on, dropping a parent would cascade.
    op.drop_index("ix_downtime_entry_character_id", table_name="downtime_entry")
    op.drop_index("ix_downtime_entry_session", table_name="downtime_entry")
    op.drop_table("downtime_entry")
    op.drop_table("downtime_session")
    op.drop_table("downtime_sheet")
    op.drop_index("ix_claim_path_end_id", table_name="claim_path")
    op.drop_index("ix_claim_path_ends", table_name="claim_path")
    op.drop_table("claim_path")
    op.drop_index("ix_claim_faction_id", table_name="claim")
    op.drop_table("claim")
    op.drop_table("chapter")
    op.drop_index("ix_clock_faction_id", table_name="clock")
    op.drop_index("ix_clock_character_id", table_name="clock")
    op.drop_table("clock")
    op.drop_table("faction")
