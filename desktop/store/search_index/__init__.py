"""The campaign search: a full-text index of every record, in the campaign file.

`kinds` (what is indexed, one `Kind` each, with its code and SQL), `definition` (the
triggers that keep the FTS5 table in step in the same transaction as every write, the
rebuild, the check), `query` (what the GM typed, as an FTS5 query that is never SQL
nor FTS5 syntax), `found` (the records behind the hits), `highlight` (the words that
matched) and `manager` (`campaign.search_index.find`). The index is derived: never
exported, made at the upgrade, rebuilt by Check Campaign's Repair.
"""

from __future__ import annotations

from desktop.store.search_index.definition import (
    TABLE,
    drop_triggers,
    install,
    out_of_step,
    rebuild,
)
from desktop.store.search_index.highlight import Highlighted
from desktop.store.search_index.kinds import KINDS
from desktop.store.search_index.manager import SearchIndex
from desktop.store.search_index.query import QUERY_MAX, WORDS_MAX
from desktop.store.search_index.records import SearchHit
from desktop.store.tables import AreaTable

# The index's table, as the file's judges name it: no rows of its own to judge or export.
TABLES = (AreaTable(TABLE, "search index entry", "search index entries", {}),)
KIND_NAMES = tuple(kind.name for kind in KINDS)

__all__ = [
    "KIND_NAMES",
    "QUERY_MAX",
    "TABLES",
    "WORDS_MAX",
    "Highlighted",
    "SearchHit",
    "SearchIndex",
    "drop_triggers",
    "install",
    "out_of_step",
    "rebuild",
]
