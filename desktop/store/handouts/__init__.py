"""Handouts: a SySCard's copy, a text or a picture the GM gives one player character or
every player, kept on their pages until taken back.

`records` (what is handed out), `rows` (the sqlite3 reads), `checks` (values checked
before writing), `writes` (the sqlmodel writes, imported only by a write) and `manager`
(`campaign.handouts`). Another area uses these names, or `desktop.store.handouts.writes`
inside its own transaction, and nothing else of this package.
"""

from __future__ import annotations

from desktop.store.handouts.checks import IMAGE_FORMATS, IMAGE_MAX, TEXT_MAX, TITLE_MAX
from desktop.store.handouts.checks import handout as check_handout
from desktop.store.handouts.manager import HandoutManager
from desktop.store.handouts.records import (
    CARD,
    IMAGE,
    KINDS,
    TEXT,
    HandoutRecord,
    HandoutSnapshot,
)
from desktop.store.handouts.tables import TABLES

__all__ = [
    "CARD",
    "IMAGE",
    "IMAGE_FORMATS",
    "IMAGE_MAX",
    "KINDS",
    "TABLES",
    "TEXT",
    "TEXT_MAX",
    "TITLE_MAX",
    "HandoutManager",
    "HandoutRecord",
    "HandoutSnapshot",
    "check_handout",
]
