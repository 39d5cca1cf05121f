"""The chapter's tables as the file's judges read them: its row, the claims and the
paths between them (see store/tables.py)."""

from __future__ import annotations

from desktop.rules import factions, roster
from desktop.store import checks
from desktop.store.bounds import Bound, bound_from, id_bound
from desktop.store.chapter.checks import claim as check_claim
from desktop.store.chapter.rows import CHAPTER_COLUMNS, CLAIM_SQL, claim_from_row
from desktop.store.core import Row
from desktop.store.tables import AreaTable, RowContext


def _chapter(row: Row, _context: RowContext) -> None:
    # As the store reads it: rep is shown at most full, turf is counted from claims.
    _id, name, tier, hold, rep, coin, heat, lair_held, notes, threatened = row
    roster.check_name(name)
    checks.notes(notes)  # as the import judges them (revision 0006's column too)
    for flag, what in (
        (lair_held, "holds its lair"),
        (threatened, "has its lair under threat"),
    ):
        if isinstance(flag, bool) or flag not in (0, 1):
            raise ValueError(f"Whether it {what} is stored as {flag!r}, not yes or no.")
    # Its numbers are within their bounds: a row with one that is not was named.
    factions.Chapter(tier, hold, min(rep, factions.FULL_REP), factions.MIN_TURF, coin, heat)


def _claim(row: Row, _context: RowContext) -> None:
    check_claim(claim_from_row(row))


TABLES = (
    AreaTable(
        "chapter",
        "chapter",
        "chapter rows",
        {
            "id": Bound("The chapter's id", 1, 1, 1),
            "tier": bound_from(factions.TIER, "The chapter's tier"),
            "rep": Bound("The chapter's rep", 0, factions.FULL_REP),
            "coin": Bound("The chapter's coin"),
            "heat": Bound("The chapter's heat"),
        },
        f"SELECT id, {CHAPTER_COLUMNS} FROM chapter",
        lambda row, _context: f"The chapter ({row[1]})",
        _chapter,
    ),
    AreaTable(
        "claim",
        "claim",
        "claims",
        {
            "id": id_bound("A claim's id"),
            "faction_id": id_bound("A claim's faction", nullable=True),
        },
        CLAIM_SQL,
        lambda row, _context: f"Claim {row[0]} ({row[1]})",
        _claim,
    ),
    AreaTable(
        "claim_path",
        "claim path",
        "claim paths",
        {
            "id": id_bound("A claim path's id"),
            "start_id": id_bound("A claim path's start", nullable=True),
            "end_id": id_bound("A claim path's end"),
        },
    ),
)
