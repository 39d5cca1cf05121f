"""The clocks' table as the file's judges read it (see store/tables.py)."""

from __future__ import annotations

from desktop.rules import downtime
from desktop.store.bounds import Bound, bound_from, id_bound, position_bound
from desktop.store.clocks.checks import clock as check_clock
from desktop.store.clocks.rows import CLOCK_SQL, clock_from_row
from desktop.store.core import Row
from desktop.store.tables import AreaTable, RowContext


def _clock(row: Row, _context: RowContext) -> None:
    check_clock(clock_from_row(row))


TABLES = (
    AreaTable(
        "clock",
        "clock",
        "clocks",
        {
            "id": id_bound("A clock's id"),
            "segments": bound_from(downtime.SEGMENTS, safe=downtime.COMMON_SEGMENTS[0]),
            "filled": Bound("A clock's fill", 0, downtime.MAX_SEGMENTS),
            "character_id": id_bound("A clock's character", nullable=True),
            "faction_id": id_bound("A clock's faction", nullable=True),
            "position": position_bound("A clock's"),
        },
        CLOCK_SQL,
        lambda row, _context: f"Clock {row[0]} ({row[1]})",
        _clock,
    ),
)
