"""The roster: the campaign's characters, player and not.

`records` (a character, its snapshot for undoing a delete), `rows` (its columns, listed
once), `writes` (sqlmodel, imported only by a write) and `manager` (`campaign.roster`).
Another area uses these names, or `desktop.store.roster.writes` inside its own
transaction, and nothing else of this package.
"""

from __future__ import annotations

from desktop.store.roster.manager import RosterManager
from desktop.store.roster.records import CharacterRecord, CharacterSnapshot
from desktop.store.roster.rows import CHARACTER_COLUMNS
from desktop.store.roster.tables import TABLES

__all__ = ["CHARACTER_COLUMNS", "TABLES", "CharacterRecord", "CharacterSnapshot", "RosterManager"]
