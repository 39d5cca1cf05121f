"""What the store hands out for downtime: frozen plain values, never live rows.

Clocks, the faction ladder, the chapter, its claim map, each character's downtime
sheet and the steps of a downtime session, plus what the methods that change them
return so that an undo can put the previous values back.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.rules import downtime, factions

OWNER_NONE = "none"
OWNER_CHARACTER = "character"
OWNER_CHAPTER = "chapter"
OWNER_FACTION = "faction"
# The order `campaign.clocks.all()` lists the groups in.
OWNER_KINDS: tuple[str, ...] = (OWNER_NONE, OWNER_CHAPTER, OWNER_CHARACTER, OWNER_FACTION)

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

__all__ = [
    "DEFAULT_HP",
    "DEFAULT_XP",
    "ENTRY_ACTIVITIES",
    "EXTRAS",
    "EXTRA_PAID",
    "FACTION_TICK",
    "OWNER_CHAPTER",
    "OWNER_CHARACTER",
    "OWNER_FACTION",
    "OWNER_KINDS",
    "OWNER_NONE",
    "PAYOFF",
    "ChapterRecord",
    "ClaimPathRecord",
    "ClaimRecord",
    "ClaimSnapshot",
    "ClaimTransfer",
    "ClockRecord",
    "DowntimeEntry",
    "DowntimeSheet",
    "DowntimeStep",
    "DowntimeUndo",
    "FactionRecord",
    "FactionSnapshot",
]


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """A progress clock. `owner_id` is the character or faction id; 0 for none and
    the chapter. `position` orders the clocks of one owner, 0-based and dense."""

    id: int
    name: str
    segments: int  # 2..12
    filled: int  # 0..segments
    owner_kind: str  # OWNER_NONE | OWNER_CHAPTER | OWNER_CHARACTER | OWNER_FACTION
    owner_id: int
    position: int
    note: str = ""
    shown: bool = False  # shown to players (the player display); new clocks are the GM's

    @property
    def clock(self) -> downtime.Clock:
        return downtime.Clock(self.name, self.segments, self.filled)

    @property
    def done(self) -> bool:
        return self.filled == self.segments


@dataclass(frozen=True, slots=True)
class FactionRecord:
    """A faction on the ladder; `position` orders its tier's row, 0-based and dense."""

    id: int
    name: str
    tier: int  # 0..6
    hold: str  # "weak" | "strong"
    status: int  # -3..+3, the chapter's status with it
    at_war_with_others: bool
    position: int
    notes: str = ""
    shown: bool = True  # shown to players (the player display); new factions are

    @property
    def faction(self) -> factions.Faction:
        return factions.Faction(
            self.name, self.tier, self.hold, self.status, self.at_war_with_others
        )


@dataclass(frozen=True, slots=True)
class ChapterRecord:
    """The players' faction. `turf` and `at_war` are derived from the claims and the
    factions, never stored."""

    name: str
    tier: int
    hold: str
    rep: int  # 0..rep_to_develop(turf)
    coin: int
    heat: int
    lair_held: bool
    turf: int  # turf claims the chapter holds, at most 6 (0 while the lair is lost)
    at_war: bool  # some faction has status -3
    notes: str = ""
    lair_threatened: bool = False  # marked when a tier-0 weak chapter loses hold (0006)

    @property
    def chapter(self) -> factions.Chapter:
        return factions.Chapter(self.tier, self.hold, self.rep, self.turf, self.coin, self.heat)


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """A claim on the map; `holder_id` 0 is the chapter. The lair sits at (0, 0)."""

    id: int
    name: str
    benefit: str
    turf: bool
    holder_id: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class ClaimPathRecord:
    """A path between two claims, or from the lair (0). Paths are undirected: the store
    spells each one with the lair, or else the lower claim id, first."""

    start: int
    end: int


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
class FactionSnapshot:
    """A deleted faction with its clocks, for `factions.restore`."""

    faction: FactionRecord
    clocks: tuple[ClockRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class ClaimSnapshot:
    """A deleted claim with the paths that touched it, for `chapter.restore_claim`."""

    claim: ClaimRecord
    paths: tuple[ClaimPathRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class ClaimTransfer:
    """What `chapter.undo_transfer` puts back: the claim, the chapter and the loser faction
    (None when no faction's status changed) as they were before the transfer."""

    claim: ClaimRecord
    chapter: ChapterRecord
    faction: FactionRecord | None


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
