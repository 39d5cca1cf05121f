"""One writer per campaign: a lock file beside the campaign names the GM Desk holding it.

`x.gmdesk` is locked by `x.gmdesk.lock`, created atomically (`O_CREAT | O_EXCL`) and
holding JSON that says who holds it: process id, host, user, since when. A second GM
Desk that finds the lock is told who holds it (`CampaignLocked`) and may open the
campaign read-only instead.

The lock follows the file, not the name it was opened by: the lock file lies beside the
file's resolved name (so every symlink to it finds the same lock file), and the writer
also holds the file itself through the operating system (file_hold.py), which a second
name of the same file (a hard link) meets too. Who holds it is then read from the lock
file beside the name the holder opened.

A lock left by a crash is taken over:

- its holder was on this host and that process is gone (or the machine has rebooted
  since, which also catches a process id reused after the reboot), or its process id
  now belongs to another process: the lock records when its process started (Linux:
  the start time in /proc, with the boot id), and a live process with that id but
  another start time is not the holder;
- or the file is empty or garbage, as a crash between creating and writing it leaves.
  A lock that is being written right now is empty for a moment too, so garbage counts
  as stale only once it is `GARBAGE_GRACE_S` old.

A lock from another host is never taken over: we cannot tell whether that GM Desk is
still running, so the GM must decide (by deleting the lock file).

Taking over is guarded by a second, short-lived file (`x.gmdesk.lock.takeover`), so
that of several processes racing for one stale lock exactly one wins: the lock is
judged stale again, and removed, only while holding the guard; a fresh lock written by
the winner meanwhile is alive and is left alone.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple

from desktop import __version__
from desktop.store.file_hold import FileHeld, FileHold, holding

LOCK_SUFFIX = ".lock"
TAKEOVER_SUFFIX = ".takeover"
# Writing a lock takes microseconds; a second is a wide margin before an empty or
# half-written lock is believed to be a crash's leftover.
GARBAGE_GRACE_S = 1.0
# Removing a stale lock under the guard takes milliseconds; a guard this old was left
# by a process that died while holding it.
ABANDONED_TAKEOVER_S = 5.0
# Gives up rather than spin forever if the lock keeps changing under us.
ACQUIRE_TIMEOUT_S = 10.0
POLL_S = 0.02
_BOOT_ID_FILE = Path("/proc/sys/kernel/random/boot_id")


class LockHolder(NamedTuple):
    """Who holds a campaign's lock, as written in the lock file."""

    pid: int
    host: str
    user: str
    # None when only the operating system's hold on the file says who holds it.
    since: datetime | None
    # Linux's boot id when the lock was taken: a lock from an earlier boot is stale.
    boot_id: str | None = None
    # When the holding process started (clock ticks since boot, from /proc); None
    # where the system does not say. Tells the holder from a process that reused its id.
    started: int | None = None

    def describe(self) -> str:
        """Plain text for a GM, e.g. "GM Desk (process 1234 on host 'tavern', ...)"."""
        since = "" if self.since is None else f", since {_clock_text(self.since)}"
        return f"GM Desk (process {self.pid} on host '{self.host}', user '{self.user}'{since})"


class CampaignLocked(Exception):
    """The campaign is open for writing in another GM Desk."""

    def __init__(self, holder: LockHolder) -> None:
        super().__init__(
            f"This campaign is already open in {holder.describe()}. "
            "You can open it read-only instead."
        )
        self.holder = holder


def lock_path(campaign_path: Path) -> Path:
    """The lock file for a campaign: beside it, its name with ".lock" appended."""
    return campaign_path.with_name(campaign_path.name + LOCK_SUFFIX)


