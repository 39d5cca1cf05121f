"""Checks of the chapter's and its claims' stored values, each refusing what the rules
or the file cannot hold with a plain message."""

from __future__ import annotations

from desktop.rules import factions, roster
from desktop.store import bounds
from desktop.store.chapter.records import ChapterRecord, ClaimRecord
from desktop.store.checks import flag, notes, row_id, text, whole

COORDINATE_MAX = 100_000.0  # scene units on the claim map; the lair is at (0, 0)


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
