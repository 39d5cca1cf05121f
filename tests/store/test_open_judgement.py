"""How a campaign is judged on open: by SQLite with its -wal, never by file arithmetic.

Also the places a file can be: read-only (by its bits, by a read-only mount), on a disk
that fills up, damaged (Check Campaign and its repair).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import struct
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.store import Campaign, checkup, health
from desktop.store.errors import CampaignRefused, CampaignWriteFailed, ReadOnlyCampaign
from desktop.store.lock import lock_path
from tests.bad_files import REFUSED, whole_campaign
from tests.small_disks import small_disk

# The window's entry point needs a QApplication; one made first by a print run in this
# process would be a bare QGuiApplication, which the window cannot use.
pytestmark = pytest.mark.usefixtures("qapp")


@pytest.fixture(scope="module")
def base_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return whole_campaign(tmp_path_factory.mktemp("base")).read_bytes()


def _integrity(path: Path) -> str:
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])


# -- item 1: an intact campaign whose newest pages are in its -wal ---------------------------


def _crashed_mid_checkpoint(folder: Path, base: bytes) -> tuple[Path, int]:
    """A campaign as a crash during a checkpoint leaves it: page 1 (with the new page
    count) already written to the file, the file not yet grown, the rest in the -wal.
    Returns the path and the number of characters it holds."""
    live = folder / "live.gmdesk"
    live.write_bytes(base)
    writer = sqlite3.connect(live, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    for number in range(400):
        writer.execute(
            "INSERT INTO character (name, kind, notes, position) VALUES (?, 'npc', ?, ?)",
            (f"Hireling {number}", "x" * 300, 100 + number),
        )
    count = writer.execute("SELECT count(*) FROM character").fetchone()[0]
    whole = folder / "whole.gmdesk"
    with contextlib.closing(sqlite3.connect(whole)) as copy:
        writer.backup(copy)
    crashed = folder / "crashed" / "Campaign.gmdesk"
    crashed.parent.mkdir()
    shutil.copyfile(live, crashed)
    shutil.copyfile(live.with_name("live.gmdesk-wal"), crashed.with_name("Campaign.gmdesk-wal"))
    writer.close()
    page_size = struct.unpack(">H", base[16:18])[0]
    data = bytearray(crashed.read_bytes())
    data[:page_size] = whole.read_bytes()[:page_size]
    crashed.write_bytes(bytes(data))
    return crashed, count


def _bad_file(path: Path, kind: str, base_bytes: bytes) -> Path:
    """The good campaign's bytes at `path`, damaged as the bad-file matrix's `kind`."""
    REFUSED[kind](path, base_bytes)
    return path


def test_an_intact_campaign_with_its_wal_opens_with_every_row(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path, count = _crashed_mid_checkpoint(tmp_path, base_bytes)
    header = path.read_bytes()[:100]
    page_size = struct.unpack(">H", header[16:18])[0]
    claimed = struct.unpack(">I", header[28:32])[0]
    assert path.stat().st_size < claimed * page_size  # what the old size check refused

    with Campaign.open(path, data_dir=data_dir) as opened:
        assert len(opened.roster.all()) == count
        assert opened.integrity_check() == ["ok"]
    assert _integrity(path) == "ok"


def test_judging_a_crashed_campaign_read_only_writes_nothing(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path, count = _crashed_mid_checkpoint(tmp_path, base_bytes)
    before = {p.name: p.read_bytes() for p in path.parent.iterdir()}
    report = checkup.check_campaign(path)
    assert report.sound, report.lines()
    with Campaign.open(path, data_dir=data_dir, read_only=True) as opened:
        assert len(opened.roster.all()) == count
    after = {p.name: p.read_bytes() for p in path.parent.iterdir() if p.suffix != ".gmdesk-shm"}
    assert after == {name: data for name, data in before.items()}


def test_a_damaged_campaign_is_refused_without_advice_that_loses_work(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path = _bad_file(tmp_path / "damaged.gmdesk", "die page garbage", base_bytes)
    with pytest.raises(CampaignRefused) as refused:
        Campaign.open(path, data_dir=data_dir)
    assert "Restore Backup" not in str(refused.value)
    assert "Check Campaign" in str(refused.value)


# -- item 2: stray side files are never adopted ------------------------------------------------


@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal"])
def test_a_new_campaign_never_adopts_a_stray_side_file(
    suffix: str, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "x.gmdesk"
    stray = path.with_name("x.gmdesk" + suffix)
    stray.write_bytes(b"left by an earlier file of this name")
    with pytest.raises(CampaignRefused, match="Nothing was changed"):
        Campaign.create(path, data_dir=data_dir)
    assert not path.exists()
    assert stray.read_bytes() == b"left by an earlier file of this name"


def test_a_dangling_link_is_never_replaced_by_a_new_campaign(
    tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "x.gmdesk"
    path.symlink_to(tmp_path / "moved away.gmdesk")
    with pytest.raises(CampaignRefused, match="already exists"):
        Campaign.create(path, data_dir=data_dir)
    with pytest.raises(CampaignRefused, match="no longer exists"):
        Campaign.open(path, data_dir=data_dir)
    assert path.is_symlink() and not path.exists()


# -- item 3: Check Campaign and its repair ----------------------------------------------------


def test_check_lists_every_bad_value_with_where_it_is(base_bytes: bytes, tmp_path: Path) -> None:
    path = _bad_file(tmp_path / "altered.gmdesk", "die size 7", base_bytes)
    report = checkup.check_campaign(path)
    assert not report.sound
    assert any(line.startswith("Die 1 of Kara Voss:") and "7" in line for line in report.lines())


def test_a_stored_text_that_is_not_json_is_named_in_a_gms_words(
    base_bytes: bytes, tmp_path: Path
) -> None:
    """The JSON parser's own words ("Expecting value: line 1 column 2 (char 1)") never
    reach the GM: the finding says the stored text is unreadable, and where it is."""
    path = tmp_path / "ledger.gmdesk"
    path.write_bytes(base_bytes)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        rowid = connection.execute("SELECT rowid FROM energy_day ORDER BY rowid").fetchone()[0]
        connection.execute("UPDATE energy_day SET state = '{oops' WHERE rowid = ?", (rowid,))
        connection.commit()
    lines = checkup.check_campaign(path).lines()
    found = [line for line in lines if line.startswith("Energy day ")]
    assert found, lines
    assert "it is not readable text of the kind GM Desk stores." in found[0]
    assert "char" not in found[0] and "Expecting" not in found[0]


def test_repair_of_a_damaged_page_keeps_what_can_be_read(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path = _bad_file(tmp_path / "damaged.gmdesk", "energy day page garbage", base_bytes)
    before = path.read_bytes()
    report = checkup.check_campaign(path)
    assert report.integrity  # SQLite's own words about the damage
    repaired = checkup.repair(path, tmp_path / "repaired.gmdesk")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "damaged.gmdesk",
        "data",
        "home",
        "repaired.gmdesk",
    ]
    assert any("energy days" in line for line in repaired.lost)
    with Campaign.open(repaired.destination, data_dir=data_dir) as opened:
        assert len(opened.roster.all()) == 7
        assert len(opened.cards.all()) == 14
        assert opened.integrity_check() == ["ok"]
    assert checkup.check_campaign(repaired.destination).sound


def test_repair_drops_rows_that_lost_their_owner(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path = _bad_file(tmp_path / "dangling.gmdesk", "die kind bogus", base_bytes)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA foreign_keys=OFF")
        connection.execute(
            "INSERT INTO trait (character_id, name, value, broad, position)"
            " VALUES (999, 'Orphaned', 1, 0, 0)"
        )
    connection.close()
    assert checkup.check_campaign(path).foreign_keys
    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")
    # The die's one bad value is mended (it was left out, with its kind, before).
    assert "Die 47 of Customs House Vault: its kind was 'bogus'; set to ordinary." in (
        repaired.mended
    )
    assert any(line.startswith("Trait ") for line in repaired.lost)
    with Campaign.open(repaired.destination, data_dir=data_dir) as opened:
        assert opened.integrity_check() == ["ok"]


def test_repair_never_overwrites(base_bytes: bytes, tmp_path: Path) -> None:
    path = tmp_path / "a.gmdesk"
    path.write_bytes(base_bytes)
    with pytest.raises(CampaignRefused):
        checkup.repair(path, path)
    other = tmp_path / "b.gmdesk"
    other.write_bytes(b"keep me")
    with pytest.raises(CampaignRefused, match="already exists"):
        checkup.repair(path, other)
    assert other.read_bytes() == b"keep me"


def test_the_checker_knows_every_column_of_the_models() -> None:
    from sqlmodel import SQLModel

    from desktop.store import models

    assert models.Character.__tablename__ == "character"
    for table, columns in health.TABLE_COLUMNS.items():
        if table == "search_index":  # derived (FTS5): no model, a title and a body
            assert columns == ("title", "body")
            continue
        assert set(columns) <= {c.name for c in SQLModel.metadata.tables[table].columns}


# -- item 5: read-only files, folders and disks ----------------------------------------------


def test_a_file_without_write_bits_opens_read_only(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "archived.gmdesk"
    path.write_bytes(base_bytes)
    path.chmod(0o444)  # root could write it anyway: the bits are the truth
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert opened.read_only
        assert opened.read_only_reason == "the file is read-only"
        with pytest.raises(ReadOnlyCampaign, match="file is read-only"):
            opened.roster.add("Nobody")
    assert path.read_bytes() == base_bytes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["archived.gmdesk", "data", "home"]


def test_a_file_the_os_will_not_let_us_write_opens_read_only(
    base_bytes: bytes, tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "shared.gmdesk"
    path.write_bytes(base_bytes)
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode, **kw: False if Path(p) == path else real_access(p, mode)
    )
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert opened.read_only
    assert not lock_path(path).exists()


@contextlib.contextmanager
def _copied_to_small_disk(base_bytes: bytes, disk: Path, size: str, name: str) -> Iterator[Path]:
    """The campaign's bytes as the file `name` on a tmpfs of `size` at `disk`."""
    with small_disk(disk, size):
        path = disk / name
        path.write_bytes(base_bytes)
        yield path


