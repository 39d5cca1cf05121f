"""Judging a campaign file before GM Desk trusts it, without ever writing to it.

Two steps. `check_sqlite_file` looks at the path alone: a regular file (never a pipe,
a device or a dangling link, which would hang or be replaced) that starts with a SQLite
header. `inspecting` then opens the database the way SQLite itself reads it, with its
`-wal`, so that the judgement (`quick_check`, the schema, the stored values) is
SQLite's and never arithmetic on file sizes: after a crash the newest pages live in
the `-wal`, and the main file alone looks "too short" while nothing is missing.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import struct
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from desktop.store.connection import sqlite_uri
from desktop.store.errors import CampaignRefused

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
SIDECAR_SUFFIXES = ("-wal", "-shm", "-journal")


def check_sqlite_file(path: Path) -> None:
    """Raise CampaignRefused unless `path` is a regular file with a SQLite header."""
    name = path.name
    try:
        link = os.lstat(path)
    except FileNotFoundError:
        raise CampaignRefused(f"“{name}” does not exist.") from None
    except OSError as error:
        raise CampaignRefused(f"“{name}” could not be read: {_reason(error)}.") from None
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise CampaignRefused(
            f"“{name}” is a link to a file that no longer exists. Nothing was changed."
        ) from None
    except OSError as error:
        raise CampaignRefused(f"“{name}” could not be read: {_reason(error)}.") from None
    if stat.S_ISDIR(info.st_mode):
        raise CampaignRefused(f"“{name}” is a folder, not a campaign file.")
    if not stat.S_ISREG(info.st_mode):
        kind = "link to something" if stat.S_ISLNK(link.st_mode) else "special file"
        raise CampaignRefused(
            f"“{name}” is a {kind} that is not an ordinary file (a pipe, a device or a "
            "socket), so it cannot be a campaign. Nothing was changed."
        )
    header = _read_header(path, name)
    if not header:
        raise CampaignRefused(f"“{name}” is empty: it holds no campaign.")
    if not header.startswith(SQLITE_MAGIC):
        raise CampaignRefused(f"“{name}” is not a GM Desk campaign: it is not a database file.")
    if len(header) < HEADER_SIZE or _page_size(header) is None:
        raise CampaignRefused(damaged_message(name, "its first page is cut off or garbled"))


def _read_header(path: Path, name: str) -> bytes:
    # O_NONBLOCK: should the path become a pipe between the stat and the open, opening
    # it still returns at once instead of waiting for a writer that never comes.
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise CampaignRefused(f"“{name}” could not be read: {_reason(error)}.") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise CampaignRefused(f"“{name}” is not an ordinary file; nothing was changed.")
        return os.read(fd, HEADER_SIZE)
    except OSError as error:
        raise CampaignRefused(f"“{name}” could not be read: {_reason(error)}.") from None
    finally:
        os.close(fd)


def _page_size(header: bytes) -> int | None:
    raw = struct.unpack(">H", header[16:18])[0]
    size = 65536 if raw == 1 else raw
    if size < 512 or size & (size - 1):
        return None
    return size


def damaged_message(name: str, what: str) -> str:
    """The refusal for a file SQLite finds damaged: nothing is advised that loses work."""
    return (
        f"“{name}” is damaged ({what}), so GM Desk did not open it and has not changed it. "
        "File > Check Campaign can save a repaired copy with everything still readable; "
        "the file itself stays as it is."
    )


def _reason(error: OSError) -> str:
    return (error.strerror or str(error)).lower()


# -- what can be written ----------------------------------------------------------------------


def unwritable_reason(path: Path) -> str | None:
    """Why GM Desk cannot write `path` (then it opens read-only), or None if it can.

    The file's own permission bits count even where the OS would let us write anyway
    (root ignores them): a GM who made a file read-only meant it. `os.access` adds what
    the bits do not show: a read-only mount, or a folder we may not create files in
    (the lock and SQLite's `-wal` live beside the campaign). A file with a second name
    (a hard link) is written under neither: see below.
    """
    try:
        status = os.stat(path)
    except OSError:
        return None  # the checks before this one report a missing file
    mode = status.st_mode
    if status.st_nlink > 1:
        # SQLite keeps a file's -wal beside the name it was opened by: changes a crash
        # left in one name's -wal are unseen, then overwritten, through the other name.
        return (
            "the file has a second name on this disk (a hard link), and changes made "
            "under one of its names could be lost under the other"
        )
    if _read_only_mount(path):
        return "the disk it is on is read-only"
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK):
        return "the file is read-only"
    if not folder_writable(path.parent):
        return "its folder (or the disk it is on) is read-only"
    return None


def folder_writable(folder: Path) -> bool:
    """True when new files (a lock, SQLite's `-wal`) can be made in `folder`."""
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK) and not _read_only_mount(folder)


def _read_only_mount(path: Path) -> bool:
    statvfs = getattr(os, "statvfs", None)  # not on Windows, where os.access tells
    if statvfs is None:
        return False
    try:
        return bool(statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def stray_sidecars(path: Path) -> list[Path]:
    """SQLite's side files (`-wal`, `-shm`, `-journal`) lying beside `path`."""
    return [
        sidecar
        for sidecar in (path.with_name(path.name + suffix) for suffix in SIDECAR_SUFFIXES)
        if os.path.lexists(sidecar)
    ]


def strays_in_the_way(path: Path, strays: list[Path], what: str) -> str:
    """Why `what` (a new campaign, a repaired copy) cannot be made as `path`: SQLite
    replays a `-wal` into any database of the same name, which here would be pages of
    some other, lost file."""
    listed = ", ".join(f"“{stray.name}”" for stray in strays)
    return (
        f"{what[0].upper()}{what[1:]} cannot be made as “{path.name}”: {listed} beside it "
        "belonged to an earlier file of that name and could hold its last changes. "
        "Nothing was changed. Choose another name, or move those files away first."
    )


# -- reading the database as SQLite does, without leaving a trace -----------------------------


@contextmanager
def inspecting(path: Path, *, shared: bool) -> Iterator[sqlite3.Connection]:
    """A read-only connection that sees what SQLite would see, and writes nothing beside
    `path`.

    - No `-wal`: `immutable=1`, which creates no `-wal` or `-shm`.
    - A `-wal` another GM Desk may be writing (`shared`, i.e. a read-only open) with
      its `-shm`: a plain read-only connection, as that GM Desk's readers use.
    - Otherwise a `-wal` left by a crash, or a `-journal` (an upgrade keeps a file's own
      journal mode, and one killed half way leaves the file half written with the
      journal that undoes it): the file and its side file are judged as a copy in a
      temporary folder, since reading them means recovering, and recovery writes; the
      real recovery happens only once the file is judged sound.
    """
    wal = path.with_name(path.name + "-wal")
    shm = path.with_name(path.name + "-shm")
    journal = path.with_name(path.name + "-journal")
    # `immutable` would read the half-written file as it is, ignoring the journal.
    # os.path.exists, not Path.exists: for a name of 248 bytes or more, `-journal`
    # is too long to exist (ENAMETOOLONG), which Path.exists raises.
    hot_journal = os.path.exists(journal) and not _empty(journal)
    # An empty -wal (a read-only reader leaves one) holds nothing to recover; with the
    # lock held, or no -shm showing a live writer, nobody is writing into it either.
    if not hot_journal and (not wal.exists() or (_empty(wal) and not (shared and shm.exists()))):
        uri = sqlite_uri(path, read_only=True) + "&immutable=1"
        with closing(_connect(uri, path.name)) as connection:
            yield connection
        return
    if not hot_journal and shared and shm.exists():
        with closing(_connect(sqlite_uri(path, read_only=True), path.name)) as connection:
            yield connection
        return
    with tempfile.TemporaryDirectory(prefix="gmdesk-check-") as folder:
        copy = Path(folder) / "campaign.gmdesk"
        try:
            shutil.copyfile(path, copy)
            for side in (wal, journal):
                if side.exists():
                    shutil.copyfile(side, copy.with_name(copy.name + side.name[len(path.name) :]))
        except OSError as error:
            raise CampaignRefused(
                f"“{path.name}” could not be read: {_reason(error)}. Nothing was changed."
            ) from None
        with closing(_connect(sqlite_uri(copy, read_only=False), path.name)) as connection:
            yield connection


def _empty(path: Path) -> bool:
    try:
        return path.stat().st_size == 0
    except OSError:
        return False


def _connect(uri: str, name: str) -> sqlite3.Connection:
    try:
        return sqlite3.connect(uri, uri=True, check_same_thread=False)
    except sqlite3.Error as error:
        raise CampaignRefused(
            f"“{name}” could not be opened ({error}). Nothing was changed."
        ) from None


def quick_check(connection: sqlite3.Connection, name: str) -> None:
    """Refuse the file unless SQLite's own `quick_check` finds it sound."""
    try:
        rows = connection.execute("PRAGMA quick_check(5)").fetchall()
    except sqlite3.DatabaseError as error:
        raise CampaignRefused(damaged_message(name, str(error))) from None
    found = [str(row[0]) for row in rows]
    if found != ["ok"]:
        raise CampaignRefused(damaged_message(name, "SQLite's own check found damaged pages"))
