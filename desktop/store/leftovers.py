"""Files still being written, and the ones a crash or a kill left half written.

Every file GM Desk writes whole (a backup, a restored campaign, Save a Copy, a repaired
copy, an export, a PDF) is first written under a partial name of its own (see
desktop/partial_files.py) and renamed into place once complete, so a crash leaves only
such a partial file (and SQLite's `-journal`, `-wal` or `-shm` beside it).
`remove_leftovers` clears them from a folder: the backup folders at every start, a
campaign's folder whenever it is opened.

It removes only names of our own making, and never a file a live process may still be
writing: the pid in the name must be gone (or the file untouched for an hour, which no
writer lets happen).
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from pathlib import Path
from stat import S_ISREG

from desktop.partial_files import name_room, partial_name, writer_of
from desktop.store.trust import FOLDER as TRUST_FOLDER

# A writer that has not touched its file for this long is gone, whatever its pid says
# (a pid is reused by other processes; a backup of even a large campaign takes seconds).
ABANDONED_AFTER_S = 3600.0


def partial_path(folder: Path, stem: str) -> Path:
    """A hidden, unique name in `folder` for a file still being written (the rule is
    desktop/partial_files.py's, shared with printing)."""
    return folder / partial_name(stem, name_room(folder.absolute()))


def is_ours(name: str) -> bool:
    """Whether `name` is a partial file (or its SQLite sidecar) of our own naming."""
    return writer_of(name)[0]


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
    """`remove_leftovers` in every campaign's backup folder and in the folder of the
    trust records (at start).

    Only in folders GM Desk made there: a symlink among them (a GM's, or planted) may
    lead anywhere, and what lies there is not ours to delete.
    """

    records = data_dir / TRUST_FOLDER
    removed: list[Path] = []
    if records.is_dir() and not records.is_symlink():
        removed.extend(remove_leftovers(records))
    root = data_dir / "backups"
    try:
        real_root = root.resolve()
        folders = [
            Path(entry.path) for entry in os.scandir(root) if entry.is_dir(follow_symlinks=False)
        ]
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop, before Python 3.13
        return removed
    for folder in folders:
        try:
            inside = folder.resolve().parent == real_root
        except (OSError, RuntimeError):
            continue
        if inside:
            removed.extend(remove_leftovers(folder))
    return removed


def _abandoned(entry: os.DirEntry[str], now: float) -> bool:
    ours, pid = writer_of(entry.name)
    if not ours:
        return False
    try:
        stat = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    if not S_ISREG(stat.st_mode):
        return False  # a symlink or a folder so named is not ours to delete
    if now - stat.st_mtime >= ABANDONED_AFTER_S:
        return True
    return pid is not None and not _alive(pid)


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