def test_a_campaign_on_a_read_only_disk_opens_read_only(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    disk = tmp_path / "disk"
    with _copied_to_small_disk(base_bytes, disk, "4m", "On the stick.gmdesk") as path:
        remount = subprocess.run(
            ["mount", "-o", "remount,ro", str(disk)], capture_output=True, check=False
        )
        if remount.returncode != 0:
            pytest.skip("remounting read-only was refused here")
        with Campaign.open(path, data_dir=data_dir) as opened:
            assert opened.read_only_reason == "the disk it is on is read-only"
            assert len(opened.roster.all()) == 7
            with pytest.raises(ReadOnlyCampaign):
                opened.rename("Renamed")
        from desktop import app

        for option in ("--print-cards", "--print-sheets"):
            pdf = tmp_path / f"{option}.pdf"
            assert app.main([option, str(pdf), "--campaign", str(path)]) == 0
            assert pdf.stat().st_size > 0
        assert path.read_bytes() == base_bytes
        assert sorted(p.name for p in disk.iterdir()) == ["On the stick.gmdesk"]


# -- disk full ----------------------------------------------------------------------------------


def test_a_full_disk_fails_one_action_plainly_and_loses_nothing(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    disk = tmp_path / "small"
    with _copied_to_small_disk(base_bytes, disk, "2m", "Campaign.gmdesk") as path:
        filler = disk / "filler"
        acknowledged: list[int] = []
        failure: CampaignWriteFailed | None = None
        with Campaign.open(path, data_dir=data_dir) as opened:
            # Leave a little room, then grow the campaign until the disk is full (each
            # hireling's write fills some 80 kB of WAL: its notes, its history entry and
            # the search index's pages).
            room = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
            filler.write_bytes(b"\0" * max(room - 1_000_000, 0))
            for number in range(10_000):
                try:
                    record = opened.roster.add(f"Hireling {number}", "npc", "x" * 4000)
                except CampaignWriteFailed as error:
                    failure = error
                    break
                acknowledged.append(record.id)
        assert failure is not None, "the disk never filled"
        message = str(failure)
        assert "disk is full" in message and "safe" in message
        assert "sqlalchemy" not in message.lower() and "http" not in message
        assert len(acknowledged) > 5
        assert not lock_path(path).exists()
        filler.unlink()  # space is freed
        with Campaign.open(path, data_dir=data_dir) as reopened:
            ids = {c.id for c in reopened.roster.all()}
            assert set(acknowledged) <= ids
            # The history's entries committed with their changes, the failed one with none.
            hired = {c.id for c in reopened.roster.all() if c.name.startswith("Hireling")}
            told = [e for e in reopened.history.all() if e.sentence.startswith("Character Hire")]
            assert sorted(e.record_id for e in told) == sorted(hired)
            assert reopened.integrity_check() == ["ok"]
            reopened.roster.add("After the clean-up")


def test_a_new_campaign_on_a_full_disk_is_refused_plainly(tmp_path: Path, data_dir: Path) -> None:
    disk = tmp_path / "tiny"
    with small_disk(disk, "64k"):
        (disk / "filler").write_bytes(b"\0" * (os.statvfs(disk).f_bavail * 4096 - 8192))
        with pytest.raises(CampaignRefused, match="disk is full") as refused:
            Campaign.create(disk / "New.gmdesk", data_dir=data_dir)
        assert "sqlalchemy" not in str(refused.value).lower()
        assert sorted(p.name for p in disk.iterdir()) == ["filler"]


def test_a_new_campaign_in_a_read_only_folder_is_refused_plainly(
    tmp_path: Path, data_dir: Path
) -> None:
    disk = tmp_path / "dvd"
    with (
        small_disk(disk, "64k", read_only=True),
        pytest.raises(CampaignRefused, match="read-only"),
    ):
        Campaign.create(disk / "New.gmdesk", data_dir=data_dir)


def test_a_read_only_file_with_changes_in_its_wal_shows_them(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    path, count = _crashed_mid_checkpoint(tmp_path, base_bytes)
    path.chmod(0o444)
    with Campaign.open(path, data_dir=data_dir) as opened:
        assert opened.read_only
        assert len(opened.roster.all()) == count  # the -wal's rows, not the file's alone


def test_check_finds_a_ledger_that_does_not_add_up_as_the_import_would(
    base_bytes: bytes, tmp_path: Path
) -> None:
    """Issue 12, item 3: Check Campaign checks "ledgers that add up" by the same rule the
    import applies (`checks.energy_day`), so a campaign it calls sound always exports
    to a document GM Desk will import again."""
    path = tmp_path / "ledger.gmdesk"
    path.write_bytes(base_bytes)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        rowid, text = connection.execute(
            "SELECT rowid, state FROM energy_day WHERE state LIKE '%\"kind\"%' ORDER BY rowid"
        ).fetchone()
        state = json.loads(text)
        state["daily"] -= 1  # the entries still leave the old figure
        connection.execute(
            "UPDATE energy_day SET state = ? WHERE rowid = ?", (json.dumps(state), rowid)
        )
        connection.commit()
    report = checkup.check_campaign(path)
    assert not report.sound
    assert any(
        line.startswith("Energy day ") and "the daily energy left" in line
        for line in report.lines()
    ), report.lines()


def test_repair_of_a_file_missing_a_column_says_which_rows_it_could_not_save(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    """A dropped column: rows that need it cannot be saved (the copy's INSERT OR IGNORE
    skipped them silently, and the report said nothing was lost while the repaired copy
    had no dice at all); rows given a default value instead say so too."""
    path = tmp_path / "no size.gmdesk"
    path.write_bytes(base_bytes)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        dice = connection.execute("SELECT count(*) FROM die").fetchone()[0]
        connection.execute("ALTER TABLE die DROP COLUMN size")
        connection.execute("ALTER TABLE chapter DROP COLUMN lair_threatened")
        connection.commit()
    assert dice > 0
    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")
    with contextlib.closing(sqlite3.connect(repaired.destination)) as connection:
        saved = connection.execute("SELECT count(*) FROM die").fetchone()[0]
    assert repaired.kept["die"] == saved
    assert any(
        line.startswith(f"{dice - saved} dice could not be saved") and "“size”" in line
        for line in repaired.lost
    ), repaired.lost
    assert any("“lair_threatened”" in line for line in repaired.lost), repaired.lost


def _drop_search_triggers(connection: sqlite3.Connection) -> None:
    """What a program dropping an indexed column must do first: SQLite refuses to drop a
    column the search index's triggers read."""
    for (name,) in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search_index_%'"
    ).fetchall():
        connection.execute(f'DROP TRIGGER "{name}"')


def test_repair_keeps_rows_whose_file_lacks_an_optional_column(
    base_bytes: bytes, tmp_path: Path, data_dir: Path
) -> None:
    """A missing column whose default means nothing (empty notes, not shown) or that may
    be empty no longer costs its rows: the copy's INSERT left out every clock without
    "note" and every faction without "notes" (and, with them, the claims they held),
    since those columns have no SQL default. The report says what it filled."""
    path = tmp_path / "no notes.gmdesk"
    path.write_bytes(base_bytes)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        clocks = connection.execute("SELECT id, name, segments, filled FROM clock").fetchall()
        factions = connection.execute("SELECT id, name, tier FROM faction").fetchall()
        claims = connection.execute("SELECT count(*) FROM claim").fetchone()[0]
        rolls = connection.execute("SELECT id, summary FROM roll_log").fetchall()
        _drop_search_triggers(connection)
        for table, column in (
            ("clock", "note"),
            ("clock", "shown"),
            ("faction", "notes"),
            ("roll_log", "total"),
        ):
            connection.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        connection.commit()
    assert clocks and factions and claims and rolls
    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")

    assert (repaired.kept["clock"], repaired.kept["faction"]) == (len(clocks), len(factions))
    assert repaired.kept["claim"] == claims  # no faction lost, so no claim either
    assert (
        f"The clocks had no “note”, “shown” columns: {len(clocks)} were saved with GM Desk's"
        " default value there (“note”: empty, “shown”: no)."
    ) in repaired.lost
    assert (
        f"The factions had no “notes” column: {len(factions)} were saved with GM Desk's"
        " default value there (“notes”: empty)."
    ) in repaired.lost
    assert any(
        line.startswith("The roll log lines had no “total” column") and "(“total”: empty)" in line
        for line in repaired.lost
    ), repaired.lost
    assert not any("could not be saved" in line for line in repaired.lost), repaired.lost
    with contextlib.closing(sqlite3.connect(repaired.destination)) as connection:
        assert (
            connection.execute("SELECT id, name, segments, filled FROM clock").fetchall() == clocks
        )
        assert set(connection.execute("SELECT note, shown FROM clock")) == {("", 0)}
        assert connection.execute("SELECT id, name, tier FROM faction").fetchall() == factions
        assert set(connection.execute("SELECT notes FROM faction")) == {("",)}
        assert connection.execute("SELECT id, summary FROM roll_log").fetchall() == rolls
        assert set(connection.execute("SELECT total FROM roll_log")) == {(None,)}
    with Campaign.open(repaired.destination, data_dir=data_dir) as opened:
        assert len(opened.clocks.all()) == len(clocks)
        assert opened.integrity_check() == ["ok"]
    assert checkup.check_campaign(repaired.destination).sound


def test_repair_still_leaves_out_rows_without_a_column_they_need(
    base_bytes: bytes, tmp_path: Path
) -> None:
    """A missing column with no default that means nothing (an item's kind, a clock's
    name) still leaves its rows out, naming only that column, not the ones it could
    have filled."""
    path = tmp_path / "no kind.gmdesk"
    path.write_bytes(base_bytes)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        clocks = connection.execute("SELECT count(*) FROM clock").fetchone()[0]
        _drop_search_triggers(connection)
        for table, column in (("clock", "name"), ("clock", "note")):
            connection.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        connection.commit()
    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")
    assert repaired.kept["clock"] == 0
    assert f"{clocks} clocks could not be saved: the file has no “name” column." in repaired.lost
    assert not any("“note”" in line for line in repaired.lost), repaired.lost


@pytest.mark.parametrize(
    ("column", "value", "said"),
    [
        ("notes", "x" * 30_000, "at most"),
        ("lair_threatened", "bogus", "lair"),
        ("lair_held", 7, "lair"),
    ],
)
def test_check_judges_the_chapter_s_newer_columns_as_the_import_does(
    base_bytes: bytes, tmp_path: Path, column: str, value: object, said: str
) -> None:
    """The chapter's notes and lair flags (revision 0006) are checked too: a campaign
    called sound with 30,000 characters of chapter notes exported a document that the
    import refuses ("Notes can have at most 20000 characters")."""
    path = tmp_path / "chapter.gmdesk"
    path.write_bytes(base_bytes)
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute(f"UPDATE chapter SET {column} = ?", (value,))
        connection.commit()
    report = checkup.check_campaign(path)
    assert not report.sound
    assert any(line.startswith("The chapter") and said in line for line in report.lines()), (
        report.lines()
    )


def test_repair_counts_as_kept_only_the_rows_the_copy_holds(
    base_bytes: bytes, tmp_path: Path
) -> None:
    """ "Saved N records" counted rows the repair later left out (a bad value, a lost
    owner) as saved too."""
    path = _bad_file(tmp_path / "bogus.gmdesk", "roll time bogus", base_bytes)
    repaired = checkup.repair(path, tmp_path / "fixed.gmdesk")
    assert any(line.startswith("Roll log line ") for line in repaired.lost)
    with contextlib.closing(sqlite3.connect(repaired.destination)) as connection:
        for table, kept in repaired.kept.items():
            held = connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            assert kept == held, table
