"""Errors the store raises, each with a message a GM can read."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

# Less room than this left on the campaign's disk: a failed write is put down to it.
NEARLY_FULL_BYTES = 1024 * 1024

LOCKED_REASON = "another GM Desk has it open. Close it there to make changes."


class CampaignRefused(Exception):
    """The file cannot be opened as a campaign; it has been left exactly as it was."""


class ImportRefused(Exception):
    """The document is not a campaign this GM Desk can import; nothing was written.

    Here rather than with the import itself, so that start-up can name it without
    importing the exchange."""


class Cancelled(Exception):
    """The GM cancelled an import or export; nothing was written."""


class ReadOnlyCampaign(Exception):
    """A write was asked of a campaign opened read-only."""

    def __init__(self, reason: str = LOCKED_REASON) -> None:
        super().__init__(f"This campaign is open read-only, because {reason}")


class NotFound(Exception):
    """A row an action refers to is no longer in the campaign."""


class DamagedRecord(ValueError):
    """A stored record the rules refuse: the file was changed since it was checked (by
    another program). A ValueError, so that a view or an action that shows why it was
    refused shows this plain message; the views show the record as damaged with it."""


def damaged_record(what: str, error: BaseException) -> DamagedRecord:
    """The plain message for `what` ("A die of Kara Voss"), which the checks refuse."""
    reason = str(error).strip() or "a stored value is not one GM Desk can use."
    return DamagedRecord(
        f"{what} is damaged: {reason} The campaign file may have been changed by another "
        "program. File > Check Campaign lists every problem and can save a repaired copy."
    )


class CampaignWriteFailed(ValueError):
    """The disk refused a write: nothing of the action was saved, all before it was.

    A ValueError, so that every view that shows why a change was refused shows this
    plain message too, never the database library's text.
    """


def write_failure(error: BaseException, where: Path | None = None) -> CampaignWriteFailed:
    """A plain message for a write the disk or SQLite refused (`error` is the cause,
    `where` the campaign, whose disk is looked at when SQLite only says "I/O error")."""
    what, todo = failure_reason(error, where)
    return CampaignWriteFailed(
        f"The change was not saved: {what}. Everything saved before it is safe. {todo}"
    )


def failure_reason(error: BaseException, where: Path | None = None) -> tuple[str, str]:
    """What went wrong with a write, and what the GM can do, in plain words."""
    number = getattr(error, "errno", None)
    # SQLite's own words only: an OSError's text names the file, and a folder called
    # "Full moon" must not make a read-only disk read as a full one.
    text = "" if number is not None else str(getattr(error, "orig", None) or error).lower()
    if number == errno.ENOSPC or "full" in text or _nearly_full(where):
        what = "the disk is full"
        todo = "Free some space on the disk, then try again."
    elif (
        number in (errno.EROFS, errno.EACCES, errno.EPERM)
        or "readonly" in text.replace("-", "")
        or "read-only" in text
    ):
        what = "the file or its disk has become read-only"
        todo = "Make the file writable again (or save a copy elsewhere), then try again."
    elif isinstance(error, sqlite3.DatabaseError) or "malformed" in text or "corrupt" in text:
        what = "the database reported a problem"
        todo = "Use File > Check Campaign to see whether the file is sound."
    else:
        what = "the disk reported a problem"
        todo = "Check that the disk is still there and has space, then try again."
    return what, todo


def _nearly_full(where: Path | None) -> bool:
    # SQLite reports a full disk met while growing its -wal or -shm as an "I/O error".
    statvfs = getattr(os, "statvfs", None)
    if where is None or statvfs is None:
        return False
    folder = where if where.is_dir() else where.parent
    try:
        found = statvfs(folder)
    except OSError:
        return False
    return found.f_bavail * found.f_frsize < NEARLY_FULL_BYTES
