"""One writer per campaign: the lock file, refused second writers, stale locks taken over."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from desktop.store import lock as lock_module
from desktop.store.lock import (
    GARBAGE_GRACE_S,
    CampaignLock,
    CampaignLocked,
    LockHolder,
    lock_path,
)

REPO = Path(__file__).resolve().parents[2]
BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX signals")

# A second GM Desk process: takes the lock, says so, and holds it until killed.
HOLDER_SCRIPT = """
import sys, time
from pathlib import Path
from desktop.store.lock import CampaignLock
CampaignLock.acquire(Path(sys.argv[1]))
print("locked", flush=True)
time.sleep(120)
"""

# One of several processes racing for the same lock once the "go" file appears.
RACER_SCRIPT = """
import os, sys, time
from pathlib import Path
from desktop.store.lock import CampaignLock, CampaignLocked
campaign, go = Path(sys.argv[1]), Path(sys.argv[2])
print("ready", flush=True)
while not go.exists():
    time.sleep(0.001)
try:
    lock = CampaignLock.acquire(campaign)
except CampaignLocked as refused:
    print("locked", refused.holder.pid, flush=True)
else:
    print("won", os.getpid(), flush=True)
    time.sleep(3)  # hold it while the others try
    lock.release()
"""


def spawn(script: str, *args: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-c", script, *map(str, args)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )


def wait_for(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.01)


def write_lock(campaign: Path, **fields: object) -> Path:
    record: dict[str, object] = {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "user": "ann",
        "since": datetime.now(UTC).isoformat(),
        "app": "GM Desk test",
    }
    record.update(fields)
    path = lock_path(campaign)
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def dead_pid() -> int:
    """The id of a process that has exited (and been reaped)."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def make_old(path: Path, seconds: float = 60.0) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    path = tmp_path / "Ashes of the Tavern.gmdesk"
    path.write_bytes(b"")  # the lock never reads the campaign itself
    return path


@pytest.fixture
def holder(campaign: Path) -> Iterator[subprocess.Popen[str]]:
    """A real second process holding the campaign's lock."""
    process = spawn(HOLDER_SCRIPT, campaign)
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "locked"
        wait_for(lambda: holder_pid(campaign) == process.pid)
        yield process
    finally:
        process.kill()
        process.wait()


def holder_pid(campaign: Path) -> int | None:
    holder = CampaignLock.read_holder(campaign)
    return holder.pid if holder is not None else None


# -- the plain cases ----------------------------------------------------------------------


def test_lock_path_is_beside_the_campaign(tmp_path: Path) -> None:
    assert lock_path(tmp_path / "x.gmdesk") == tmp_path / "x.gmdesk.lock"


def test_acquire_writes_who_holds_it_and_release_removes_it(campaign: Path) -> None:
    assert CampaignLock.read_holder(campaign) is None
    lock = CampaignLock.acquire(campaign)
    assert lock.held
    record = json.loads(lock_path(campaign).read_text(encoding="utf-8"))
    assert {"pid", "host", "user", "since", "app"} <= set(record)
    assert record["pid"] == os.getpid()
    assert record["host"] == socket.gethostname()
    holder = CampaignLock.read_holder(campaign)
    assert holder is not None
    assert (holder.pid, holder.host) == (os.getpid(), socket.gethostname())
    assert abs(holder.since - datetime.now(UTC)) < timedelta(minutes=1)

    lock.release()
    assert not lock.held
    assert not lock_path(campaign).exists()
    lock.release()  # a second release is harmless
    assert CampaignLock.read_holder(campaign) is None


def test_the_lock_is_a_context_manager(campaign: Path) -> None:
    with CampaignLock.acquire(campaign) as lock:
        assert lock.held
        assert lock_path(campaign).exists()
    assert not lock.held
    assert not lock_path(campaign).exists()
    CampaignLock.acquire(campaign).release()  # and free again afterwards


def test_a_second_acquire_in_the_same_process_is_refused(campaign: Path) -> None:
    with CampaignLock.acquire(campaign):
        before = lock_path(campaign).read_bytes()
        with pytest.raises(CampaignLocked) as refused:
            CampaignLock.acquire(campaign)
        assert refused.value.holder.pid == os.getpid()
        message = str(refused.value)
        opening = f"This campaign is already open in GM Desk (process {os.getpid()} on host"
        assert message.startswith(opening)
        assert message.endswith("You can open it read-only instead.")
        assert lock_path(campaign).read_bytes() == before


