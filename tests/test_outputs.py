"""What an output may replace, judged from the file itself (desktop/outputs.py)."""

from __future__ import annotations

import os
from pathlib import Path

from desktop import outputs
from desktop.store import Campaign


def test_new_empty_and_own_kind_files_may_be_replaced(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pdf"
    empty.touch()
    earlier = tmp_path / "earlier.pdf"
    earlier.write_bytes(b"%PDF-1.7\n...")
    dangling = tmp_path / "dangling.pdf"
    dangling.symlink_to(tmp_path / "gone.pdf")
    under_a_file = earlier / "inside.pdf"  # the writer says its folder is missing
    for target in (tmp_path / "new.pdf", empty, earlier, dangling, under_a_file):
        assert outputs.refusal(target, outputs.PDF) is None, target


def test_a_fifo_or_a_folder_is_refused_without_reading_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)  # reading it would block for ever
    folder = tmp_path / "folder.pdf"
    folder.mkdir()
    assert "not an ordinary file" in (outputs.refusal(fifo, outputs.PDF) or "")
    assert "is a folder" in (outputs.refusal(folder, outputs.PDF) or "")


def test_a_campaign_is_refused_for_every_output_but_a_copy(tmp_path: Path) -> None:
    campaign = tmp_path / "c.gmdesk"
    Campaign.create(campaign, data_dir=tmp_path / "data").close()
    for kind in (outputs.PDF, outputs.PNG, outputs.EXPORT):
        assert "is a campaign" in (outputs.refusal(campaign, kind) or ""), kind
    assert outputs.refusal(campaign, outputs.CAMPAIGN_COPY) is None
    assert "is the campaign itself" in (
        outputs.refusal(campaign, outputs.CAMPAIGN_COPY, keep=[campaign]) or ""
    )
    backups = tmp_path / "data" / "backups"
    backups.mkdir(parents=True, exist_ok=True)
    backup = backups / "c 2026-01-01 120000.gmdesk"
    backup.write_bytes(campaign.read_bytes())
    refused = outputs.refusal(backup, outputs.CAMPAIGN_COPY, own_folders=[backups])
    assert "in GM Desk's backups folder" in (refused or "")


def test_a_write_failure_is_judged_by_its_number_never_by_the_file_s_name(
    tmp_path: Path,
) -> None:
    import errno
    import sqlite3

    target = tmp_path / "full of notes" / "cards.pdf"
    read_only = OSError(errno.EROFS, "Read-only file system", str(target.parent / ".x.partial"))
    said = outputs.write_failure(target, read_only)
    assert said.startswith("“cards.pdf” could not be saved: its folder is on a read-only disk.")
    full = sqlite3.OperationalError("database or disk is full")
    assert "the disk is full" in outputs.write_failure(target, full)
    for error in (read_only, full, OSError(errno.ENAMETOOLONG, "File name too long")):
        message = outputs.write_failure(target, error)
        assert "Errno" not in message and ".partial" not in message and "database" not in message
