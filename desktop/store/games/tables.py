"""The games' table as the file's judges read it (see store/tables.py); what ties the
games to each other, the calendar and the log is `health.game_findings`."""

from __future__ import annotations

from desktop.store import checks
from desktop.store.bounds import Bound, id_bound
from desktop.store.core import Row
from desktop.store.games.manager import GAME_SQL
from desktop.store.games.rows import game_from_row
from desktop.store.tables import AreaTable, RowContext


def _game(row: Row, _context: RowContext) -> None:
    game_from_row(row)


TABLES = (
    AreaTable(
        "game",
        "game",
        "games",
        {
            "id": id_bound("A game's id"),
            "started_day": Bound("A game's first day", 1, checks.CURRENT_DAY_MAX, 1),
        },
        GAME_SQL,
        lambda row, _context: f"Game {row[0]}",
        _game,
    ),
)
