"""The roster's table as the file's judges read it (see store/tables.py)."""

from __future__ import annotations

from desktop.rules import roster
from desktop.store import checks
from desktop.store.bounds import id_bound, position_bound
from desktop.store.core import Row
from desktop.store.roster.rows import CHARACTER_COLUMNS
from desktop.store.tables import AreaTable, RowContext


def _character(row: Row, _context: RowContext) -> None:
    roster.check_name(row[1])
    roster.check_kind(row[2])
    roster.check_notes(row[3])
    checks.position(row[4])


TABLES = (
    AreaTable(
        "character",
        "character",
        "characters",
        {"id": id_bound("A character's id"), "position": position_bound("A character's")},
        f"SELECT {CHARACTER_COLUMNS} FROM character",
        lambda row, _context: f"Character {row[0]} ({row[1]})",
        _character,
    ),
)