class CampaignLock:
    """This process's hold on a campaign. Build it with `CampaignLock.acquire`."""

    def __init__(self, path: Path, token: str, hold: FileHold) -> None:
        self.path = path
        self._token = token
        self._hold = hold
        self._held = True

    @classmethod
    def acquire(cls, campaign_path: Path) -> CampaignLock:
        """Lock the campaign for this process, taking over a stale lock.

        Raises CampaignLocked when a live GM Desk (or one on another host) holds it,
        through this name or any other of the same file, and OSError when the lock
        file cannot be written (e.g. a read-only folder).
        """
        resolved = _resolved(campaign_path)
        try:
            hold = FileHold.take(resolved)
        except FileHeld as held:
            raise CampaignLocked(_holder_of(resolved, held.pid)) from None
        try:
            return cls._acquire_file(lock_path(resolved), hold)
        except BaseException:
            hold.release()
            raise

    @classmethod
    def _acquire_file(cls, path: Path, hold: FileHold) -> CampaignLock:
        """Create the lock file `path`, taking over a stale one."""
        deadline = time.monotonic() + ACQUIRE_TIMEOUT_S
        # When each garbage lock (by its signature) was first seen, so that garbage
        # with a wrong clock on it still turns stale after the grace period.
        garbage_seen: dict[tuple[int, int, int], float] = {}
        while True:
            token = os.urandom(16).hex()
            if _create_lock(path, _lock_record(token)):
                return cls(path, token, hold)
            found = _inspect(path)
            if found is None:
                continue  # released between our attempt and our look: try again
            if found.holder is not None and not _holder_is_stale(found.holder):
                raise CampaignLocked(found.holder)
            garbage_seen.setdefault(found.signature, time.monotonic())
            if _is_stale(found, garbage_seen):
                _take_over(path, garbage_seen)
            else:
                time.sleep(POLL_S)
            if time.monotonic() > deadline:
                raise TimeoutError(f"Could not take over the stale lock {path.name}.")

    @staticmethod
    def read_holder(campaign_path: Path) -> LockHolder | None:
        """Who holds the campaign's lock, through any of the file's names; None when
        unlocked or the lock is unreadable."""
        resolved = _resolved(campaign_path)
        held = holding(resolved)
        if held is not None:
            return _holder_of(resolved, held.pid)
        found = _inspect(lock_path(resolved))
        return found.holder if found is not None else None

    @property
    def held(self) -> bool:
        return self._held

    def release(self) -> None:
        """Remove the lock file, but only if it is still ours. Safe to call twice."""
        if not self._held:
            return
        self._held = False
        try:
            self._release_file()
        finally:
            self._hold.release()

    def _release_file(self) -> None:
        record = _read_record(self.path)
        # A lock taken over from us (only possible if we looked dead or garbage) now
        # belongs to someone else, who must keep it.
        if record is not None and record.get("token") == self._token:
            # A lock we fail to remove (Windows: someone is reading it) is harmless:
            # our process id will be dead, so the next GM Desk takes it over.
            with contextlib.suppress(OSError):
                self.path.unlink()

    def __enter__(self) -> CampaignLock:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"CampaignLock({str(self.path)!r}, held={self._held})"


# -- the file's names ---------------------------------------------------------------------


def _resolved(campaign_path: Path) -> Path:
    """The file's own name, symlinks followed (a loop is left as it is, and refused
    later by whoever opens it)."""
    return Path(os.path.realpath(campaign_path))


def _holder_of(campaign_path: Path, pid: int | None) -> LockHolder:
    """Who holds the file the operating system says process `pid` holds: the lock file
    beside our name of it, else the one beside the holder's own name (a hard link),
    else what the system tells of the process."""
    if pid is None:  # Windows: the lock file beside our name is all there is to read
        found = _inspect(lock_path(campaign_path))
        if found is not None and found.holder is not None:
            return found.holder
        return LockHolder(pid=0, host=_host_name(), user="unknown", since=None)
    for name in (campaign_path, *_names_held_by(pid, campaign_path)):
        found = _inspect(lock_path(name))
        if found is not None and found.holder is not None and found.holder.pid == pid:
            return found.holder
    return LockHolder(
        pid=pid,
        host=_host_name(),
        user=_process_user(pid),
        since=None,
        started=_process_start(pid),
    )


def _names_held_by(pid: int, campaign_path: Path) -> list[Path]:
    """The names by which process `pid` has the campaign's file open (Linux's /proc;
    empty where it does not tell, or the process is another user's)."""
    folder = f"/proc/{pid}/fd"
    try:
        wanted = os.stat(campaign_path)
        handles = os.listdir(folder)
    except OSError:
        return []
    names: list[Path] = []
    for handle in handles:
        link = f"{folder}/{handle}"
        try:
            seen = os.stat(link)
            if (seen.st_dev, seen.st_ino) == (wanted.st_dev, wanted.st_ino):
                names.append(Path(os.readlink(link)))
        except OSError:
            continue  # closed meanwhile
    return names


