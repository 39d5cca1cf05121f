"""What the store hands out for downtime: frozen plain values, never live rows.

Each character's downtime sheet and the steps of a downtime session, plus what the
methods that change them return so that an undo can put the previous values back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from desktop.rules import downtime
from desktop.store.chapter import ChapterRecord
from desktop.store.clocks import ClockRecord

# A character's XP tracks until the GM changes them.
DEFAULT_XP: tuple[tuple[str, int], ...] = (
    ("Insight", 0),
    ("Prowess", 0),
    ("Resolve", 0),
    ("Self", 0),
)


DEFAULT_HP = 10


# Downtime entries that are not one of the rules' activities.
FACTION_TICK = "faction_tick"


EXTRA_PAID = "extra_paid"


PAYOFF = "payoff"


ENTRY_ACTIVITIES: tuple[str, ...] = (*downtime.ACTIVITIES, FACTION_TICK, EXTRA_PAID, PAYOFF)


EXTRAS: tuple[str, ...] = ("", downtime.COIN, downtime.REP)


@dataclass(frozen=True, slots=True)
class DowntimeSheet:
    """A character's downtime side. `xp` is (track, marks) in the sheet's order;
    `friends` and `contacts` are free text, one per line."""

    character_id: int
    stress: int = 0  # 0..the campaign's stress_track setting
    trauma: int = 0  # 0..4
    hp: int = DEFAULT_HP  # 0..hp_max
    hp_max: int = DEFAULT_HP  # at least 1
    xp: tuple[tuple[str, int], ...] = DEFAULT_XP
    virtue: str = ""
    vice: str = ""
    vice_purveyor: str = ""
    friends: str = ""
    contacts: str = ""


@dataclass(frozen=True, slots=True)
class DowntimeEntry:
    """One step of a downtime session, as the session summary shows it."""

    id: int
    session: int  # the downtime session's number, 1, 2, ...
    character_id: int  # 0 for the faction phase and chapter-wide steps
    activity: str  # a downtime.ACTIVITIES key, "faction_tick", "extra_paid" or "payoff"
    summary: str
    coin_spent: int
    extra: str  # "" | "coin" | "rep": how an extra activity was paid
    track: str  # the XP track trained, else ""
    undone: bool


@dataclass(frozen=True, slots=True)
class DowntimeStep:
    """One downtime step to record: the entry, and every value the step changed, as it
    is after the step. Values left None or empty are not touched."""

    character_id: int
    activity: str
    summary: str
    coin_spent: int = 0
    extra: str = ""
    track: str = ""
    # The chapter after the step (coin, rep). None for a character's activity: the store
    # then charges it by the rules (`downtime.charge_activity`) from `coin_spent`, `extra`
    # (the currency the GM chose for an activity beyond the free ones) and `rep_lost`.
    chapter: ChapterRecord | None = None
    sheet: DowntimeSheet | None = None  # the character's sheet after the step
    clocks: tuple[ClockRecord, ...] = ()  # existing clocks after the step
    new_clock: ClockRecord | None = None  # a clock the step makes (its id is ignored)
    rep_lost: int = 0  # rep an overindulgence costs (bragging), charged with the step


@dataclass(frozen=True, slots=True)
class DowntimeUndo:
    """What `downtime.undo` needs: the entry and the values as they were before it.

    `sheet` is None when the step did not touch a sheet; a sheet the character did not
    have yet is its default, so undoing gives back exactly what was read before.
    """

    entry_id: int
    chapter: ChapterRecord | None
    sheet: DowntimeSheet | None
    clocks: tuple[ClockRecord, ...]
    new_clock_id: int | None


class DowntimeRows(TypedDict):
    """A character's downtime rows, for its snapshot (`CharacterSnapshot`)."""

    clocks: tuple[ClockRecord, ...]
    downtime_sheet: DowntimeSheet | None
    downtime_entry_ids: tuple[int, ...]
