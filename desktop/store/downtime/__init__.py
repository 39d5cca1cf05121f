"""Downtime: each character's downtime sheet, the downtime sessions and their steps.

`records`, `rows` (sqlite3 reads), `checks`, `plan` (one step's checked values and
their undo), `writes` (sqlmodel, imported only by a write) and `manager`
(`campaign.downtime`). Another area uses these names, or
`desktop.store.downtime.writes` inside its own transaction, and nothing else.
"""

from __future__ import annotations

from desktop.store.downtime.checks import (
    downtime_sheet,
    entry_activity,
    entry_extra,
    entry_summary,
    entry_track,
    health,
    stress,
    trauma,
    xp,
    xp_track,
)
from desktop.store.downtime.manager import DowntimeManager
from desktop.store.downtime.records import (
    DEFAULT_HP,
    DEFAULT_XP,
    ENTRY_ACTIVITIES,
    EXTRA_PAID,
    EXTRAS,
    FACTION_TICK,
    PAYOFF,
    DowntimeEntry,
    DowntimeSheet,
    DowntimeStep,
    DowntimeUndo,
)
from desktop.store.downtime.rows import ENTRY_SQL, SHEET_COLUMNS, entry_from_row, sheet_from_row
from desktop.store.downtime.tables import TABLES

__all__ = [
    "DEFAULT_HP",
    "DEFAULT_XP",
    "ENTRY_ACTIVITIES",
    "ENTRY_SQL",
    "EXTRAS",
    "EXTRA_PAID",
    "FACTION_TICK",
    "PAYOFF",
    "SHEET_COLUMNS",
    "TABLES",
    "DowntimeEntry",
    "DowntimeManager",
    "DowntimeSheet",
    "DowntimeStep",
    "DowntimeUndo",
    "downtime_sheet",
    "entry_activity",
    "entry_extra",
    "entry_from_row",
    "entry_summary",
    "entry_track",
    "health",
    "sheet_from_row",
    "stress",
    "trauma",
    "xp",
    "xp_track",
]
