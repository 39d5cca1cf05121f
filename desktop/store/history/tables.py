"""The history's table as the file's judges read it (see store/tables.py)."""

from __future__ import annotations

from desktop.store import checks
from desktop.store.bounds import TOP, Bound, id_bound
from desktop.store.core import Row
from desktop.store.history.records import SENTENCE_MAX, WHO
from desktop.store.history.rows import HISTORY_SQL
from desktop.store.tables import AreaTable, RowContext


def _entry(row: Row, _context: RowContext) -> None:
    checks.moment(str(row[1]).removesuffix("Z"))
    if row[7] not in WHO:
        raise ValueError(f"A history entry is by one of {', '.join(WHO)}, not {row[7]!r}.")
    if not isinstance(row[11], str) or len(row[11]) > SENTENCE_MAX:
        raise ValueError("A history entry's sentence is a line of text.")


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
    ),
)
