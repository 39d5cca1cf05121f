"""The campaign's history, newest last. Reached as `campaign.history`.

Entries are written by `Core.writing` itself, in the transaction of each write; this
manager only reads them."""

from __future__ import annotations

from desktop.store import checks
from desktop.store.core import Manager
from desktop.store.history.records import HistoryRecord
from desktop.store.history.rows import HISTORY_SQL, history_from_row


class HistoryManager(Manager):
    """The campaign's history: one entry per committed write, undos included."""

    def all(self, limit: int | None = None) -> list[HistoryRecord]:
        """Every entry, oldest first; the newest `limit` when given."""
        if limit is None:
            return [history_from_row(row) for row in self._read(f"{HISTORY_SQL} ORDER BY id")]
        count = checks.whole(limit, "The number of history entries")
        rows = self._read(f"{HISTORY_SQL} ORDER BY id DESC LIMIT ?", (count,))
        return [history_from_row(row) for row in reversed(rows)]

    def of_game(self, game_id: int) -> list[HistoryRecord]:
        """The entries written while game `game_id` ran, oldest first."""
        rows = self._read(f"{HISTORY_SQL} WHERE game_id = ? ORDER BY id", (game_id,))
        return [history_from_row(row) for row in rows]

    def count(self) -> int:
        return int(self._read("SELECT COUNT(*) FROM history_entry")[0][0])
