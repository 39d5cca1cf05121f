"""An older campaign is judged as the revision it claims, and upgraded all or nothing.

A file that says it is at an older revision but lacks what that revision made is
refused plainly before it is backed up or upgraded; an upgrade that fails half way
(a migration, a full disk, the upgraded values) leaves the file byte for byte as it
was; Check Campaign judges an older file as its own revision defines it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from desktop.store import Campaign, checkup, schema
from desktop.store.errors import CampaignRefused
from desktop.store.migrations import HEAD, REVISIONS
from desktop.store.migrations.layouts import layout_at
from tests.small_disks import small_disk

CAMPAIGNS = Path(__file__).resolve().parent / "campaigns"
OLD = [revision for revision in REVISIONS if revision != HEAD]
# Words that mean a programmer's text reached the GM.
RAW = ("Error", "Traceback", "roll_log", "sqlite", "alembic", "SELECT", "NoSuch")


def _old_copy(folder: Path, revision: str, *sql: str, journal: str = "wal") -> Path:
    """The shipped campaign file of `revision`, changed by `sql`, in `journal` mode."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{revision}.gmdesk"
    shutil.copyfile(CAMPAIGNS / f"{revision}.gmdesk", path)
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("PRAGMA foreign_keys=OFF")
        for statement in sql:
            connection.execute(statement)
        connection.execute(f"PRAGMA journal_mode={journal}")
    return path


def _listing(folder: Path) -> dict[str, str]:
    """Every file in `folder` with a hash of its bytes."""
    return {
        entry.name: hashlib.sha256(entry.read_bytes()).hexdigest()
        for entry in sorted(folder.iterdir())
        if entry.is_file()
    }


def _refused_unchanged(path: Path, data_dir: Path) -> str:
    before = _listing(path.parent)
    with pytest.raises(CampaignRefused) as refused:
        Campaign.open(path, data_dir=data_dir)
    assert _listing(path.parent) == before  # the file, and nothing left beside it
    message = str(refused.value)
    assert not any(word in message for word in RAW), message
    assert "has not been changed" in message or "Nothing was changed" in message, message
    return message


def _counts(path: Path) -> dict[str, int]:
    uri = f"file:{path}?mode=ro&immutable=1"
    with closing(sqlite3.connect(uri, uri=True)) as connection:
        tables = [
            str(row[0])
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        return {
            table: int(connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0])
            for table in tables
            if not table.startswith("sqlite_") and table != "alembic_version"
        }


def _layout_of(connection: sqlite3.Connection) -> dict[str, set[str]]:
    # An FTS5 table's shadow tables are SQLite's own, not part of any revision's layout.
    tables = [
        str(row[1])
        for row in connection.execute("PRAGMA main.table_list")
        if row[2] in ("table", "virtual")
        and row[1] != "alembic_version"
        and not str(row[1]).startswith("sqlite_")
    ]
    return {
        table: {str(row[1]) for row in connection.execute(f"PRAGMA table_info('{table}')")}
        for table in tables
    }


@pytest.mark.parametrize("revision", REVISIONS)
def test_each_revisions_layout_is_what_its_migrations_make(revision: str, tmp_path: Path) -> None:
    path = tmp_path / "empty.gmdesk"
    sqlite3.connect(path).close()
    with schema.migrated(path, revision):
        pass
    with closing(sqlite3.connect(path)) as connection:
        made = _layout_of(connection)
    assert made == {table: set(columns) for table, columns in layout_at(revision).items()}


@pytest.mark.parametrize("revision", REVISIONS)
def test_each_shipped_file_holds_its_revisions_layout(revision: str) -> None:
    uri = f"file:{CAMPAIGNS / revision}.gmdesk?mode=ro&immutable=1"
    with closing(sqlite3.connect(uri, uri=True)) as connection:
        held = _layout_of(connection)
    assert held == {table: set(columns) for table, columns in layout_at(revision).items()}


