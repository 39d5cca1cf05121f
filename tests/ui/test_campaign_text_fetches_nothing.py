"""Text from a campaign never makes Qt fetch a file: every dock and tab is shown for a
campaign whose every name, note and summary starts with `<img src="…">` naming a local
file, and that file must not have been read (its access time, reset to 0, stays 0)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QTabWidget

from desktop.paths import resources_dir
from desktop.store.exchange import import_campaign, trusted_images
from desktop.ui.main_window import MainWindow

TEXT_KEYS = {
    "name", "notes", "note", "info", "summary", "benefit", "virtue", "vice",
    "vice_purveyor", "friends", "contacts", "character_name", "zone", "scale",
}  # fmt: skip


def _poison(value: Any, tag: str) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in TEXT_KEYS and isinstance(item, str):
                value[key] = (tag + item)[:80] if key in ("name", "character_name") else tag + item
            else:
                _poison(item, tag)
    elif isinstance(value, list):
        for item in value:
            _poison(item, tag)


def _unread(path: Path) -> None:
    os.utime(path, (0, path.stat().st_mtime))


def _was_read(path: Path) -> bool:
    return path.stat().st_atime != 0


def test_no_dock_fetches_what_campaign_text_names(
    make_window: Callable[[], MainWindow], tmp_path: Path, data_dir: Path
) -> None:
    # A short path, so a name keeps its own words within 80 characters after the tag.
    folder = Path(tempfile.mkdtemp(prefix="gm"))
    bait = folder / "p.png"
    try:
        bait.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(64))
        _unread(bait)
        bait.read_bytes()
        if not _was_read(bait):
            pytest.skip("this file system does not record reads (noatime): nothing to observe")
        document = json.loads((resources_dir() / "sample-campaign.json").read_text("utf-8"))
        _poison(document, f'<img src="{bait}">')
        source = tmp_path / "poisoned.json"
        source.write_text(json.dumps(document), encoding="utf-8")
        target = tmp_path / "poisoned.gmdesk"
        import_campaign(source, target, data_dir=data_dir, images=trusted_images).close()
        _unread(bait)

        window = make_window()
        assert window.open_campaign(target, interactive=False)
        QApplication.processEvents()
        assert not _was_read(bait), "opening the campaign"
        assert window.session is not None
        # Every view as each character shows it: a name reaches labels that only some
        # characters fill (one with no projects names them in the Projects tab).
        for character in window.session.campaign.roster.all():
            window.session.select_character(character.id)
            for panel in window.panels:
                panel.show()
                panel.raise_()
                QApplication.processEvents()
                assert not _was_read(bait), f"{character.id}: {panel.objectName()}"
                for tabs in panel.findChildren(QTabWidget):
                    for index in range(tabs.count()):
                        tabs.setCurrentIndex(index)
                        QApplication.processEvents()
                        where = f"{character.id}: {panel.objectName()}: {tabs.tabText(index)}"
                        assert not _was_read(bait), where
            window.grab()
            assert not _was_read(bait), f"{character.id}: painting the window"
    finally:
        shutil.rmtree(folder)
