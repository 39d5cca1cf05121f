"""Checks of a clock's stored values, each refusing what the rules or the file cannot hold
with a plain message."""

from __future__ import annotations

from desktop.rules import downtime, roster
from desktop.store.checks import flag, notes, position, row_id
from desktop.store.clocks.records import OWNER_CHAPTER, OWNER_KINDS, OWNER_NONE, ClockRecord


def clock_segments(value: object) -> int:
    return downtime.Clock("clock", value).segments  # type: ignore[arg-type]  # any type: the rules' Clock judges it


def clock_filled(value: object, segments: int) -> int:
    return downtime.Clock("clock", segments, value).filled  # type: ignore[arg-type]  # as above


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
