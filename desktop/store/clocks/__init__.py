"""Clocks: progress clocks, loose or owned by the chapter, a character or a faction.

`records` (what is handed out), `rows` (the sqlite3 reads), `checks` (values checked
before writing), `writes` (the sqlmodel writes, imported only by a write) and `manager`
(`campaign.clocks`). Another area uses these names, or `desktop.store.clocks.writes`
inside its own transaction, and nothing else of this package.
"""

from __future__ import annotations

from desktop.store.clocks.checks import clock as check_clock
from desktop.store.clocks.checks import clock_filled, clock_segments, owner_id, owner_kind
from desktop.store.clocks.manager import ClockManager
from desktop.store.clocks.records import (
    OWNER_CHAPTER,
    OWNER_CHARACTER,
    OWNER_FACTION,
    OWNER_KINDS,
    OWNER_NONE,
    ClockRecord,
)
from desktop.store.clocks.rows import CLOCK_FIELDS, CLOCK_SQL, clock_from_row
from desktop.store.clocks.tables import TABLES

__all__ = [
    "CLOCK_FIELDS",
    "CLOCK_SQL",
    "OWNER_CHAPTER",
    "OWNER_CHARACTER",
    "OWNER_FACTION",
    "OWNER_KINDS",
    "OWNER_NONE",
    "TABLES",
    "ClockManager",
    "ClockRecord",
    "check_clock",
    "clock_filled",
    "clock_from_row",
    "clock_segments",
    "owner_id",
    "owner_kind",
]
