"""A backup folder GM Desk cannot use (a symlink loop, /proc/self, a full disk) gives a
plain message, and an older campaign, backed up before its upgrade, is then refused
plainly with nothing written."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop.store import Campaign
from desktop.store.backups import backup_folder, list_backups
from desktop.store.errors import CampaignRefused
from tests.small_disks import small_disk

CAMPAIGNS = Path(__file__).resolve().parent / "campaigns"
OLD = "0005_downtime"


def loop(folder: Path) -> None:
    folder.symlink_to(folder)


def proc_self(folder: Path) -> None:
    folder.symlink_to("/proc/self")


def a_file(folder: Path) -> None:
    folder.write_bytes(b"not a folder")


FAULTS: dict[str, Callable[[Path], None]] = {
    "a symlink loop": loop,
    "/proc/self": proc_self,
    "a file": a_file,
}


def assert_plain(message: str) -> None:
    assert message.startswith("No backup could be made of “")
    assert "The campaign itself was not changed." in message
    for raw in ("Errno", "Error", "sqlite", "damaged", "unable to open", "Traceback"):
        assert raw not in message, message


@pytest.mark.parametrize("fault", FAULTS)
def test_an_older_campaign_is_refused_plainly_when_it_cannot_be_backed_up(
    tmp_path: Path, data_dir: Path, fault: str
) -> None:
    path = tmp_path / "Ashes.gmdesk"
    shutil.copyfile(CAMPAIGNS / f"{OLD}.gmdesk", path)
    before = path.read_bytes()
    folder = backup_folder(data_dir, path)
    folder.parent.mkdir(parents=True)
    FAULTS[fault](folder)

    with pytest.raises(CampaignRefused) as refused:
        Campaign.open(path, data_dir=data_dir)

    assert_plain(str(refused.value))
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == sorted(["Ashes.gmdesk", "data", "home"])


@pytest.mark.parametrize("fault", FAULTS)
def test_a_backup_into_a_folder_that_is_none_says_so_plainly(
    campaign: Campaign, fault: str
) -> None:
    folder = campaign.backup_folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    FAULTS[fault](folder)
    with pytest.raises(OSError) as failed:
        campaign.backup_now()
    assert_plain(str(failed.value))
    assert "not a folder" in str(failed.value) or "takes no new files" in str(failed.value)
    campaign.roster.add("Kara")  # the campaign goes on


def test_a_backup_onto_a_full_disk_says_so_plainly(tmp_path: Path, data_dir: Path) -> None:
    path = tmp_path / "Ashes.gmdesk"
    with Campaign.create(path, data_dir=data_dir) as campaign:
        for n in range(400):
            campaign.roster.add(f"Character {n}", notes="x" * 1000)
    disk = tmp_path / "disk"
    with small_disk(disk, "64k"), Campaign.open(path, data_dir=disk) as campaign:
        with pytest.raises(OSError) as failed:
            campaign.backup_now()
        assert_plain(str(failed.value))
        assert "the disk is full" in str(failed.value)
        assert list_backups(campaign.backup_folder) == []
        assert os.listdir(campaign.backup_folder) == []  # no partial left behind
