"""What a test needs to say "nothing was written" and "this file is sound": a dump of
every table of a campaign file, and the judgement a copy of it gets on open (the full
value check) and on a round trip through its own export."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from desktop.store import Campaign, health
from desktop.store.exchange import export_document, parse_document


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, in rowid order (a WITHOUT ROWID table, as the search
    index's own tables, in its key's order), the -wal read too."""
    with closing(sqlite3.connect(path)) as connection:
        tables = sorted(
            (str(row[1]), bool(row[4]))
            for row in connection.execute("PRAGMA main.table_list")
            if not str(row[1]).startswith("sqlite_")
        )
        return {
            table: connection.execute(
                f"SELECT * FROM {table}" + ("" if without_rowid else " ORDER BY rowid")
            ).fetchall()
            for table, without_rowid in tables
        }


def copy_of(path: Path, target: Path) -> Path:
    """A consistent copy of a campaign open elsewhere (SQLite's backup: the -wal too)."""
    with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)
    return target


def findings(path: Path) -> list[str]:
    """What the full value check (open's, and Check Campaign's) finds in the file."""
    with closing(sqlite3.connect(path)) as connection:
        found = health.structure_findings(connection) + list(health.value_findings(connection))
    return [finding.message for finding in found]


def assert_sound(campaign: Campaign, folder: Path) -> None:
    """A copy of the campaign passes the full value check and opens, and its export is
    accepted by the import again."""
    copy = copy_of(campaign.path, folder / "copy.gmdesk")
    assert findings(copy) == []
    with closing(sqlite3.connect(copy)) as connection:
        health.refuse_unsound(connection, copy.name)
    opened = Campaign.open(copy, data_dir=folder / "copy-data")
    try:
        document = json.loads(json.dumps(export_document(opened)))
    finally:
        opened.close()
    parse_document(document, images=lambda *_image: True)


def assert_import_refused(document: dict[str, object], folder: Path, named: str) -> None:
    """`document`, written as an export in `folder` (made here), is refused by the
    import with a message matching `named`, and nothing but the export is left there."""
    import pytest

    from desktop.store.exchange import ImportRefused, import_campaign

    folder.mkdir()
    source = folder / "export.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ImportRefused, match=named):
        import_campaign(source, folder / "i.gmdesk", data_dir=folder / "d", images=lambda *_i: True)
    assert sorted(p.name for p in folder.iterdir()) == ["export.json"]
