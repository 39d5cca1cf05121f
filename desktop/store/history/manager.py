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

    def of_game(self, game_id: int, last: int | None = None) -> list[HistoryRecord]:
        """The entries written while game `game_id` ran, oldest first; the newest
        `last` when given."""
        if last is None:
            rows = self._read(f"{HISTORY_SQL} WHERE game_id = ? ORDER BY id", (game_id,))
            return [history_from_row(row) for row in rows]
        count = checks.whole(last, "The number of history entries")
        rows = self._read(
            f"{HISTORY_SQL} WHERE game_id = ? ORDER BY id DESC LIMIT ?", (game_id, count)
        )
        return [history_from_row(row) for row in reversed(rows)]

    def outside_games(
        self, after_id: int, before_id: int | None = None, limit: int = 5_000
    ) -> list[HistoryRecord]:
        """The entries written outside any game after entry `after_id` and before entry
        `before_id` (None: to the newest), oldest first; at most `limit`, the oldest
        (what happened between two sessions)."""
        bound = "" if before_id is None else " AND id < ?"
        values = (after_id,) if before_id is None else (after_id, before_id)
        rows = self._read(
            f"{HISTORY_SQL} WHERE game_id IS NULL AND id > ?{bound} ORDER BY id LIMIT ?",
            (*values, checks.whole(limit, "The number of history entries")),
        )
        return [history_from_row(row) for row in rows]

    def undone(self, first_id: int, last_id: int) -> frozenset[int]:
        """Which entries from `first_id` to `last_id` a later undo undid."""
        rows = self._read(
            "SELECT undo_of FROM history_entry WHERE undo_of BETWEEN ? AND ?",
            (first_id, last_id),
        )
        return frozenset(int(row[0]) for row in rows)

    def next_game_start(self, game_id: int) -> int | None:
        """The first entry, neither undone nor an undo, of a game after `game_id` that is
        in the campaign: where what followed game `game_id` ends. A game whose start was
        undone left its entries, under an id the next game started may take again."""
        rows = self._read(
            "SELECT MIN(id) FROM history_entry AS h"
            " WHERE game_id IN (SELECT id FROM game WHERE id > ?) AND undo_of IS NULL"
            " AND NOT EXISTS (SELECT 1 FROM history_entry AS u WHERE u.undo_of = h.id)",
            (game_id,),
        )
        return None if rows[0][0] is None else int(rows[0][0])

    def game_bounds(self) -> dict[int, tuple[int, int]]:
        """Each game's first and last entry ids (entries written while it ran)."""
        rows = self._read(
            "SELECT game_id, MIN(id), MAX(id) FROM history_entry"
            " WHERE game_id IS NOT NULL GROUP BY game_id"
        )
        return {int(row[0]): (int(row[1]), int(row[2])) for row in rows}

    def count(self) -> int:
        return int(self._read("SELECT COUNT(*) FROM history_entry")[0][0])
