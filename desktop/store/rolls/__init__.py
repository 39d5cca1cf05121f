"""The roll log: every roll, draw and spend, with the day and the moment of play.

`records`, `rows` (its columns, listed once, a record from a row, a new line's checked
values), `writes` (sqlmodel, imported only by a write) and `manager` (`campaign.rolls`).
Another area uses these names, or `desktop.store.rolls.writes` inside its own
transaction, and nothing else.
"""

from __future__ import annotations

from desktop.store.rolls.manager import RollManager
from desktop.store.rolls.records import RollRecord
from desktop.store.rolls.rows import ROLL_COLUMNS, roll_from_row, roll_values
from desktop.store.rolls.tables import TABLES

__all__ = ["ROLL_COLUMNS", "TABLES", "RollManager", "RollRecord", "roll_from_row", "roll_values"]
