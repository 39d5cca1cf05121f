"""The faction ladder: factions, their tier, hold and status with the chapter.

`records`, `rows` (sqlite3 reads), `checks`, `writes` (sqlmodel, imported only by a
write) and `manager` (`campaign.factions`). Another area uses these names, or
`desktop.store.factions.writes` inside its own transaction, and nothing else.
"""

from __future__ import annotations

from desktop.store.factions.checks import faction as check_faction
from desktop.store.factions.checks import hold, status, tier
from desktop.store.factions.manager import FactionManager
from desktop.store.factions.records import FactionRecord, FactionSnapshot
from desktop.store.factions.rows import FACTION_SQL, faction_from_row, war_topics
from desktop.store.factions.tables import TABLES

__all__ = [
    "FACTION_SQL",
    "TABLES",
    "FactionManager",
    "FactionRecord",
    "FactionSnapshot",
    "check_faction",
    "faction_from_row",
    "hold",
    "status",
    "tier",
    "war_topics",
]
