"""A campaign double-clicked in the Finder: macOS hands it to the running app as a
QFileOpenEvent (never as an argument). Sent here by hand as macOS sends it; the release
workflow runs this on macOS too."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QUrl
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from desktop.app import _watch_file_open
from desktop.store import Campaign
from desktop.ui.file_open import FileOpenFilter
from desktop.ui.main_window import MainWindow


@pytest.fixture
def mac(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")


def test_the_finder_opens_a_campaign_in_the_running_window(
    window: MainWindow, tmp_path: Path, data_dir: Path, mac: None
) -> None:
    other = tmp_path / "campaigns" / "From the Finder.gmdesk"
    other.parent.mkdir(parents=True, exist_ok=True)
    Campaign.create(other, data_dir=data_dir, start_date=date(2026, 4, 1)).close()
    app = QApplication.instance()
    assert app is not None
    watcher = _watch_file_open(app, window)  # as desktop.app.main installs it on macOS
    assert isinstance(watcher, FileOpenFilter)
    try:
        event = QFileOpenEvent(str(other))
        QCoreApplication.sendEvent(app, event)
    finally:
        app.removeEventFilter(watcher)
    assert window.session is not None
    assert window.session.campaign.path == other.absolute()


def test_an_event_at_launch_waits_for_the_event_loop(qapp: QApplication, tmp_path: Path) -> None:
    """At launch macOS posts the event before the window exists; it is handled once the
    loop runs, by which time `main` has installed the filter."""
    opened: list[Path] = []
    target = tmp_path / "At Launch.gmdesk"
    QCoreApplication.postEvent(qapp, QFileOpenEvent(str(target)))
    watcher = FileOpenFilter(opened.append, qapp)
    qapp.installEventFilter(watcher)
    try:
        QCoreApplication.processEvents()
    finally:
        qapp.removeEventFilter(watcher)
    assert opened == [target]


def test_a_url_that_is_no_file_is_left_alone(qapp: QApplication) -> None:
    opened: list[Path] = []
    watcher = FileOpenFilter(opened.append)
    event = QFileOpenEvent(QUrl("https://example.org/campaign.gmdesk"))
    assert event.file() == ""
    assert watcher.eventFilter(qapp, event) is False
    assert opened == []


def test_a_file_url_opens_its_file(qapp: QApplication, tmp_path: Path) -> None:
    opened: list[Path] = []
    target = tmp_path / "Dropped on the Dock.gmdesk"
    watcher = FileOpenFilter(opened.append)
    assert watcher.eventFilter(qapp, QFileOpenEvent(QUrl.fromLocalFile(str(target)))) is True
    assert opened == [target]


def test_other_events_pass_through(qapp: QApplication) -> None:
    opened: list[Path] = []
    watcher = FileOpenFilter(opened.append)
    assert watcher.eventFilter(QObject(), QEvent(QEvent.Type.Show)) is False
    assert opened == []


def test_only_macos_pays_for_a_filter_on_the_application(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A filter on the application sees every event of every widget; elsewhere the
    system passes a double-clicked campaign on the command line."""
    app = QApplication.instance()
    for platform in ("linux", "win32"):
        monkeypatch.setattr(sys, "platform", platform)
        assert _watch_file_open(app, window) is None
