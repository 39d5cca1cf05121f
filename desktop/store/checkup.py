"""File > Check Campaign: every check on a campaign file, listed, and a repaired copy.

Opening a campaign needs only the first problem (`health.refuse_unsound`); this module,
imported when the GM asks for a check or a repair, lists them all (`check_campaign`)
and writes a new file with every row that can still be read and passes the checks
(`repair`), never touching the original. No Qt here: the window runs these on a worker
thread.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from collections.abc import Sequence
from contextlib import closing, suppress
from dataclasses import dataclass, field
from pathlib import Path

from desktop.store import files, health, leftovers, mending, revision_check, schema
from desktop.store.campaign import Campaign
from desktop.store.errors import CampaignRefused, failure_reason
from desktop.store.health import (
    MAX_FINDINGS,
    Finding,
    plural_of,
    singular_of,
    value_findings,
)
from desktop.store.migrations import HEAD

# Tables copied in this order by a repair, parents before the rows that refer to them.
COPY_ORDER = (
    "alembic_version",
    "campaign",
    "character",
    "faction",
    "item",
    "die",
    "trait",
    "roll_log",
    "card",
    "card_image",
    "energy_profile",
    "energy_day",
    "clock",
    "chapter",
    "claim",
    "claim_path",
    "downtime_sheet",
    "downtime_session",
    "downtime_entry",
    "game",
    "handout",
    "journal_note",
    "history_entry",  # the history: what happened stays with what it happened to
)
# Not copied: the search index, derived from the tables above; the copy's triggers fill
# it as the rows arrive, and it is rebuilt once they are all in (`_rebuild_index`).


@dataclass
class CheckReport:
    """What Check Campaign found. `sound` when there is nothing to report."""

    name: str
    integrity: list[str] = field(default_factory=list)  # SQLite's own words, "ok" removed
    structure: list[Finding] = field(default_factory=list)
    foreign_keys: list[Finding] = field(default_factory=list)
    values: list[Finding] = field(default_factory=list)
    refused: str | None = None  # not a campaign at all (or unreadable): why

    @property
    def sound(self) -> bool:
        return not (
            self.refused or self.integrity or self.structure or self.foreign_keys or self.values
        )

    def lines(self) -> list[str]:
        """The findings as plain sentences, most serious first."""
        if self.refused:
            return [self.refused]
        if self.sound:
            return [f"“{self.name}” is sound: SQLite and GM Desk's own checks found no problem."]
        result = [f"SQLite reports damage: {line}" for line in self.integrity]
        result += [finding.message for finding in self.structure]
        result += [finding.message for finding in self.foreign_keys]
        result += [finding.message for finding in self.values]
        return result


# -- Check Campaign --------------------------------------------------------------------------


def check_campaign(path: Path) -> CheckReport:
    """Every check on the file at `path`, read without writing anything beside it."""
    path = path.absolute()
    report = CheckReport(path.name)
    try:
        files.check_sqlite_file(path)
        with files.inspecting(path, shared=True) as connection:
            revision = schema.revision_of(connection, path.name)
            report.integrity = _integrity(connection)
            report.foreign_keys = foreign_key_findings(connection)
            # As its own revision defines it: an older file lacks the newest columns by right.
            report.structure, report.values = revision_check.schema_and_values(connection, revision)
            if revision == HEAD and not report.structure:
                report.structure = _index_findings(connection)
    except CampaignRefused as refused:
        report.refused = str(refused)
    return report


def _index_findings(connection: sqlite3.Connection) -> list[Finding]:
    """The search index out of step with the records (it is derived: Repair rebuilds it)."""
    from desktop.store import search_index

    try:
        problems = search_index.out_of_step(connection)
    except sqlite3.DatabaseError as error:
        problems = [f"The search index cannot be read ({error})."]
    return [
        Finding(f"{problem} Repair makes it again from the records.", "search_index")
        for problem in problems
    ]


def first_damage(path: Path) -> str | None:
    """The first stored value of the campaign at `path` the checks refuse, in a message
    for the GM, or None: asked when a view could not read what it shows (another program
    may have written into the file while GM Desk had it open)."""
    try:
        with files.inspecting(path, shared=True) as connection:
            problems = health.structure_findings(connection) or list(
                health.first_findings(value_findings(connection), 1)
            )
    except CampaignRefused as refused:
        return str(refused)
    if not problems:
        return None
    return (
        f"“{path.name}” holds a record GM Desk cannot use: {problems[0].message} The file "
        "may have been changed by another program while it was open. File > Check Campaign "
        "lists every problem and can save a repaired copy."
    )


def _integrity(connection: sqlite3.Connection) -> list[str]:
    try:
        rows = [str(row[0]) for row in connection.execute("PRAGMA integrity_check(50)")]
    except sqlite3.DatabaseError as error:
        return [str(error)]
    return [] if rows == ["ok"] else rows


def foreign_key_findings(connection: sqlite3.Connection) -> list[Finding]:
    """Rows that refer to rows which are not there."""
    try:
        rows = connection.execute("PRAGMA foreign_key_check").fetchall()
    except sqlite3.DatabaseError as error:
        return [Finding(f"The links between rows cannot be checked ({error}).")]
    return [
        Finding(
            f"{singular_of(str(table)).capitalize()} {row_id} refers to a "
            f"{singular_of(str(parent))} that is not in the file.",
            str(table),
            None if row_id is None else int(row_id),
        )
        for table, row_id, parent, _key in rows[:MAX_FINDINGS]
    ]


# -- repair ------------------------------------------------------------------------------------


@dataclass
class RepairReport:
    """What a repair kept, what it mended and what it could not keep, in plain sentences.
    `lost` holds what was left out or filled in; `mended` the values set to a safe one."""

    destination: Path
    kept: dict[str, int] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)
    mended: list[str] = field(default_factory=list)


def repair(source: Path, destination: Path) -> RepairReport:
    """Write `destination`: a new campaign with every row of `source` that can still be
    read, each value the checks refuse set to a safe one where there is one, and the rows
    that cannot be mended left out. `source` is only read (never written, nor anything
    beside it); `destination` must not exist. The copy is opened as File > Open opens a
    campaign before it is kept. Raises CampaignRefused, in plain words, when no copy
    that opens can be made (not a campaign at all, a full disk, ...).
    """
    source = source.absolute()
    destination = destination.absolute()
    if os.path.lexists(destination):
        raise CampaignRefused(f"“{destination.name}” already exists; choose another name.")
    strays = files.stray_sidecars(destination)
    if strays:
        raise CampaignRefused(files.strays_in_the_way(destination, strays, "a repaired copy"))
    if destination == source:
        raise CampaignRefused("The repaired copy must be a new file, not the damaged one.")
    from sqlalchemy.exc import SQLAlchemyError

    report = RepairReport(destination)
    # A partial name of our own: a repair killed half way is cleared at the next open.
    building = leftovers.partial_path(destination.parent, destination.stem)
    files.check_sqlite_file(source)
    placed = False
    try:
        with files.inspecting(source, shared=True) as old:
            revision = schema.revision_of(old, source.name)
            sqlite3.connect(building).close()
            _build_schema(building, revision)
            with closing(sqlite3.connect(building, isolation_level=None)) as new:
                new.execute("PRAGMA foreign_keys=OFF")
                new.execute("BEGIN")
                for table in COPY_ORDER:
                    _copy_table(old, new, table, report)
                new.execute("COMMIT")
        if not any(count for table, count in report.kept.items() if table != "alembic_version"):
            raise CampaignRefused(
                f"No repaired copy could be made: nothing in “{source.name}” could be read "
                "as part of a campaign. The file has not been changed."
            )
        with closing(sqlite3.connect(building, isolation_level=None)) as new:
            new.execute("BEGIN")
            _drop_dangling(new, report)
            new.execute("COMMIT")
        schema.upgrade(building)  # an older file's rows reach the newest schema too
        _mend_campaign_row(building, mending.campaign_title(source.stem), report)
        _drop_unsound(building, report)
        _rebuild_index(building)
        _count_kept(building, report)
        os.replace(building, destination)
        placed = True
        _refuse_unless_it_opens(destination, source)
    except (SQLAlchemyError, sqlite3.Error, OSError) as error:
        what, todo = failure_reason(error, destination.parent)
        if placed:
            _remove_with_sidecars(destination)
        raise CampaignRefused(
            f"The repaired copy could not be saved: {what}. “{source.name}” has not been "
            f"changed. {todo}"
        ) from error
    finally:
        _remove_with_sidecars(building)
    return report


def _remove_with_sidecars(path: Path) -> None:
    for leftover in (path, *files.stray_sidecars(path)):
        with suppress(FileNotFoundError):
            leftover.unlink()


def _refuse_unless_it_opens(copy: Path, source: Path) -> None:
    """Open the copy as File > Open does (every value checked, the campaign row read);
    a copy it would refuse is removed, and the GM told that none could be made."""

    with tempfile.TemporaryDirectory(prefix="gmdesk-repair-") as data_dir:
        try:
            Campaign.open(copy, data_dir=Path(data_dir), read_only=True).close()
        except CampaignRefused as refused:
            _remove_with_sidecars(copy)
            raise CampaignRefused(
                f"No repaired copy could be made: GM Desk would not open it either "
                f"({refused}) “{source.name}” has not been changed."
            ) from None


def _build_schema(path: Path, revision: str) -> None:
    """The empty tables of `revision`, made by the shipped migrations."""
    with schema.migrated(path, revision) as connection:
        # The migrations seed a few rows (the chapter); the copy brings the old ones.
        for table in ("chapter",):
            with suppress(Exception):
                connection.exec_driver_sql(f"DELETE FROM {table}")


def _copy_table(
    old: sqlite3.Connection, new: sqlite3.Connection, table: str, report: RepairReport
) -> None:
    layout = new.execute(f"PRAGMA table_info('{table}')").fetchall()
    columns = [str(row[1]) for row in layout]
    try:
        present = {str(row[1]) for row in old.execute(f"PRAGMA table_info('{table}')")}
    except sqlite3.DatabaseError:
        present = set()
    if not present:
        if table not in ("alembic_version",):
            report.lost.append(f"All {plural_of(table)}: their table could not be read.")
        return
    shared = [column for column in columns if column in present]
    # The file lacks these: a column with a default that means "nothing" is filled
    # with it; one the rows cannot do without leaves them out (OR IGNORE skips them).
    fills, required = _missing_columns(new, table, layout, present)
    written = [*shared, *(column for column, _value, _said in fills)]
    listed = ", ".join(f'"{column}"' for column in shared)
    targets = ", ".join(f'"{column}"' for column in written)
    insert = f"INSERT OR IGNORE INTO {table} ({targets}) VALUES ({', '.join('?' * len(written))})"
    filled = tuple(value for _column, value, _said in fills)
    kept = 0
    refused = 0  # rows OR IGNORE skipped: a missing column they cannot do without, a twin id
    last: int | None = None
    gaps = 0
    while True:
        where = "" if last is None else f"WHERE rowid > {last}"
        try:
            cursor = old.execute(f"SELECT rowid, {listed} FROM {table} {where} ORDER BY rowid")
            for row in cursor:
                last = int(row[0])
                values = (*row[1:], *filled)
                if new.execute(insert, values).rowcount:
                    kept += 1
                    continue
                # Refused by one of the file's CHECK constraints, it may keep its record
                # with that value set to a safe one.
                mended = mending.mend_insert(new, table, written, values)
                if mended is None:
                    refused += 1
                else:
                    kept += 1
                    report.mended += mended
            break
        except sqlite3.DatabaseError:
            # A damaged page: skip past it, further each time, until rows read again.
            gaps += 1
            last = (last or 0) + 2 ** min(gaps * 2, 40)
            if gaps > 20:
                break
    if gaps:
        report.lost.append(
            f"Some {plural_of(table)} could not be read from the damaged file ({kept} were saved)."
        )
    if refused and table != "alembic_version":  # the new file's own revision row stays
        why = f": the file has no {_named(required)}" if required else ""
        name = singular_of(table) if refused == 1 else plural_of(table)
        report.lost.append(f"{refused} {name} could not be saved{why}.")
    if fills and kept:
        said_values = ", ".join(f"“{column}”: {said}" for column, _value, said in fills)
        were = "was" if kept == 1 else "were"
        report.lost.append(
            f"The {plural_of(table)} had no {_named([c for c, _v, _s in fills])}: {kept} {were} "
            f"saved with GM Desk's default value there ({said_values})."
        )
    report.kept[table] = kept


# A column's default that means "nothing was entered": a repair may fill a missing
# column with it. Any other default (a d6, a strong hold, 10 HP) would be a guess at
# what the GM chose, so rows whose file lacks such a column are left out instead.
_BLANK_DEFAULTS = (False, 0, 0.0, "", "{}", "[]")


def _missing_columns(
    new: sqlite3.Connection, table: str, layout: list[tuple[object, ...]], present: set[str]
) -> tuple[list[tuple[str, object, str]], list[str]]:
    """The columns of `table` the file lacks, split into the ones a repair fills (name,
    value written, that value in words) and the ones rows cannot do without.

    `layout` holds the new file's PRAGMA table_info rows. A column is filled with its
    SQL default (the value a migration gave older rows), else with the model's default
    where that means nothing, else left empty where it may be.
    """
    from sqlalchemy.sql.schema import ScalarElementColumnDefault
    from sqlmodel import SQLModel

    from desktop.store import models  # noqa: F401 (the tables' defaults)

    model = SQLModel.metadata.tables.get(table)
    fills: list[tuple[str, object, str]] = []
    required: list[str] = []
    keys = [row for row in layout if row[5]]
    # A lone INTEGER key is the rowid: SQLite numbers the rows when the file lacks it.
    numbered = str(keys[0][1]) if len(keys) == 1 and str(keys[0][2]).upper() == "INTEGER" else None
    for _cid, name, kind, not_null, sql_default, _key in layout:
        column = str(name)
        if column in present or column == numbered:
            continue
        boolean = "BOOL" in str(kind).upper()
        known = model.columns.get(column) if model is not None else None
        default = known.default if known is not None else None
        if sql_default is not None:
            value = new.execute(f"SELECT {sql_default}").fetchone()[0]
        elif (
            # The one default with is_scalar, a fixed value (.arg).
            isinstance(default, ScalarElementColumnDefault)
            and any(type(default.arg) is type(b) and default.arg == b for b in _BLANK_DEFAULTS)
        ):
            value = default.arg
        elif not not_null:
            value = None
        else:
            required.append(column)
            continue
        fills.append((column, value, _in_words(value, boolean=boolean)))
    return fills, required


def _in_words(value: object, *, boolean: bool) -> str:
    if value is None or value in ("", "{}", "[]"):
        return "empty"
    if boolean:
        return "yes" if value else "no"
    return str(value)


def _named(columns: Sequence[str]) -> str:
    names = ", ".join(f"“{column}”" for column in columns)
    return f"{names} column" if len(columns) == 1 else f"{names} columns"


def _count_kept(path: Path, report: RepairReport) -> None:
    """What the copy finally holds, after the rows left out: "Saved N records" is true."""
    with closing(sqlite3.connect(path)) as connection:
        for table in report.kept:
            report.kept[table] = int(
                connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            )


def _mend_campaign_row(path: Path, title: str, report: RepairReport) -> None:
    """A campaign row File > Open accepts (named `title` if it must be made anew)."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("BEGIN")
        report.mended += mending.mend_campaign_row(connection, title)
        connection.execute("COMMIT")


