"""Checks of downtime's stored values: clocks, factions, the chapter, claims, downtime
sheets and session steps, each refusing what the rules or the file cannot hold with a
plain message.

Apart from `checks.py` because they need the downtime and faction rules and records,
which a campaign opened for play does not otherwise read: the managers of those areas
(made when first reached) and the campaign check import this module.
"""

from __future__ import annotations

from desktop.rules import downtime, factions, roster
from desktop.store import bounds
from desktop.store.bounds import TRAUMA_MAX
from desktop.store.checks import (
    SUMMARY_MAX,
    XP_MAX,
    flag,
    notes,
    position,
    row_id,
    text,
    whole,
)
from desktop.store.downtime_records import (
    ENTRY_ACTIVITIES,
    EXTRAS,
    OWNER_CHAPTER,
    OWNER_KINDS,
    OWNER_NONE,
    ChapterRecord,
    ClaimRecord,
    ClockRecord,
    DowntimeSheet,
    FactionRecord,
)

XP_TRACKS_MAX = 20
COORDINATE_MAX = 100_000.0  # scene units on the claim map; the lair is at (0, 0)


def clock_segments(value: object) -> int:
    return downtime.Clock("clock", value).segments  # type: ignore[arg-type]


def clock_filled(value: object, segments: int) -> int:
    return downtime.Clock("clock", segments, value).filled  # type: ignore[arg-type]


def owner_kind(value: object) -> str:
    if not isinstance(value, str) or value not in OWNER_KINDS:
        raise ValueError(f"A clock belongs to one of {', '.join(OWNER_KINDS)}, not {value!r}.")
    return value


def owner_id(kind: str, value: object) -> int:
    """A clock's owner id: a row id for a character or faction, 0 for none and the chapter."""
    if kind in (OWNER_NONE, OWNER_CHAPTER):
        if value != 0 or isinstance(value, bool):
            raise ValueError(f"A clock of {_owner_label(kind)} has owner id 0, not {value!r}.")
        return 0
    return row_id(value, f"A {kind} clock's owner")


def _owner_label(kind: str) -> str:
    return "the chapter" if kind == OWNER_CHAPTER else "no one"


def clock(record: object) -> ClockRecord:
    """A whole clock, each field checked (the rules' Clock checks the numbers)."""
    if not isinstance(record, ClockRecord):
        raise ValueError(f"Expected a clock, not {record!r}.")
    kind = owner_kind(record.owner_kind)
    rules_clock = downtime.Clock(roster.check_name(record.name), record.segments, record.filled)
    return ClockRecord(
        id=row_id(record.id, "A clock's id"),
        name=rules_clock.name,
        segments=rules_clock.segments,
        filled=rules_clock.filled,
        owner_kind=kind,
        owner_id=owner_id(kind, record.owner_id),
        position=position(record.position),
        note=notes(record.note),
        shown=flag(record.shown, "Shown to players"),
    )


def tier(value: object) -> int:
    return factions.check_tier(value)


def hold(value: object) -> str:
    return factions.check_hold(value)


def status(value: object) -> int:
    return factions.check_status(value)


def faction(record: object) -> FactionRecord:
    """A whole faction, checked by the rules' Faction."""
    if not isinstance(record, FactionRecord):
        raise ValueError(f"Expected a faction, not {record!r}.")
    ruled = factions.Faction(
        roster.check_name(record.name),
        record.tier,
        record.hold,
        record.status,
        record.at_war_with_others,
    )
    return FactionRecord(
        id=row_id(record.id, "A faction's id"),
        name=ruled.name,
        tier=ruled.tier,
        hold=ruled.hold,
        status=ruled.status,
        at_war_with_others=ruled.at_war_with_others,
        position=position(record.position),
        notes=notes(record.notes),
        shown=flag(record.shown, "Shown to players"),
    )


def chapter(record: object, turf: int, at_war: bool) -> ChapterRecord:
    """The chapter's stored fields checked by the rules' Chapter at the given turf;
    `turf` and `at_war` are what the file derives, not what the record says."""
    if not isinstance(record, ChapterRecord):
        raise ValueError(f"Expected the chapter, not {record!r}.")
    ruled = factions.Chapter(record.tier, record.hold, record.rep, turf, record.coin, record.heat)
    for column in ("coin", "heat"):  # the rules bound them below only; the file above too
        bounds.check("chapter", column, getattr(ruled, column))
    return ChapterRecord(
        name=roster.check_name(record.name),
        tier=ruled.tier,
        hold=ruled.hold,
        rep=ruled.rep,
        coin=ruled.coin,
        heat=ruled.heat,
        lair_held=flag(record.lair_held, "Holding the lair"),
        turf=ruled.turf,
        at_war=at_war,
        notes=notes(record.notes),
        lair_threatened=flag(record.lair_threatened, "The lair under threat"),
    )


