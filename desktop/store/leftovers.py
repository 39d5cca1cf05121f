"""Files still being written, and the ones a crash or a kill left half written.

Every file GM Desk writes whole (a backup, a restored campaign, Save a Copy, an export)
is first written under a partial name of its own, `.<stem>.<pid>-<random>.partial`,
and renamed into place once complete, so a crash leaves only such a partial file (and
SQLite's `-journal`, `-wal` or `-shm` beside it). `remove_leftovers` clears them from a
folder: the backup folders at every start, a campaign's folder whenever it is opened.

It removes only names of our own making, and never a file a live process may still be
writing: the pid in the name must be gone (or the file untouched for an hour, which no
writer lets happen). Names made before the pid was part of them (`.<stem>.<random>.partial`)
and those of a new campaign being built (`.<name>.<pid>.new`, see Campaign.create) are
ours too.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import time
from pathlib import Path
from stat import S_ISREG

# A writer that has not touched its file for this long is gone, whatever its pid says
# (a pid is reused by other processes; a backup of even a large campaign takes seconds).
ABANDONED_AFTER_S = 3600.0

_SIDECAR = r"(?:-journal|-wal|-shm)?"
_OURS = (
    re.compile(rf"^\..+\.(?P<pid>\d{{1,10}})-[0-9a-f]{{12}}\.partial{_SIDECAR}$"),
    re.compile(rf"^\..+\.(?P<pid>\d{{1,10}})\.new{_SIDECAR}$"),
    re.compile(rf"^\..+\.[0-9a-f]{{12}}\.partial{_SIDECAR}$"),  # before the pid was named
)


def partial_path(folder: Path, stem: str) -> Path:
    """A hidden, unique name in `folder` for a file still being written."""
    return folder / f".{stem}.{os.getpid()}-{os.urandom(6).hex()}.partial"


def is_ours(name: str) -> bool:
    """Whether `name` is a partial file (or its SQLite sidecar) of our own naming."""
    return any(pattern.match(name) for pattern in _OURS)


def remove_leftovers(folder: Path, now: float | None = None) -> list[Path]:
    """Delete the partial files of writers that are gone from `folder`; return them.

    Anything else in the folder, and the files of a writer still alive, stay. Never
    raises for a folder that is missing or cannot be read or written: cleaning up is
    never worth a failed start or open.
    """
    moment = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not _abandoned(entry, moment):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def remove_backup_leftovers(data_dir: Path) -> list[Path]:
    """`remove_leftovers` in every campaign's backup folder (at start)."""
    removed: list[Path] = []
    try:
        folders = [entry for entry in os.scandir(data_dir / "backups") if entry.is_dir()]
    except OSError:
        return removed
    for folder in folders:
        removed.extend(remove_leftovers(Path(folder.path)))
    return removed


def _abandoned(entry: os.DirEntry[str], now: float) -> bool:
    match = next((m for p in _OURS if (m := p.match(entry.name)) is not None), None)
    if match is None:
        return False
    try:
        stat = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    if not S_ISREG(stat.st_mode):
        return False  # a symlink or a folder so named is not ours to delete
    if now - stat.st_mtime >= ABANDONED_AFTER_S:
        return True
    pid = match.groupdict().get("pid")
    return pid is not None and not _alive(int(pid))


def _alive(pid: int) -> bool:
    """Whether a process `pid` exists; where that cannot be asked, it may."""
    if pid == os.getpid() or sys.platform == "win32":
        return True  # Windows: only the age above decides
    if pid <= 0 or pid > 2**31 - 1:
        return False
    try:
        os.kill(pid, 0)  # signal 0: checks the process exists, sends nothing
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists, as another user's
        return True
    return True
