"""File names as the GM sees them, and names this system cannot pass on.

On Linux a file name is bytes; Python reads bytes that are not UTF-8 as lone
surrogates ("\\udcff"), which print as escapes and which SQLite, Qt and the backup
folder's hash all refuse to encode. Such a name is refused once, where it comes in
(the command line, File > Open, a save dialog), in plain words.
"""

from __future__ import annotations

import os
from pathlib import Path


def shown_name(path: Path | str) -> str:
    """The last part of `path` as a GM reads it: undecodable bytes shown as "�"."""
    return shown_path(Path(path).name)


def shown_path(path: Path | str) -> str:
    """The whole of `path` as a GM reads it: undecodable bytes shown as "�"."""
    return os.fsencode(path).decode("utf-8", "replace")


def undecodable(path: Path | str) -> bool:
    """Whether `path` holds bytes that are not text (and so cannot be passed on)."""
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def undecodable_message(path: Path | str) -> str:
    """The refusal of a name with bytes that are not text (naming the part that has them)."""
    parts = Path(path).parts
    bad = next((part for part in reversed(parts) if undecodable(part)), Path(path).name)
    return (
        f"The name “{shown_path(bad)}” holds characters that are not text in this "
        "system's encoding, so GM Desk cannot use it. Rename the file (or choose another "
        "name) with letters, digits and punctuation only, then try again."
    )
