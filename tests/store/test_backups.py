"""Automatic backups: taken while the campaign is written, listed, thinned out, restored."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from contextlib import closing
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.store.backups import (
    KEEP_DAILY,
    KEEP_MONTHLY,
    KEEP_WEEKLY,
    BackupFailed,
    BackupInfo,
    backup_folder,
    backups_to_keep,
    copy_database,
    list_backups,
    make_backup,
    prune_backups,
    restore_backup,
)
from desktop.store.lock import CampaignLock

NOON = datetime(2024, 6, 30, 12, 0, 0)  # a Sunday


# -- helpers: real campaign-like SQLite files ------------------------------------------------


def create_campaign(path: Path, names: list[str]) -> Path:
    """A WAL-mode database like a campaign: a roster and a counter kept in step with it."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE character (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        db.execute("CREATE TABLE tally (n INTEGER NOT NULL)")
        db.execute("INSERT INTO tally VALUES (0)")
        for name in names:
            add_character(db, name)
    return path


def add_character(db: sqlite3.Connection, name: str) -> None:
    # One transaction changes both tables: a torn copy would show them disagreeing.
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO character (name) VALUES (?)", (name,))
    db.execute("UPDATE tally SET n = n + 1")
    db.execute("COMMIT")


def roster(path: Path) -> list[str]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        return [row[0] for row in db.execute("SELECT name FROM character ORDER BY id")]


