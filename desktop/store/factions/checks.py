"""Checks of a faction's stored values, each refusing what the rules or the file cannot
hold with a plain message."""

from __future__ import annotations

from desktop.rules import factions, roster
from desktop.store.checks import flag, notes, position, row_id
from desktop.store.factions.records import FactionRecord


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