def coordinate(value: object, what: str) -> float:
    """A place on the claim map: a finite number of scene units."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what} must be a number, not {value!r}.")
    number = float(value)
    if not -COORDINATE_MAX <= number <= COORDINATE_MAX:  # also refuses NaN
        raise ValueError(f"{what} is {-COORDINATE_MAX:,.0f} to {COORDINATE_MAX:,.0f}, not {value}.")
    return number


def claim_name(value: object) -> str:
    name = roster.check_name(value)
    if name.casefold() == factions.LAIR.casefold():
        raise ValueError(f"“{factions.LAIR}” is the centre of the map, not a claim name.")
    return name


def claim(record: object) -> ClaimRecord:
    """A whole claim; `holder_id` 0 is the chapter, anything else a faction's id."""
    if not isinstance(record, ClaimRecord):
        raise ValueError(f"Expected a claim, not {record!r}.")
    holder = whole(record.holder_id, "A claim's holder")
    return ClaimRecord(
        id=row_id(record.id, "A claim's id"),
        name=claim_name(record.name),
        benefit=text(record.benefit, "A claim's benefit"),
        turf=flag(record.turf, "Being turf"),
        holder_id=holder,
        x=coordinate(record.x, "A claim's x"),
        y=coordinate(record.y, "A claim's y"),
    )


def trauma(value: object) -> int:
    number = whole(value, "Trauma")
    if number > TRAUMA_MAX:
        raise ValueError(f"Trauma is 0 to {TRAUMA_MAX}, not {number}.")
    return number


def stress(value: object, track: int) -> int:
    return downtime.StressTrack(value, track).marked  # type: ignore[arg-type]


def health(hp: object, hp_max: object) -> downtime.Health:
    return downtime.Health(hp, hp_max)  # type: ignore[arg-type]


def xp(value: object) -> tuple[tuple[str, int], ...]:
    """XP tracks as (track, marks) pairs: named, each once (ignoring case), marks >= 0."""
    if not isinstance(value, list | tuple):
        raise ValueError(f"XP is a list of (track, marks), not {value!r}.")
    if len(value) > XP_TRACKS_MAX:
        raise ValueError(f"A sheet has at most {XP_TRACKS_MAX} XP tracks, not {len(value)}.")
    tracks: list[tuple[str, int]] = []
    seen: set[str] = set()
    for pair in value:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise ValueError(f"An XP track is a (track, marks) pair, not {pair!r}.")
        name = xp_track(pair[0])
        marks = whole(pair[1], f"The XP of {name}")
        if marks > XP_MAX:
            raise ValueError(f"The XP of {name} can be at most {XP_MAX:,}, not {marks:,}.")
        if name.casefold() in seen:
            raise ValueError(f"The XP track {name} is there twice.")
        seen.add(name.casefold())
        tracks.append((name, marks))
    return tuple(tracks)


def xp_track(value: object) -> str:
    """An XP track's name, as roster names are (spaces tidied, at most 80 characters)."""
    return roster.check_name(value)


def downtime_sheet(sheet: object, track: int) -> DowntimeSheet:
    """A whole downtime sheet; stress is checked against the campaign's stress track."""
    if not isinstance(sheet, DowntimeSheet):
        raise ValueError(f"Expected a downtime sheet, not {sheet!r}.")
    health_now = health(sheet.hp, sheet.hp_max)
    return DowntimeSheet(
        character_id=row_id(sheet.character_id, "A sheet's character"),
        stress=stress(sheet.stress, track),
        trauma=trauma(sheet.trauma),
        hp=health_now.current,
        hp_max=health_now.maximum,
        xp=xp(sheet.xp),
        virtue=text(sheet.virtue, "A virtue"),
        vice=text(sheet.vice, "A vice"),
        vice_purveyor=text(sheet.vice_purveyor, "A vice purveyor"),
        friends=notes(sheet.friends),
        contacts=notes(sheet.contacts),
    )


def entry_activity(value: object) -> str:
    if not isinstance(value, str) or value not in ENTRY_ACTIVITIES:
        raise ValueError(f"A downtime step is one of {', '.join(ENTRY_ACTIVITIES)}, not {value!r}.")
    return value


def entry_extra(value: object) -> str:
    if not isinstance(value, str) or value not in EXTRAS:
        raise ValueError(f'An extra activity is paid in "coin" or "rep" (or ""), not {value!r}.')
    return value


def entry_track(value: object) -> str:
    """The XP track a Train step marks, or "" for every other step."""
    if value == "":
        return ""
    return xp_track(value)


def entry_summary(value: object) -> str:
    """What the session summary shows for a step: a plain sentence."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"A downtime step needs a summary, not {value!r}.")
    return text(value, "A downtime step's summary", SUMMARY_MAX)