def _process_user(pid: int) -> str:
    """The name of the user running `pid` (Linux's /proc), else "unknown"."""
    try:
        uid = os.stat(f"/proc/{pid}").st_uid
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (OSError, KeyError, ImportError):
        return "unknown"


# -- what a lock file holds -------------------------------------------------------------


class _Found(NamedTuple):
    """A lock file as we saw it: its holder (None for garbage), identity and age."""

    holder: LockHolder | None
    signature: tuple[int, int, int]  # inode, mtime in ns, size: tells two files apart
    age_s: float


def _lock_record(token: str) -> dict[str, object]:
    return {
        "pid": os.getpid(),
        "host": _host_name(),
        "user": _user_name(),
        "since": datetime.now(UTC).isoformat(),
        "app": f"GM Desk {__version__}",
        "boot_id": _boot_id(),
        "started": _process_start(os.getpid()),
        "token": token,
    }


def _user_name() -> str:
    # getpass.getuser() reads the same variables first, but imports termios and pwd.
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        name = os.environ.get(variable)
        if name:
            return name
    return "unknown"


def _host_name() -> str:
    # Same answer as socket.gethostname(), without importing socket at start-up.
    if hasattr(os, "uname"):
        return os.uname().nodename
    return os.environ.get("COMPUTERNAME", "unknown")


def _boot_id() -> str | None:
    try:
        return _BOOT_ID_FILE.read_text(encoding="utf-8").strip() or None  # ASCII, as UTF-8
    except OSError:  # not Linux: no boot id, the pid check alone decides
        return None


def _create_lock(path: Path, record: dict[str, object]) -> bool:
    """Create the lock file holding `record`; False if a lock file already exists."""
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return False
    try:
        data = json.dumps(record, indent=1).encode("utf-8")
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    except BaseException:
        # Leave no half-written lock behind for others to wait out.
        os.close(fd)
        with contextlib.suppress(OSError):
            path.unlink()
        raise
    os.close(fd)
    return True


def _read_record(path: Path) -> dict[str, object] | None:
    """The lock file's JSON object; None if missing, unreadable or not an object."""
    try:
        record = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return None
    return record if isinstance(record, dict) else None


def _holder_from(record: dict[str, object] | None) -> LockHolder | None:
    """The holder a lock record names; None if any field is missing or malformed."""
    if record is None:
        return None
    pid, host, user, since = (record.get(key) for key in ("pid", "host", "user", "since"))
    boot_id = record.get("boot_id")
    started = record.get("started")
    if started is not None and type(started) is not int:
        return None
    if type(pid) is not int or pid <= 0:  # bool is an int, and pid 0 means "my group"
        return None
    if not isinstance(host, str) or not isinstance(user, str) or not isinstance(since, str):
        return None
    if boot_id is not None and not isinstance(boot_id, str):
        return None
    try:
        moment = datetime.fromisoformat(since)
    except ValueError:
        return None
    return LockHolder(pid=pid, host=host, user=user, since=moment, boot_id=boot_id, started=started)


