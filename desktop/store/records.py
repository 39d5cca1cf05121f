"""What the store hands out about the campaign itself: frozen plain values, never live
rows. Each area's records are in its package (`roster/records.py`, `kit/records.py`...)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta


@dataclass(frozen=True)
class CampaignSummary:
    """The campaign row: its name, calendar and rule settings."""

    name: str
    start_date: date
    current_day: int
    settings: dict[str, object]

    @property
    def today(self) -> date:
        """The calendar date of the campaign's current day (day 1 is the start date)."""
        return self.start_date + timedelta(days=self.current_day - 1)
