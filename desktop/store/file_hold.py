"""A hold on the campaign file itself, by the operating system, that follows the file
through every name it has: a hard link or a symlink is the same file, so the same hold.

The lock file beside a campaign (lock.py) names who holds it, but a name is all it
follows: two names of one file (a hard link) would each get a lock file of their own,
and two GM Desks would write one file through two -wal files, losing writes. So the
writer also holds a byte-range lock on the file itself, far beyond anything SQLite
reads, writes or locks (its own lock bytes are at 1 GiB), so SQLite's locking is left
alone:

- Linux: an open-file-description lock (F_OFD_SETLK). Unlike a POSIX lock it is not
  dropped when SQLite closes another handle of the same file, and it conflicts with
  the same lock taken through any other handle, in this process or another. Beside the
  byte every writer takes, the holder also locks the byte at `BASE + 1 + its pid`, so
  that a refused GM Desk can tell which process holds the file.
- Windows: LockFile on the same byte (locks there belong to the handle, like SQLite's).
- Elsewhere (macOS): nothing. A POSIX lock there is dropped whenever SQLite closes any
  handle of the file, and flock() conflicts with SQLite's own locks in this very
  process; the lock file beside the file's resolved name still covers symlinks.

The operating system drops the hold when its process ends, however it ends: it is
never stale.
"""

from __future__ import annotations

import contextlib
import errno
import os
import struct
from pathlib import Path

# A TiB into the file: no campaign grows that large, and SQLite never locks there.
BASE = 1 << 40
# Room for every process id a system gives (Linux: at most 2**22).
_PID_SPAN = 1 << 32
# struct flock on Linux: l_type, l_whence (shorts), l_start, l_len (off_t), l_pid.
_FLOCK = "@hhqqi4x"


class FileHeld(Exception):
    """Another handle (another GM Desk, or this one) holds the file."""

    def __init__(self, pid: int | None) -> None:
        super().__init__("The campaign file is held by another GM Desk.")
        self.pid = pid  # None where the system cannot tell


class FileHold:
    """This process's hold on a file. Build it with `FileHold.take`."""

    def __init__(self, fd: int | None, system: str | None = None) -> None:
        self._fd = fd
        self._system = system

    @classmethod
    def take(cls, path: Path) -> FileHold:
        """Hold `path` (an existing file) for this process, or raise FileHeld.

        Raises OSError when the file cannot be opened for writing.
        """
        system = _system()
        if system is None:
            return cls(None)
        fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
        try:
            if system == "windows":
                _take_windows(fd)
            else:
                _take_ofd(fd)
        except FileHeld:
            # Closing also drops this process's POSIX locks on the file (SQLite's, if
            # this very process has it open), as any close of it does: the header check
            # before every open closes one too.
            os.close(fd)
            raise
        except OSError:
            # A file system without such locks (some network shares): the lock file
            # beside the file's name is then the guard, as SQLite's own locks are.
            os.close(fd)
            return cls(None)
        return cls(fd, system)

    def release(self) -> None:
        """Let go of the file; safe to call twice. Call it after SQLite's connections
        to the file are closed: closing a handle drops this process's POSIX locks."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if self._system == "windows":
                _let_go_windows(fd)
        finally:
            os.close(fd)


def holding(path: Path) -> FileHeld | None:
    """The hold some handle (in this process or another) has on `path` now, with its
    holder's pid where known; None when nobody holds it."""
    system = _system()
    if system is None:
        return None
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
    except OSError:
        return None  # missing, or not ours to write: no GM Desk writes it through us
    try:
        if system == "windows":
            try:
                _take_windows(fd)
            except FileHeld as held:
                return held
            # Windows lets go of a closed handle's locks only when it gets round to it.
            _let_go_windows(fd)
            return None
        if _conflict(fd, BASE, 1) is None:
            return None
        return FileHeld(_holder_pid(fd))
    except OSError:
        return None  # a file system without such locks: nobody holds it this way
    finally:
        os.close(fd)


def _system() -> str | None:
    """Which hold this system has: "ofd" (Linux), "windows", or None. Asked of the
    modules themselves, not of the platform's name, which tests pretend about."""
    try:
        import fcntl
    except ImportError:
        return "windows"
    return "ofd" if hasattr(fcntl, "F_OFD_SETLK") else None


# -- Linux -----------------------------------------------------------------------------------


def _take_ofd(fd: int) -> None:
    import fcntl

    # Our pid's byte first: when the shared byte is refused to another, the byte that
    # names us is already there for it to find.
    try:
        _ofd(fd, fcntl.F_OFD_SETLK, fcntl.F_WRLCK, BASE + 1 + os.getpid(), 1)
    except OSError as error:
        if not _refused(error):
            raise
        raise FileHeld(os.getpid()) from None  # only this process locks that byte
    try:
        _ofd(fd, fcntl.F_OFD_SETLK, fcntl.F_WRLCK, BASE, 1)
    except OSError as error:
        if not _refused(error):
            raise
        # Our own pid's byte goes at once, lest another refused GM Desk take it for
        # the holder's.
        _ofd(fd, fcntl.F_OFD_SETLK, fcntl.F_UNLCK, BASE + 1 + os.getpid(), 1)
        raise FileHeld(_holder_pid(fd)) from None


def _holder_pid(fd: int) -> int | None:
    start = _conflict(fd, BASE + 1, _PID_SPAN)
    return None if start is None else start - BASE - 1


def _conflict(fd: int, start: int, length: int) -> int | None:
    """Where the first lock held by another handle over [start, start+length) begins."""
    import fcntl

    answer = _ofd(fd, fcntl.F_OFD_GETLK, fcntl.F_WRLCK, start, length)
    kind, _, begins, _, _ = struct.unpack(_FLOCK, answer)
    return None if kind == fcntl.F_UNLCK else begins


def _ofd(fd: int, command: int, kind: int, start: int, length: int) -> bytes:
    import fcntl

    request = struct.pack(_FLOCK, kind, os.SEEK_SET, start, length, 0)
    return fcntl.fcntl(fd, command, request)


def _refused(error: OSError) -> bool:
    return error.errno in (errno.EAGAIN, errno.EACCES)


# -- Windows -----------------------------------------------------------------------------------


def _take_windows(fd: int) -> None:  # pragma: no cover - Windows only
    import msvcrt

    os.lseek(fd, BASE, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]  # Windows-only msvcrt; mypy reads Linux's
    except OSError as error:
        if error.errno not in (errno.EACCES, errno.EDEADLOCK):
            raise
        raise FileHeld(None) from None
    finally:
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)


def _let_go_windows(fd: int) -> None:  # pragma: no cover - Windows only
    import msvcrt

    os.lseek(fd, BASE, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]  # as above
    finally:
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
