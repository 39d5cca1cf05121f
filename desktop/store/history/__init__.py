"""The campaign's history: one entry per committed write, in that write's transaction.

`records` (what is handed out), `parts` (what each write of an entry noted), `rows`
(the sqlite3 reads), `sentences` (the plain sentences made from records), `writes`
(the appending, imported only by a write), `manager` (`campaign.history`) and `tables`.
"""

from __future__ import annotations

from desktop.store.history import parts, sentences
from desktop.store.history.manager import HistoryManager
from desktop.store.history.parts import HistoryPart, parts_of
from desktop.store.history.records import GM, PLAYER, UNDONE, WHO, HistoryRecord
from desktop.store.history.rows import LIVE_SQL
from desktop.store.history.tables import TABLES

# `sentences` and `parts` are public: every area makes its history sentences and names
# their kinds with them.
__all__ = [
    "GM",
    "LIVE_SQL",
    "PLAYER",
    "TABLES",
    "UNDONE",
    "WHO",
    "HistoryManager",
    "HistoryPart",
    "HistoryRecord",
    "parts",
    "parts_of",
    "sentences",
]
