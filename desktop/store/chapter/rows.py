"""The chapter and its claims as the campaign's sqlite3 reader reads them: the queries,
the records made from rows, and the topic a change of turf adds.

The chapter's `turf` and `at_war` are never stored: they follow the claims it holds and
the factions' statuses. Its rep is shown through the rules' `Chapter.with_turf`, so
turf gained by any change (a claim made turf, the lair regained) caps the tracker at
once, while the stored value changes only when the chapter itself is written; that
keeps every undo exact.
"""

from __future__ import annotations

from dataclasses import fields

from desktop.rules import factions
from desktop.rules.factions import MIN_TIER, STRONG
from desktop.store import checks
from desktop.store.chapter.records import ChapterRecord, ClaimPathRecord, ClaimRecord
from desktop.store.core import Row, Topic

# The chapter's stored fields (`turf` and `at_war` are derived, never stored): its one
# list of columns, in the order NEW_CHAPTER gives them.
CHAPTER_STORED = tuple(f.name for f in fields(ChapterRecord) if f.name not in ("turf", "at_war"))
CHAPTER_COLUMNS = ", ".join(CHAPTER_STORED)
CHAPTER_FIELDS = frozenset(CHAPTER_STORED)
CLAIM_SQL = "SELECT id, name, benefit, turf, COALESCE(faction_id, 0), x, y FROM claim"


CLAIM_FIELDS = frozenset({"name", "benefit", "turf", "x", "y"})


LAIR_ID = factions.LAIR_ID  # the rules own it: one value for the store and the map


# The chapter row a new campaign starts with (the migration writes the same values).
NEW_CHAPTER: Row = ("The Chapter", MIN_TIER, STRONG, 0, 0, 0, 1, "", 0)


def claim_from_row(row: Row) -> ClaimRecord:
    claim_id, name, benefit, turf, holder, x, y = row
    return ClaimRecord(
        int(claim_id),
        str(name),
        str(benefit),
        bool(turf),
        int(holder),
        float(x),
        float(y),
    )


def checked_path(start: object, end: object) -> ClaimPathRecord:
    """A path as the store spells it: the lair (0) or the lower claim id first."""
    first = checks.whole(start, "A path's start")
    second = checks.whole(end, "A path's end")
    if first == second:
        raise ValueError("A path can't lead from a place to itself.")
    return ClaimPathRecord(min(first, second), max(first, second))


def turf_topics(claim: ClaimRecord) -> tuple[Topic, ...]:
    """ "chapter" when a change to this claim changes the chapter's turf."""
    return (Topic.CHAPTER,) if claim.turf and claim.holder_id == LAIR_ID else ()