# -- a file that lacks what its revision made ------------------------------------------------


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_a_file_claiming_0005_without_its_roll_log_is_refused_plainly_and_unchanged(
    journal: str, tmp_path: Path, data_dir: Path
) -> None:
    path = _old_copy(tmp_path / "c", "0005_downtime", "DROP TABLE roll_log", journal=journal)
    message = _refused_unchanged(path, data_dir)
    assert "table of roll log lines is missing" in message
    assert not list(data_dir.rglob("*.gmdesk"))  # refused before any backup was made
    report = checkup.check_campaign(path)
    assert report.lines() == ["the table of roll log lines is missing."]


def test_a_file_lacking_a_column_of_its_revision_is_refused_before_the_upgrade(
    tmp_path: Path, data_dir: Path
) -> None:
    # No migration reads the downtime sheets: only the judgement sees the column gone.
    path = _old_copy(
        tmp_path / "c", "0006_rules_records", "ALTER TABLE downtime_sheet DROP COLUMN contacts"
    )
    message = _refused_unchanged(path, data_dir)
    assert "downtime sheets have no “contacts” column" in message


# -- an upgrade that fails half way ----------------------------------------------------------


def _failing_at(revision: str) -> Callable[[object, object], None]:
    """Alembic's step that records a revision, failing once `revision`'s migration ran."""
    from alembic.runtime.migration import HeadMaintainer

    recorded = HeadMaintainer.update_to_step

    def update_to_step(self: object, step: object) -> None:
        if revision in getattr(step, "to_revisions", ()):
            raise RuntimeError(f"injected failure after {revision}")
        recorded(self, step)  # type: ignore[arg-type]

    return update_to_step


