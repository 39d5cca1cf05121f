"""The campaign file's tables, as sqlmodel classes.

The schema itself is made only by the Alembic revisions in `migrations/versions`;
these classes must match them (a test compares the two).
"""

from __future__ import annotations

from sqlalchemy import CheckConstraint
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


# Every table below belongs to one roster entry: deleting the character deletes its dice,
# traits and items in the database itself (ON DELETE CASCADE, foreign keys are on for
# every connection), so no code path can leave orphans behind.


class Item(SQLModel, table=True):
    """A weapon or armour of a character; its die is the `die` row pointing at it."""

    __tablename__ = "item"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    name: str
    kind: str  # "weapon" | "armour"
    deplete: bool = False  # the weapon's "deplete" mark
    position: int = 0


class Die(SQLModel, table=True):
    """One die: ordinary (the pool), or the damage/protection die of an item."""

    __tablename__ = "die"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    size: int = 6  # the base size; steps last for one roll only
    kind: str = "ordinary"  # "ordinary" | "damage" | "protection"
    place: str = "pool"  # "pool" | "table" | "removed"
    # Unique: an item has one die. NULLs do not collide, so loose dice are unaffected.
    item_id: int | None = Field(
        default=None, foreign_key="item.id", ondelete="CASCADE", index=True, unique=True
    )
    in_tray: bool = False  # chosen for the next roll
    steps: int = 0  # trait steps chosen for the next roll
    down_to_d4: bool = False  # stepped down to d4 for the next roll
    position: int = 0


class Trait(SQLModel, table=True):
    __tablename__ = "trait"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    name: str
    value: int = 1  # dice steps it gives a roll
    broad: bool = False
    position: int = 0


class RollLogEntry(SQLModel, table=True):
    """One roll as it happened. Outlives its character: the name is a copy, and the
    link becomes NULL when the character is deleted."""

    __tablename__ = "roll_log"

    id: int | None = Field(default=None, primary_key=True)
    at: str = Field(index=True)  # ISO local date and time, whole seconds
    character_id: int | None = Field(
        default=None, foreign_key="character.id", ondelete="SET NULL", index=True
    )
    character_name: str
    kind: str  # "roll" | "conflict" | "act" | "challenge"
    detail: str = "{}"  # JSON object: dice, faces, depletions, outcome
    total: int | None = None
    summary: str = ""
    undone: bool = False  # undoing a roll marks its line, never deletes it


# SySCards. A card outlives the character it is linked to and the card that owns it:
# both links become NULL (ON DELETE SET NULL), and the card stays in the campaign.


class Card(SQLModel, table=True):
    """A SySCard: an entity with a Capacity (a character, a skill, an item, a boat...)."""

    __tablename__ = "card"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True)
    category: str = Field(default="skill", index=True)  # one of rules.syscards.CATEGORIES
    # The `#` on the card: the entity owning this skill or item.
    owner_id: int | None = Field(
        default=None, foreign_key="card.id", ondelete="SET NULL", index=True
    )
    character_id: int | None = Field(
        default=None, foreign_key="character.id", ondelete="SET NULL", index=True
    )
    capacity: bool = True
    efficiency: int = 1  # 1..100, the `efc` of `#efc%`
    power: int = 0
    velocity: int = 0
    focus: int = 0
    resistance: int = 0
    zone: str = ""
    scale: str = ""
    info: str = ""  # the Info tab: rich text as HTML
    tags: str = ""  # normalised tags joined with ", "
    # Folded name, Info words and tags: what the card filter's LIKE reads (store/search.py).
    search_text: str = ""
    position: int = Field(default=0, index=True)


class CardImage(SQLModel, table=True):
    """A card's picture, as the bytes of the file it came from (at most 4 MiB)."""

    __tablename__ = "card_image"

    card_id: int = Field(primary_key=True, foreign_key="card.id", ondelete="CASCADE")
    format: str  # "png" | "jpeg" | "gif" | "webp" | "bmp"
    data: bytes


# The Energy Calendar. A character's profile and its days belong to it (ON DELETE
# CASCADE). A day is stored whole, as the rules' DayState in JSON (store/energy.py):
# the rules replace the whole value after every change, and a day is always read and
# written whole, so splitting it into columns would only add joins.


class EnergyProfile(SQLModel, table=True):
    """What a character brings to every day: daily net energy and ability ratings."""

    __tablename__ = "energy_profile"
    __table_args__ = (CheckConstraint("daily_net >= 0", name="ck_energy_profile_daily_net"),)

    character_id: int = Field(primary_key=True, foreign_key="character.id", ondelete="CASCADE")
    daily_net: int
    abilities: str = "{}"  # JSON object: ability name -> rating


class EnergyDay(SQLModel, table=True):
    """One character's energy on one campaign day, after that day's ledger entries."""

    __tablename__ = "energy_day"
    __table_args__ = (CheckConstraint("day >= 1", name="ck_energy_day_day"),)

    character_id: int = Field(primary_key=True, foreign_key="character.id", ondelete="CASCADE")
    day: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    state: str  # JSON object: the rules' DayState, see store/energy.py
