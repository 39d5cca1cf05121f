"""Mending one bad value of a record in a repaired copy, rather than leaving it out.

A record one of whose values the checks refuse (a character kind another program
wrote as 'xyz', a faction tier of 99) keeps everything else it holds and owns (a
character's dice, items, traits, energy days, rolls, clocks and cards; a faction's
claims and clocks) when that one value is set to a safe one: GM Desk's own default for
it, the one a new record gets. Each change is said in plain words ("Mara's kind was
'xyz'; set to player character."). A record whose bad value has no safe stand-in (a
name is needed, a ledger cannot be guessed) is still left out by the repair.

Used only by the repair (`checkup`), on the copy it is building; no Qt here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import date
from itertools import takewhile

from desktop.rules import roster
from desktop.store import checks
from desktop.store.health import Finding, row_finding, singular_of, value_findings

# There is no safe stand-in for the value (a key, a link, a value nobody can guess).
NO_SAFE_VALUE = object()

# The campaign row's fields, in words, as the GM knows them.
_CAMPAIGN_FIELDS = {
    "name": "name",
    "start_date": "first day",
    "current_day": "current day",
    "settings": "rule settings",
}


# Columns whose names alone would not say what they hold.
_COLUMN_WORDS = {
    "filled": "filled segments",
    "at_war_with_others": "being at war",
    "lair_held": "holding its lair",
    "hp_max": "most HP",
}


def safe_value(table: str, column: str, row_id: int) -> object:
    """The value a repair may put in place of a bad one: the model's default (what a new
    record gets), or a name that says which record it is; NO_SAFE_VALUE if none."""
    from sqlalchemy.sql.schema import ScalarElementColumnDefault
    from sqlmodel import SQLModel

    from desktop.store import models  # noqa: F401 (the tables' defaults)

    model = SQLModel.metadata.tables.get(table)
    known = model.columns.get(column) if model is not None else None
    if known is None or known.primary_key or known.foreign_keys:
        return NO_SAFE_VALUE
    if column == "name":
        return f"{_capitalised(singular_of(table))} {row_id}"
    default = known.default
    if isinstance(default, ScalarElementColumnDefault):  # the one default with is_scalar
        return default.arg
    return NO_SAFE_VALUE


def _mendable_columns(table: str) -> list[str]:
    """The table's columns in the model's order, a name last: a record's name is only
    replaced when nothing else made its record sound."""
    from sqlmodel import SQLModel

    from desktop.store import models  # noqa: F401

    model = SQLModel.metadata.tables.get(table)
    names = [] if model is None else [column.name for column in model.columns]
    return sorted(names, key=lambda name: name == "name")


def mend_row(connection: sqlite3.Connection, finding: Finding) -> list[str]:
    """Set the refused values of `finding`'s row to safe ones, one column at a time,
    until the checks accept it; the changes in words, or [] (the row unchanged) when
    no safe values make it sound."""
    table, row_id = finding.table, finding.row_id
    if not table or row_id is None:
        return []
    connection.execute("SAVEPOINT mend")
    said: list[str] = []
    now = finding
    for column in _mendable_columns(table):
        safe = safe_value(table, column, row_id)
        if safe is NO_SAFE_VALUE:
            continue
        found = connection.execute(
            f'SELECT "{column}" FROM {table} WHERE rowid = ?', (row_id,)
        ).fetchone()
        if found is None or _same(found[0], safe):
            continue
        old = found[0]
        line = _mended(connection, table, row_id, column, old, safe)
        try:
            _set(connection, table, row_id, column, safe)
        except sqlite3.IntegrityError:
            continue  # the safe value clashes with another record: not this one
        after = row_finding(connection, table, row_id)
        if after is None:
            connection.execute("RELEASE mend")
            return [*said, line]
        if after.message != now.message:  # this value was (one of) the bad ones
            said.append(line)
            now = after
        else:
            _set(connection, table, row_id, column, old)
    connection.execute("ROLLBACK TO mend")
    connection.execute("RELEASE mend")
    return []


def mend_insert(
    connection: sqlite3.Connection,
    table: str,
    columns: Sequence[str],
    values: Sequence[object],
) -> list[str] | None:
    """Insert a row the file's own CHECK constraints refused, each refused value set to
    a safe one; the changes in words, or None (nothing inserted) when it cannot be.

    A constraint named `ck_<table>_<column>` names the value it refuses; any other
    refusal (a twin id, a missing value) leaves the row out, as before.
    """
    row = list(values)
    targets = ", ".join(f'"{column}"' for column in columns)
    insert = f"INSERT INTO {table} ({targets}) VALUES ({', '.join('?' * len(columns))})"
    changed: list[tuple[str, object, object]] = []
    for _attempt in range(len(columns) + 1):
        try:
            cursor = connection.execute(insert, row)
        except sqlite3.IntegrityError as error:
            column = _checked_column(table, str(error))
            if column is None or column not in columns:
                return None
            index = list(columns).index(column)
            row_id = row[columns.index("id")] if "id" in columns else 0
            safe = safe_value(table, column, row_id if isinstance(row_id, int) else 0)
            if safe is NO_SAFE_VALUE or _same(row[index], safe):
                return None
            changed.append((column, row[index], safe))
            row[index] = safe
            continue
        row_id = int(cursor.lastrowid or 0)
        return [
            _mended(connection, table, row_id, column, old, safe) for column, old, safe in changed
        ]
    return None


def mend_campaign_row(connection: sqlite3.Connection, title: str) -> list[str]:
    """Make the campaign row one File > Open accepts: each refused field set to a safe
    value (the name `title`, today as the first day, day 1, the usual rule settings), or a
    whole row made when the file has none. The changes in words."""
    today = date.today().isoformat()
    rows = connection.execute("SELECT rowid FROM campaign ORDER BY rowid LIMIT 1").fetchall()
    if not rows:
        connection.execute(
            "INSERT INTO campaign (name, start_date, current_day, settings) VALUES (?, ?, 1, '{}')",
            (title, today),
        )
        return [
            "The file had no campaign row (the campaign's name and calendar): the copy names "
            f"the campaign “{title}”, starts its calendar today ({today}) on day 1 and uses "
            "GM Desk's usual rule settings."
        ]
    row_id = int(rows[0][0])
    stand_ins: dict[str, tuple[object, str]] = {
        "name": (title, f"“{title}”"),
        "start_date": (today, f"{today} (today)"),
        "current_day": (1, "1"),
        "settings": ("{}", "GM Desk's usual ones"),
    }
    said: list[str] = []
    for column, (safe, words) in stand_ins.items():
        before = _campaign_findings(connection)
        if not before:
            break
        old = connection.execute(
            f"SELECT {column} FROM campaign WHERE rowid = ?", (row_id,)
        ).fetchone()[0]
        _set(connection, "campaign", row_id, column, safe)
        if len(_campaign_findings(connection)) < len(before):
            were = "were" if column == "settings" else "was"
            said.append(
                f"The campaign's {_CAMPAIGN_FIELDS[column]} {were} {checks.shown(old)}; "
                f"set to {words}."
            )
        else:
            _set(connection, "campaign", row_id, column, old)
    return said


def campaign_title(stem: str) -> str:
    """A name for a campaign whose row lost its own: the file's, if it is one."""
    try:
        return roster.check_name(stem)
    except ValueError:
        return "Repaired campaign"


