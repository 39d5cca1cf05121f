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
from typing import TYPE_CHECKING

from desktop.rules import roster
from desktop.store import bounds, checks, games
from desktop.store.core import Row
from desktop.store.errors import CampaignRefused
from desktop.store.migrations import HEAD
from desktop.store.migrations.layouts import Layout, layout_at
from desktop.store.rolls import ROLL_COLUMNS
from desktop.store.roster import CHARACTER_COLUMNS

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


def plural_of(table: str) -> str:
    return _PLURALS.get(table, table)


def singular_of(table: str) -> str:
    return _SINGULARS.get(table, table)


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
    """(table, SELECT, where-a-row-is, check-a-row) for every table with rules to keep."""
    # The store's own row readers, so that a value is judged exactly as it is read; with
    # the rules, only imported for a check of every value (most opens do without one).
    from desktop.rules import factions
    from desktop.store import calendar as energy
    from desktop.store import cards, games, kit
    from desktop.store import chapter as chapter_area
    from desktop.store import clocks as clock_area
    from desktop.store import downtime as downtime_area
    from desktop.store import factions as faction_area

    def of(character_id: object) -> str:
        if isinstance(character_id, int) and character_id in names:
            return names[character_id]
        return f"character {character_id}"

    def character(row: Row) -> None:
        roster.check_name(row[1])
        roster.check_kind(row[2])
        roster.check_notes(row[3])
        checks.position(row[4])

    def die(row: Row) -> None:
        kit.check_die(kit.die_from_row(row))

    def trait(row: Row) -> None:
        checks.trait(row[2], row[3], bool(row[4]))

    def item(row: Row) -> None:
        checks.item_kind(row[3])
        roster.check_name(row[2])

    def roll(row: Row) -> None:
        checks.moment(row[1])
        checks.roll_kind(row[4])
        checks.parse_detail(str(row[5]))
        checks.total(row[6])
        # As the import judges a line (its place in play is held to its bounds above).
        roster.check_name(row[3])
        checks.summary(row[7])

    def game(row: Row) -> None:
        games.game_from_row(row)

    def card(row: Row) -> None:
        cards.check_card(cards.card_from_row(row))

    def image(row: Row) -> None:
        checks.image_format_name(row[1])

    def profile(row: Row) -> None:
        energy.profile_from_row(of(row[0]), row[1], row[2])

    def day(row: Row) -> None:
        # The import's own check (figures in range, a ledger that adds up): a campaign
        # called sound here must export to a document GM Desk imports again.
        checks.energy_day(energy.day_from_text(row[3]))

    def faction(row: Row) -> None:
        faction_area.check_faction(faction_area.faction_from_row(row))

    def clock(row: Row) -> None:
        clock_area.check_clock(clock_area.clock_from_row(row))

    def claim(row: Row) -> None:
        chapter_area.check_claim(chapter_area.claim_from_row(row))

    def sheet(row: Row) -> None:
        downtime_area.downtime_sheet(downtime_area.sheet_from_row(int(row[0]), row[1:]), track)

    def chapter(row: Row) -> None:
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
        # Its numbers are within their bounds: a row with one that is not was named.
        factions.Chapter(
            tier,
            hold,
            min(rep, factions.FULL_REP),
            factions.MIN_TURF,
            coin,
            heat,
        )

    def entry(row: Row) -> None:
        downtime_area.entry_activity(row[3])
        downtime_area.entry_summary(row[4])

    return [
        (
            "character",
            f"SELECT {CHARACTER_COLUMNS} FROM character",
            lambda row: f"Character {row[0]} ({row[1]})",
            character,
        ),
        (
            "die",
            f"SELECT {kit.DIE_COLUMNS} FROM die",
            lambda row: f"Die {row[0]} of {of(row[1])}",
            die,
        ),
        (
            "trait",
            f"SELECT {kit.TRAIT_COLUMNS} FROM trait",
            lambda row: f"Trait {row[0]} ({row[2]}) of {of(row[1])}",
            trait,
        ),
        (
            "item",
            f"SELECT {kit.ITEM_COLUMNS} FROM item",
            lambda row: f"Item {row[0]} ({row[2]}) of {of(row[1])}",
            item,
        ),
        (
            "roll_log",
            f"SELECT {ROLL_COLUMNS} FROM roll_log",
            lambda row: f"Roll log line {row[0]} ({row[3]})",
            roll,
        ),
        (
            "card",
            f"SELECT {cards.CARD_COLUMNS} FROM card",
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
            faction_area.FACTION_SQL,
            lambda row: f"Faction {row[0]} ({row[1]})",
            faction,
        ),
        (
            "chapter",
            f"SELECT id, {chapter_area.CHAPTER_COLUMNS} FROM chapter",
            lambda row: f"The chapter ({row[1]})",
            chapter,
        ),
        ("clock", clock_area.CLOCK_SQL, lambda row: f"Clock {row[0]} ({row[1]})", clock),
        ("claim", chapter_area.CLAIM_SQL, lambda row: f"Claim {row[0]} ({row[1]})", claim),
        (
            "downtime_sheet",
            f"SELECT character_id, {downtime_area.SHEET_COLUMNS} FROM downtime_sheet",
            lambda row: f"The downtime sheet of {of(row[0])}",
            sheet,
        ),
        (
            "downtime_entry",
            downtime_area.ENTRY_SQL,
            lambda row: f"Downtime entry {row[0]}",
            entry,
        ),
        (
            "game",
            games.GAME_SQL,
            lambda row: f"Game {row[0]}",
            game,
        ),
    ]
