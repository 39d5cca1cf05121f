"""The faction ladder's table as the file's judges read it (see store/tables.py)."""

from __future__ import annotations

from desktop.rules import factions
from desktop.store.bounds import bound_from, id_bound, position_bound
from desktop.store.core import Row
from desktop.store.factions.checks import faction as check_faction
from desktop.store.factions.rows import FACTION_SQL, faction_from_row
from desktop.store.tables import AreaTable, RowContext


def _faction(row: Row, _context: RowContext) -> None:
    check_faction(faction_from_row(row))


TABLES = (
    AreaTable(
        "faction",
        "faction",
        "factions",
        {
            "id": id_bound("A faction's id"),
            "tier": bound_from(factions.TIER, "A faction's tier"),
            "status": bound_from(factions.STATUS, "A faction's status", safe=factions.NEUTRAL),
            "position": position_bound("A faction's"),
        },
        FACTION_SQL,
        lambda row, _context: f"Faction {row[0]} ({row[1]})",
        _faction,
    ),
)
