"""Judging a campaign file as it opens: its schema and its stored values.

Three layers of judgement, cheapest first:

- SQLite's own: `integrity_check` (or `quick_check` on open) and `foreign_key_check`;
- the schema: every table and column this GM Desk reads is there;
- the stored values: each row read back and checked by the same rules that check a
  GM's input (die sizes and kinds, character kinds, dates, statuses, energy ledgers),
  so a value another program wrote says where it is ("die 12 of Kara Voss: ...")
  instead of breaking a view later.

Opening a campaign refuses it on the first problem (`refuse_unsound`); File > Check
Campaign lists them all and can repair a copy (`checkup`, imported only then). No Qt
here: the window runs these on a worker thread.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from datetime import date
from itertools import chain
from typing import TYPE_CHECKING, TypeVar

from desktop.rules import roster
from desktop.store import bounds, checks, games
from desktop.store.core import Row
from desktop.store.errors import CampaignRefused
from desktop.store.migrations import HEAD
from desktop.store.migrations.layouts import Layout, layout_at
from desktop.store.tables import RowContext, area_table, area_tables

if TYPE_CHECKING:
    from desktop.store.bounds import Bound

# Every table and column of the newest revision, each of which this GM Desk reads. A
# file may have more (a later revision's additions) but never fewer.
TABLE_COLUMNS: Layout = layout_at(HEAD)
# A value check stops after this many findings: a file that bad needs repair, not a list.
MAX_FINDINGS = 200


@dataclass(frozen=True)
class Finding:
    """One problem, in words for the GM; `table` and `row_id` say which row (if one)."""

    message: str
    table: str = ""
    row_id: int | None = None
    column: str = ""  # the one value at fault, when it is one (see `bounds.safe_value`)


# -- on open ---------------------------------------------------------------------------------


def refuse_unsound(
    connection: sqlite3.Connection, name: str, *, values: bool = True, revision: str = HEAD
) -> None:
    """Raise CampaignRefused, naming the first problem, unless schema and values are sound.

    SQLite's `quick_check` has run before this (see `files.quick_check`). `values`
    False skips reading every row (a file GM Desk itself left so: see `trust`). The
    schema is judged as `revision` defines it: an older file, before it is upgraded,
    must hold what its own revision made (the values are read only at the newest).
    """
    problems = structure_findings(connection, layout_at(revision))
    if not problems and values and revision == HEAD:
        problems = list(first_findings(value_findings(connection), 1))
    if problems:
        raise CampaignRefused(
            f"“{name}” cannot be opened: {problems[0].message} The file may have been changed "
            "by another program. Nothing was changed; File > Check Campaign lists every "
            "problem and can save a repaired copy."
        )


def first_findings(findings: Iterator[Finding], count: int) -> Iterator[Finding]:
    for number, finding in enumerate(findings):
        if number >= count:
            return
        yield finding


def structure_findings(
    connection: sqlite3.Connection, layout: Layout = TABLE_COLUMNS
) -> list[Finding]:
    """Tables and columns of `layout` (this GM Desk's, unless told) that the file lacks."""
    found: list[Finding] = []
    try:
        for table, columns in layout.items():
            present = {str(row[1]) for row in connection.execute(f"PRAGMA table_info('{table}')")}
            if not present:
                found.append(Finding(f"the table of {plural_of(table)} is missing.", table))
                continue
            for column in columns:
                if column not in present:
                    found.append(
                        Finding(f"the {plural_of(table)} have no “{column}” column.", table)
                    )
    except sqlite3.DatabaseError as error:
        found.append(Finding(f"its list of tables cannot be read ({error})."))
    return found


# The campaign row is the file's own; every other table is named as its area declares.
_CAMPAIGN_PLURAL = "campaign rows"


def plural_of(table: str) -> str:
    if table == "campaign":
        return _CAMPAIGN_PLURAL
    declared = area_table(table)
    return table if declared is None else declared.plural


def singular_of(table: str) -> str:
    declared = area_table(table)
    return table if declared is None else declared.singular


# -- the stored values -----------------------------------------------------------------------

Check = Callable[[tuple[object, ...]], object]


def value_findings(connection: sqlite3.Connection) -> Iterator[Finding]:
    """Each stored value the rules would refuse, with where it is; lazily, in file order."""
    names = _character_names(connection)
    track = _stress_track(connection)
    out_of_bounds: dict[str, set[int]] = {}
    for finding in _bound_findings(connection):
        if finding.row_id is not None:
            out_of_bounds.setdefault(finding.table, set()).add(finding.row_id)
        yield finding
    yield from _campaign_row(connection)
    yield from game_findings(connection)
    for table, sql, describe, check in _row_checks(names, track):
        # A row with a number out of its bounds is named once, above.
        skipped = out_of_bounds.get(table, set())
        try:
            cursor = connection.execute(sql)
        except sqlite3.DatabaseError as error:
            yield Finding(f"The {plural_of(table)} cannot be read ({error}).", table)
            continue
        while True:
            try:
                row = cursor.fetchone()
            except sqlite3.DatabaseError as error:
                yield Finding(f"Some {plural_of(table)} cannot be read ({error}).", table)
                break
            if row is None:
                break
            if _row_id(row) in skipped:
                continue
            found = _judged(table, row, describe, check)
            if found is not None:
                yield found


def row_finding(connection: sqlite3.Connection, table: str, row_id: int) -> Finding | None:
    """The problem of one stored row, or None when the checks accept it (or it is gone):
    a repair asks this after changing one of its values."""
    # The row's bounds and its game ties first, as the full check names them first.
    found = next(
        chain(bound_findings(connection, table, row_id), game_findings(connection, table, row_id)),
        None,
    )
    if found is not None:
        return found
    for name, sql, describe, check in _row_checks(
        _character_names(connection), _stress_track(connection)
    ):
        if name == table:
            row = connection.execute(f"{sql} WHERE {table}.rowid = ?", (row_id,)).fetchone()
            return None if row is None else _judged(table, row, describe, check)
    return None


def _judged(
    table: str,
    row: Row,
    describe: Callable[[tuple[object, ...]], str],
    check: Check,
) -> Finding | None:
    try:
        check(row)
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        return Finding(f"{describe(row)}: {_sentence(error)}", table, _row_id(row))
    return None


def _bound_findings(connection: sqlite3.Connection) -> Iterator[Finding]:
    """Every stored whole number outside the bounds `bounds` declares for its column."""
    for table in bounds.columns():
        yield from bound_findings(connection, table)


def bound_findings(
    connection: sqlite3.Connection, table: str, row_id: int | None = None
) -> Iterator[Finding]:
    """The whole numbers of `table` (of its row `row_id` only, if given) outside their
    declared bounds, each naming its row and column (a repair mends by these)."""

    declared = bounds.of_table(table)
    columns = tuple(declared)
    if not columns:
        return
    # SQLite picks out the rows with a value out of bounds (most files have none, and
    # reading every number into Python was most of the time of a full check); each is
    # then judged and said by `bounds.check` itself.
    outside = " OR ".join(_outside(column, bound) for column, bound in declared.items())
    where = f"({outside})" + ("" if row_id is None else " AND rowid = ?")
    try:
        rows = connection.execute(
            f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE {where}",
            () if row_id is None else (row_id,),
        ).fetchall()
    except sqlite3.DatabaseError:
        return  # the table's own check says it cannot be read
    for rowid, *values in rows:
        for column, value in zip(columns, values, strict=True):
            try:
                bounds.check(table, column, value)
            except ValueError as error:
                if table == "campaign":  # its one row: mended, never left out
                    yield Finding(_sentence(error), table, None, column)
                    continue
                named = f"{singular_of(table).capitalize()} {rowid}"
                yield Finding(f"{named}: {_sentence(error)}", table, rowid, column)


def _outside(column: str, bound: Bound) -> str:
    """SQL that is true when `column` holds what `bound` refuses."""
    within = f"(typeof({column}) = 'integer' AND {column} BETWEEN {bound.low} AND {bound.high})"
    return f"NOT ({column} IS NULL OR {within})" if bound.nullable else f"NOT {within}"


def game_findings(
    connection: sqlite3.Connection, table: str = "", row_id: int | None = None
) -> Iterator[Finding]:
    """What ties the games together and to the calendar and the log, as the store and
    the import judge it (`games.game_problems`), named on the row at fault; only those
    of `table`'s row `row_id`, if given (a repair asks so after mending one)."""

    try:
        day = connection.execute("SELECT current_day FROM campaign LIMIT 1").fetchone()
        rows = connection.execute(f"{games.GAME_SQL} ORDER BY id").fetchall()
        rolls = connection.execute(
            "SELECT id, game_id FROM roll_log WHERE game_id IS NOT NULL AND NOT undone"
        ).fetchall()
        # A character of no known kind is named by its own check (and mended there): the
        # games are not judged against it, or a repair would empty a sound game first.
        kinds = {
            cid: kind
            for cid, kind in connection.execute("SELECT id, kind FROM character")
            if kind in roster.KINDS
        }
    except sqlite3.DatabaseError:
        return  # the tables' own checks say they cannot be read
    records = []
    for row in rows:
        with suppress(ValueError, TypeError):  # a bad game is named by its own check
            records.append(games.game_from_row(row))
    current_day = day[0] if day and isinstance(day[0], int) else checks.CURRENT_DAY_MAX
    for problem in games.game_problems(records, current_day, rolls, kinds):
        if table and (problem.table, problem.row_id) != (table, row_id):
            continue
        where = f"{singular_of(problem.table).capitalize()} {problem.row_id}"
        yield Finding(f"{where}: {problem.message}", problem.table, problem.row_id, problem.column)


def _row_id(row: Row) -> int | None:
    value = row[0]
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# Python's JSON parser explains itself in programmer's terms ("Expecting value: line 1
# column 1 (char 0)"); a GM needs only to know the stored text is unreadable.
# (A pattern, compiled by `re` on the first bad value: an open that finds none pays nothing.)
_PARSER_TEXT = r"(Expecting|Extra data|Unterminated|Invalid)[^()]*\(char \d+\)\.?"


def _sentence(error: BaseException) -> str:
    text = re.sub(
        _PARSER_TEXT,
        "it is not readable text of the kind GM Desk stores.",
        str(error),
        flags=re.IGNORECASE,
    )
    text = text.strip() or type(error).__name__
    return text if text.endswith((".", "!", "?")) else text + "."


def _character_names(connection: sqlite3.Connection) -> dict[int, str]:
    try:
        return {
            int(row[0]): str(row[1])
            for row in connection.execute("SELECT id, name FROM character")
            if isinstance(row[0], int)
        }
    except sqlite3.DatabaseError:
        return {}


def _stress_track(connection: sqlite3.Connection) -> int:
    with suppress(sqlite3.DatabaseError, ValueError, TypeError, AttributeError):
        row = connection.execute("SELECT settings FROM campaign LIMIT 1").fetchone()
        stored = json.loads(str(row[0])) if row else {}
        if isinstance(stored, dict):
            return checks.stored_settings(stored)["stress_track"]
    return checks.settings_defaults()["stress_track"]


def _campaign_row(connection: sqlite3.Connection) -> Iterator[Finding]:
    try:
        rows = connection.execute(
            "SELECT id, name, start_date, current_day, settings FROM campaign"
        ).fetchall()
    except sqlite3.DatabaseError as error:
        yield Finding(f"The campaign row cannot be read ({error}).", "campaign")
        return
    if not rows:
        yield Finding("the file has no campaign row (its name and calendar).", "campaign")
        return
    _id, name, start, _day, settings = rows[0]
    try:
        roster.check_name(name)
    except ValueError as error:
        yield Finding(f"The campaign's name: {_sentence(error)}", "campaign")
    try:
        date.fromisoformat(str(start))
    except ValueError:
        yield Finding(
            f"The campaign's first day is stored as {start!r}, which is not a date "
            "like 2026-03-01.",
            "campaign",
        )
    else:
        try:  # within the calendar's years, as a new campaign and the import hold it
            checks.start_date(str(start))
        except ValueError as error:
            yield Finding(f"The campaign's first day: {_sentence(error)}", "campaign")
    try:
        if not isinstance(json.loads(str(settings)), dict):
            raise ValueError
    except ValueError:
        yield Finding("The campaign's rule settings are not readable.", "campaign")


def _row_checks(
    names: dict[int, str], track: int
) -> list[tuple[str, str, Callable[[tuple[object, ...]], str], Check]]:
    """(table, SELECT, where-a-row-is, check-a-row) for every table with rules to keep,
    as each area declares them: the store's own row readers, so that a value is judged
    exactly as it is read (every area imported: most opens do without this)."""
    context = RowContext(names, track)
    return [
        (table.name, table.read, _with(table.describe, context), _with(table.check, context))
        for table in area_tables()
        if table.check is not None and table.describe is not None
    ]


T = TypeVar("T")


def _with(judge: Callable[[Row, RowContext], T], context: RowContext) -> Callable[[Row], T]:
    """An area's `describe` or `check`, told the file's context once for every row."""
    return lambda row: judge(row, context)
