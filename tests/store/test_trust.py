"""A campaign GM Desk left sound is not checked value by value again (store/trust.py),
and only while it is the very file, at the very path, that GM Desk left."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from desktop.store import Campaign, trust
from desktop.store.errors import CampaignRefused


@pytest.fixture
def left(tmp_path: Path, data_dir: Path) -> Path:
    path = tmp_path / "Left Sound.gmdesk"
    Campaign.create(path, data_dir=data_dir).close()  # GM Desk's close remembers it
    return path


def test_a_campaign_gm_desk_closed_is_trusted_until_touched(left: Path, data_dir: Path) -> None:
    assert trust.is_trusted(left, data_dir)
    stat = left.stat()
    os.utime(left, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # another program
    assert not trust.is_trusted(left, data_dir)


def test_each_path_has_its_own_record(left: Path, tmp_path: Path, data_dir: Path) -> None:
    other = tmp_path / "Other.gmdesk"
    assert trust._record(left, data_dir) == trust._record(Path(str(left)), data_dir)
    assert trust._record(left, data_dir) != trust._record(other, data_dir)
    assert trust._record(left, data_dir).parent == data_dir / trust.FOLDER


def test_a_record_is_trusted_only_for_the_path_it_names(
    left: Path, tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Paths whose records share a name (the name is only a checksum) cost a full check,
    never a check skipped."""
    shared = tmp_path / "shared.json"
    monkeypatch.setattr(trust, "_record", lambda _path, _data_dir: shared)
    trust.remember(left, data_dir)
    assert trust.is_trusted(left, data_dir)
    record = json.loads(shared.read_text(encoding="utf-8"))
    record["path"] = str(tmp_path / "Another Campaign.gmdesk")
    shared.write_text(json.dumps(record), encoding="utf-8")
    assert not trust.is_trusted(left, data_dir)  # this very file, another path's record


def _edit_in_place_keeping_size_mtime_and_inode(path: Path, statement: str) -> None:
    """As a hex editor would: the bytes change, the header's counters, size, inode and
    modification time (set back, as `touch -r` does) are what they were."""
    before = os.stat(path)
    header = path.read_bytes()[:100]
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA ignore_check_constraints=ON")
    connection.execute(statement)
    connection.close()
    with path.open("r+b") as handle:
        for offset in (24, 92):  # SQLite's change counters
            handle.seek(offset)
            handle.write(header[offset : offset + 4])
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (
        before.st_size,
        before.st_mtime_ns,
        before.st_ino,
    )
    assert path.read_bytes()[:100] == header


def test_an_edit_that_keeps_size_mtime_and_inode_is_checked_again(
    left: Path, data_dir: Path
) -> None:
    """The fingerprint held size, mtime, inode and header counters, all of which another
    program can keep (or set back): such an edit was trusted, and the window then met a
    die of size 7. The inode's change time, which only the kernel sets, now counts too."""
    with Campaign.open(left, data_dir=data_dir) as opened:
        kara = opened.roster.add("Kara Voss", "pc")
        opened.kit.add_dice(kara.id, size=6, count=2)
    assert trust.is_trusted(left, data_dir)

    _edit_in_place_keeping_size_mtime_and_inode(left, "UPDATE die SET size = 7")

    assert not trust.is_trusted(left, data_dir)
    with pytest.raises(CampaignRefused, match="Die size must be one of"):
        Campaign.open(left, data_dir=data_dir)


@pytest.mark.parametrize("own_writes", [0, 2])
def test_a_write_by_another_program_while_open_is_not_trusted_at_close(
    own_writes: int, left: Path, data_dir: Path
) -> None:
    """GM Desk's close remembered the file as its own, sound, even when another program
    had written into it meanwhile: the next open then skipped the value check."""
    with Campaign.open(left, data_dir=data_dir) as opened:
        kara = opened.roster.add("Kara Voss", "pc")
        opened.kit.add_dice(kara.id, size=6, count=2)
    with Campaign.open(left, data_dir=data_dir) as opened:
        connection = sqlite3.connect(left, isolation_level=None)
        connection.execute("PRAGMA ignore_check_constraints=ON")
        connection.execute("UPDATE die SET size = 7")
        connection.close()
        for number in range(own_writes):  # GM Desk's own writes after it
            opened.roster.add(f"Hireling {number}", "npc")
        assert opened.changed_elsewhere
    assert not trust.is_trusted(left, data_dir)
    with pytest.raises(CampaignRefused, match="Die size must be one of"):
        Campaign.open(left, data_dir=data_dir)


def test_gm_desk_s_own_writes_leave_the_file_trusted(left: Path, data_dir: Path) -> None:
    with Campaign.open(left, data_dir=data_dir) as opened:
        for number in range(3):
            opened.roster.add(f"Hireling {number}", "npc")
        assert not opened.changed_elsewhere
    assert trust.is_trusted(left, data_dir)
