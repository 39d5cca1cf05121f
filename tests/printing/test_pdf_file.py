"""A PDF is written whole or not at all: Qt's PDF writer reports no write errors itself."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from desktop.printing.cards import PrintCard, export_pdf
from tests.small_disks import small_disk


def test_a_pdf_cut_off_by_a_full_disk_is_refused_and_nothing_is_left(
    eleven_cards: list[PrintCard], tmp_path: Path
) -> None:
    disk = tmp_path / "disk"
    with small_disk(disk, "12k"):
        with pytest.raises(OSError, match="could not be written in full"):
            export_pdf(disk / "cards.pdf", eleven_cards)
        assert os.listdir(disk) == []


def test_a_full_disk_leaves_an_earlier_pdf_as_it_was(
    eleven_cards: list[PrintCard], tmp_path: Path
) -> None:
    disk = tmp_path / "disk"
    with small_disk(disk, "12k"):
        earlier = disk / "cards.pdf"
        earlier.write_bytes(b"%PDF-1.4 an earlier print\n%%EOF\n")
        with pytest.raises(OSError):
            export_pdf(earlier, eleven_cards)
        assert earlier.read_bytes() == b"%PDF-1.4 an earlier print\n%%EOF\n"
        assert os.listdir(disk) == ["cards.pdf"]


def test_a_device_is_not_a_place_for_a_pdf(eleven_cards: list[PrintCard]) -> None:
    with pytest.raises(OSError, match="not an ordinary file"):
        export_pdf("/dev/full", eleven_cards)


def test_a_whole_pdf_replaces_the_old_one_and_leaves_no_partial_file(
    eleven_cards: list[PrintCard], tmp_path: Path
) -> None:
    folder = tmp_path / "prints"
    folder.mkdir()
    out = folder / "cards.pdf"
    out.write_bytes(b"%PDF-1.4 an older print\n%%EOF\n")
    assert export_pdf(out, eleven_cards) == 4
    assert out.read_bytes().startswith(b"%PDF")
    assert [p.name for p in folder.iterdir()] == ["cards.pdf"]


def test_a_folder_is_named_as_a_folder(tmp_path: Path, eleven_cards: list[PrintCard]) -> None:
    folder = tmp_path / "cards.pdf"
    folder.mkdir()
    with pytest.raises(OSError, match="is a folder"):
        export_pdf(folder, eleven_cards)
    assert list(folder.iterdir()) == []


def test_a_read_only_disk_is_said_plainly_never_naming_the_partial_file(
    eleven_cards: list[PrintCard], tmp_path: Path
) -> None:
    disk = tmp_path / "disk"
    with small_disk(disk, "64k", read_only=True):
        with pytest.raises(OSError) as refused:
            export_pdf(disk / "cards.pdf", eleven_cards)
        message = str(refused.value)
        assert message.startswith("“cards.pdf” could not be saved: its folder is on a read-only")
        assert "Errno" not in message and ".partial" not in message
        assert os.listdir(disk) == []


def test_a_file_that_is_not_a_pdf_is_never_replaced(
    eleven_cards: list[PrintCard], tmp_path: Path
) -> None:
    from desktop.store import Campaign

    campaign = tmp_path / "c.gmdesk"
    Campaign.create(campaign, data_dir=tmp_path / "data").close()
    notes = tmp_path / "notes.txt"
    notes.write_text("not a PDF", encoding="utf-8")
    kept = {path: path.read_bytes() for path in (campaign, notes)}
    for target, said in ((campaign, "is a campaign"), (notes, "is not a PDF GM Desk wrote")):
        with pytest.raises(OSError, match=said):
            export_pdf(target, eleven_cards)
    assert {path: path.read_bytes() for path in kept} == kept
