"""The history as the campaign's sqlite3 reader reads it."""

from __future__ import annotations

from desktop.store.core import Row
from desktop.store.history.records import HistoryRecord

HISTORY_COLUMNS = (
    "id, at, day, game_id, scene, round, turn, who, character_id, area, record_id,"
    " sentence, undo_of, parts"
)
HISTORY_SQL = f"SELECT {HISTORY_COLUMNS} FROM history_entry"

# The newest entry an undo may undo: neither an undo itself nor undone by one, and not a
# remembered preference (print layout, sharing), which no undo step holds.
LIVE_SQL = (
    "SELECT id, sentence FROM history_entry AS e WHERE undo_of IS NULL"
    " AND area NOT IN ('print', 'sharing')"
    " AND NOT EXISTS (SELECT 1 FROM history_entry AS u WHERE u.undo_of = e.id)"
    " ORDER BY id DESC LIMIT 1"
)


def history_from_row(row: Row) -> HistoryRecord:
    return HistoryRecord(*row)