def _campaign_findings(connection: sqlite3.Connection) -> list[Finding]:
    # The campaign row is judged first: only its findings are read, not every row's.
    return list(takewhile(lambda found: found.table == "campaign", value_findings(connection)))


def _checked_column(table: str, message: str) -> str | None:
    prefix = f"CHECK constraint failed: ck_{table}_"
    return message[len(prefix) :].strip() if message.startswith(prefix) else None


def _same(stored: object, safe: object) -> bool:
    # SQLite keeps False as 0: a stored 0 is the default False already.
    return (type(stored) is type(safe) and stored == safe) or (
        isinstance(safe, bool) and stored in (0, 1) and bool(stored) is safe
    )


def _set(
    connection: sqlite3.Connection, table: str, row_id: int, column: str, value: object
) -> None:
    connection.execute(f'UPDATE {table} SET "{column}" = ? WHERE rowid = ?', (value, row_id))


def _mended(
    connection: sqlite3.Connection,
    table: str,
    row_id: int,
    column: str,
    old: object,
    safe: object,
) -> str:
    """ "Mara's kind was 'xyz'; set to player character." """
    what = _COLUMN_WORDS.get(column, column.replace("_", " "))
    return (
        f"{_whose(connection, table, row_id, column)} {what} was "
        f"{checks.shown(old)}; set to {_in_words(table, column, safe)}."
    )


def _whose(connection: sqlite3.Connection, table: str, row_id: int, column: str) -> str:
    """ "Mara's", or "Die 47 of Kara Voss: its" for a record without a name of its own."""
    present = {str(row[1]) for row in connection.execute(f"PRAGMA table_info('{table}')")}
    if "name" in present and column != "name":
        found = connection.execute(f"SELECT name FROM {table} WHERE rowid = ?", (row_id,))
        name = (found.fetchone() or (None,))[0]
        if isinstance(name, str) and name.strip():
            shown = name if len(name) <= 60 else name[:59] + "…"
            return f"{shown}'s"
    owner = ""
    if "character_id" in present:
        found = connection.execute(
            f"SELECT character.name FROM {table} JOIN character"
            f" ON character.id = {table}.character_id WHERE {table}.rowid = ?",
            (row_id,),
        ).fetchone()
        if found is not None:
            owner = f" of {found[0]}"
    return f"{_capitalised(singular_of(table))} {row_id}{owner}: its"


def _in_words(table: str, column: str, value: object) -> str:
    if table == "character" and column == "kind" and value in roster.KIND_LABELS:
        return roster.KIND_LABELS[str(value)].lower()
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value in ("", "{}", "[]"):
        return "empty"
    return str(value)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
