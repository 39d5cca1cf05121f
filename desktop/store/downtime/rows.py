"""Downtime as the campaign's sqlite3 reader reads it: the queries and the records made
from rows (a character's sheet, a session's entries)."""

from __future__ import annotations

import json

from desktop.store.core import Row
from desktop.store.downtime import checks as downtime_checks
from desktop.store.downtime.records import DowntimeEntry, DowntimeSheet

SHEET_COLUMNS = "stress, trauma, hp, hp_max, xp, virtue, vice, vice_purveyor, friends, contacts"


ENTRY_SQL = (
    "SELECT id, session, COALESCE(character_id, 0), activity, summary, coin_spent, extra,"
    " track, undone FROM downtime_entry"
)


def sheet_from_row(character_id: int, row: Row) -> DowntimeSheet:
    stress, trauma, hp, hp_max, xp, virtue, vice, purveyor, friends, contacts = row
    return DowntimeSheet(
        character_id=character_id,
        stress=int(stress),
        trauma=int(trauma),
        hp=int(hp),
        hp_max=int(hp_max),
        xp=stored_xp(character_id, xp),
        virtue=str(virtue),
        vice=str(vice),
        vice_purveyor=str(purveyor),
        friends=str(friends),
        contacts=str(contacts),
    )


def stored_xp(character_id: int, text: object) -> tuple[tuple[str, int], ...]:
    """Stored XP read back; a damaged row says which character it belongs to."""
    try:
        return downtime_checks.xp(json.loads(str(text)))
    except ValueError as error:  # json's own errors are ValueErrors too
        raise ValueError(f"The stored XP of character {character_id} is damaged: {error}") from None


def entry_from_row(row: Row) -> DowntimeEntry:
    values = list(row)
    values[8] = bool(values[8])
    return DowntimeEntry(*values)