def test_describe_says_who_and_since_when() -> None:
    today = datetime.now().replace(hour=14, minute=5).astimezone()
    holder = LockHolder(pid=1234, host="tavern", user="ann", since=today)
    assert holder.describe() == "GM Desk (process 1234 on host 'tavern', user 'ann', since 14:05)"
    earlier = datetime(2024, 3, 2, 9, 30).astimezone()
    assert "since 2024-03-02 09:30" in LockHolder(1, "tavern", "ann", earlier).describe()


# -- a real second process ----------------------------------------------------------------


@posix_only
def test_a_lock_held_by_a_live_process_is_refused(
    campaign: Path, holder: subprocess.Popen[str]
) -> None:
    before = lock_path(campaign).read_bytes()
    with pytest.raises(CampaignLocked) as refused:
        CampaignLock.acquire(campaign)
    assert refused.value.holder.pid == holder.pid
    assert f"process {holder.pid} on host '{socket.gethostname()}'" in str(refused.value)
    assert lock_path(campaign).read_bytes() == before


@posix_only
def test_the_lock_of_a_killed_process_is_taken_over(
    campaign: Path, holder: subprocess.Popen[str]
) -> None:
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()  # reaped: a zombie would still answer to its pid
    assert lock_path(campaign).exists()  # left behind by the crash

    with CampaignLock.acquire(campaign):
        now_held = CampaignLock.read_holder(campaign)
        assert now_held is not None
        assert now_held.pid == os.getpid()
    assert not lock_path(campaign).exists()


@posix_only
@pytest.mark.parametrize("stale", ["dead process", "garbage"])
def test_processes_racing_for_a_stale_lock_have_exactly_one_winner(
    campaign: Path, tmp_path: Path, stale: str
) -> None:
    if stale == "garbage":
        make_old(write_garbage(campaign, b'{"pid": 12'))
    else:
        write_lock(campaign, pid=dead_pid())
    go = tmp_path / "go"
    racers = [spawn(RACER_SCRIPT, campaign, go) for _ in range(6)]
    try:
        for racer in racers:
            assert racer.stdout is not None
            assert racer.stdout.readline().strip() == "ready"
        go.touch()
        results = [racer.stdout.readline().split() for racer in racers if racer.stdout]
    finally:
        for racer in racers:
            racer.kill()
            racer.wait()
    winners = [int(pid) for word, pid in results if word == "won"]
    assert len(winners) == 1, results
    losers = [(word, int(pid)) for word, pid in results if word != "won"]
    assert losers == [("locked", winners[0])] * (len(racers) - 1), results


def test_a_late_taker_leaves_the_winners_fresh_lock_alone(campaign: Path) -> None:
    # The interleaving a race can produce: we saw a stale lock, another GM Desk took it
    # over first, and only then do we get to remove "the stale lock".
    write_lock(campaign, pid=dead_pid())
    with CampaignLock.acquire(campaign) as winner:  # the faster process (here: us)
        before = lock_path(campaign).read_bytes()
        lock_module._take_over(lock_path(campaign), {})
        assert lock_path(campaign).read_bytes() == before
        assert winner.held


def test_a_late_taker_leaves_a_lock_being_written_alone(campaign: Path) -> None:
    # We watched old garbage for long enough; the winner replaced it with its own lock,
    # still empty because it is being written this very moment.
    path = write_garbage(campaign, b"garbage")
    make_old(path)
    stat = path.stat()
    long_ago = time.monotonic() - 60.0
    seen = {(stat.st_ino, stat.st_mtime_ns, stat.st_size): long_ago}
    path.unlink()
    write_garbage(campaign, b"")
    lock_module._take_over(path, seen)
    assert path.exists()


def test_a_takeover_guard_left_by_a_crash_does_not_block_for_ever(campaign: Path) -> None:
    write_lock(campaign, pid=dead_pid())
    guard = lock_path(campaign).with_name(lock_path(campaign).name + ".takeover")
    guard.write_text("{}", encoding="utf-8")
    make_old(guard)
    with CampaignLock.acquire(campaign):
        assert holder_pid(campaign) == os.getpid()
    assert not guard.exists()


# -- stale, foreign and garbage locks --------------------------------------------------------


