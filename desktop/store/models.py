"""The campaign file's tables, as sqlmodel classes.

The schema itself is made only by the Alembic revisions in `migrations/versions`;
these classes must match them (a test compares the two).
"""

from __future__ import annotations

from sqlmodel import Field, SQLModel


class CampaignInfo(SQLModel, table=True):
    """The one row that describes the campaign: its name, calendar and settings."""

    __tablename__ = "campaign"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    start_date: str  # ISO date of day 1 on the campaign calendar
    current_day: int = 1
    settings: str = "{}"  # JSON object of rule settings, see rules.settings


class Character(SQLModel, table=True):
    """A roster entry: a player character, an NPC or a non-character challenge."""

    __tablename__ = "character"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    kind: str = Field(default="pc", index=True)
    notes: str = ""
    position: int = Field(default=0, index=True)
