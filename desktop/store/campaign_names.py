"""A campaign's name read from its file for a list of files (File > Open Recent): read
only, with no lock taken and nothing written beside the file (`files.inspecting`).

A file that cannot be read cheaply gives no name and the list shows its file name: one
missing, not a campaign, or left with a crash's `-wal` or `-journal`, whose reading
means recovering it in a copy (the open that follows does that).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from desktop.store.errors import CampaignRefused
from desktop.store.files import check_sqlite_file, inspecting


def _has_content(path: str) -> bool:
    try:
        return os.path.getsize(path) > 0
    except OSError:
        return False


def campaign_name(path: Path) -> str | None:
    """The name of the campaign in `path`, or None when it cannot be read cheaply."""
    wal, shm = f"{path}-wal", f"{path}-shm"
    if _has_content(f"{path}-journal") or (_has_content(wal) and not os.path.exists(shm)):
        return None  # a crash's leftovers: only a copy could be read, not worth it here
    try:
        check_sqlite_file(path)  # never a pipe or a device, which would hang the read
        with inspecting(path, shared=True) as connection:
            row = connection.execute("SELECT name FROM campaign LIMIT 1").fetchone()
    except (CampaignRefused, sqlite3.Error, OSError):
        return None
    name = row[0] if row else None
    if not isinstance(name, str) or not name.strip():
        return None
    return name.strip()
