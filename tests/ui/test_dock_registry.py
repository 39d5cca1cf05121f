"""Every dock is declared once (`desktop.ui.docks.panels.DOCKS`): the window, the View
menu, the workspaces and the saved layouts read it, so a new dock is one class there."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtWidgets import QLabel, QWidget

from desktop.store import Campaign
from desktop.ui.docks import panels
from desktop.ui.main_window import MainWindow
from desktop.ui.panel import Panel
from desktop.ui.session import CampaignSession
from desktop.ui.settings import Settings
from desktop.ui.workspaces import workspace_named


class NotesWidget(QLabel):
    def set_session(self, session: CampaignSession | None) -> None:
        self.setText("" if session is None else session.campaign.path.name)


class NotesPanel(Panel):
    """A dock as a new one would be declared, its widget here rather than in a module."""

    title, name = "Notes", "notes"
    workspaces = ("prep",)

    def build(self) -> QWidget:
        return NotesWidget(self)


def _panel(window: MainWindow, name: str) -> Panel:
    return next(panel for panel in window.panels if panel.name == name)


def _shown(window: MainWindow) -> set[str]:
    return {panel.name for panel in window.panels if not panel.isHidden()}


@pytest.fixture
def with_notes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(panels, "DOCKS", (*panels.DOCKS, NotesPanel))


@pytest.fixture
def made_campaign(campaign_path: Path, data_dir: Path) -> Path:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1)).close()
    return campaign_path


def test_a_dock_declared_once_is_in_the_view_menu_its_workspace_and_the_layout(
    with_notes: None, make_window: Callable[[], MainWindow], made_campaign: Path
) -> None:
    window = make_window()
    assert "Notes" in [action.text() for action in window.view_menu.actions()]
    assert "notes" in workspace_named("prep").docks
    assert "notes" not in workspace_named("play").docks
    assert window.open_campaign(made_campaign, interactive=False)
    assert "notes" not in _shown(window)  # Play does not show it
    window.show_workspace("prep")
    assert _shown(window) == {"roster", "syscards", "faction_ladder", "chapter", "notes"}
    notes = _panel(window, "notes")
    # In a tab behind the ladder, which stays in front.
    assert _panel(window, "faction_ladder") in window.tabifiedDockWidgets(notes)
    assert not _panel(window, "faction_ladder").visibleRegion().isEmpty()
    assert notes.content().text() == made_campaign.name  # given the campaign, as any dock


def test_a_layout_saved_before_a_dock_came_is_not_restored(
    monkeypatch: pytest.MonkeyPatch, make_window: Callable[[], MainWindow], made_campaign: Path
) -> None:
    window = make_window()
    assert window.open_campaign(made_campaign, interactive=False)
    window.show_workspace("prep")
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, _panel(window, "roster"))
    window.close()  # the GM's Prep saved, with the docks of the time
    monkeypatch.setattr(panels, "DOCKS", (*panels.DOCKS, NotesPanel))
    again = make_window()
    assert again.open_campaign(made_campaign, interactive=False)
    assert again.workspace == "prep"
    # Prep as it first was, the new dock in it, not a saved state that leaves it out.
    assert "notes" in _shown(again)
    assert again.dockWidgetArea(_panel(again, "roster")) == Qt.DockWidgetArea.RightDockWidgetArea


def test_a_layout_saved_before_the_docks_were_named_with_it_is_restored(
    settings_path: Path,
) -> None:
    store = QSettings(str(settings_path), QSettings.Format.IniFormat)
    settings = Settings(store)
    state = QByteArray(b"saved")
    settings.set_workspace_state("play", state, ("roster", "diceTable"))
    assert settings.workspace_state("play", ("diceTable", "roster")) == state
    assert settings.workspace_state("play", ("roster", "diceTable", "notes")) is None
    store.remove("layout_docks/play")  # as saved by a GM Desk before this one
    store.setValue("window/layout_docks", "diceTable,roster")  # one key for every workspace
    assert settings.workspace_state("play", ("roster", "diceTable", "notes")) is None
    store.remove("window/layout_docks")  # as saved by a GM Desk before that one
    assert settings.workspace_state("play", ("roster", "diceTable", "notes")) == state
