"""Settings are written only when they change: a start that reopens the last campaign
leaves the settings file as it was (no rewrite while the docks fill)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from desktop.ui.settings import Settings


def _settings(ini: Path) -> Settings:
    return Settings(QSettings(str(ini), QSettings.Format.IniFormat))


def test_reopening_the_last_campaign_rewrites_nothing(qapp: QApplication, tmp_path: Path) -> None:
    ini = tmp_path / "gm-desk.ini"
    first, second = tmp_path / "A.gmdesk", tmp_path / "B.gmdesk"
    settings = _settings(ini)
    settings.add_recent(first)
    settings.add_recent(second)
    settings.sync()
    written = ini.stat()
    again = _settings(ini)
    again.add_recent(second)  # already the most recent: the list is as it was
    again.sync()
    after = ini.stat()
    # Qt writes a settings file anew (a new file renamed over the old) on every sync
    # with a change pending: the same inode and time mean nothing was written.
    assert (after.st_ino, after.st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
    assert again.recent_files() == [second.absolute(), first.absolute()]


def test_a_campaign_opened_moves_to_the_top_and_is_written(
    qapp: QApplication, tmp_path: Path
) -> None:
    ini = tmp_path / "gm-desk.ini"
    first, second = tmp_path / "A.gmdesk", tmp_path / "B.gmdesk"
    settings = _settings(ini)
    settings.add_recent(first)
    settings.add_recent(second)
    settings.add_recent(first)
    settings.sync()
    assert _settings(ini).recent_files() == [first.absolute(), second.absolute()]
