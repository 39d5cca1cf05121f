"""Checks that a file is a whole SQLite database before SQLite is let near it.

SQLite opens almost anything lazily, so a foreign or cut-off file is caught here,
reading only its header and never writing to it.
"""

from __future__ import annotations

import struct
from pathlib import Path

from desktop.store.errors import CampaignRefused

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100


def check_sqlite_file(path: Path) -> None:
    """Raise CampaignRefused unless `path` holds a complete SQLite database."""
    name = path.name
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            header = handle.read(HEADER_SIZE)
    except FileNotFoundError:
        raise CampaignRefused(f"“{name}” does not exist.") from None
    except IsADirectoryError:
        raise CampaignRefused(f"“{name}” is a folder, not a campaign file.") from None
    except OSError as error:
        raise CampaignRefused(f"“{name}” could not be read: {error.strerror}.") from None
    if size == 0:
        raise CampaignRefused(f"“{name}” is empty: it holds no campaign.")
    if not header.startswith(SQLITE_MAGIC):
        raise CampaignRefused(f"“{name}” is not a GM Desk campaign: it is not a database file.")
    if len(header) < HEADER_SIZE:
        raise CampaignRefused(_cut_off(name))
    page_size = _page_size(header)
    pages = struct.unpack(">I", header[28:32])[0]
    if page_size is None:
        raise CampaignRefused(f"“{name}” is damaged: its header is not valid.")
    if size % page_size or (_header_count_valid(header) and size < pages * page_size):
        raise CampaignRefused(_cut_off(name))


def _page_size(header: bytes) -> int | None:
    raw = struct.unpack(">H", header[16:18])[0]
    size = 65536 if raw == 1 else raw
    if size < 512 or size & (size - 1):
        return None
    return size


def _header_count_valid(header: bytes) -> bool:
    # The in-header page count is trustworthy only when the "version-valid-for" number
    # matches the change counter (SQLite file format, section 1.3.7).
    return header[24:28] == header[92:96]


def _cut_off(name: str) -> str:
    return (
        f"“{name}” is damaged: the file is shorter than its contents say, as if it was "
        "cut off while being copied. File > Restore Backup can bring back a good copy."
    )