def check_sound(path: Path) -> int:
    """Assert `path` is a whole, consistent database; return how many characters it has."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        count = db.execute("SELECT count(*) FROM character").fetchone()[0]
        assert db.execute("SELECT n FROM tally").fetchone()[0] == count
    return count


def journal_mode(path: Path) -> str:
    with closing(sqlite3.connect(path)) as db:
        return str(db.execute("PRAGMA journal_mode").fetchone()[0])


def sidecars(path: Path) -> list[Path]:
    candidates = [path.with_name(path.name + s) for s in ("-wal", "-shm", "-journal")]
    return [p for p in candidates if p.exists()]


def wait_until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.005)


def folder_files(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir())


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    return create_campaign(tmp_path / "Ashes.gmdesk", ["Mira", "Old Tom", "The Warden"])


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data" / "backups" / "Ashes-0000"


# -- where backups go ---------------------------------------------------------------------------


def test_backup_folder_is_per_campaign_path(tmp_path: Path) -> None:
    data = tmp_path / "data"
    here = backup_folder(data, tmp_path / "one" / "Ashes.gmdesk")
    there = backup_folder(data, tmp_path / "two" / "Ashes.gmdesk")
    assert here.parent == there.parent == data / "backups"
    assert here.name.startswith("Ashes-")
    assert len(here.name) == len("Ashes-") + 8
    assert int(here.name[-8:], 16) >= 0  # eight hex digits
    assert here != there  # same name, different campaigns: never mixed
    same = tmp_path / "one" / ".." / "one" / "Ashes.gmdesk"
    assert backup_folder(data, same) == here  # the resolved path decides


# -- taking backups -----------------------------------------------------------------------------


def test_a_backup_is_a_self_contained_copy(campaign: Path, folder: Path) -> None:
    made = make_backup(campaign, folder, now=NOON)
    assert made == folder / "Ashes 2024-06-30 120000.gmdesk"
    assert roster(made) == ["Mira", "Old Tom", "The Warden"]
    assert check_sound(made) == 3
    header = made.read_bytes()[:100]
    assert header[18:20] == b"\x01\x01"  # rollback-journal file format: no -wal needed
    assert journal_mode(made) == "delete"
    assert sidecars(made) == []
    assert folder_files(folder) == [made.name]  # no temporary file left behind


def test_a_backup_taken_while_another_connection_writes_is_complete(
    campaign: Path, folder: Path
) -> None:
    stop = threading.Event()
    written: list[int] = []

    def write_continuously() -> None:
        with closing(sqlite3.connect(campaign, isolation_level=None, timeout=10)) as db:
            db.execute("PRAGMA journal_mode=WAL")
            n = 0
            while not stop.is_set():
                n += 1
                add_character(db, f"Extra {n} " + "x" * 200)
                written.append(n)

    writer = threading.Thread(target=write_continuously)
    writer.start()
    try:
        wait_until(lambda: len(written) >= 50)
        counts = []
        for second in range(6):
            made = make_backup(campaign, folder, now=NOON + timedelta(seconds=second))
            counts.append(check_sound(made))  # integrity ok and the tally agrees
            assert journal_mode(made) == "delete"
            assert sidecars(made) == []
    finally:
        stop.set()
        writer.join()
    assert counts == sorted(counts)
    assert counts[-1] > counts[0] >= 3 + 50  # the writer went on writing throughout
    assert check_sound(campaign) == 3 + len(written)


def test_a_backup_includes_commits_still_only_in_the_wal(campaign: Path, folder: Path) -> None:
    with closing(sqlite3.connect(campaign, isolation_level=None)) as db:
        db.execute("PRAGMA wal_autocheckpoint=0")  # keep the new rows in the -wal only
        add_character(db, "Newcomer")
        assert campaign.with_name(campaign.name + "-wal").stat().st_size > 0
        made = make_backup(campaign, folder, now=NOON)
        assert roster(made)[-1] == "Newcomer"
        assert check_sound(made) == 4


def test_backups_in_the_same_second_get_distinct_names(campaign: Path, folder: Path) -> None:
    first = make_backup(campaign, folder, now=NOON)
    second = make_backup(campaign, folder, now=NOON)
    third = make_backup(campaign, folder, now=NOON)
    assert [first.name, second.name, third.name] == [
        "Ashes 2024-06-30 120000.gmdesk",
        "Ashes 2024-06-30 120000-2.gmdesk",
        "Ashes 2024-06-30 120000-3.gmdesk",
    ]
    assert [info.path for info in list_backups(folder)] == [third, second, first]


def test_a_failed_backup_leaves_nothing_behind(tmp_path: Path, folder: Path) -> None:
    # Said plainly (issue 26), no longer SQLite's or the system's own words.
    with pytest.raises(BackupFailed, match="the campaign file is no longer there"):
        make_backup(tmp_path / "Missing.gmdesk", folder, now=NOON)
    not_a_database = tmp_path / "Notes.gmdesk"
    not_a_database.write_bytes(b"these are my session notes, not a campaign" * 100)
    with pytest.raises(BackupFailed, match="the database reported a problem"):
        make_backup(not_a_database, folder, now=NOON)
    assert folder_files(folder) == []


# -- listing ------------------------------------------------------------------------------------


def test_list_backups_newest_first_ignoring_other_files(campaign: Path, folder: Path) -> None:
    times = [NOON - timedelta(days=3), NOON, NOON - timedelta(hours=5, seconds=7)]
    made = {moment: make_backup(campaign, folder, now=moment) for moment in times}
    (folder / "notes.txt").write_text("not a backup", encoding="utf-8")
    (folder / "Ashes 2024-13-40 990000.gmdesk").write_bytes(b"")  # no such date
    (folder / "Ashes.gmdesk").write_bytes(b"")  # no stamp
    (folder / ".Ashes.0123456789ab.partial").write_bytes(b"")  # a backup being written
    (folder / "Ashes 2024-06-01 120000.gmdesk").mkdir()  # a folder, not a file

    listed = list_backups(folder)
    assert [info.taken for info in listed] == sorted(times, reverse=True)
    for info in listed:
        assert info == BackupInfo(made[info.taken], info.taken, made[info.taken].stat().st_size)
        assert info.size > 0


def test_list_backups_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_backups(tmp_path / "never made") == []


# -- which backups to keep: examples ------------------------------------------------------------


def test_keep_nothing_of_nothing() -> None:
    assert backups_to_keep([], NOON) == set()


def test_keep_one_backup_a_day_for_a_year_thins_to_days_weeks_months() -> None:
    taken = [NOON - timedelta(days=d) for d in range(400)]
    kept = backups_to_keep(taken, NOON)
    recent = [datetime(2024, 6, d, 12) for d in (30, 29, 28)]  # 48 hours, both ends in
    daily = [datetime(2024, 6, d, 12) for d in range(27, 15, -1)]  # 27th .. 16th
    # ISO weeks older than Monday 10 June (the week of the last daily): their Sundays.
    weekly = (
        [datetime(2024, 6, 9, 12), datetime(2024, 6, 2, 12)]
        + [datetime(2024, 5, d, 12) for d in (26, 19, 12, 5)]
        + [datetime(2024, 4, d, 12) for d in (28, 21, 14, 7)]
    )
    # Months older than April (the month of the last weekly): their last days.
    monthly = [
        datetime(2024, 3, 31, 12),
        datetime(2024, 2, 29, 12),
        datetime(2024, 1, 31, 12),
        datetime(2023, 12, 31, 12),
        datetime(2023, 11, 30, 12),
        datetime(2023, 10, 31, 12),
        datetime(2023, 9, 30, 12),
        datetime(2023, 8, 31, 12),
        datetime(2023, 7, 31, 12),
    ]
    assert len(daily) == KEEP_DAILY
    assert len(weekly) == KEEP_WEEKLY
    assert len(monthly) == KEEP_MONTHLY
    assert kept == set(recent + daily + weekly + monthly)


def test_keep_every_backup_of_the_last_48_hours_then_the_newest_of_each_day() -> None:
    hourly = [NOON - timedelta(hours=h) for h in range(24 * 5)]  # five days, every hour
    kept = backups_to_keep(hourly, NOON)
    recent = {moment for moment in hourly if NOON - moment <= timedelta(hours=48)}
    assert len(recent) == 49
    # Older than 48 hours: 28 June before noon, then 27, 26 and 25 June.
    daily = {
        datetime(2024, 6, 28, 11),
        datetime(2024, 6, 27, 23),
        datetime(2024, 6, 26, 23),
        datetime(2024, 6, 25, 23),
    }
    assert kept == recent | daily


def test_keep_only_the_newest_of_many_backups_on_one_old_day() -> None:
    day = [datetime(2024, 1, 10, hour, minute) for hour in range(8, 20) for minute in (0, 30)]
    assert backups_to_keep(day, NOON) == {datetime(2024, 1, 10, 19, 30)}


def test_keep_backups_dated_after_now() -> None:
    # From a clock that was set wrong: never delete what cannot be placed.
    ahead = NOON + timedelta(days=30)
    assert backups_to_keep([ahead, NOON - timedelta(days=100)], NOON) == {
        ahead,
        NOON - timedelta(days=100),
    }


def test_keep_the_48_hour_boundary_inclusive() -> None:
    edge = NOON - timedelta(hours=48)
    just_older = edge - timedelta(seconds=1)
    same_day_older = edge - timedelta(hours=1)
    assert backups_to_keep([edge, just_older, same_day_older], NOON) == {edge, just_older}


def test_months_and_weeks_skip_periods_without_backups() -> None:
    # Twelve daily survivors, then backups far apart: each keeps a week, then a month.
    days = [NOON - timedelta(days=3 + d) for d in range(KEEP_DAILY)]
    sparse = [datetime(2023, month, 15) for month in range(1, 13)]
    kept = backups_to_keep(days + sparse, NOON)
    # Each sparse backup is in its own week: the 10 newest are weeklies, the rest monthly.
    assert kept == set(days) | set(sparse)


# -- which backups to keep: properties ----------------------------------------------------------

offsets = st.lists(
    st.integers(min_value=-3600, max_value=3 * 366 * 24 * 3600), max_size=150, unique=True
)
nows = st.datetimes(min_value=datetime(2001, 1, 1), max_value=datetime(2090, 1, 1))


def times_before(now: datetime, seconds: list[int]) -> list[datetime]:
    return [now - timedelta(seconds=s) for s in seconds]


@given(nows, offsets)
@settings(max_examples=300, deadline=None)
def test_keeping_is_a_subset_with_all_recent_and_the_newest(
    now: datetime, seconds: list[int]
) -> None:
    taken = times_before(now, seconds)
    kept = backups_to_keep(taken, now)
    assert kept <= set(taken)
    recent = {moment for moment in taken if moment >= now - timedelta(hours=48)}
    assert recent <= kept  # nothing of the last 48 hours is ever deleted
    if taken:
        assert max(taken) in kept
    assert len(kept) <= len(recent) + KEEP_DAILY + KEEP_WEEKLY + KEEP_MONTHLY


@given(nows, offsets)
@settings(max_examples=300, deadline=None)
def test_keeping_is_idempotent_and_one_per_day_beyond_48_hours(
    now: datetime, seconds: list[int]
) -> None:
    taken = times_before(now, seconds)
    kept = backups_to_keep(taken, now)
    assert backups_to_keep(sorted(kept), now) == kept  # pruning twice deletes nothing more
    older = [moment for moment in kept if moment < now - timedelta(hours=48)]
    assert len({moment.date() for moment in older}) == len(older)


@given(nows, offsets)
@settings(max_examples=100, deadline=None)
def test_keeping_does_not_depend_on_order(now: datetime, seconds: list[int]) -> None:
    taken = times_before(now, seconds)
    assert backups_to_keep(taken, now) == backups_to_keep(list(reversed(taken)), now)


# -- pruning ------------------------------------------------------------------------------------


def test_prune_deletes_exactly_the_backups_not_kept(campaign: Path, folder: Path) -> None:
    moments = [NOON - timedelta(hours=h * 17) for h in range(70)]  # ~50 days, odd hours
    made = {moment: make_backup(campaign, folder, now=moment) for moment in moments}
    keep = backups_to_keep(moments, NOON)
    assert 0 < len(keep) < len(moments)

    deleted = prune_backups(folder, now=NOON)

    assert sorted(deleted) == sorted(made[m] for m in moments if m not in keep)
    assert sorted(info.taken for info in list_backups(folder)) == sorted(keep)
    assert prune_backups(folder, now=NOON) == []  # nothing more to delete


def test_prune_removes_temporary_files_of_crashed_backups_only_when_old(
    campaign: Path, folder: Path
) -> None:
    make_backup(campaign, folder, now=NOON)
    abandoned = folder / ".Ashes.0123456789ab.partial"
    abandoned_journal = folder / ".Ashes.0123456789ab.partial-journal"
    in_progress = folder / ".Ashes.ba9876543210.partial"
    mine = folder / "my notes.txt"
    for path in (abandoned, abandoned_journal, in_progress, mine):
        path.write_bytes(b"x")
    for path in (abandoned, abandoned_journal, mine):
        os.utime(path, (time.time() - 7200, time.time() - 7200))

    deleted = prune_backups(folder, now=NOON)

    assert sorted(deleted) == sorted([abandoned, abandoned_journal])
    assert in_progress.exists()
    assert mine.exists()
    assert len(list_backups(folder)) == 1


def test_prune_of_a_missing_folder_deletes_nothing(tmp_path: Path) -> None:
    assert prune_backups(tmp_path / "never made", now=NOON) == []


# -- restoring ----------------------------------------------------------------------------------


def test_restore_brings_back_the_old_content(campaign: Path, folder: Path) -> None:
    made = make_backup(campaign, folder, now=NOON)
    with closing(sqlite3.connect(campaign, isolation_level=None)) as db:
        db.execute("DELETE FROM character WHERE name = 'Mira'")
        db.execute("UPDATE tally SET n = n - 1")
        add_character(db, "Stranger")
    assert roster(campaign) == ["Old Tom", "The Warden", "Stranger"]
    backup_before = made.read_bytes()

    restore_backup(made, campaign)

    assert roster(campaign) == ["Mira", "Old Tom", "The Warden"]
    assert check_sound(campaign) == 3
    assert journal_mode(campaign) == "wal"  # still a campaign: WAL, like every one
    assert made.read_bytes() == backup_before  # the backup itself is untouched
    assert sorted(p.name for p in campaign.parent.iterdir() if p.name.startswith(".")) == []


@pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX signals")
def test_restore_over_a_crashed_campaign_ignores_its_leftover_wal(
    campaign: Path, folder: Path
) -> None:
    made = make_backup(campaign, folder, now=NOON)
    # A GM Desk killed after committing: its last writes sit in the -wal alone.
    crash = f"""
