"""Pruning never deletes a backup the GM opened in place, here or in another GM Desk."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from desktop.store import Campaign
from desktop.store.backups import list_backups, prune_backups
from tests.store.other_gm_desk import open_elsewhere

# Read-only opens are not among them: nothing of a GM's work can be in a file opened
# read-only, and its reader goes on reading the deleted file where it is.
WAYS = ["here", "in another GM Desk"]


def sidecars(path: Path) -> list[Path]:
    ends = ("-wal", "-shm", "-journal", ".lock")
    return [side for end in ends if (side := path.with_name(path.name + end)).exists()]


@pytest.fixture
def opened_in_place(data_dir: Path, tmp_path: Path) -> Iterator[object]:
    """Opens a path as the GM would, in this process or another; closes it at the end."""
    closers: list[object] = []

    def open_it(path: Path, way: str) -> Campaign | None:
        if way == "here":
            opened = Campaign.open(path, data_dir=tmp_path / "other data")
            closers.append(opened.close)
            return opened
        process = open_elsewhere(path, data_dir)
        closers.append(lambda: (process.kill(), process.wait()))
        return None

    yield open_it
    for close in closers:
        close()  # type: ignore[operator]


@pytest.mark.parametrize("way", WAYS)
def test_a_backup_opened_in_place_is_never_pruned(
    campaign: Campaign, opened_in_place: object, way: str
) -> None:
    campaign.roster.add("Kara")
    folder = campaign.backup_folder
    old_day = (datetime.now() - timedelta(days=10)).replace(hour=10, minute=0, second=0)
    first = campaign.backup_now(old_day)
    opened = opened_in_place(first, way)  # type: ignore[operator]
    if isinstance(opened, Campaign):
        opened.roster.add("Lio")  # the GM works in it
    # A later backup of the same old day: only the newest of a day that old is kept.
    campaign.backup_now(old_day + timedelta(hours=1))
    campaign.backup_now()

    assert first.exists()
    assert first in [info.path for info in list_backups(folder)]
    if isinstance(opened, Campaign):
        assert "Kara" in [c.name for c in opened.roster.all()]
        opened.close()
        assert sidecars(first) == []
        # Closed, it is an old backup like any other again: the next prune takes it.
        assert first in prune_backups(folder)
        assert not first.exists()


def test_a_backup_with_a_wal_left_by_a_crash_is_kept(campaign: Campaign) -> None:
    old_day = (datetime.now() - timedelta(days=10)).replace(hour=10, minute=0, second=0)
    first = campaign.backup_now(old_day)
    wal = first.with_name(first.name + "-wal")
    wal.write_bytes(b"changes of a GM Desk that was killed")
    campaign.backup_now(old_day + timedelta(hours=1))
    campaign.backup_now()
    assert first.exists()
    assert wal.exists()
