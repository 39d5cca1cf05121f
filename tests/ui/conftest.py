"""A main window per test, with its own settings file, that must leave no window behind.

As napari's viewer fixture: a test that leaks a visible top-level widget fails.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSettings
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from desktop.ui.settings import Settings


@pytest.fixture
def settings_path(tmp_path: Path) -> Path:
    return tmp_path / "settings.ini"


@pytest.fixture
def make_window(
    qtbot: QtBot, settings_path: Path, data_dir: Path
) -> Iterator[Callable[[], MainWindow]]:
    made: list[MainWindow] = []

    def make() -> MainWindow:
        settings = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
        window = MainWindow(settings, data_dir)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return window

    yield make
    for window in made:
        window.close()
    QApplication.processEvents()
    # Collect Python's garbage first: a parentless widget finalized by the cyclic
    # collector in the middle of the scan below would be half-destroyed when it is read.
    gc.collect()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    leaked = [
        w
        for w in QApplication.topLevelWidgets()
        if w.isVisible() and not isinstance(w, MainWindow) and not isinstance(w, QMessageBox)
    ]
    assert not leaked, f"the test left windows open: {leaked}"


@pytest.fixture
def window(
    make_window: Callable[[], MainWindow], campaign_path: Path, data_dir: Path
) -> MainWindow:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1)).close()
    made = make_window()
    assert made.open_campaign(campaign_path, interactive=False)
    return made


@pytest.fixture
def session(campaign: Campaign) -> Iterator[CampaignSession]:
    """A session over the `campaign` fixture, for a widget driven on its own (no window)."""
    made = CampaignSession(campaign)
    yield made
    made.undo_stack.clear()
    campaign.unsubscribe(made.changed.emit)  # the campaign fixture closes the file


@pytest.fixture
def second_window(
    qtbot: QtBot, make_window: Callable[[], MainWindow], campaign_path: Path, data_dir: Path
) -> MainWindow:
    """A window whose workspace was saved by a first one, as on every start but the first."""
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1)).close()
    first = make_window()
    assert first.open_campaign(campaign_path, interactive=False)
    qtbot.waitUntil(first.is_ready)
    first.close()
    return make_window()
