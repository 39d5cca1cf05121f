"""What the store hands out: frozen plain values, never live database rows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: a play-time open reads no downtime records
    from desktop.store.clocks import ClockRecord
    from desktop.store.downtime import DowntimeSheet


@dataclass(frozen=True)
class CharacterRecord:
    """A roster entry: a player character, an NPC or a non-character challenge."""

    id: int
    name: str
    kind: str
    notes: str
    position: int


@dataclass(frozen=True)
class DieRecord:
    """One die of a character's pool, or the die of one of its items.

    `kind` is "ordinary", "damage" or "protection" and `place` "pool", "table" or
    "removed" (the values of rules.dicepool.Kind and Place). `in_tray`, `steps` and
    `down_to_d4` are what the player has chosen for the next roll.
    """

    id: int
    character_id: int
    size: int
    kind: str
    place: str
    item_id: int | None
    in_tray: bool
    steps: int
    down_to_d4: bool
    position: int


@dataclass(frozen=True)
class TraitRecord:
    """A trait of a character, in its place in the list."""

    id: int
    character_id: int
    name: str
    value: int
    broad: bool
    position: int


@dataclass(frozen=True)
class ItemRecord:
    """A weapon or armour; `die_id` is its die's row in `die`, or None if it has none."""

    id: int
    character_id: int
    name: str
    kind: str  # "weapon" | "armour"
    deplete: bool
    position: int
    die_id: int | None


@dataclass(frozen=True)
class RollRecord:
    """One line of the roll log. `character_name` is kept as it was at the roll, and
    `character_id` is None once the character has been deleted."""

    id: int
    at: str  # ISO local date and time, whole seconds: 2026-03-14T20:05:00
    character_id: int | None
    character_name: str
    kind: str  # "roll", "conflict", "act", "challenge"
    detail: dict[str, Any]
    total: int | None
    summary: str
    undone: bool
    day: int | None = None  # the campaign day it was rolled on (None: logged before 0006)
    # Where in play (None: outside a game, or logged before 0007).
    game_id: int | None = None
    scene: int | None = None
    round: int | None = None
    turn: int | None = None


@dataclass(frozen=True)
class CharacterSnapshot:
    """A character with everything that is deleted with it, for undoing the delete.

    `roll_ids` are the roll log lines that named the character: they stay in the log
    (their character_id becomes NULL) and are linked to it again on restore. So are the
    SySCards in `card_ids`, which stay in the campaign unlinked.
    """

    character: CharacterRecord
    dice: tuple[DieRecord, ...] = ()
    traits: tuple[TraitRecord, ...] = ()
    items: tuple[ItemRecord, ...] = ()
    roll_ids: tuple[int, ...] = ()
    card_ids: tuple[int, ...] = ()  # SySCards linked to the character, linked again too
    # The energy profile (daily net, abilities JSON) and day rows (day, state JSON) as
    # stored: the database deletes them with the character, and restore puts them back.
    energy_profile: tuple[int, str] | None = None
    energy_days: tuple[tuple[int, str], ...] = ()
    # Its clocks and downtime sheet, deleted with it and put back by restore; and the
    # downtime steps that named it, which stay (unlinked) like roll log lines.
    clocks: tuple[ClockRecord, ...] = ()
    downtime_sheet: DowntimeSheet | None = None
    downtime_entry_ids: tuple[int, ...] = ()


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
