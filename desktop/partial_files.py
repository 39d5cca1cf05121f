"""The one name of a file GM Desk is still writing, and how to recognise one.

Every file GM Desk writes whole (a backup, a restored campaign, Save a Copy, a repaired
copy, an export, a PDF) is first written as `.<stem>.<pid>-<12 hex digits>.partial`
beside its target and renamed into place once complete. The sweep (store/leftovers.py)
removes those a killed writer left, knowing them by this name alone.

Here, at the top of the package and importing nothing of ours, because both the store
and printing write such files and neither may import the other.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

# The longest name most file systems take, in bytes (ext4, APFS, NTFS in UTF-16 units).
NAME_MAX_BYTES = 255
# The longest path SQLite opens (its unix VFS's MAX_PATHNAME), in bytes.
SQLITE_PATH_MAX_BYTES = 512
# SQLite writes beside a partial database its `-journal` (the longest of its sidecars).
_SIDECAR_ROOM = len("-journal")
_SIDECAR = r"(?:-journal|-wal|-shm)?"
_PATTERNS = (
    # 8 hex digits: the PDFs of GM Desk 0.x, named before this rule was one.
    re.compile(rf"^\..+\.(?P<pid>\d{{1,10}})-[0-9a-f]{{8}}(?:[0-9a-f]{{4}})?\.partial{_SIDECAR}$"),
    re.compile(rf"^\..+\.(?P<pid>\d{{1,10}})\.new{_SIDECAR}$"),  # a new campaign's
    re.compile(rf"^\..+\.[0-9a-f]{{12}}\.partial{_SIDECAR}$"),  # before the pid was named
)


def partial_name(stem: str, room: int = NAME_MAX_BYTES) -> str:
    """A hidden, unique name for a file still being written, after `stem` (the target's
    name, or its stem): cut short where needed so that it, and SQLite's `-journal`
    beside it, fit in `room` bytes (see `name_room`) whatever the target's length."""
    tail = f".{os.getpid()}-{os.urandom(6).hex()}.partial"
    left = room - _SIDECAR_ROOM - len(tail) - 1  # 1: the leading dot
    return f".{cut_to_fit(stem, left)}{tail}"


def name_room(folder: Path) -> int:
    """How many bytes a name in `folder` may take: a file system's longest name, and
    no more than leaves the whole path short enough for SQLite to open."""
    return min(NAME_MAX_BYTES, SQLITE_PATH_MAX_BYTES - 1 - len(os.fsencode(folder)) - 1)


def cut_to_fit(text: str, room: int) -> str:
    """`text`, cut short at its end to at most `room` bytes as a file name; by
    characters, so that a name is never cut inside one. Its first character always
    stays: a name must say whose it is (and the sweep knows ours by it)."""
    while len(text) > 1 and len(os.fsencode(text)) > room:
        text = text[:-1]
    return text


def writer_of(name: str) -> tuple[bool, int | None]:
    """Whether `name` is a partial file (or its SQLite sidecar) of our naming, and the
    id of the process that wrote it where the name says."""
    for pattern in _PATTERNS:
        match = pattern.match(name)
        if match is not None:
            pid = match.groupdict().get("pid")
            return True, int(pid) if pid is not None else None
    return False, None
