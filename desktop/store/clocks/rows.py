"""Clocks as the campaign's sqlite3 reader reads them: the query, its order and the
record made from a row."""

from __future__ import annotations

from desktop.store.clocks.records import OWNER_CHARACTER, OWNER_FACTION, ClockRecord
from desktop.store.core import Row

CLOCK_SQL = (
    "SELECT id, name, segments, filled, owner_kind, COALESCE(character_id, faction_id, 0),"
    " position, note, shown FROM clock"
)


OWNER_ORDER = (
    "CASE owner_kind WHEN 'none' THEN 0 WHEN 'chapter' THEN 1 WHEN 'character' THEN 2 ELSE 3 END"
)


CLOCK_FIELDS = frozenset({"name", "segments", "filled", "note", "shown"})


def clock_from_row(row: Row) -> ClockRecord:
    values = list(row)
    values[8] = bool(values[8])  # shown: SQLite keeps booleans as 0 and 1
    return ClockRecord(*values)


def owner_where(kind: str, owner_id: int) -> tuple[str, tuple[object, ...]]:
    if kind == OWNER_CHARACTER:
        return "owner_kind = ? AND character_id = ?", (kind, owner_id)
    if kind == OWNER_FACTION:
        return "owner_kind = ? AND faction_id = ?", (kind, owner_id)
    return "owner_kind = ?", (kind,)
