"""Automatic, rotating backups of a campaign, made with SQLite's backup API.

Each campaign has its own folder under the user data folder. A backup is one
self-contained SQLite file named after the campaign and the moment it was taken,
e.g. `Ashes 2024-06-30 120000.gmdesk`. It is written under a hidden temporary name and
only then given its real name, so a half-written backup never looks like a backup.

The backup API copies a consistent snapshot while the campaign stays open, in WAL mode,
with another connection writing to it: nothing needs closing to take a backup.

Which backups are kept (`backups_to_keep`) follows Anki: every backup of the last 48
hours, then one a day, one a week and one a month further back.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sqlite3
import sys
from collections.abc import Callable, Hashable, Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from stat import S_ISREG
from urllib.parse import quote

from desktop.partial_files import NAME_MAX_BYTES, cut_to_fit, name_room
from desktop.store import leftovers
from desktop.store.errors import CampaignRefused, failure_reason
from desktop.store.lock import LOCK_SUFFIX, TAKEOVER_SUFFIX, CampaignLock, lock_path

SUFFIX = ".gmdesk"
STAMP_FORMAT = "%Y-%m-%d %H%M%S"
RECENT = timedelta(hours=48)
KEEP_DAILY = 12
KEEP_WEEKLY = 10
KEEP_MONTHLY = 9
BUSY_TIMEOUT_S = 5.0

SQLITE_MAGIC = b"SQLite format 3\x00"
# "<campaign stem> YYYY-mm-dd HHMMSS[-n].gmdesk"; -n (from 2) tells apart backups taken
# within the same second.
_BACKUP_NAME = re.compile(
    r"^(?P<stem>.+) (?P<stamp>\d{4}-\d{2}-\d{2} \d{6})(?:-(?P<n>[1-9]\d*))?\.gmdesk$"
)
_SIDECARS = ("-wal", "-shm", "-journal")
_OPEN_AGAIN = "Open it again from where it is now."
_NO_FILES_THERE = (
    "that folder takes no new files (it is read-only, or not on an ordinary disk)",
    "Make it a writable folder, or move it away (GM Desk makes it again), then try again.",
)
_NOT_A_FOLDER = (
    "that is not a folder (a file, or a link that leads nowhere or round in a loop)",
    "Move it away (GM Desk makes the folder again), then try again.",
)


@dataclass(frozen=True)
class BackupInfo:
    """One backup file: where it is, when it was taken (local time), its size in bytes."""

    path: Path
    taken: datetime
    size: int


# -- where backups live --------------------------------------------------------------------


def backup_folder(data_dir: Path, campaign_path: Path) -> Path:
    """The folder holding one campaign's backups, inside the user data folder.

    Named after the campaign and a hash of its full path, so two campaigns that share
    a name (in different folders) never mix their backups.
    """
    resolved = os.path.normcase(str(campaign_path.resolve()))
    import hashlib  # only here: not worth its import time on every start

    digest = hashlib.sha1(resolved.encode("utf-8"), usedforsecurity=False).hexdigest()
    tail = f"-{digest[:8]}"
    stem = cut_to_fit(campaign_path.stem, NAME_MAX_BYTES - len(tail))
    return data_dir / "backups" / f"{stem}{tail}"


# -- taking backups ------------------------------------------------------------------------


def make_backup(campaign_path: Path, folder: Path, now: datetime | None = None) -> Path:
    """Copy the campaign into `folder` as a new backup and return the backup's path.

    Safe while the campaign is open and being written: the copy is a consistent
    snapshot of the last committed transaction. `now` (local time) names the backup.
    """
    moment = now if now is not None else datetime.now()
    if not campaign_path.is_file():
        raise BackupFailed(
            campaign_path, folder, "the campaign file is no longer there", _OPEN_AGAIN
        )
    _make_folder(campaign_path, folder)
    partial = _partial_path(folder, campaign_path.stem)
    _start_file(campaign_path, folder, partial)
    try:
        _copy_self_contained(campaign_path, partial)
        return _publish(
            partial, lambda n: folder / _backup_name(folder, campaign_path.stem, moment, n)
        )
    except (OSError, sqlite3.Error) as error:
        raise BackupFailed(campaign_path, folder, *failure_reason(error, folder)) from error
    finally:
        _remove_with_sidecars(partial)


class BackupFailed(CampaignRefused, OSError):
    """No backup could be made; the campaign itself was not touched.

    A CampaignRefused, so that opening an older campaign (which is backed up before it
    is upgraded) is refused plainly, and an OSError, as every caller of a backup
    expects of a disk's refusal.
    """

    def __init__(self, campaign_path: Path, folder: Path, what: str, todo: str) -> None:
        super().__init__(
            f"No backup could be made of “{campaign_path.name}” in {folder}: {what}. "
            f"The campaign itself was not changed. {todo}"
        )


def _start_file(campaign_path: Path, folder: Path, partial: Path) -> None:
    """Create the empty partial file, so that a folder that takes no files says why in
    the system's words (SQLite says only "unable to open database file")."""
    try:
        os.close(os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
    except OSError as error:
        if error.errno == errno.ENOSPC:
            what, todo = failure_reason(error)
        else:  # read-only, not ours, or no disk at all (/proc): not a place for backups
            what, todo = _NO_FILES_THERE
        raise BackupFailed(campaign_path, folder, what, todo) from error


def _make_folder(campaign_path: Path, folder: Path) -> None:
    """Make the backup folder; BackupFailed when it cannot be a folder of ours."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as error:
        # Exists, but is no folder: a file, or a link to nothing or round in a loop.
        raise BackupFailed(campaign_path, folder, *_NOT_A_FOLDER) from error
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise BackupFailed(campaign_path, folder, *_NOT_A_FOLDER) from error
        raise BackupFailed(campaign_path, folder, *failure_reason(error, folder)) from error


def copy_database(
    source: Path,
    destination: Path,
    prepare: Callable[[sqlite3.Connection], None] | None = None,
) -> None:
    """Write a complete, self-contained copy of `source` to `destination` (replacing it).

    `prepare`, if given, changes the copy before it takes its name (Save a Copy leaves
    the players' link tokens out), in one transaction on a connection to the copy.

    For "Save a Copy": like a backup, the copy is made under a temporary name and
    renamed into place, so `destination` is never left half written. Refuses (with
    ValueError) to replace the source itself or a campaign another GM Desk holds.
    """
    if destination.exists() and destination.samefile(source):
        raise ValueError(f"“{destination.name}” is the campaign itself; choose another name.")
    holder = CampaignLock.read_holder(destination)
    if holder is not None:
        # Replacing a campaign another GM Desk is writing would pull it from under it.
        raise ValueError(f"“{destination.name}” is open in {holder.describe()}; close it first.")
    partial = _partial_path(destination.parent, destination.stem)
    try:
        _copy_self_contained(source, partial)
        if prepare is not None:
            # The inner `copy`: committed, or nothing of it.
            with closing(sqlite3.connect(partial)) as copy, copy:
                prepare(copy)
            _fsync_file(partial)
        _remove_sidecars(destination)  # an old -wal must not be replayed into the copy
        os.replace(partial, destination)
        _fsync_folder(destination.parent)
    finally:
        _remove_with_sidecars(partial)


def _copy_self_contained(source: Path, target: Path) -> None:
    """Copy `source` into the new file `target` as one file with no -wal beside it."""
    if not source.is_file():
        raise FileNotFoundError(errno.ENOENT, "No such campaign file", str(source))
    with (
        closing(_connect_read_only(source)) as reading,
        closing(sqlite3.connect(target)) as writing,
    ):
        reading.backup(writing)
        # The copied header keeps the campaign's WAL flag; DELETE mode folds any WAL
        # back in and makes the backup a single file that opens anywhere.
        writing.execute("PRAGMA journal_mode=DELETE")
    _fsync_file(target)


def _backup_name(folder: Path, stem: str, moment: datetime, n: int) -> str:
    counter = "" if n == 1 else f"-{n}"
    tail = f" {moment.strftime(STAMP_FORMAT)}{counter}{SUFFIX}"
    # Room for what opening the backup in place puts beside it, up to its lock's guard.
    beside = len(LOCK_SUFFIX + TAKEOVER_SUFFIX)
    room = name_room(folder.absolute()) - len(tail) - beside
    return f"{cut_to_fit(stem, room)}{tail}"


def _publish(partial: Path, name_for: Callable[[int], Path]) -> Path:
    """Give the finished file the first free name `name_for(1)`, `name_for(2)`, ...

    A hard link never replaces an existing file, so two backups taken in the same
    second cannot overwrite each other; the caller removes `partial` afterwards.
    """
    n = 0
    while True:
        n += 1
        final = name_for(n)
        if final.exists():
            continue
        try:
            os.link(partial, final)
        except FileExistsError:
            continue
        except OSError:
            # A file system without hard links (FAT, some network shares): rename, after
            # the existence check above.
            os.replace(partial, final)
        _fsync_folder(final.parent)
        return final


# -- listing and pruning -------------------------------------------------------------------


def list_backups(folder: Path) -> list[BackupInfo]:
    """The backups in `folder`, newest first; other files in it are ignored."""
    found: list[tuple[datetime, int, BackupInfo]] = []
    for entry in _entries(folder):
        parsed = _parse_backup_name(entry.name)
        if parsed is None:
            continue
        try:
            stat = entry.stat()
        except FileNotFoundError:  # pruned by another thread meanwhile
            continue
        if not S_ISREG(stat.st_mode):
            continue
        taken, n = parsed
        found.append((taken, n, BackupInfo(entry, taken, stat.st_size)))
    found.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [info for _, _, info in found]


def _entries(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except FileNotFoundError:  # no backup taken yet
        return []


def _parse_backup_name(name: str) -> tuple[datetime, int] | None:
    match = _BACKUP_NAME.match(name)
    if match is None:
        return None
    try:
        # fromisoformat, not strptime: the latter imports _strptime and locale.
        stamp = match["stamp"]
        taken = datetime.fromisoformat(f"{stamp[:10]}T{stamp[11:13]}:{stamp[13:15]}:{stamp[15:]}")
    except ValueError:  # looks like a stamp but is no date, e.g. month 13
        return None
    return taken, int(match["n"] or 1)


def backups_to_keep(taken: Sequence[datetime], now: datetime) -> set[datetime]:
    """Which of the backup times `taken` to keep at `now`; the others may be deleted.

    The retention, like Anki's:

    - every backup of the last 48 hours (and any dated after `now`, from a clock that
      was set wrong: we never delete what we cannot place);
    - of older backups, walking from newest to oldest, the newest backup of each of the
      12 most recent days that have one;
    - then, of backups older than those days, the newest of each of the 10 most recent
      ISO weeks that have one;
    - then, of backups older than those weeks, the newest of each of the 9 most recent
      months that have one.

    So at most (backups in the last 48 hours) + 12 + 10 + 9 are kept, the newest backup
    always is, and keeping is idempotent: pruning what was kept deletes nothing more.
    A pure function: times are compared as given (naive local times in practice).
    """
    cutoff = now - RECENT
    kept = {moment for moment in taken if moment >= cutoff}
    older = sorted({moment for moment in taken if moment < cutoff}, reverse=True)
    kept.update(_thin_out(older))
    return kept


def _thin_out(newest_first: list[datetime]) -> list[datetime]:
    """The daily, then weekly, then monthly survivors among `newest_first`."""
    stages: list[tuple[int, Callable[[datetime], Hashable]]] = [
        (KEEP_DAILY, _day),
        (KEEP_WEEKLY, _iso_week),
        (KEEP_MONTHLY, _month),
    ]
    survivors: list[datetime] = []
    stage = 0
    left = stages[0][0]
    for moment in newest_first:
        if stage == len(stages):
            break
        period = stages[stage][1]
        # A later stage starts strictly before the period of the last survivor, so a
        # weekly survivor is never in the same week as a daily one, and so on.
        if survivors and period(moment) == period(survivors[-1]):
            continue
        survivors.append(moment)
        left -= 1
        if left == 0:
            stage += 1
            left = stages[stage][0] if stage < len(stages) else 0
    return survivors


def _day(moment: datetime) -> date:
    return moment.date()


def _iso_week(moment: datetime) -> tuple[int, int]:
    year, week, _ = moment.isocalendar()
    return year, week


def _month(moment: datetime) -> tuple[int, int]:
    return moment.year, moment.month


def prune_backups(folder: Path, now: datetime | None = None) -> list[Path]:
    """Delete the backups `backups_to_keep` does not keep; return what was deleted.
    A backup opened in place (see `_in_use`) is never deleted.

    Also deletes the partial files of backups whose writer is gone (see
    store/leftovers.py; they would otherwise take up room for ever).
    """
    moment = now if now is not None else datetime.now()
    backups = list_backups(folder)
    keep = backups_to_keep([info.taken for info in backups], moment)
    deleted: list[Path] = []
    for info in backups:
        if info.taken not in keep and not _in_use(info.path):
            try:
                info.path.unlink(missing_ok=True)
            except OSError:
                continue  # Windows: open in some reader; it goes at a later prune
            deleted.append(info.path)
    deleted.extend(leftovers.remove_leftovers(folder))
    return deleted


def _in_use(backup: Path) -> bool:
    """Whether a GM opened this backup in place to work in it (here or in another GM
    Desk): it is held, or has a lock file, a -wal or a -shm beside it (which a backup
    as made never has; a -wal a crash left holds changes). Kept then, however old."""
    if any(os.path.lexists(side) for side in (*_sidecars(backup), lock_path(backup))):
        return True
    return CampaignLock.read_holder(backup) is not None


# -- restoring -----------------------------------------------------------------------------


def restore_backup(backup: Path, campaign_path: Path) -> None:
    """Replace the campaign with the backup's content. The campaign must be closed.

    The backup is checked first (`PRAGMA quick_check`); one that is not a sound SQLite
    database raises ValueError and the campaign is left as it was. The restored file is
    built beside the campaign under a temporary name and renamed over it, so a crash
    midway leaves the old campaign whole; it is in WAL mode like every campaign.
    """
    partial = _partial_path(campaign_path.parent, campaign_path.stem)
    try:
        with closing(_open_checked_backup(backup)) as reading:
            _copy_as_campaign(reading, partial)
        _fsync_file(partial)
        _keep_permissions(campaign_path, partial)
        # The campaign's own -wal, -shm or -journal (left by a crash) would be replayed
        # into the restored file on the next open and corrupt it: they go first. Safe
        # only because the caller has closed every connection to the campaign.
        _remove_sidecars(campaign_path)
        os.replace(partial, campaign_path)
        _fsync_folder(campaign_path.parent)
    finally:
        _remove_with_sidecars(partial)


def _copy_as_campaign(reading: sqlite3.Connection, target: Path) -> None:
    """Copy a checked backup into the new file `target`, in WAL mode like a campaign."""
    try:
        with closing(sqlite3.connect(target)) as writing:
            reading.backup(writing)
            writing.execute("PRAGMA journal_mode=WAL")
        # Closing the last connection checkpointed the WAL into the file and removed it.
    except sqlite3.Error as error:
        # The backup was sound, so this is the disk (full, say): an OSError to callers.
        raise OSError(f"The restored campaign could not be written: {error}.") from error


def _open_checked_backup(backup: Path) -> sqlite3.Connection:
    """A read-only connection to `backup`, or ValueError if it is not a sound database."""

    def refuse(reason: str) -> ValueError:
        return ValueError(f"“{backup.name}” is not a readable backup: {reason}.")

    try:
        with backup.open("rb") as handle:
            magic = handle.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise refuse(error.strerror or "it cannot be read") from None
    if magic != SQLITE_MAGIC:
        # SQLite would take an empty file for an empty database: refuse it here.
        raise refuse("it is empty" if not magic else "it is not a database file")
    try:
        connection = _connect_read_only(backup)
    except sqlite3.Error as error:
        raise refuse(str(error)) from None
    try:
        problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
    except sqlite3.Error as error:
        connection.close()
        raise refuse(str(error)) from None
    if problems != ["ok"]:
        connection.close()
        raise refuse(f"it is damaged ({problems[0] if problems else 'no check result'})")
    return connection


def _keep_permissions(original: Path, replacement: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.chmod(replacement, original.stat().st_mode & 0o7777)


# -- files ------------------------------------------------------------------------------


def _connect_read_only(path: Path) -> sqlite3.Connection:
    uri = "file:" + quote(path.absolute().as_posix(), safe="/:") + "?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S)


def _partial_path(folder: Path, stem: str) -> Path:
    """A hidden, unique name in `folder` for a file still being written."""
    return leftovers.partial_path(folder, stem)


def _sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in _SIDECARS]


def _remove_sidecars(path: Path) -> None:
    for sidecar in _sidecars(path):
        with contextlib.suppress(FileNotFoundError):
            sidecar.unlink()


def _remove_with_sidecars(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    _remove_sidecars(path)


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable; Windows has no such call (nor needs it)."""
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
