"""Search: a full-text index of the whole campaign, in the campaign file.

Revision ID: 0012_search
Revises: 0011_journal

Issue 32 ("Find anything in a keystroke"): one SQLite FTS5 table over every record the
GM can search for (characters, traits, items, SySCards, clocks, factions, claims, the
chapter, scenes, energy ledger notes, downtime steps, journal notes). It holds no copy
of the words (`content=''`): the records are in their own tables, and the index is
derived from them. Folding case and accents (`remove_diacritics 2`), and prefix
indexes of two and three characters for the search-as-you-type.

The triggers that keep it in step, and its first filling, are not made here: they are
made from the store's one definition of what is indexed (`desktop.store.search_index`)
after every upgrade, as the newest GM Desk defines them (see its `definition.py`: a
later revision that rebuilds a table in batch mode would drop its triggers).
"""

from __future__ import annotations

from alembic import op

revision = "0012_search"
down_revision = "0011_journal"
branch_labels = None
depends_on = None

SEARCH_INDEX = (
    "CREATE VIRTUAL TABLE search_index USING fts5(title, body, "
    "tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '')"
)


def upgrade() -> None:
    op.execute(SEARCH_INDEX)


def downgrade() -> None:
    bind = op.get_bind()
    triggers = bind.exec_driver_sql(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search_index_%'"
    ).all()
    for (name,) in triggers:
        op.execute(f'DROP TRIGGER "{name}"')
    op.execute("DROP TABLE search_index")