import os, signal, sqlite3
db = sqlite3.connect({str(campaign)!r}, isolation_level=None)
db.execute("PRAGMA wal_autocheckpoint=0")
db.execute("INSERT INTO character (name) VALUES ('Lost in the crash')")
db.execute("UPDATE tally SET n = n + 1")
os.kill(os.getpid(), signal.SIGKILL)
"""
    process = subprocess.run([sys.executable, "-c", crash], check=False)
    assert process.returncode == -signal.SIGKILL
    assert campaign.with_name(campaign.name + "-wal").stat().st_size > 0

    restore_backup(made, campaign)

    assert roster(campaign) == ["Mira", "Old Tom", "The Warden"]
    assert check_sound(campaign) == 3


def test_restore_over_a_damaged_campaign(campaign: Path, folder: Path) -> None:
    made = make_backup(campaign, folder, now=NOON)
    campaign.write_bytes(b"\x00" * 4096)  # what a failing disk might leave
    restore_backup(made, campaign)
    assert roster(campaign) == ["Mira", "Old Tom", "The Warden"]


def test_restore_keeps_the_campaign_file_permissions(campaign: Path, folder: Path) -> None:
    made = make_backup(campaign, folder, now=NOON)
    campaign.chmod(0o600)
    restore_backup(made, campaign)
    assert campaign.stat().st_mode & 0o777 == 0o600


def damaged_copies(good: bytes) -> dict[str, bytes]:
    middle = len(good) // 2 // 4096 * 4096
    return {
        "empty": b"",
        "text": b"Campaign notes: the warden owes Mira three favours.\n" * 50,
        "cut off": good[: len(good) // 2],
        "header only": good[:100],
        "page overwritten": good[:middle] + b"\xa5" * 4096 + good[middle + 4096 :],
    }


@pytest.mark.parametrize("damage", ["empty", "text", "cut off", "header only", "page overwritten"])
def test_a_damaged_backup_is_refused_and_the_campaign_left_as_it_was(
    campaign: Path, folder: Path, tmp_path: Path, damage: str
) -> None:
    with closing(sqlite3.connect(campaign, isolation_level=None)) as db:
        for n in range(200):  # enough pages that damage lands inside the data
            add_character(db, f"Extra {n} " + "y" * 300)
    good = make_backup(campaign, folder, now=NOON).read_bytes()
    bad = tmp_path / "Ashes 2024-06-30 110000.gmdesk"
    bad.write_bytes(damaged_copies(good)[damage])
    campaign_before = campaign.read_bytes()
    files_before = folder_files(campaign.parent)

    with pytest.raises(ValueError, match="is not a readable backup"):
        restore_backup(bad, campaign)

    assert campaign.read_bytes() == campaign_before
    assert folder_files(campaign.parent) == files_before


def test_a_missing_backup_is_refused(campaign: Path, tmp_path: Path) -> None:
    before = campaign.read_bytes()
    with pytest.raises(ValueError, match="is not a readable backup"):
        restore_backup(tmp_path / "gone.gmdesk", campaign)
    assert campaign.read_bytes() == before


# -- save a copy --------------------------------------------------------------------------------


def test_copy_database_while_open_and_over_an_old_copy(campaign: Path, tmp_path: Path) -> None:
    destination = tmp_path / "copies" / "Ashes copy.gmdesk"
    destination.parent.mkdir()
    destination.write_bytes(b"an older, unrelated file")
    with closing(sqlite3.connect(campaign, isolation_level=None)) as db:
        db.execute("PRAGMA wal_autocheckpoint=0")
        add_character(db, "Newcomer")
        copy_database(campaign, destination)
    assert roster(destination)[-1] == "Newcomer"
    assert check_sound(destination) == 4
    assert folder_files(destination.parent) == ["Ashes copy.gmdesk"]


def test_copy_database_onto_itself_is_refused(campaign: Path) -> None:
    before = campaign.read_bytes()
    with pytest.raises(ValueError, match="the campaign itself"):
        copy_database(campaign, campaign)
    assert campaign.read_bytes() == before


def test_copy_database_onto_a_campaign_open_elsewhere_is_refused(
    campaign: Path, tmp_path: Path
) -> None:
    other = create_campaign(tmp_path / "Other.gmdesk", ["Someone"])
    before = other.read_bytes()
    with CampaignLock.acquire(other), pytest.raises(ValueError, match="is open in GM Desk"):
        copy_database(campaign, other)
    assert other.read_bytes() == before
