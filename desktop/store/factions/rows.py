"""Factions as the campaign's sqlite3 reader reads them: the query and the record made
from a row, and the topic a change of status adds."""

from __future__ import annotations

from desktop.rules import factions
from desktop.store.core import Row, Topic
from desktop.store.factions.records import FactionRecord

FACTION_SQL = (
    "SELECT id, name, tier, hold, status, at_war_with_others, position, notes, shown FROM faction"
)


FACTION_FIELDS = frozenset({"name", "hold", "status", "at_war_with_others", "notes", "shown"})


def faction_from_row(row: Row) -> FactionRecord:
    values = list(row)
    values[5] = bool(values[5])  # SQLite keeps booleans as 0 and 1
    values[8] = bool(values[8])
    return FactionRecord(*values)


def war_topics(status: int) -> tuple[Topic, ...]:
    """ "chapter" when a faction at war with the chapter comes or goes."""
    return (Topic.CHAPTER,) if status == factions.WAR_STATUS else ()
