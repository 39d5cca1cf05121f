"""Names of up to 250 bytes, as a file system takes them: every file GM Desk writes
whole beside such a target (its partial file, a backup and its folder) fits too."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

from desktop.store import Campaign
from desktop.store.backups import list_backups
from desktop.store.checkup import repair
from desktop.store.exchange import export_campaign

LENGTHS = [232, 240, 250]  # bytes in the name, suffix included


def named(folder: Path, length: int, suffix: str, letter: str = "L") -> Path:
    path = folder / (letter * (length - len(suffix)) + suffix)
    assert len(os.fsencode(path.name)) == length
    return path


@pytest.fixture(params=LENGTHS)
def long_campaign(request: pytest.FixtureRequest, tmp_path: Path, data_dir: Path) -> Campaign:
    folder = tmp_path / "campaigns"
    folder.mkdir()
    path = named(folder, request.param, ".gmdesk")
    campaign = Campaign.create(path, data_dir=data_dir, name="Ashes", start_date=date(2026, 3, 1))
    campaign.roster.add("Kara")
    yield campaign
    campaign.close()


def test_a_backup_of_a_long_named_campaign(long_campaign: Campaign) -> None:
    made = long_campaign.backup_now()
    assert len(os.fsencode(made.name)) <= 255
    assert [info.path for info in list_backups(long_campaign.backup_folder)] == [made]
    assert made.name.startswith("LLLL")
    assert os.listdir(made.parent) == [made.name]  # no partial left


# Beyond 247 bytes SQLite's own -journal beside the copy has no room: it could not be
# opened for writing, whoever made it.
@pytest.mark.parametrize("length", [232, 240, 247])
def test_save_a_copy_to_a_long_name(long_campaign: Campaign, length: int) -> None:
    target = named(long_campaign.path.parent, length, ".gmdesk", "C")
    long_campaign.save_copy(target)
    with Campaign.open(target, data_dir=long_campaign._data_dir) as copy:
        assert [c.name for c in copy.roster.all()] == ["Kara"]


@pytest.mark.parametrize("length", LENGTHS)
def test_export_to_a_long_name(long_campaign: Campaign, length: int) -> None:
    target = named(long_campaign.path.parent, length, ".json", "E")
    export_campaign(long_campaign, target)
    assert '"Kara"' in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("length", LENGTHS)
def test_repair_to_a_long_name(long_campaign: Campaign, length: int) -> None:
    target = named(long_campaign.path.parent, length, ".gmdesk", "R")
    long_campaign.close()
    report = repair(long_campaign.path, target)
    assert report.destination == target
    assert target.exists()
    leftovers = [n for n in os.listdir(target.parent) if n.startswith(".")]
    assert leftovers == []


@pytest.mark.parametrize("length", LENGTHS)
def test_a_pdf_to_a_long_name(qapp: object, tmp_path: Path, length: int) -> None:
    from PySide6.QtGui import QPageSize, QPainter

    from desktop.printing.pdf_file import write_pdf

    folder = tmp_path / "prints"
    folder.mkdir()
    target = named(folder, length, ".pdf", "P")

    def paint(writer: object) -> int:
        painter = QPainter(writer)  # type: ignore[call-overload]
        painter.drawText(100, 100, "Kara")
        painter.end()
        return 1

    assert write_pdf(target, QPageSize.PageSizeId.A4, "Cards", paint) == 1
    assert target.read_bytes().startswith(b"%PDF")
    assert os.listdir(folder) == [target.name]
