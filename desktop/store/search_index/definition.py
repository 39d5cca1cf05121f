"""The index's triggers, its rebuild and its check, all made from `kinds.KINDS`.

Revision 0012 makes the FTS5 table; the triggers that keep it in step are installed
after every upgrade (`install`, called by `schema.migrated` once the file is at the
newest revision) rather than by that revision alone: Alembic's batch mode rebuilds a
table by copying it and dropping the old one, which drops the table's triggers with it,
so a later revision that rebuilds `character` would otherwise leave the index silently
behind. `install` compares the triggers in the file with the ones the kinds make and,
when they differ (none yet, a rebuilt table, a kind changed by a newer GM Desk),
makes them again and rebuilds the index from the tables.

Every statement here runs on the connection handed in, inside its caller's
transaction: the index changes with the records or not at all.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from desktop.store.search_index.kinds import KEY_BITS, KEY_MAX, KINDS, Kind

TABLE = "search_index"
# The name every trigger of the index starts with (and nothing else in the file does).
TRIGGER_PREFIX = "search_index_"


def _select(kind: Kind, row: str, *, from_table: bool) -> str:
    """SELECT rowid, title, body of `kind`'s records in `row` (NEW, OLD, or each row of
    its table when `from_table`), leaving out keys outside the rowid's room and records
    with no words."""
    alias = "r" if from_table else row
    fields = {"r": alias, "j": "j"}
    sources = [f"{kind.table} AS r"] if from_table else []
    if kind.each:
        sources.append(f"{kind.each.format(**fields)} AS j")
    where = f" WHERE {kind.each_filter.format(**fields)}" if kind.each_filter else ""
    inner = (
        f"SELECT ({kind.key.format(**fields)}) AS k, coalesce({kind.title.format(**fields)}, '')"
        f" AS t, coalesce({kind.body.format(**fields)}, '') AS b"
        + (f" FROM {', '.join(sources)}" if sources else "")
        + where
    )
    return (
        f"SELECT ({kind.code} << {KEY_BITS}) | k, t, b FROM ({inner})"
        f" WHERE typeof(k) = 'integer' AND k BETWEEN 1 AND {KEY_MAX} AND (t <> '' OR b <> '')"
    )


def _add(kind: Kind, row: str) -> str:
    return f"INSERT INTO {TABLE} (rowid, title, body) {_select(kind, row, from_table=False)};"


def _take_away(kind: Kind, row: str) -> str:
    # A contentless table forgets a row when told its rowid and the very words it holds.
    select = _select(kind, row, from_table=False).replace("SELECT ", "SELECT 'delete', ", 1)
    return f"INSERT INTO {TABLE} ({TABLE}, rowid, title, body) {select};"


def triggers() -> dict[str, str]:
    """Each trigger's name and the statement that makes it, for every kind."""
    made: dict[str, str] = {}
    for kind in KINDS:
        stem = f"{TRIGGER_PREFIX}{kind.name}"
        columns = ", ".join(kind.columns)
        made[f"{stem}_insert"] = (
            f"CREATE TRIGGER {stem}_insert AFTER INSERT ON {kind.table} BEGIN "
            f"{_add(kind, 'NEW')} END"
        )
        when = (
            f" WHEN ({kind.changed.format(r='OLD')}) IS NOT ({kind.changed.format(r='NEW')})"
            if kind.changed
            else ""
        )
        made[f"{stem}_update"] = (
            f"CREATE TRIGGER {stem}_update AFTER UPDATE OF {columns} ON {kind.table}{when} "
            f"BEGIN {_take_away(kind, 'OLD')} {_add(kind, 'NEW')} END"
        )
        made[f"{stem}_delete"] = (
            f"CREATE TRIGGER {stem}_delete AFTER DELETE ON {kind.table} BEGIN "
            f"{_take_away(kind, 'OLD')} END"
        )
    return made


def installed(connection: sqlite3.Connection) -> dict[str, str]:
    """The index's triggers in the file, by name."""
    rows = connection.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE ? ESCAPE '\\'",
        (TRIGGER_PREFIX.replace("_", "\\_") + "%",),
    ).fetchall()
    return {str(name): str(sql) for name, sql in rows}


def has_table(connection: sqlite3.Connection) -> bool:
    row = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (TABLE,)
    ).fetchone()
    return row is not None


def install(connection: sqlite3.Connection) -> bool:
    """Make the index's triggers as the kinds define them, and rebuild the index, unless
    the file has them already; True when it had to. Nothing for a file without the
    index's table (older than revision 0012)."""
    if not has_table(connection):
        return False
    wanted = triggers()
    present = installed(connection)
    if present == wanted:
        return False
    drop_triggers(connection)
    for sql in wanted.values():
        connection.execute(sql)
    rebuild(connection)
    return True


def drop_triggers(connection: sqlite3.Connection) -> None:
    """Take the index's triggers away, inside a transaction that ends with `install`
    (which makes them again and rebuilds the index): a bulk write (an import) goes in
    three times faster so, and the index is filled once, at the end."""
    for name in installed(connection):
        connection.execute(f'DROP TRIGGER "{name}"')


def rebuild(connection: sqlite3.Connection) -> None:
    """Empty the index and fill it again from every table, as the triggers would."""
    connection.execute(f"INSERT INTO {TABLE} ({TABLE}) VALUES ('delete-all')")
    for kind in KINDS:
        connection.execute(
            f"INSERT INTO {TABLE} (rowid, title, body) {_select(kind, 'r', from_table=True)}"
        )


@dataclass(frozen=True)
class Step:
    """How one kind's records stand in the index: how many have words, and how many
    the index holds."""

    kind: str
    records: int
    indexed: int


def out_of_step(connection: sqlite3.Connection) -> list[str]:
    """What is wrong with the index, in words for the GM ([] when it is in step): its
    triggers missing or not as this GM Desk makes them, or a kind whose records and
    index rows differ in number (another program wrote past the triggers). Cheap: one
    count per kind on each side, no text compared."""
    if not has_table(connection):
        return ["The search index is missing."]
    problems = []
    if installed(connection) != triggers():
        problems.append("The search index is not kept up to date (its triggers are not as made).")
    for step in steps(connection):
        if step.records != step.indexed:
            problems.append(
                f"The search index holds {step.indexed} {step.kind} entries for "
                f"{step.records} records with words."
            )
    return problems


def steps(connection: sqlite3.Connection) -> list[Step]:
    """Each kind's count of records with words, and of its rows in the index."""
    found = []
    for kind in KINDS:
        records = connection.execute(
            f"SELECT count(*) FROM ({_select(kind, 'r', from_table=True)})"
        ).fetchone()[0]
        low = kind.code << KEY_BITS
        indexed = connection.execute(
            f"SELECT count(*) FROM {TABLE} WHERE rowid BETWEEN ? AND ?", (low, low | KEY_MAX)
        ).fetchone()[0]
        found.append(Step(kind.name, int(records), int(indexed)))
    return found
