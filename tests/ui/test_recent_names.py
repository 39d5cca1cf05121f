"""File > Open Recent and the start page name campaigns, not files (issue 27), reading
each name without a lock or a trace beside the file."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from desktop.store import Campaign
from desktop.ui.main_window import MainWindow


def _listing(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()}


def test_open_recent_shows_each_campaigns_name_and_its_file(
    make_window: Callable[[], MainWindow], tmp_path: Path, data_dir: Path
) -> None:
    folder = tmp_path / "campaigns"
    folder.mkdir()
    ledger = folder / "copy (2).gmdesk"
    Campaign.create(ledger, data_dir=data_dir, name="The Saltmarsh Ledger & Co").close()
    other = folder / "other.gmdesk"
    Campaign.create(other, data_dir=data_dir, name="Harbour Lights").close()
    gone = folder / "gone.gmdesk"
    Campaign.create(gone, data_dir=data_dir, name="Gone").close()
    window = make_window()
    for path in (gone, ledger, other):
        assert window.open_campaign(path, interactive=False)
    os.remove(gone)
    window.close_campaign()
    assert window.open_campaign(other, interactive=False)  # open, locked, with its -wal
    before = _listing(folder)

    window.recent_menu.aboutToShow.emit()
    lines = [(a.text(), a.toolTip()) for a in window.recent_menu.actions()[:3]]
    assert lines == [
        ("Harbour Lights  —  other.gmdesk", str(other)),
        ("The Saltmarsh Ledger && Co  —  copy (2).gmdesk", str(ledger)),
        (f"gone  ({folder})", str(gone)),  # no file, no name: the file's own
    ]
    assert _listing(folder) == before  # nothing written, no lock, no -wal left beside
    window.recent_menu.actions()[1].trigger()
    assert window.session is not None and window.session.campaign.path == ledger
    window.close_campaign()  # the start page lists them by name too
    start = window.start_page.recent
    assert [start.item(row).text() for row in range(start.count())] == [
        "The Saltmarsh Ledger & Co  —  copy (2).gmdesk",
        "Harbour Lights  —  other.gmdesk",
        f"gone  ({folder})",
    ]
