"""Handouts as the campaign's sqlite3 reader reads them: the columns (never the image's
bytes, read apart) and the record made from a row."""

from __future__ import annotations

from desktop.store.core import Row
from desktop.store.handouts.records import HandoutRecord

HANDOUT_SQL = (
    "SELECT id, kind, title, text, card, COALESCE(image_format, ''), character_id FROM handout"
)


def handout_from_row(row: Row) -> HandoutRecord:
    return HandoutRecord(*row)