def write_garbage(campaign: Path, content: bytes) -> Path:
    path = lock_path(campaign)
    path.write_bytes(content)
    return path


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b'{"pid": 4321, "host": "tav',
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'{"pid": "4321", "host": "tavern", "user": "ann", "since": "2024-01-01T10:00:00"}',
        b'{"pid": 0, "host": "tavern", "user": "ann", "since": "2024-01-01T10:00:00"}',
        b'{"pid": 4321, "host": "tavern", "user": "ann", "since": "yesterday"}',
    ],
    ids=["empty", "cut-off", "binary", "not-an-object", "pid-text", "pid-zero", "bad-since"],
)
def test_a_garbage_lock_is_taken_over(campaign: Path, content: bytes) -> None:
    make_old(write_garbage(campaign, content))
    assert CampaignLock.read_holder(campaign) is None
    with CampaignLock.acquire(campaign):
        assert holder_pid(campaign) == os.getpid()


def test_a_fresh_empty_lock_is_given_time_to_be_written(campaign: Path) -> None:
    # Empty for a moment is what a lock being written looks like; only a lock that
    # stays empty is a crash's leftover.
    write_garbage(campaign, b"")
    started = time.monotonic()
    with CampaignLock.acquire(campaign):
        waited = time.monotonic() - started
    assert waited >= GARBAGE_GRACE_S * 0.9


def test_a_lock_from_another_host_is_refused(campaign: Path) -> None:
    # Even with a pid that is dead here: on its own host that GM Desk may be running.
    path = write_lock(campaign, host="far-away-tavern", pid=dead_pid(), user="bob")
    make_old(path)
    before = path.read_bytes()
    with pytest.raises(CampaignLocked) as refused:
        CampaignLock.acquire(campaign)
    assert refused.value.holder.host == "far-away-tavern"
    assert "on host 'far-away-tavern', user 'bob'" in str(refused.value)
    assert path.read_bytes() == before


def test_a_lock_of_a_dead_process_on_this_host_is_taken_over(campaign: Path) -> None:
    write_lock(campaign, pid=dead_pid())
    with CampaignLock.acquire(campaign):
        assert holder_pid(campaign) == os.getpid()


@pytest.mark.skipif(not BOOT_ID.exists(), reason="boot ids are Linux only")
def test_a_lock_from_before_a_reboot_is_taken_over(campaign: Path) -> None:
    # Its pid may have been given to another process since the reboot: the boot id
    # tells that the holder cannot be running any more.
    write_lock(campaign, pid=os.getppid(), boot_id="an-earlier-boot")
    with CampaignLock.acquire(campaign):
        assert holder_pid(campaign) == os.getpid()


def test_release_leaves_someone_elses_lock_alone(campaign: Path) -> None:
    lock = CampaignLock.acquire(campaign)
    # Someone took the lock over meanwhile (we looked dead to them, say).
    theirs = write_lock(campaign, pid=os.getppid(), user="bob")
    before = theirs.read_bytes()
    lock.release()
    assert theirs.read_bytes() == before
    holder = CampaignLock.read_holder(campaign)
    assert holder is not None
    assert holder.user == "bob"


def test_release_after_the_lock_file_vanished_is_harmless(campaign: Path) -> None:
    lock = CampaignLock.acquire(campaign)
    lock_path(campaign).unlink()
    lock.release()
    assert not lock_path(campaign).exists()


def test_read_holder_ignores_garbage(campaign: Path) -> None:
    write_garbage(campaign, b"not json")
    assert CampaignLock.read_holder(campaign) is None


# -- process ids: impossible ones, reused ones, other systems ------------------------------


@pytest.mark.parametrize("pid", [2**40, 2**31, 2**63 + 5])
def test_a_lock_naming_an_impossible_pid_is_taken_over(campaign: Path, pid: int) -> None:
    write_lock(campaign, pid=pid)
    with CampaignLock.acquire(campaign):
        assert holder_pid(campaign) == os.getpid()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="start times from /proc")
def test_a_pid_reused_by_another_live_process_does_not_block_for_ever(campaign: Path) -> None:
    # Our parent is alive, but it is not the process that took this lock: that one
    # started at another time.
    started = lock_module._process_start(os.getppid())
    assert started is not None
    write_lock(campaign, pid=os.getppid(), boot_id=lock_module._boot_id(), started=started + 1)
    with CampaignLock.acquire(campaign):
        assert holder_pid(campaign) == os.getpid()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="start times from /proc")
