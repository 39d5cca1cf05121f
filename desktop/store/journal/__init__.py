"""The journal: the GM's notes on each game and each of its scenes.

`records` (what is handed out), `rows` (the sqlite3 reads), `checks` (a note as the
store may hold it), `writes` (the sqlmodel writes, imported only by a write) and
`manager` (`campaign.journal`). The journal's pages are read models of these, the
history and the roll log: `desktop.views.journal`.
"""

from __future__ import annotations

from desktop.store.journal.manager import JournalManager
from desktop.store.journal.records import NOTE_MAX, WHOLE_GAME, JournalNoteRecord
from desktop.store.journal.tables import TABLES

__all__ = ["NOTE_MAX", "TABLES", "WHOLE_GAME", "JournalManager", "JournalNoteRecord"]