@pytest.mark.parametrize("journal", ["wal", "delete"])
@pytest.mark.parametrize("revision", ["0001_initial", "0005_downtime"])
def test_a_migration_failing_half_way_leaves_the_file_byte_for_byte(
    revision: str,
    journal: str,
    tmp_path: Path,
    data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from alembic.runtime.migration import HeadMaintainer

    path = _old_copy(tmp_path / "c", revision, journal=journal)
    # The last migration has run (each before it too) when the failure comes.
    monkeypatch.setattr(HeadMaintainer, "update_to_step", _failing_at(HEAD))
    message = _refused_unchanged(path, data_dir)
    assert "could not be upgraded" in message
    assert "injected" not in message
    assert schema.read_revision(path) == revision
    monkeypatch.undo()
    with Campaign.open(path, data_dir=data_dir) as opened:  # and it upgrades afterwards
        assert opened.roster.all()
    assert schema.read_revision(path) == HEAD


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_upgraded_values_the_rules_refuse_leave_the_file_as_it_was(
    journal: str, tmp_path: Path, data_dir: Path
) -> None:
    path = _old_copy(
        tmp_path / "c",
        "0005_downtime",
        "UPDATE character SET kind = 'dragon' WHERE id = (SELECT min(id) FROM character)",
        journal=journal,
    )
    message = _refused_unchanged(path, data_dir)
    assert "dragon" in message
    assert schema.read_revision(path) == "0005_downtime"


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_an_upgrade_onto_a_full_disk_leaves_the_file_byte_for_byte(
    journal: str, tmp_path: Path, data_dir: Path
) -> None:
    with small_disk(tmp_path / "disk", "400k") as disk:
        path = _old_copy(disk, "0001_initial", journal=journal)
        # Room for the lock, SQLite's -shm and a little more, not for the upgraded tables.
        filler = disk / "filler"
        with open(filler, "wb") as out, pytest.raises(OSError):
            out.write(bytes(1024 * 1024))
        with open(filler, "r+b") as out:
            out.truncate(max(0, filler.stat().st_size - 64 * 1024))
        message = _refused_unchanged(path, data_dir)
        assert "could not be upgraded" in message and "disk is full" in message, message
        assert schema.read_revision(path) == "0001_initial"


# An upgrade killed (SIGKILL) once its last migration has run: its SQLite cache holds a
# few pages only, so the upgrade has written into the file itself long before that.
KILLED_UPGRADE = """
import os, signal, sys
from pathlib import Path

from alembic.runtime.migration import HeadMaintainer

from desktop.store import Campaign, engine
from desktop.store.migrations import HEAD

made = engine.connect


def small_cache(*args, **kwargs):
    connection = made(*args, **kwargs)
    connection.execute("PRAGMA cache_size=2")
    return connection


def update_to_step(self, step):
    if HEAD in step.to_revisions:
        os.kill(os.getpid(), signal.SIGKILL)
    recorded(self, step)


recorded = HeadMaintainer.update_to_step
HeadMaintainer.update_to_step = update_to_step
engine.connect = small_cache
Campaign.open(Path(sys.argv[1]), data_dir=Path(sys.argv[2]))
"""


def test_an_upgrade_killed_half_way_is_undone_and_the_file_upgrades_whole(
    tmp_path: Path, data_dir: Path
) -> None:
    path = _old_copy(tmp_path / "c", "0005_downtime", journal="delete")
    before, counts = path.read_bytes(), _counts(path)
    root = Path(__file__).resolve().parents[2]
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_UPGRADE, str(path), str(data_dir)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
        check=False,
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    journal = path.with_name(path.name + "-journal")
    assert journal.stat().st_size > 0 and path.read_bytes() != before  # half written
    # Judged as SQLite will see it once the journal has undone the upgrade: sound, older.
    assert checkup.check_campaign(path).sound
    assert schema.read_revision(path) == "0005_downtime"
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert opened.integrity_check() == ["ok"]
    assert schema.read_revision(path) == HEAD
    assert not journal.exists()
    after = _counts(path)
    assert all(after[table] >= count for table, count in counts.items()), (counts, after)


# -- every real older file ---------------------------------------------------------------------


@pytest.mark.parametrize("revision", OLD)
def test_every_older_file_in_rollback_journal_mode_upgrades(
    revision: str, tmp_path: Path, data_dir: Path
) -> None:
    # A backup, or a copy another program made, is not in WAL mode: the upgrade keeps
    # its journal mode, and the file opens upgraded all the same.
    path = _old_copy(tmp_path / "c", revision, journal="delete")
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert opened.integrity_check() == ["ok"]
        assert opened.roster.all()
    assert schema.read_revision(path) == HEAD
    assert checkup.check_campaign(path).sound


@pytest.mark.parametrize("revision", REVISIONS)
def test_check_campaign_finds_an_older_sound_file_sound(revision: str, tmp_path: Path) -> None:
    path = _old_copy(tmp_path / "c", revision)
    before = _listing(path.parent)
    report = checkup.check_campaign(path)
    assert report.sound, report.lines()
    assert _listing(path.parent) == before  # only read
    assert schema.read_revision(path) == revision


def test_check_campaign_reads_an_older_files_values_as_opening_it_would(tmp_path: Path) -> None:
    path = _old_copy(
        tmp_path / "c",
        "0004_energy",
        "UPDATE character SET kind = 'dragon' WHERE id = (SELECT min(id) FROM character)",
    )
    report = checkup.check_campaign(path)
    assert not report.structure
    assert len(report.values) == 1 and "dragon" in report.values[0].message


def test_check_campaign_on_an_older_file_that_cannot_be_upgraded_says_why_plainly(
    tmp_path: Path,
) -> None:
    path = _old_copy(tmp_path / "c", "0002_dice", "UPDATE die SET character_id = 999")
    report = checkup.check_campaign(path)
    assert report.foreign_keys and not report.values
    lines = report.lines()
    assert any("could not be brought up to this GM Desk's file format" in line for line in lines)
    assert not any("campaign.gmdesk" in line or "Error" in line for line in lines), lines
