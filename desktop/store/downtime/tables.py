"""Downtime's tables as the file's judges read them: the sheets, the sessions and their
steps (see store/tables.py)."""

from __future__ import annotations

from desktop.rules import downtime
from desktop.store.bounds import TOP, TRAUMA_MAX, Bound, id_bound
from desktop.store.core import Row
from desktop.store.downtime.checks import downtime_sheet, entry_activity, entry_summary
from desktop.store.downtime.rows import ENTRY_SQL, SHEET_COLUMNS, sheet_from_row
from desktop.store.tables import AreaTable, RowContext


def _sheet(row: Row, context: RowContext) -> None:
    downtime_sheet(sheet_from_row(int(row[0]), row[1:]), context.stress_track)


def _entry(row: Row, _context: RowContext) -> None:
    entry_activity(row[3])
    entry_summary(row[4])


TABLES = (
    AreaTable(
        "downtime_sheet",
        "downtime sheet",
        "downtime sheets",
        {
            "character_id": id_bound("A downtime sheet's character"),
            "stress": Bound("Stress", 0, downtime.MAX_STRESS_TRACK),
            "trauma": Bound("Trauma", 0, TRAUMA_MAX),
            "hp": Bound("Current HP", 0, TOP),
            "hp_max": Bound("Maximum HP", 0, TOP, None, has_safe=False),
        },
        f"SELECT character_id, {SHEET_COLUMNS} FROM downtime_sheet",
        lambda row, context: f"The downtime sheet of {context.character(row[0])}",
        _sheet,
    ),
    AreaTable(
        "downtime_session",
        "downtime session",
        "downtime sessions",
        {"number": id_bound("A downtime session's number")},
    ),
    AreaTable(
        "downtime_entry",
        "downtime entry",
        "downtime entries",
        {
            "id": id_bound("A downtime step's id"),
            "session": id_bound("A downtime step's session"),
            "character_id": id_bound("A downtime step's character", nullable=True),
            "coin_spent": Bound("The coin a downtime step spent"),
        },
        ENTRY_SQL,
        lambda row, _context: f"Downtime entry {row[0]}",
        _entry,
    ),
)
