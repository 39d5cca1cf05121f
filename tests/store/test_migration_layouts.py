"""The layout reader follows every form a migration may use to change tables, not only
the ones the shipped revisions use today (test_upgrade_refusals.py runs those), and
refuses a form it does not follow instead of guessing."""

from __future__ import annotations

import pytest

from desktop.store.migrations import HEAD, REVISIONS
from desktop.store.migrations.layouts import (
    ADDED_BY,
    Change,
    LayoutUnreadable,
    layout_at,
    read_changes,
)

HEADER = "import sqlalchemy as sa\nfrom alembic import op\n\n"


def _changes(body: str, helpers: str = "") -> tuple[Change, ...]:
    return read_changes(f"{HEADER}{helpers}\n\ndef upgrade() -> None:\n{body}", "9999_test.py")


def test_a_created_table_keeps_its_columns_in_order_and_skips_constraints() -> None:
    body = """
    op.create_table(
        "sword",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(name="edge", type_=sa.String()),
        sa.CheckConstraint("id >= 1", name="ck_sword_id"),
        sa.UniqueConstraint("edge"),
    )
    op.create_index("ix_sword_edge", "sword", ["edge"])
"""
    assert _changes(body) == (Change("create", "sword", ("id", "edge")),)


def test_helpers_with_defaults_keywords_and_module_constants_are_followed() -> None:
    helpers = '''
TABLE = "sword"


def _text(name: str, nullable: bool = False) -> sa.Column:
    """A text column."""
    return sa.Column(name, sa.String(), nullable=nullable)


def _owner(*, column: str = "character_id") -> sa.Column:
    return _text(column)
'''
    body = """
    op.create_table(TABLE, _text("edge"), _text(name="hilt", nullable=True), _owner())
    for column in ("a", "b"):
        op.add_column(TABLE, _owner(column=f"{column}_id"))
"""
    assert _changes(body, helpers) == (
        Change("create", "sword", ("edge", "hilt", "character_id")),
        Change("add", "sword", ("a_id",)),
        Change("add", "sword", ("b_id",)),
    )


def test_drops_and_renames_in_op_and_batch_forms() -> None:
    body = """
    op.drop_table("old")
    op.drop_column("sword", "edge")
    op.rename_table("sword", "blade")
    op.alter_column("blade", "hilt", new_column_name="grip")
    op.alter_column("blade", "grip", nullable=True)
    with op.batch_alter_table("blade") as batch:
        batch.drop_column("character_id")
        batch.alter_column("grip", new_column_name="handle")
        batch.add_column(sa.Column("weight", sa.Integer()))
        batch.create_check_constraint("ck_blade_weight", "weight >= 0")
"""
    assert _changes(body) == (
        Change("drop table", "old"),
        Change("drop column", "sword", ("edge",)),
        Change("rename table", "sword", new="blade"),
        Change("rename column", "blade", ("hilt",), "grip"),
        Change("drop column", "blade", ("character_id",)),
        Change("rename column", "blade", ("grip",), "handle"),
        Change("add", "blade", ("weight",)),
    )


def test_downgrade_is_not_read() -> None:
    source = f"""{HEADER}
def upgrade() -> None:
    op.create_table("sword", sa.Column("id", sa.Integer()))


def downgrade() -> None:
    op.drop_table("sword")
"""
    assert read_changes(source, "9999_test.py") == (Change("create", "sword", ("id",)),)


@pytest.mark.parametrize(
    ("body", "helpers"),
    [
        ("    if True:\n        op.drop_table('sword')\n", ""),
        ("    op.add_column('sword', make_column())\n", ""),
        ("    op.create_table(table_name(), sa.Column('id', sa.Integer()))\n", ""),
        ("    op.create_table('sword', *COLUMNS)\n", "COLUMNS = ()"),
        ("    for table in tables():\n        op.drop_table(table)\n", ""),
        ("    op.add_column('sword', _column())\n", "def _column():\n    pass"),
        ("    op.drop_table(f'{unknown}_x')\n", ""),
    ],
)
def test_a_form_it_does_not_follow_is_refused_with_its_line(body: str, helpers: str) -> None:
    with pytest.raises(LayoutUnreadable, match=r"9999_test\.py, line \d+"):
        _changes(body, helpers)


def test_the_shipped_revisions_read_as_a_layout_that_grows() -> None:
    assert list(ADDED_BY) == list(REVISIONS)
    assert ADDED_BY[REVISIONS[0]]["character"][:3] == ("id", "name", "kind")
    for revision, added in ADDED_BY.items():
        layout = layout_at(revision)
        for table, columns in added.items():
            assert set(columns) <= set(layout[table]), (revision, table)
    assert layout_at(HEAD) is not layout_at(HEAD)  # each caller gets its own copy
    with pytest.raises(ValueError):
        layout_at("0000_nothing")


def test_an_fts5_table_made_by_sql_is_read_with_its_columns_not_its_options() -> None:
    body = """
    op.execute("INSERT INTO sword (edge) VALUES ('keen, sharp')")
    op.execute(
        "CREATE VIRTUAL TABLE words USING fts5(title, body UNINDEXED, "
        "tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '')"
    )
"""
    assert _changes(body) == (Change("create", "words", ("title", "body")),)
    with pytest.raises(LayoutUnreadable, match="virtual table of rtree"):
        _changes('    op.execute("CREATE VIRTUAL TABLE box USING rtree(id, x0, x1)")\n')
