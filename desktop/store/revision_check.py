"""Check Campaign on a file of any revision: judged as its own revision defines it.

A sound campaign made by an older GM Desk lacks the newest tables and columns by right;
judged as the newest revision it would show a list of "problems" and offer a repair.
Its schema is judged against the revision it claims instead, and its values (which
the rules read at the newest revision only) on an upgraded copy in a temporary
folder: the file itself is only read, and what the GM is told is what opening it,
which upgrades it, would meet.
"""

from __future__ import annotations

import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path

from desktop.store import schema
from desktop.store.errors import CampaignRefused
from desktop.store.health import (
    MAX_FINDINGS,
    Finding,
    first_findings,
    structure_findings,
    value_findings,
)
from desktop.store.migrations import HEAD
from desktop.store.migrations.layouts import layout_at


def schema_and_values(
    connection: sqlite3.Connection, revision: str
) -> tuple[list[Finding], list[Finding]]:
    """What the file (at `revision`) lacks of its revision's schema, then the stored
    values the rules refuse; the values are read only when the schema is whole."""
    structure = structure_findings(connection, layout_at(revision))
    if structure:
        return structure, []
    if revision == HEAD:
        return [], list(first_findings(value_findings(connection), MAX_FINDINGS))
    return _upgraded_copy_values(connection)


def _upgraded_copy_values(
    connection: sqlite3.Connection,
) -> tuple[list[Finding], list[Finding]]:
    with tempfile.TemporaryDirectory(prefix="gmdesk-check-") as folder:
        copy = Path(folder) / "campaign.gmdesk"
        with closing(sqlite3.connect(copy)) as target:
            connection.backup(target)
        try:
            schema.upgrade(copy)
        except CampaignRefused as refused:
            # The copy's name is not the GM's: say only why opening it would fail.
            why = str(refused).split(": ", 1)[-1]
            return [Finding(f"It could not be brought up to this GM Desk's file format: {why}")], []
        with closing(sqlite3.connect(copy)) as upgraded:
            return [], list(first_findings(value_findings(upgraded), MAX_FINDINGS))
