"""What the store hands out: frozen plain values, never live database rows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: a play-time open reads no energy or downtime records
    from desktop.rules.energy import ProjectPool
    from desktop.store.downtime_records import ClockRecord, DowntimeSheet


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
class CardRecord:
    """A SySCard.

    `category` is one of rules.syscards.CATEGORIES. `owner_id` is the card that owns it
    (the `#` of `#efc%`: the character owning a skill or an item), `character_id` the
    roster entry it stands for; either is None when there is none. `info` is the Info
    tab's rich text as HTML. `tags` are normalised (spaces tidied, no repeats).
    `has_image` says whether `campaign.cards.image` has an image for it.
    """

    id: int
    name: str
    category: str
    owner_id: int | None
    character_id: int | None
    capacity: bool
    efficiency: int
    power: int
    velocity: int
    focus: int
    resistance: int
    zone: str
    scale: str
    info: str
    tags: tuple[str, ...]
    position: int
    has_image: bool
    shown: bool = False  # shown to players (0008); a card is the GM's until shown


@dataclass(frozen=True)
class CardSnapshot:
    """A deleted card, for undoing the delete: its image (format, bytes) if it had one,
    and the cards it owned (their owner became None) so that they are relinked."""

    card: CardRecord
    image: tuple[str, bytes] | None = None
    owned_ids: tuple[int, ...] = ()


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


# -- the Energy Calendar ------------------------------------------------------------------


@dataclass(frozen=True)
class EnergyDebt:
    """A character who ends the old day in debt: the new day opened repaying it."""

    character_id: int
    name: str
    debt: int  # D, incurred on the day that ended
    repayment: int  # 2 x D, paid first on the new day
    unpaid: int  # the part of the repayment the new day could not pay: the character died


@dataclass(frozen=True)
class EnergyDecay:
    """What one character's general store and project pools lost at the rollover."""

    character_id: int
    name: str
    general: int
    pools: tuple[ProjectPool, ...]  # what each pool lost (only pools that lost something)


@dataclass(frozen=True)
class EndDayToken:
    """What `calendar.undo_end_day` needs: the day rows made and the day that was current."""

    from_day: int
    rows: tuple[tuple[int, int], ...]  # (character_id, day) of each day row End Day wrote


@dataclass(frozen=True)
class EndDaySummary:
    """What End Day did, for the GM's short summary, and the token to undo it.

    `opened` is the new current day. `started` are the characters that had a profile
    but no row for the day that ended: they got the rules' `start_day` defaults first.
    `already_dead` were dead before the rollover and were not rolled over (the rules
    refuse a dead character); `died` died at the opening of the new day, when the
    repayment could not be paid.
    """

    ended: int
    opened: int
    in_debt: tuple[EnergyDebt, ...]
    decayed: tuple[EnergyDecay, ...]
    died: tuple[int, ...]
    already_dead: tuple[int, ...]
    started: tuple[int, ...]
    token: EndDayToken
