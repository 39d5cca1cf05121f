"""What the store hands out: frozen plain values, never live database rows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta


@dataclass(frozen=True)
class CharacterRecord:
    """A roster entry: a player character, an NPC or a non-character challenge."""

    id: int
    name: str
    kind: str
    notes: str
    position: int


@dataclass(frozen=True)
class CampaignSummary:
    name: str
    start_date: date
    current_day: int
    settings: dict[str, object]

    @property
    def today(self) -> date:
        """The calendar date of the campaign's current day (day 1 is the start date)."""
        return self.start_date + timedelta(days=self.current_day - 1)
