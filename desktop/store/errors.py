"""Errors the store raises, each with a message a GM can read."""

from __future__ import annotations

import errno
import sqlite3

LOCKED_REASON = "another GM Desk has it open. Close it there to make changes."


class CampaignRefused(Exception):
    """The file cannot be opened as a campaign; it has been left exactly as it was."""


class ReadOnlyCampaign(Exception):
    """A write was asked of a campaign opened read-only."""

    def __init__(self, reason: str = LOCKED_REASON) -> None:
        super().__init__(f"This campaign is open read-only, because {reason}")


class NotFound(Exception):
    """A row an action refers to is no longer in the campaign."""


class CampaignWriteFailed(ValueError):
    """The disk refused a write: nothing of the action was saved, all before it was.

    A ValueError, so that every view that shows why a change was refused shows this
    plain message too, never the database library's text.
    """


def write_failure(error: BaseException) -> CampaignWriteFailed:
    """A plain message for a write the disk or SQLite refused (`error` is the cause)."""
    text = str(getattr(error, "orig", None) or error).lower()
    number = getattr(error, "errno", None)
    if number == errno.ENOSPC or "full" in text:
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
    return CampaignWriteFailed(
        f"The change was not saved: {what}. Everything saved before it is safe. {todo}"
    )