def _drop_unsound(path: Path, report: RepairReport) -> None:
    """Set the values the rules refuse to safe ones where there are some, and remove the
    rows that cannot be mended or whose links dangle, saying which."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("BEGIN")
        for finding in list(value_findings(connection)):
            mended = mending.mend_row(connection, finding)
            if mended:
                report.mended += mended
            elif finding.table and finding.row_id is not None:
                connection.execute(
                    f"DELETE FROM {finding.table} WHERE rowid = ?", (finding.row_id,)
                )
                report.lost.append(f"{finding.message} It was left out.")
            else:
                report.lost.append(f"{finding.message} It could not be mended.")
        _drop_dangling(connection, report)
        connection.execute("COMMIT")
        connection.execute("VACUUM")


def _rebuild_index(path: Path) -> None:
    """The copy's search index made again from its records, whatever the damaged file's
    index held (a copy is never left with an index out of step)."""
    from desktop.store import search_index

    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("BEGIN")
        search_index.rebuild(connection)
        connection.execute("COMMIT")


def _drop_dangling(connection: sqlite3.Connection, report: RepairReport) -> None:
    """Remove rows that refer to rows not in the file (their owner was lost)."""
    for _round in range(10):  # removing a parent can leave its children dangling
        dangling = connection.execute("PRAGMA foreign_key_check").fetchall()
        if not dangling:
            return
        for table, row_id, parent, _key in dangling:
            connection.execute(f"DELETE FROM {table} WHERE rowid = ?", (row_id,))
            report.lost.append(
                f"{singular_of(str(table)).capitalize()} {row_id}: it belonged to a "
                f"{singular_of(str(parent))} that is not in the file."
            )
