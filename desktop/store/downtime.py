"""Downtime in the campaign file, shared by its managers (`managers/clocks.py`,
`factions.py`, `chapter.py`, `downtime.py`): the queries, the rows read back and the
plan of a downtime step.

As everywhere in the store, reads are plain sqlite3 queries on the campaign's reader,
and every change is one transaction (`Core.writing`) whose sqlmodel helpers live in
`downtime_writer.py`, imported only when a write happens. Values are checked by the
rules (`rules/downtime.py`, `rules/factions.py`) through `checks.py` before anything is
written; each method that changes something returns what its undo needs.

The chapter's `turf` and `at_war` are never stored: they follow the claims it holds and
the factions' statuses. Its rep is shown through the rules' `Chapter.with_turf`, so
turf gained by any change (a claim made turf, the lair regained) caps the tracker at
once, while the stored value changes only when the chapter itself is written; that
keeps every undo exact.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from desktop.rules import factions
from desktop.rules.factions import MIN_TIER, STRONG
from desktop.store import checks, downtime_checks
from desktop.store.core import Topic
from desktop.store.downtime_records import (
    OWNER_CHARACTER,
    OWNER_FACTION,
    ChapterRecord,
    ClaimPathRecord,
    ClaimRecord,
    ClockRecord,
    DowntimeEntry,
    DowntimeSheet,
    DowntimeUndo,
    FactionRecord,
)

if TYPE_CHECKING:
    from sqlmodel import Session


CLOCK_SQL = (
    "SELECT id, name, segments, filled, owner_kind, COALESCE(character_id, faction_id, 0),"
    " position, note, shown FROM clock"
)
OWNER_ORDER = (
    "CASE owner_kind WHEN 'none' THEN 0 WHEN 'chapter' THEN 1 WHEN 'character' THEN 2 ELSE 3 END"
)
FACTION_SQL = (
    "SELECT id, name, tier, hold, status, at_war_with_others, position, notes, shown FROM faction"
)
CLAIM_SQL = "SELECT id, name, benefit, turf, COALESCE(faction_id, 0), x, y FROM claim"
SHEET_COLUMNS = "stress, trauma, hp, hp_max, xp, virtue, vice, vice_purveyor, friends, contacts"
ENTRY_SQL = (
    "SELECT id, session, COALESCE(character_id, 0), activity, summary, coin_spent, extra,"
    " track, undone FROM downtime_entry"
)
CLOCK_FIELDS = frozenset({"name", "segments", "filled", "note", "shown"})
FACTION_FIELDS = frozenset({"name", "hold", "status", "at_war_with_others", "notes", "shown"})
CHAPTER_FIELDS = frozenset(
    {"name", "tier", "hold", "rep", "coin", "heat", "lair_held", "notes", "lair_threatened"}
)
CLAIM_FIELDS = frozenset({"name", "benefit", "turf", "x", "y"})
LAIR_ID = factions.LAIR_ID  # the rules own it: one value for the store and the map
# The chapter row a new campaign starts with (the migration writes the same values).
NEW_CHAPTER: tuple[object, ...] = ("The Chapter", MIN_TIER, STRONG, 0, 0, 0, 1, "", 0)


class _StepPlan:
    """The checked values of one downtime step and what they were before it."""

    def __init__(
        self,
        chapter: ChapterRecord | None,
        sheet: DowntimeSheet | None,
        clocks: tuple[ClockRecord, ...],
        new_clock: ClockRecord | None,
        previous_chapter: ChapterRecord | None,
        previous_sheet: DowntimeSheet | None,
        previous_clocks: tuple[ClockRecord, ...],
    ) -> None:
        self.chapter = chapter
        self.sheet = sheet
        self.clocks = clocks
        self.new_clock = new_clock
        self.previous_chapter = previous_chapter
        self.previous_sheet = previous_sheet
        self.previous_clocks = previous_clocks

    @property
    def topics(self) -> tuple[Topic, ...]:
        return _value_topics(self.chapter, self.clocks, self.new_clock)

    def write(self, session: Session, new_clock_id: int | None) -> int | None:
        """Write the values; the new clock gets `new_clock_id` when given (a redo)."""
        from desktop.store import downtime_writer

        _write_values(session, self.chapter, self.sheet, self.clocks)
        if self.new_clock is None:
            return None
        keep = new_clock_id is not None
        clock = replace(self.new_clock, id=new_clock_id) if keep else self.new_clock
        return downtime_writer.add_clock(session, clock, keep_id=keep).id

    def undo(self, entry_id: int, new_clock_id: int | None) -> DowntimeUndo:
        return DowntimeUndo(
            entry_id, self.previous_chapter, self.previous_sheet, self.previous_clocks, new_clock_id
        )


def _write_values(
    session: Session,
    chapter: ChapterRecord | None,
    sheet: DowntimeSheet | None,
    clocks: Sequence[ClockRecord],
) -> None:
    from desktop.store import downtime_writer

    if chapter is not None:
        downtime_writer.set_chapter(session, chapter)
    if sheet is not None:
        downtime_writer.put_sheet(session, sheet)
    for clock in clocks:
        values = {name: getattr(clock, name) for name in CLOCK_FIELDS}
        downtime_writer.update_clock(session, clock.id, values)


def _value_topics(
    chapter: ChapterRecord | None, clocks: Sequence[ClockRecord], new_clock: object
) -> tuple[Topic, ...]:
    topics: list[Topic] = []
    if chapter is not None:
        topics.append(Topic.CHAPTER)
    if clocks or new_clock is not None:
        topics.append(Topic.CLOCKS)
    return tuple(topics)


# -- rows read back -------------------------------------------------------------------------


def _clock(row: Sequence[object]) -> ClockRecord:
    values = list(row)
    values[8] = bool(values[8])  # shown: SQLite keeps booleans as 0 and 1
    return ClockRecord(*values)  # type: ignore[arg-type]


def _faction(row: Sequence[object]) -> FactionRecord:
    values = list(row)
    values[5] = bool(values[5])  # SQLite keeps booleans as 0 and 1
    values[8] = bool(values[8])
    return FactionRecord(*values)  # type: ignore[arg-type]


def _claim(row: Sequence[object]) -> ClaimRecord:
    claim_id, name, benefit, turf, holder, x, y = row
    return ClaimRecord(
        int(claim_id),  # type: ignore[call-overload]
        str(name),
        str(benefit),
        bool(turf),
        int(holder),  # type: ignore[call-overload]
        float(x),  # type: ignore[arg-type]
        float(y),  # type: ignore[arg-type]
    )


def _sheet(character_id: int, row: Sequence[object]) -> DowntimeSheet:
    stress, trauma, hp, hp_max, xp, virtue, vice, purveyor, friends, contacts = row
    return DowntimeSheet(
        character_id=character_id,
        stress=int(stress),  # type: ignore[call-overload]
        trauma=int(trauma),  # type: ignore[call-overload]
        hp=int(hp),  # type: ignore[call-overload]
        hp_max=int(hp_max),  # type: ignore[call-overload]
        xp=_xp(character_id, xp),
        virtue=str(virtue),
        vice=str(vice),
        vice_purveyor=str(purveyor),
        friends=str(friends),
        contacts=str(contacts),
    )


def _xp(character_id: int, text: object) -> tuple[tuple[str, int], ...]:
    """Stored XP read back; a damaged row says which character it belongs to."""
    try:
        return downtime_checks.xp(json.loads(str(text)))
    except ValueError as error:  # json's own errors are ValueErrors too
        raise ValueError(f"The stored XP of character {character_id} is damaged: {error}") from None


def _entry(row: Sequence[object]) -> DowntimeEntry:
    values = list(row)
    values[8] = bool(values[8])
    return DowntimeEntry(*values)  # type: ignore[arg-type]


# -- small checks -----------------------------------------------------------------------------


def _owner_where(kind: str, owner_id: int) -> tuple[str, tuple[object, ...]]:
    if kind == OWNER_CHARACTER:
        return "owner_kind = ? AND character_id = ?", (kind, owner_id)
    if kind == OWNER_FACTION:
        return "owner_kind = ? AND faction_id = ?", (kind, owner_id)
    return "owner_kind = ?", (kind,)


def _path(start: object, end: object) -> ClaimPathRecord:
    """A path as the store spells it: the lair (0) or the lower claim id first."""
    first = checks.whole(start, "A path's start")
    second = checks.whole(end, "A path's end")
    if first == second:
        raise ValueError("A path can't lead from a place to itself.")
    return ClaimPathRecord(min(first, second), max(first, second))


def _known(changes: dict[str, object], known: frozenset[str], what: str) -> None:
    unknown = set(changes) - known
    if unknown:
        raise ValueError(f"{what} has no field {', '.join(sorted(unknown))}.")


def _war_topic(status: int) -> tuple[Topic, ...]:
    """ "chapter" when a faction at war with the chapter comes or goes."""
    return (Topic.CHAPTER,) if status == factions.WAR_STATUS else ()


def _turf_topic(claim: ClaimRecord) -> tuple[Topic, ...]:
    """ "chapter" when a change to this claim changes the chapter's turf."""
    return (Topic.CHAPTER,) if claim.turf and claim.holder_id == LAIR_ID else ()


def _listed(names: Sequence[str]) -> str:
    quoted = [f"“{name}”" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
