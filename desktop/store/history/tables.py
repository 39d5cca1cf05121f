"""The history's table as the file's judges read it (see store/tables.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.store import checks
from desktop.store.bounds import TOP, Bound, id_bound
from desktop.store.core import Row
from desktop.store.history.parts import decode
from desktop.store.history.records import GM, SENTENCE_MAX, WHO, HistoryRecord
from desktop.store.history.rows import HISTORY_SQL, history_from_row
from desktop.store.tables import AreaTable, FlatSection, RowContext, insert_rows

if TYPE_CHECKING:
    from desktop.store.campaign import Campaign


def check_entry(entry: HistoryRecord) -> HistoryRecord:
    """An entry as the file may hold it (ValueError in plain words otherwise); its whole
    numbers are held to the table's bounds apart."""
    if not isinstance(entry.at, str) or not entry.at.endswith("Z"):
        raise ValueError(
            f"A history entry's time is UTC, like 2026-03-01T20:15:00Z, not {entry.at!r}."
        )
    checks.moment(entry.at.removesuffix("Z"))
    if entry.who not in WHO:
        raise ValueError(f"A history entry is by one of {', '.join(WHO)}, not {entry.who!r}.")
    if (entry.who == GM) != (entry.character_id is None):
        raise ValueError("A history entry by a player names their character; the GM's none.")
    for text in (entry.area, entry.sentence):
        if not isinstance(text, str) or len(text) > SENTENCE_MAX or "\n" in text:
            raise ValueError(
                f"A history entry's words are one line of at most {SENTENCE_MAX} characters."
            )
    if entry.parts:
        decode(entry.parts)
    return entry


def _entry(row: Row, _context: RowContext) -> None:
    check_entry(history_from_row(row))


# Areas the export leaves out, and so their entries: handouts are what the table holds in
# play, never a record of the campaign (see store/handouts/tables.py).
NOT_EXPORTED = frozenset({"handouts"})


def _export(campaign: Campaign) -> list[HistoryRecord]:
    return [entry for entry in campaign.history.all() if entry.area not in NOT_EXPORTED]


TABLES = (
    AreaTable(
        "history_entry",
        "history entry",
        "history entries",
        {
            "id": id_bound("A history entry's id"),
            "day": Bound("A history entry's day", 1, TOP, 1),
            "game_id": id_bound("A history entry's game", nullable=True),
            "scene": id_bound("A history entry's scene", nullable=True),
            "round": id_bound("A history entry's round", nullable=True),
            "turn": id_bound("A history entry's turn", nullable=True),
            "character_id": id_bound("A history entry's character", nullable=True),
            "record_id": id_bound("A history entry's record", nullable=True),
            "undo_of": id_bound("The entry a history entry undid", nullable=True),
        },
        HISTORY_SQL,
        lambda row, _context: f"History entry {row[0]} ({row[11]})",
        _entry,
        FlatSection("history", HistoryRecord, _export, check_entry, insert_rows("HistoryEntry")),
    ),
)
