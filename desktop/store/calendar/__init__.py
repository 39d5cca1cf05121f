"""The Energy Calendar: each character's energy profile and days, and End Day.

`records` (End Day's summary), `codec` (profiles and days as stored JSON), `rows` (rows
read back and checked), `plan` (what End Day writes), `writes` (sqlmodel, imported only
by a write) and `manager` (`campaign.calendar`). Another area uses these names, or
`desktop.store.calendar.writes` inside its own transaction, and nothing else.
"""

from __future__ import annotations

from desktop.store.calendar.codec import (
    DAY_KEYS,
    abilities_of,
    abilities_text,
    day_from_dict,
    day_from_text,
    day_text,
    day_to_dict,
    profile,
    profile_from_row,
)
from desktop.store.calendar.manager import CalendarManager
from desktop.store.calendar.records import EndDaySummary, EndDayToken, EnergyDebt, EnergyDecay
from desktop.store.calendar.tables import TABLES

__all__ = [
    "DAY_KEYS",
    "TABLES",
    "CalendarManager",
    "EndDaySummary",
    "EndDayToken",
    "EnergyDebt",
    "EnergyDecay",
    "abilities_of",
    "abilities_text",
    "day_from_dict",
    "day_from_text",
    "day_text",
    "day_to_dict",
    "profile",
    "profile_from_row",
]
