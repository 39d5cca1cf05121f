"""Many text files into one folder, all or none: the journal's Markdown export (issue 31).

Each file is first written under the one partial name (`partial_files`) beside its
target; only when every one is whole are they renamed into place, so a full disk, a
refused name or a cancel half-way leaves the folder as it was (and a folder the export
made is taken away again). A file already there is replaced only when GM Desk wrote it as
that kind of file (`outputs.refusal`): never the GM's own note that happens to share a
game's name.

File names come from the GM's words, so they are made safe on every system: no character
Windows, macOS or Linux refuses, none of Windows' reserved device names, no trailing dot or
space, no more bytes than a name may take, and no two names that differ only in case (one
file on Windows and macOS).

`write_text_file` writes one text file the same way (the luck report's CSV, issue 33).

Qt-free and importing only our top-level helpers, for the command line and the window.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from desktop import outputs
from desktop.language import Translator
from desktop.names import shown_name, shown_path, undecodable, undecodable_message
from desktop.partial_files import cut_to_fit, name_room, partial_name

__all__ = ["FolderWrite", "folder_refusal", "safe_file_name", "write_all", "write_text_file"]

FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
# Names Windows keeps for devices, whatever their extension ("CON.md" too).
RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL"}
    | {f"COM{n}" for n in range(1, 10)}
    | {f"LPT{n}" for n in range(1, 10)}
)


def safe_file_name(stem: str, suffix: str, room: int = 255, fallback: str = "Untitled") -> str:
    """`stem` + `suffix` as a file name every system takes, in at most `room` bytes."""
    cleaned = " ".join(FORBIDDEN.sub(" ", stem).split()).strip(". ")
    if cleaned.split(".")[0].strip().upper() in RESERVED:
        cleaned = f"_{cleaned}"
    cleaned = cleaned or fallback
    cut = cut_to_fit(cleaned, room - len(os.fsencode(suffix))).rstrip(". ")
    return f"{cut or fallback[:1]}{suffix}"


def folder_refusal(folder: Path) -> str | None:
    """Why files cannot be written into `folder` (made when missing), in plain words;
    None when they can."""
    if undecodable(folder):
        return undecodable_message(folder)
    name = shown_name(folder) or shown_path(folder)
    if folder.exists() and not folder.is_dir():
        return f"“{name}” is a file, not a folder: choose a folder for the files."
    existing = folder
    while not existing.exists():
        if existing.parent == existing:
            break
        existing = existing.parent
    if not existing.is_dir():
        return f"“{shown_name(existing)}” is a file, not a folder: choose another folder."
    if not _writable(existing):
        return f"GM Desk may not write in the folder “{shown_name(existing)}”: choose another."
    return None


def _writable(folder: Path) -> bool:
    """Whether a file can be made in `folder`: tried, not asked (permissions say nothing
    of a read-only disk, nor to an administrator of a folder no one may write in)."""
    probe = folder / partial_name("journal", name_room(folder))
    try:
        handle = os.open(probe, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except OSError:
        return False
    os.close(handle)
    probe.unlink(missing_ok=True)
    return True


@dataclass
class FolderWrite:
    """Text files written into `folder` as `kind`, named from stems, kept partial until
    `finish` puts them all in place (or `abandon` takes them all away)."""

    folder: Path
    kind: outputs.OutputKind
    suffix: str = ".md"
    keep: tuple[Path, ...] = ()
    written: list[tuple[Path, Path]] = field(default_factory=list)  # (partial, target)
    made_folders: list[Path] = field(default_factory=list)
    names: set[str] = field(default_factory=set)

    def add(self, stem: str, text: str) -> Path:
        """Write one file under its partial name; its target's path (not yet there)."""
        if not self.written and not self.made_folders:
            self._make_folder()
        target = self.folder / self._unique(stem)
        refused = outputs.refusal(target, self.kind, keep=self.keep)
        if refused is not None:
            raise OSError(refused)
        partial = target.with_name(partial_name(target.name, name_room(self.folder)))
        try:
            with partial.open("w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as error:
            partial.unlink(missing_ok=True)
            raise OSError(outputs.write_failure(target, error)) from None
        self.written.append((partial, target))
        return target

    def finish(self) -> list[Path]:
        """Every file put in place; their paths, in the order they were added."""
        for partial, target in self.written:
            os.replace(partial, target)
        done = [target for _partial, target in self.written]
        self.written.clear()
        return done

    def abandon(self) -> None:
        """Take every partial file away, and the folders this write made."""
        for partial, _target in self.written:
            partial.unlink(missing_ok=True)
        self.written.clear()
        for made in reversed(self.made_folders):
            try:
                made.rmdir()
            except OSError:
                break  # something else was put there meanwhile: keep it
        self.made_folders.clear()

    def _make_folder(self) -> None:
        missing = []
        folder = self.folder
        while not folder.exists() and folder.parent != folder:
            missing.append(folder)
            folder = folder.parent
        for made in reversed(missing):
            try:
                made.mkdir()
            except FileExistsError:
                continue
            except OSError as error:
                self.abandon()
                raise OSError(_folder_failure(made, error)) from None
            self.made_folders.append(made)

    def _unique(self, stem: str) -> str:
        room = name_room(self.folder)
        name = safe_file_name(stem, self.suffix, room)
        count = 2
        while name.casefold() in self.names:
            name = safe_file_name(f"{stem} ({count})", self.suffix, room)
            count += 1
        self.names.add(name.casefold())
        return name


def write_all(
    folder: Path,
    files: Iterable[tuple[str, str]],
    kind: outputs.OutputKind,
    *,
    suffix: str = ".md",
    keep: tuple[Path, ...] = (),
    going_on: Callable[[int], bool] = lambda written: True,
) -> list[Path]:
    """Write every (stem, text) of `files` into `folder`, all or none; the paths written.

    `going_on` hears how many are written so far and returns False to cancel (nothing is
    then written: the paths returned are none). Raises OSError with a plain message."""
    refused = folder_refusal(folder)
    if refused is not None:
        raise OSError(refused)
    writing = FolderWrite(folder, kind, suffix, keep)
    try:
        for count, (stem, text) in enumerate(files, start=1):
            writing.add(stem, text)
            if not going_on(count):
                writing.abandon()
                return []
        return writing.finish()
    except BaseException:
        writing.abandon()
        raise


def write_text_file(
    target: Path,
    text: str,
    kind: outputs.OutputKind,
    *,
    keep: Sequence[Path] = (),
    own_folders: Sequence[Path] = (),
    words: Translator | None = None,
) -> None:
    """Write `text` (UTF-8, line ends as given) to `target` whole or not at all.

    Refused, with a plain message (OSError, in the language of `words`, English
    without), when `target` may not take `kind` (see `outputs.refusal`; `keep` the
    campaigns open, `own_folders` the backups), its folder is missing, or the disk
    fails: the partial file is taken away and an earlier `target` stays as it was."""
    if undecodable(target):
        raise OSError(undecodable_message(target))
    refused = outputs.refusal(target, kind, keep=keep, own_folders=own_folders, words=words)
    if refused is not None:
        raise OSError(refused)
    if not target.parent.is_dir():
        raise OSError(
            f"The folder “{shown_name(target.parent) or shown_path(target.parent)}” does not "
            f"exist: “{shown_name(target)}” was not saved."
        )
    partial = target.with_name(partial_name(target.name, name_room(target.parent)))
    try:
        # newline="": the text's own line ends, "\r\n" for a CSV, on every system.
        with partial.open("x", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, target)
    except OSError as error:
        raise OSError(outputs.write_failure(target, error, words)) from None
    finally:
        with contextlib.suppress(OSError):  # a read-only disk made none
            partial.unlink(missing_ok=True)


def _folder_failure(folder: Path, error: OSError) -> str:
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = "GM Desk may not make it there"
    elif error.errno == errno.ENOSPC:
        why = "the disk is full"
    else:
        why = "the disk reported a problem"
    return f"The folder “{shown_name(folder)}” could not be made: {why}. Nothing was written."
