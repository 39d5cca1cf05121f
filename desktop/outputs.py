"""What a file GM Desk writes (a PDF, a screenshot, an export, a copy) may replace.

A typo must not cost a campaign: `--print-sheets c.gmdesk` once wrote the PDF over the
campaign. An existing file is replaced only when GM Desk could have made it as that
kind of output (a PDF by a PDF, an export by an export): never a campaign or any other
database, never the open campaign under another name (a symlink, a hard link), never a
file in a folder GM Desk keeps for itself (its backups). A copy of a campaign may
replace another campaign (the GM chose that file and the save dialog asked), but never
the campaign itself nor a backup.

Qt-free and importing only names' and the languages' helpers, so the command line, the
printing layer and the window all judge a target the same way. The refusals are said in
the language of the `Translator` given (English without one): the command line's or the
window's.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from desktop.language import N_, Translator, translator
from desktop.names import shown_name, undecodable, undecodable_message

__all__ = [
    "CAMPAIGN_COPY",
    "EXPORT",
    "JOURNAL_MARKDOWN",
    "PDF",
    "PNG",
    "STATISTICS_CSV",
    "OutputKind",
    "refusal",
    "write_failure",
]

SQLITE_HEADER = b"SQLite format 3\x00"
# Enough for every kind's mark, and for a database's header.
HEAD_BYTES = 256


@dataclass(frozen=True)
class OutputKind:
    """One kind of file GM Desk writes: its plain name, and how its first bytes look.

    ``what`` is English, marked with ``N_`` where it is written and translated when a
    refusal names it; ``article`` ("a" or "an") picks the English sentence that fits it."""

    what: str
    made: Callable[[bytes], bool]
    copies_campaigns: bool = False
    article: str = "a"


def _is_database(head: bytes) -> bool:
    return head.startswith(SQLITE_HEADER)


_EXPORT_MARK = re.compile(rb'\s*\{\s*"format"\s*:\s*"gm-desk-campaign"')

PDF = OutputKind(N_("PDF"), lambda head: head.startswith(b"%PDF-"))
PNG = OutputKind(N_("screenshot"), lambda head: head.startswith(b"\x89PNG\r\n\x1a\n"))
EXPORT = OutputKind(N_("export"), lambda head: _EXPORT_MARK.match(head) is not None, article="an")
CAMPAIGN_COPY = OutputKind(N_("copy"), _is_database, copies_campaigns=True)
# The journal's Markdown pages open with front matter whose first key names GM Desk
# (views.journal_markdown): the text is here as bytes, for outputs imports nothing of ours.
JOURNAL_MARKDOWN = OutputKind(
    N_("journal page"), lambda head: head.startswith(b'---\ngenerator: "GM Desk journal"')
)
# The luck report's CSV opens with its header, whose first cells are these
# (views.statistics_csv.CSV_HEADER; as bytes here, for outputs imports nothing of ours).
STATISTICS_CSV = OutputKind(
    N_("statistics CSV"), lambda head: head.startswith(b"row,name,rolls,dice,depleted,")
)


def refusal(
    target: Path,
    kind: OutputKind,
    *,
    keep: Sequence[Path] = (),
    own_folders: Sequence[Path] = (),
    words: Translator | None = None,
) -> str | None:
    """Why `target` must not be written as `kind`, in plain words (in the language of
    `words`, English without); None when it may.

    `keep` are the campaigns being read or open (refused under any of their names);
    `own_folders` the folders whose files no output replaces (the backups).
    """
    if undecodable(target):
        return undecodable_message(target)
    words = words or translator("en")
    name = shown_name(target)
    what = words.gettext(kind.what)
    try:
        found = target.stat()
    except (FileNotFoundError, NotADirectoryError):
        # A new file (or a dangling link, replaced as a link): nothing is lost. Where
        # the folder is missing, the writer says so.
        return None
    except OSError:
        looked = words.gettext("“{name}” cannot be looked at, so GM Desk will not replace it.")
        return f"{looked.format(name=name)} {_other(kind, words)}"
    if any(_same_file(found, kept) for kept in keep):
        itself = words.gettext(
            "“{name}” is the campaign itself (perhaps under another name): GM Desk will "
            "not write the {what} over it."
        )
        return f"{itself.format(name=name, what=what)} {_other(kind, words)}"
    if stat.S_ISDIR(found.st_mode):
        folder = words.gettext("“{name}” is a folder: choose a file name for the {what} in it.")
        return folder.format(name=name, what=what)
    if not stat.S_ISREG(found.st_mode):
        special = words.gettext(
            "“{name}” is not an ordinary file: the {what} cannot be saved there."
        )
        return special.format(name=name, what=what)
    if any(_inside(target, folder) for folder in own_folders):
        backup = words.gettext(
            "“{name}” is in GM Desk's backups folder, whose files are never replaced."
        )
        return f"{backup.format(name=name)} {_other(kind, words)}"
    try:
        with target.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        unread = words.gettext("“{name}” cannot be read, so GM Desk will not replace it.")
        return f"{unread.format(name=name)} {_other(kind, words)}"
    if not head or kind.made(head):
        return None  # empty, or GM Desk's own kind of file: replacing it loses nothing new
    if _is_database(head):
        if kind.article == "an":
            database = words.gettext(
                "“{name}” is a campaign (or another database), not an {what}: GM Desk will "
                "not write the {what} over it."
            )
        else:
            database = words.gettext(
                "“{name}” is a campaign (or another database), not a {what}: GM Desk will "
                "not write the {what} over it."
            )
        return f"{database.format(name=name, what=what)} {_other(kind, words)}"
    if kind.copies_campaigns:
        other = words.gettext("“{name}” is not a campaign: GM Desk will not replace it.")
        return f"{other.format(name=name)} {_other(kind, words)}"
    if kind.article == "an":
        foreign = words.gettext(
            "“{name}” is not an {what} GM Desk wrote: GM Desk will not replace it. "
            "Choose another name for the {what}, or move that file away first."
        )
    else:
        foreign = words.gettext(
            "“{name}” is not a {what} GM Desk wrote: GM Desk will not replace it. "
            "Choose another name for the {what}, or move that file away first."
        )
    return foreign.format(name=name, what=what)


def _other(kind: OutputKind, words: Translator) -> str:
    return words.gettext("Choose another name for the {what}.").format(
        what=words.gettext(kind.what)
    )


def _same_file(found: os.stat_result, other: Path) -> bool:
    # Through symlinks and hard links alike: the same device and inode is the same file.
    try:
        kept = other.stat()
    except OSError:
        return False
    return os.path.samestat(found, kept)


def _inside(target: Path, folder: Path) -> bool:
    try:
        return target.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a symlink loop
        return False


def write_failure(target: Path, error: BaseException, words: Translator | None = None) -> str:
    """The plain message for `target` that could not be written (in the language of
    `words`, English without): never the partial file's name, an error number or a
    library's text."""
    words = words or translator("en")
    number = getattr(error, "errno", None)
    # Only SQLite's own words, never a file's name ("full" may be in the folder's).
    text = "" if number is not None else str(error).lower()
    if number is None:
        # SQLite says only "unable to open database file" or "disk I/O error": the disk
        # itself tells which.
        number = _disk_state(target.parent)
    if number == errno.ENOSPC or "full" in text:
        said = words.gettext(
            "“{name}” could not be saved: the disk is full. Nothing was written. "
            "Free some space or choose another folder, then try again."
        )
    elif number == errno.EROFS or "read-only" in text or "readonly" in text:
        said = words.gettext(
            "“{name}” could not be saved: its folder is on a read-only disk. "
            "Nothing was written. Choose another folder."
        )
    elif number in (errno.EACCES, errno.EPERM):
        said = words.gettext(
            "“{name}” could not be saved: GM Desk may not write in its folder. "
            "Nothing was written. Choose another folder."
        )
    elif number == errno.ENAMETOOLONG:
        said = words.gettext(
            "“{name}” could not be saved: the name is too long for this disk. "
            "Nothing was written. Choose a shorter name."
        )
    else:
        said = words.gettext(
            "“{name}” could not be saved: the disk reported a problem. Nothing was "
            "written. Check that the disk is still there and has space, then try again."
        )
    return said.format(name=shown_name(target))


# Less room than this left on a disk: a write that failed there is put down to it.
NEARLY_FULL_BYTES = 1024 * 1024


def _disk_state(folder: Path) -> int | None:
    """EROFS for a read-only disk, ENOSPC for a (nearly) full one, else None."""
    statvfs = getattr(os, "statvfs", None)
    if statvfs is None:
        return None
    try:
        found = statvfs(folder)
    except OSError:
        return None
    if found.f_flag & os.ST_RDONLY:
        return errno.EROFS
    if found.f_bavail * found.f_frsize < NEARLY_FULL_BYTES:
        return errno.ENOSPC
    return None
