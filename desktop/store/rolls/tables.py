"""The roll log's table as the file's judges read it (see store/tables.py)."""

from __future__ import annotations

from desktop.rules import roster
from desktop.store import checks
from desktop.store.bounds import TOP, Bound, id_bound
from desktop.store.core import Row
from desktop.store.rolls.rows import ROLL_COLUMNS
from desktop.store.tables import AreaTable, RowContext


def _roll(row: Row, _context: RowContext) -> None:
    checks.moment(row[1])
    checks.roll_kind(row[4])
    checks.parse_detail(str(row[5]))
    checks.total(row[6])
    # As the import judges a line (its place in play is held to its bounds).
    roster.check_name(row[3])
    checks.summary(row[7])


TABLES = (
    AreaTable(
        "roll_log",
        "roll log line",
        "roll log lines",
        {
            "id": id_bound("A roll log line's id"),
            "character_id": id_bound("A roll log line's character", nullable=True),
            "total": Bound("A roll's total", -TOP, TOP, None, nullable=True),
            "day": id_bound("A roll's day", nullable=True),
            "game_id": id_bound("A roll's game", nullable=True),
            "scene": id_bound("A roll's scene", nullable=True),
            "round": id_bound("A roll's round", nullable=True),
            "turn": id_bound("A roll's turn", nullable=True),
        },
        f"SELECT {ROLL_COLUMNS} FROM roll_log",
        lambda row, _context: f"Roll log line {row[0]} ({row[3]})",
        _roll,
    ),
)
