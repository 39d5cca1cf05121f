"""The handouts' table as the file's judges read it (see store/tables.py).

No export section: a handout is what the table holds in play (a copy of a card, a text
or a picture pushed to the phones of this campaign's shared links, whose tokens never
leave the file either), not a record of the campaign; an export leaves handouts out and
an import starts with none (tests/store/test_handouts_store.py checks both)."""

from __future__ import annotations

from desktop.store.bounds import id_bound
from desktop.store.core import Row
from desktop.store.handouts.checks import handout
from desktop.store.handouts.records import HandoutRecord
from desktop.store.handouts.rows import HANDOUT_SQL
from desktop.store.tables import AreaTable, RowContext


def _handout(row: Row, _context: RowContext) -> None:
    # The picture's bytes are judged by its format and presence; a real one stands in.
    record = HandoutRecord(*row[:7])
    picture = row[7] if row[7] is None else bytes(row[7])
    handout(record, picture)


TABLES = (
    AreaTable(
        "handout",
        "handout",
        "handouts",
        {
            "id": id_bound("A handout's id"),
            "character_id": id_bound("A handout's player character", nullable=True),
        },
        HANDOUT_SQL.replace(" FROM handout", ", image FROM handout"),
        lambda row, _context: f"Handout {row[0]} ({row[2]})",
        _handout,
    ),
)
