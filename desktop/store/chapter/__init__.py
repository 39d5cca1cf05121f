"""The chapter and its claim map: its trackers, the claims and the paths between them.

`records`, `rows` (sqlite3 reads), `checks`, `writes` (sqlmodel, imported only by a
write) and `manager` (`campaign.chapter`). Another area uses these names, or
`desktop.store.chapter.writes` inside its own transaction, and nothing else.
"""

from __future__ import annotations

from desktop.store.chapter.checks import chapter as check_chapter
from desktop.store.chapter.checks import claim as check_claim
from desktop.store.chapter.checks import claim_name, coordinate
from desktop.store.chapter.manager import ChapterManager
from desktop.store.chapter.records import (
    ChapterRecord,
    ClaimPathRecord,
    ClaimRecord,
    ClaimSnapshot,
    ClaimTransfer,
)
from desktop.store.chapter.rows import (
    CHAPTER_COLUMNS,
    CLAIM_SQL,
    LAIR_ID,
    NEW_CHAPTER,
    claim_from_row,
)
from desktop.store.chapter.tables import TABLES

__all__ = [
    "CHAPTER_COLUMNS",
    "CLAIM_SQL",
    "LAIR_ID",
    "NEW_CHAPTER",
    "TABLES",
    "ChapterManager",
    "ChapterRecord",
    "ClaimPathRecord",
    "ClaimRecord",
    "ClaimSnapshot",
    "ClaimTransfer",
    "check_chapter",
    "check_claim",
    "claim_from_row",
    "claim_name",
    "coordinate",
]
