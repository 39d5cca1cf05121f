"""Checking a campaign file the way File > Check Campaign does, and repairing a copy.

Three layers of judgement, cheapest first:

- SQLite's own: `integrity_check` (or `quick_check` on open) and `foreign_key_check`;
- the schema: every table and column this GM Desk reads is there;
- the stored values: each row read back and checked by the same rules that check a
  GM's input (die sizes and kinds, character kinds, dates, statuses, energy ledgers),
  so a value another program wrote says where it is ("die 12 of Kara Voss: ...")
  instead of breaking a view later.

Opening a campaign refuses it on the first problem (`refuse_unsound`); Check Campaign
lists them all (`check_campaign`); `repair` writes a new file with every row that can
still be read and passes the checks, and never touches the original. No Qt here: the
window runs these on a worker thread.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, suppress
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from desktop.rules import roster
from desktop.store import checks, files
from desktop.store.errors import CampaignRefused

# Every table and column this GM Desk reads (at the newest revision). A file may have
# more (a later revision's additions) but never fewer.
TABLE_COLUMNS: dict[str, tuple[str, ...]] = {
    "campaign": ("id", "name", "start_date", "current_day", "settings"),
    "card": (
        "id",
        "name",
        "category",
        "owner_id",
        "character_id",
        "capacity",
        "efficiency",
        "power",
        "velocity",
        "focus",
        "resistance",
        "zone",
        "scale",
        "info",
        "tags",
        "search_text",
        "position",
        "shown",
    ),
    "card_image": ("card_id", "format", "data"),
    "chapter": (
        "id",
        "name",
        "tier",
        "hold",
        "rep",
        "coin",
        "heat",
        "lair_held",
        "lair_threatened",
        "notes",
    ),
    "character": ("id", "name", "kind", "notes", "position"),
    "claim": ("id", "name", "benefit", "turf", "faction_id", "x", "y"),
    "claim_path": ("id", "start_id", "end_id"),
    "clock": (
        "id",
        "name",
        "segments",
        "filled",
        "owner_kind",
        "character_id",
        "faction_id",
        "position",
        "note",
        "shown",
    ),
    "die": (
        "id",
        "character_id",
        "size",
        "kind",
        "place",
        "item_id",
        "in_tray",
        "steps",
        "down_to_d4",
        "position",
    ),
    "downtime_entry": (
        "id",
        "session",
        "character_id",
        "activity",
        "summary",
        "coin_spent",
        "extra",
        "track",
        "undone",
    ),
    "downtime_session": ("number",),
    "downtime_sheet": (
        "character_id",
        "stress",
        "trauma",
        "hp",
        "hp_max",
        "xp",
        "virtue",
        "vice",
        "vice_purveyor",
        "friends",
        "contacts",
    ),
    "energy_day": ("character_id", "day", "state"),
    "energy_profile": ("character_id", "daily_net", "abilities"),
    "faction": (
        "id",
        "name",
        "tier",
        "hold",
        "status",
        "at_war_with_others",
        "position",
        "notes",
        "shown",
    ),
    "item": ("id", "character_id", "name", "kind", "deplete", "position"),
    "roll_log": (
        "id",
        "at",
        "character_id",
        "character_name",
        "kind",
        "detail",
        "total",
        "summary",
        "undone",
        "day",
        "game_id",
        "scene",
        "round",
        "turn",
    ),
    "game": ("id", "started_at", "started_day", "ended_at", "state"),
    "trait": ("id", "character_id", "name", "value", "broad", "position"),
}
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
)
# A value check stops after this many findings: a file that bad needs repair, not a list.
MAX_FINDINGS = 200


@dataclass(frozen=True)
class Finding:
    """One problem, in words for the GM; `table` and `row_id` say which row (if one)."""

    message: str
    table: str = ""
    row_id: int | None = None


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


# -- on open ---------------------------------------------------------------------------------


def refuse_unsound(connection: sqlite3.Connection, name: str, *, values: bool = True) -> None:
    """Raise CampaignRefused, naming the first problem, unless schema and values are sound.

    SQLite's `quick_check` has run before this (see `files.quick_check`). `values`
    False skips reading every row (a file GM Desk itself left so: see `trust`).
    """
    problems = structure_findings(connection)
    if not problems and values:
        problems = list(_first(value_findings(connection), 1))
    if problems:
        raise CampaignRefused(
            f"“{name}” cannot be opened: {problems[0].message} The file may have been changed "
            "by another program. Nothing was changed; File > Check Campaign lists every "
            "problem and can save a repaired copy."
        )


def _first(findings: Iterator[Finding], count: int) -> Iterator[Finding]:
    for number, finding in enumerate(findings):
        if number >= count:
            return
        yield finding


# -- Check Campaign --------------------------------------------------------------------------


def check_campaign(path: Path) -> CheckReport:
    """Every check on the file at `path`, read without writing anything beside it."""
    path = path.absolute()
    report = CheckReport(path.name)
    try:
        files.check_sqlite_file(path)
        with files.inspecting(path, shared=True) as connection:
            from desktop.store import schema

            schema.revision_of(connection, path.name)
            report.integrity = _integrity(connection)
            report.structure = structure_findings(connection)
            report.foreign_keys = foreign_key_findings(connection)
            if not report.structure:
                report.values = list(_first(value_findings(connection), MAX_FINDINGS))
    except CampaignRefused as refused:
        report.refused = str(refused)
    return report


def _integrity(connection: sqlite3.Connection) -> list[str]:
    try:
        rows = [str(row[0]) for row in connection.execute("PRAGMA integrity_check(50)")]
    except sqlite3.DatabaseError as error:
        return [str(error)]
    return [] if rows == ["ok"] else rows


def structure_findings(connection: sqlite3.Connection) -> list[Finding]:
    """Tables and columns this GM Desk needs that the file lacks."""
    found: list[Finding] = []
    try:
        for table, columns in TABLE_COLUMNS.items():
            present = {str(row[1]) for row in connection.execute(f"PRAGMA table_info('{table}')")}
            if not present:
                found.append(Finding(f"the table of {_plural(table)} is missing.", table))
                continue
            for column in columns:
                if column not in present:
                    found.append(Finding(f"the {_plural(table)} have no “{column}” column.", table))
    except sqlite3.DatabaseError as error:
        found.append(Finding(f"its list of tables cannot be read ({error})."))
    return found


def foreign_key_findings(connection: sqlite3.Connection) -> list[Finding]:
    """Rows that refer to rows which are not there."""
    try:
        rows = connection.execute("PRAGMA foreign_key_check").fetchall()
    except sqlite3.DatabaseError as error:
        return [Finding(f"The links between rows cannot be checked ({error}).")]
    return [
        Finding(
            f"{_singular(str(table)).capitalize()} {row_id} refers to a {_singular(str(parent))}"
            " that is not in the file.",
            str(table),
            None if row_id is None else int(row_id),
        )
        for table, row_id, parent, _key in rows[:MAX_FINDINGS]
    ]


_PLURALS = {
    "campaign": "campaign rows",
    "character": "characters",
    "die": "dice",
    "trait": "traits",
    "item": "items",
    "roll_log": "roll log lines",
    "card": "SySCards",
    "card_image": "card images",
    "energy_profile": "energy profiles",
    "energy_day": "energy days",
    "faction": "factions",
    "clock": "clocks",
    "chapter": "chapter rows",
    "claim": "claims",
    "claim_path": "claim paths",
    "downtime_sheet": "downtime sheets",
    "downtime_session": "downtime sessions",
    "downtime_entry": "downtime entries",
    "game": "games",
}
_SINGULARS = {
    "roll_log": "roll log line",
    "card": "SySCard",
    "card_image": "card image",
    "energy_profile": "energy profile",
    "energy_day": "energy day",
    "claim_path": "claim path",
    "downtime_sheet": "downtime sheet",
    "downtime_session": "downtime session",
    "downtime_entry": "downtime entry",
}


def _plural(table: str) -> str:
    return _PLURALS.get(table, table)


def _singular(table: str) -> str:
    return _SINGULARS.get(table, table)


# -- the stored values -----------------------------------------------------------------------

Check = Callable[[tuple[object, ...]], object]


def value_findings(connection: sqlite3.Connection) -> Iterator[Finding]:
    """Each stored value the rules would refuse, with where it is; lazily, in file order."""
    names = _character_names(connection)
    track = _stress_track(connection)
    yield from _campaign_row(connection)
    for table, sql, describe, check in _row_checks(names, track):
        try:
            cursor = connection.execute(sql)
        except sqlite3.DatabaseError as error:
            yield Finding(f"The {_plural(table)} cannot be read ({error}).", table)
            continue
        while True:
            try:
                row = cursor.fetchone()
            except sqlite3.DatabaseError as error:
                yield Finding(f"Some {_plural(table)} cannot be read ({error}).", table)
                break
            if row is None:
                break
            try:
                check(row)
            except (ValueError, TypeError, KeyError, AttributeError) as error:
                yield Finding(f"{describe(row)}: {_sentence(error)}", table, _row_id(row))


def _row_id(row: Sequence[object]) -> int | None:
    value = row[0]
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# Python's JSON parser explains itself in programmer's terms ("Expecting value: line 1
# column 1 (char 0)"); a GM needs only to know the stored text is unreadable.
_PARSER_TEXT = re.compile(
    r"(Expecting|Extra data|Unterminated|Invalid)[^()]*\(char \d+\)\.?", re.IGNORECASE
)


def _sentence(error: BaseException) -> str:
    text = _PARSER_TEXT.sub("it is not readable text of the kind GM Desk stores.", str(error))
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
    _id, name, start, day, settings = rows[0]
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
    try:
        checks.whole(day, "The campaign's current day", low=1)
    except ValueError as error:
        yield Finding(_sentence(error), "campaign")
    try:
        if not isinstance(json.loads(str(settings)), dict):
            raise ValueError
    except ValueError:
        yield Finding("The campaign's rule settings are not readable.", "campaign")


def _row_checks(
    names: dict[int, str], track: int
) -> list[tuple[str, str, Callable[[tuple[object, ...]], str], Check]]:
    """(table, SELECT, where-a-row-is, check-a-row) for every table with rules to keep."""
    # The store's own row readers, so that a value is judged exactly as it is read; with
    # the rules, only imported for a check of every value (most opens do without one).
    from desktop.rules import factions
    from desktop.store import card_rows, downtime_checks, energy, games
    from desktop.store import downtime as downtime_store
    from desktop.store import rows as store

    def of(character_id: object) -> str:
        return names.get(character_id, f"character {character_id}")  # type: ignore[arg-type]

    def character(row: tuple[object, ...]) -> None:
        roster.check_name(row[1])
        roster.check_kind(row[2])
        roster.check_notes(row[3])
        checks.position(row[4])

    def die(row: tuple[object, ...]) -> None:
        checks.die(store._die(row))

    def trait(row: tuple[object, ...]) -> None:
        checks.trait(row[2], row[3], bool(row[4]))

    def item(row: tuple[object, ...]) -> None:
        checks.item_kind(row[3])
        roster.check_name(row[2])

    def roll(row: tuple[object, ...]) -> None:
        checks.moment(row[1])
        checks.roll_kind(row[4])
        checks.parse_detail(str(row[5]))
        checks.total(row[6])
        for value, what in zip(row[7:], ("game", "scene", "round", "turn"), strict=True):
            if value is not None:
                checks.whole(value, f"Its {what}", low=1)

    def game(row: tuple[object, ...]) -> None:
        games.game_from_row(row)

    def card(row: tuple[object, ...]) -> None:
        checks.card(card_rows._card(row))

    def image(row: tuple[object, ...]) -> None:
        checks.image_format_name(row[1])

    def profile(row: tuple[object, ...]) -> None:
        energy.profile_from_row(of(row[0]), row[1], row[2])

    def day(row: tuple[object, ...]) -> None:
        # The import's own check (figures in range, a ledger that adds up): a campaign
        # called sound here must export to a document GM Desk imports again.
        checks.energy_day(energy.day_from_text(row[3]))

    def faction(row: tuple[object, ...]) -> None:
        downtime_checks.faction(downtime_store._faction(row))

    def clock(row: tuple[object, ...]) -> None:
        downtime_checks.clock(downtime_store._clock(row))

    def claim(row: tuple[object, ...]) -> None:
        downtime_checks.claim(downtime_store._claim(row))

    def sheet(row: tuple[object, ...]) -> None:
        downtime_checks.downtime_sheet(downtime_store._sheet(int(row[0]), row[1:]), track)  # type: ignore[call-overload]

    def chapter(row: tuple[object, ...]) -> None:
        # As the store reads it: rep is shown at most full, turf is counted from claims.
        _id, name, tier, hold, rep, coin, heat, lair_held, notes, threatened = row
        roster.check_name(name)
        checks.notes(notes)  # as the import judges them (revision 0006's column too)
        for flag, what in (
            (lair_held, "holds its lair"),
            (threatened, "has its lair under threat"),
        ):
            if isinstance(flag, bool) or flag not in (0, 1):
                raise ValueError(f"Whether it {what} is stored as {flag!r}, not yes or no.")
        for value, what in ((tier, "tier"), (rep, "rep"), (coin, "coin"), (heat, "heat")):
            checks.whole(value, f"The chapter's {what}", low=-1_000_000)
        factions.Chapter(
            tier,  # type: ignore[arg-type]
            hold,  # type: ignore[arg-type]
            min(rep, factions.FULL_REP),  # type: ignore[type-var]
            factions.MIN_TURF,
            coin,  # type: ignore[arg-type]
            heat,  # type: ignore[arg-type]
        )

    def entry(row: tuple[object, ...]) -> None:
        downtime_checks.entry_activity(row[3])
        downtime_checks.entry_summary(row[4])

    return [
        (
            "character",
            "SELECT id, name, kind, notes, position FROM character",
            lambda row: f"Character {row[0]} ({row[1]})",
            character,
        ),
        (
            "die",
            f"SELECT {store.DIE_COLUMNS} FROM die",
            lambda row: f"Die {row[0]} of {of(row[1])}",
            die,
        ),
        (
            "trait",
            "SELECT id, character_id, name, value, broad FROM trait",
            lambda row: f"Trait {row[0]} ({row[2]}) of {of(row[1])}",
            trait,
        ),
        (
            "item",
            "SELECT id, character_id, name, kind FROM item",
            lambda row: f"Item {row[0]} ({row[2]}) of {of(row[1])}",
            item,
        ),
        (
            "roll_log",
            "SELECT id, at, character_id, character_name, kind, detail, total,"
            " game_id, scene, round, turn FROM roll_log",
            lambda row: f"Roll log line {row[0]} ({row[3]})",
            roll,
        ),
        (
            "card",
            f"SELECT {card_rows.CARD_COLUMNS} FROM card",
            lambda row: f"SySCard {row[0]} ({row[1]})",
            card,
        ),
        (
            "card_image",
            "SELECT card_id, format FROM card_image",
            lambda row: f"The image of SySCard {row[0]}",
            image,
        ),
        (
            "energy_profile",
            "SELECT character_id, daily_net, abilities FROM energy_profile",
            lambda row: f"The energy profile of {of(row[0])}",
            profile,
        ),
        (
            "energy_day",
            "SELECT rowid, character_id, day, state FROM energy_day",
            lambda row: f"Energy day {row[2]} of {of(row[1])}",
            day,
        ),
        (
            "faction",
            downtime_store.FACTION_SQL,
            lambda row: f"Faction {row[0]} ({row[1]})",
            faction,
        ),
        (
            "chapter",
            "SELECT id, name, tier, hold, rep, coin, heat, lair_held, notes, lair_threatened"
            " FROM chapter",
            lambda row: f"The chapter ({row[1]})",
            chapter,
        ),
        ("clock", downtime_store.CLOCK_SQL, lambda row: f"Clock {row[0]} ({row[1]})", clock),
        ("claim", downtime_store.CLAIM_SQL, lambda row: f"Claim {row[0]} ({row[1]})", claim),
        (
            "downtime_sheet",
            f"SELECT character_id, {downtime_store.SHEET_COLUMNS} FROM downtime_sheet",
            lambda row: f"The downtime sheet of {of(row[0])}",
            sheet,
        ),
        (
            "downtime_entry",
            downtime_store.ENTRY_SQL,
            lambda row: f"Downtime entry {row[0]}",
            entry,
        ),
        (
            "game",
            "SELECT id, started_at, started_day, ended_at, state FROM game",
            lambda row: f"Game {row[0]}",
            game,
        ),
    ]


# -- repair ------------------------------------------------------------------------------------


@dataclass
class RepairReport:
    """What a repair kept and what it could not: `lost` in plain sentences."""

    destination: Path
    kept: dict[str, int] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)


def repair(source: Path, destination: Path) -> RepairReport:
    """Write `destination`: a new campaign with every row of `source` that can still be
    read and that the checks accept. `source` is only read (never written, nor anything
    beside it); `destination` must not exist. Raises CampaignRefused when nothing can
    be saved (not a campaign at all), OSError when the destination cannot be written.
    """
    source = source.absolute()
    destination = destination.absolute()
    if os.path.lexists(destination) or files.stray_sidecars(destination):
        raise CampaignRefused(f"“{destination.name}” already exists; choose another name.")
    if destination == source:
        raise CampaignRefused("The repaired copy must be a new file, not the damaged one.")
    from desktop.store import schema

    report = RepairReport(destination)
    from desktop.store import leftovers

    # A partial name of our own: a repair killed half way is cleared at the next open.
    building = leftovers.partial_path(destination.parent, destination.stem)
    files.check_sqlite_file(source)
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
        with closing(sqlite3.connect(building, isolation_level=None)) as new:
            new.execute("BEGIN")
            _drop_dangling(new, report)
            new.execute("COMMIT")
        schema.upgrade(building)  # an older file's rows reach the newest schema too
        _drop_unsound(building, report)
        _count_kept(building, report)
        os.replace(building, destination)
    finally:
        for leftover in (building, *files.stray_sidecars(building)):
            with suppress(FileNotFoundError):
                leftover.unlink()
    return report


def _build_schema(path: Path, revision: str) -> None:
    """The empty tables of `revision`, made by the shipped migrations."""
    from desktop.store import schema

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
            report.lost.append(f"All {_plural(table)}: their table could not be read.")
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
                if new.execute(insert, (*row[1:], *filled)).rowcount:
                    kept += 1
                else:
                    refused += 1
            break
        except sqlite3.DatabaseError:
            # A damaged page: skip past it, further each time, until rows read again.
            gaps += 1
            last = (last or 0) + 2 ** min(gaps * 2, 40)
            if gaps > 20:
                break
    if gaps:
        report.lost.append(
            f"Some {_plural(table)} could not be read from the damaged file ({kept} were saved)."
        )
    if refused and table != "alembic_version":  # the new file's own revision row stays
        why = f": the file has no {_named(required)}" if required else ""
        name = _singular(table) if refused == 1 else _plural(table)
        report.lost.append(f"{refused} {name} could not be saved{why}.")
    if fills and kept:
        values = ", ".join(f"“{column}”: {said}" for column, _value, said in fills)
        were = "was" if kept == 1 else "were"
        report.lost.append(
            f"The {_plural(table)} had no {_named([c for c, _v, _s in fills])}: {kept} {were} "
            f"saved with GM Desk's default value there ({values})."
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
            default is not None
            and default.is_scalar
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


def _drop_unsound(path: Path, report: RepairReport) -> None:
    """Remove rows whose links dangle or whose values the rules refuse, saying which."""
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("BEGIN")
        for finding in list(value_findings(connection)):
            if finding.table and finding.row_id is not None:
                connection.execute(
                    f"DELETE FROM {finding.table} WHERE rowid = ?", (finding.row_id,)
                )
                report.lost.append(f"{finding.message} It was left out.")
            else:
                report.lost.append(f"{finding.message} It could not be mended.")
        _drop_dangling(connection, report)
        connection.execute("COMMIT")
        connection.execute("VACUUM")


def _drop_dangling(connection: sqlite3.Connection, report: RepairReport) -> None:
    """Remove rows that refer to rows not in the file (their owner was lost)."""
    for _round in range(10):  # removing a parent can leave its children dangling
        dangling = connection.execute("PRAGMA foreign_key_check").fetchall()
        if not dangling:
            return
        for table, row_id, parent, _key in dangling:
            connection.execute(f"DELETE FROM {table} WHERE rowid = ?", (row_id,))
            report.lost.append(
                f"{_singular(str(table)).capitalize()} {row_id}: it belonged to a "
                f"{_singular(str(parent))} that is not in the file."
            )