def test_the_live_holder_with_its_start_time_is_refused(campaign: Path) -> None:
    started = lock_module._process_start(os.getppid())
    write_lock(campaign, pid=os.getppid(), boot_id=lock_module._boot_id(), started=started)
    with pytest.raises(CampaignLocked):
        CampaignLock.acquire(campaign)


def test_a_lock_records_its_start_time(campaign: Path) -> None:
    with CampaignLock.acquire(campaign) as held:
        record = json.loads(held.path.read_text(encoding="utf-8"))
    assert record["started"] == lock_module._process_start(os.getpid())
    if Path("/proc/self/stat").exists():
        assert isinstance(record["started"], int)


def test_a_lock_with_a_garbled_start_time_counts_as_garbage(campaign: Path) -> None:
    path = write_lock(campaign, started="yesterday")
    make_old(path)
    with CampaignLock.acquire(campaign):
        assert holder_pid(campaign) == os.getpid()


def test_without_proc_the_pid_check_alone_decides(
    campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # macOS and Windows have no /proc: no start time is recorded or compared.
    monkeypatch.setattr(lock_module, "_process_start", lambda pid: None)
    write_lock(campaign, pid=os.getppid(), started=12345)
    with pytest.raises(CampaignLocked):
        CampaignLock.acquire(campaign)


class _FakeKernel32:
    """Stands in for Windows' kernel32: OpenProcess, GetExitCodeProcess, CloseHandle."""

    def __init__(self, handle: int, exit_code: int = 259, query_ok: bool = True) -> None:
        self.handle = handle
        self.exit_code = exit_code
        self.query_ok = query_ok
        self.closed: list[int] = []
        self.opened: list[int] = []

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:
        self.opened.append(pid)
        return self.handle

    def GetExitCodeProcess(self, handle: int, code: object) -> bool:
        import ctypes

        ctypes.cast(code, ctypes.POINTER(ctypes.c_ulong)).contents.value = self.exit_code
        return self.query_ok

    def CloseHandle(self, handle: int) -> bool:
        self.closed.append(handle)
        return True


@pytest.mark.parametrize(
    ("kernel32", "last_error", "alive"),
    [
        (_FakeKernel32(handle=7, exit_code=259), 0, True),  # STILL_ACTIVE
        (_FakeKernel32(handle=7, exit_code=0), 0, False),  # exited
        (_FakeKernel32(handle=7, query_ok=False), 0, True),  # cannot tell: keep the lock
        (_FakeKernel32(handle=0), 5, True),  # access denied: someone else's process
        (_FakeKernel32(handle=0), 87, False),  # invalid parameter: no such process
    ],
)
def test_the_windows_process_check(kernel32: _FakeKernel32, last_error: int, alive: bool) -> None:
    assert lock_module._pid_alive_windows(4242, kernel32, lambda: last_error) is alive
    assert kernel32.opened == [4242]
    assert kernel32.closed == ([7] if kernel32.handle else [])


def test_the_windows_check_never_asks_about_an_impossible_pid() -> None:
    kernel32 = _FakeKernel32(handle=7)
    assert lock_module._pid_alive_windows(2**40, kernel32, lambda: 0) is False
    assert kernel32.opened == []


@pytest.mark.parametrize(("platform", "branch"), [("win32", "windows"), ("darwin", "posix")])
def test_each_system_takes_its_own_process_check(
    platform: str, branch: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(lock_module, "_pid_alive_windows", lambda pid: asked.append("windows"))
    monkeypatch.setattr(lock_module, "_pid_alive_posix", lambda pid: asked.append("posix"))
    lock_module._pid_alive(1234)
    assert asked == [branch]


def test_on_windows_a_dead_holder_is_taken_over(
    campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_check = lock_module._pid_alive_windows
    dead = _FakeKernel32(handle=7, exit_code=0)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(lock_module, "_boot_id", lambda: None)
    monkeypatch.setattr(lock_module, "_process_start", lambda pid: None)
    monkeypatch.setattr(
        lock_module, "_pid_alive_windows", lambda pid: real_check(pid, dead, lambda: 0)
    )
    write_lock(campaign, pid=4242)
    with CampaignLock.acquire(campaign):
        assert holder_pid(campaign) == os.getpid()
    assert set(dead.opened) == {4242}  # asked (again under the guard) about the holder