def _inspect(path: Path) -> _Found | None:
    """What the lock file says now; None if there is no lock file."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    holder = _holder_from(_read_record(path))
    return _Found(
        holder=holder,
        signature=(stat.st_ino, stat.st_mtime_ns, stat.st_size),
        age_s=time.time() - stat.st_mtime,
    )


# -- deciding and taking over -------------------------------------------------------------


def _holder_is_stale(holder: LockHolder) -> bool:
    """True when the holder is certainly gone; a holder on another host never is."""
    if holder.host != _host_name():
        return False
    current_boot = _boot_id()
    if holder.boot_id and current_boot and holder.boot_id != current_boot:
        return True  # taken before the last reboot: its process cannot be running
    if not _pid_alive(holder.pid):
        return True
    if holder.started is not None:
        now = _process_start(holder.pid)
        # Another start time: the id was reused by a process that is not GM Desk's.
        return now is not None and now != holder.started
    return False


def _is_stale(found: _Found, garbage_seen: dict[tuple[int, int, int], float]) -> bool:
    if found.holder is not None:
        return _holder_is_stale(found.holder)
    first_seen = garbage_seen.get(found.signature)
    watched = first_seen is not None and time.monotonic() - first_seen >= GARBAGE_GRACE_S
    return found.age_s >= GARBAGE_GRACE_S or watched


def _take_over(path: Path, garbage_seen: dict[tuple[int, int, int], float]) -> None:
    """Remove `path` if, looked at again under the takeover guard, it is still stale."""
    guard = path.with_name(path.name + TAKEOVER_SUFFIX)
    if not _create_lock(guard, {"pid": os.getpid(), "host": _host_name()}):
        _clear_abandoned_guard(guard)
        time.sleep(POLL_S)  # someone else is taking over: look again shortly
        return
    try:
        found = _inspect(path)
        # Judged afresh: a lock created by a faster taker meanwhile is alive (or young
        # garbage, still being written) and so is left alone.
        if found is not None and _is_stale(found, garbage_seen):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
    finally:
        with contextlib.suppress(FileNotFoundError):
            guard.unlink()


def _clear_abandoned_guard(guard: Path) -> None:
    try:
        age = time.time() - guard.stat().st_mtime
    except FileNotFoundError:
        return
    if age >= ABANDONED_TAKEOVER_S:
        with contextlib.suppress(FileNotFoundError):
            guard.unlink()


# -- is a process alive? --------------------------------------------------------------------


def _pid_alive(pid: int) -> bool:
    if sys.platform == "win32":
        return _pid_alive_windows(pid)
    return _pid_alive_posix(pid)


def _pid_alive_posix(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # signal 0: checks the process exists, sends nothing
    except (ProcessLookupError, OverflowError):
        return False  # OverflowError: an id no process can have (a lock edited by hand)
    except PermissionError:
        return True  # it exists, it is just not ours to signal
    return True


MAX_WINDOWS_PID = 0xFFFFFFFF  # a DWORD


def _pid_alive_windows(pid: int, kernel32: Any = None, last_error: Any = None) -> bool:
    """Windows: open the process and ask for its exit code. `kernel32` and `last_error`
    are given by tests, which run where there is no kernel32."""
    import ctypes

    if pid > MAX_WINDOWS_PID:
        return False  # no process can have it: a lock edited by hand
    process_query_limited_information = 0x1000
    error_access_denied = 5
    still_active = 259
    if kernel32 is None:  # pragma: no cover - the real DLL exists on Windows only
        from ctypes import wintypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]  # Windows-only ctypes; mypy reads Linux's
        kernel32.OpenProcess.restype = wintypes.HANDLE
        kernel32.OpenProcess.argtypes = (wintypes.DWORD, wintypes.BOOL, wintypes.DWORD)
        kernel32.GetExitCodeProcess.argtypes = (wintypes.HANDLE, ctypes.POINTER(ctypes.c_ulong))
        kernel32.CloseHandle.argtypes = (wintypes.HANDLE,)
        last_error = ctypes.get_last_error  # type: ignore[attr-defined]  # as above
    handle = kernel32.OpenProcess(process_query_limited_information, False, pid)
    if not handle:
        # Access denied means the process exists but belongs to someone else.
        return last_error() == error_access_denied
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True  # cannot tell: never take over a lock we are unsure of
        return code.value == still_active
    finally:
        kernel32.CloseHandle(handle)


def _process_start(pid: int) -> int | None:
    """When process `pid` started, in clock ticks since boot (Linux's /proc); None where
    the system does not tell (macOS, Windows) or the process is gone."""
    try:
        # Read as UTF-8 (the codec Python has loaded) with bad bytes replaced: the fields
        # read are ASCII digits; the name, which may hold anything, is skipped below.
        text = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except (OSError, ValueError, OverflowError):
        return None
    # The command name (field 2) is in parentheses and may hold spaces: split after it.
    fields = text[text.rfind(")") + 2 :].split()
    try:
        return int(fields[19])  # field 22 of stat(5): starttime
    except (IndexError, ValueError):
        return None


def _clock_text(moment: datetime) -> str:
    """The time alone for today ("14:05"), else date and time, in local time."""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    if local.date() == datetime.now().date():
        return local.strftime("%H:%M")
    return local.strftime("%Y-%m-%d %H:%M")
