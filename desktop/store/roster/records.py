"""What the store hands out for the roster: frozen plain values, never live rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from desktop.store.kit import DieRecord, ItemRecord, TraitRecord

if TYPE_CHECKING:  # annotations only: a play-time open reads no downtime records
    from desktop.store.clocks import ClockRecord
    from desktop.store.downtime import DowntimeSheet
    from desktop.store.handouts import HandoutSnapshot


@dataclass(frozen=True)
class CharacterRecord:
    """A roster entry: a player character, an NPC or a non-character challenge.

    Its fields are the character's columns, in order (the store reads them by it), and
    the exchange's fields (store/exchange/models.py makes its model of them): a default
    here is what an imported character that leaves the field out gets."""

    id: int
    name: str
    kind: str
    notes: str = ""
    position: int = 0


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
    # The handouts given to it alone, deleted with it and given back by restore.
    handouts: tuple[HandoutSnapshot, ...] = ()
