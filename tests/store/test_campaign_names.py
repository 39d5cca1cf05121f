"""`campaign_name` reads a campaign's name for Open Recent, cheaply and without a trace:
never hanging on a pipe, never recovering a crash's `-wal` in place."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from desktop.store import Campaign, campaign_name


def test_a_campaigns_name_is_read_and_nothing_is_left_beside_it(
    tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "copy (2).gmdesk"
    Campaign.create(path, data_dir=data_dir, name="The Saltmarsh Ledger").close()
    before = sorted(tmp_path.iterdir())
    assert campaign_name(path) == "The Saltmarsh Ledger"
    assert sorted(tmp_path.iterdir()) == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_no_name_for_what_is_not_a_campaign(tmp_path: Path, data_dir: Path) -> None:
    pipe = tmp_path / "pipe.gmdesk"
    os.mkfifo(pipe)  # opening it to read would wait for a writer for ever
    notes = tmp_path / "notes.gmdesk"
    notes.write_text("not a campaign")
    assert campaign_name(pipe) is None
    assert campaign_name(notes) is None
    assert campaign_name(tmp_path / "gone.gmdesk") is None
    # A crash's -wal without its -shm: reading it means recovering it, not done here.
    crashed = tmp_path / "crashed.gmdesk"
    Campaign.create(crashed, data_dir=data_dir, name="Crashed").close()
    shutil.copyfile(notes, crashed.with_name(crashed.name + "-wal"))
    assert campaign_name(crashed) is None
    assert not crashed.with_name(crashed.name + "-shm").exists()
