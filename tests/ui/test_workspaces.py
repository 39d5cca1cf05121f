"""Workspaces: Play, Prep and Between sessions, each remembering the GM's changes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow
from desktop.ui.workspaces import WORKSPACES
from tests.ui.test_smoke import run


def shown(window: MainWindow) -> set[str]:
    return {panel.name for panel in window.panels if not panel.isHidden()}


def test_ctrl_1_to_3_switch_workspaces(window: MainWindow, qtbot: QtBot) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    for key, workspace in zip((Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3), WORKSPACES, strict=True):
        qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)
        assert window.workspace == workspace.name
        assert shown(window) == set(workspace.docks)
        assert window.workspace_actions[workspace.name].isChecked()
    assert "diceTable" not in shown(window) and "energyCalendar" in shown(window)


def test_each_workspace_remembers_the_gms_changes(
    window: MainWindow, make_window: Callable[[], MainWindow]
) -> None:
    window.show_workspace("prep")
    roster = window.panels[0]
    assert window.dockWidgetArea(roster) == Qt.DockWidgetArea.RightDockWidgetArea
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, roster)
    window.show_workspace("play")
    # The Roll Log, closed in Play only (named: a dock added later may come last).
    next(panel for panel in window.panels if panel.objectName() == "rollLog").close()
    assert "rollLog" not in shown(window)
    window.show_workspace("prep")
    assert window.dockWidgetArea(roster) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert window.session is not None
    path = window.session.campaign.path
    window.close()
    again = make_window()
    assert again.session is None and not shown(again)  # the start page alone
    assert again.open_campaign(path, interactive=False)
    assert again.workspace == "prep"
    assert again.dockWidgetArea(again.panels[0]) == Qt.DockWidgetArea.LeftDockWidgetArea
    again.show_workspace("play")
    assert shown(again) == {"roster", "diceTable", "play", "clocks", "journal"}
    again.reset_layout()  # View > Reset Workspace: Play as it first was
    assert shown(again) == {"roster", "diceTable", "play", "clocks", "rollLog", "journal"}
    again.show_workspace("prep")  # the other workspaces keep the GM's changes
    assert again.dockWidgetArea(again.panels[0]) == Qt.DockWidgetArea.LeftDockWidgetArea


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_no_workspace_widens_the_window(window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    for workspace in WORKSPACES:
        window.show_workspace(workspace.name)
        window.reset_layout()
        assert (window.width(), window.height()) == size, workspace.name
        for panel in window.panels:
            if not panel.isHidden():
                # No dock is squeezed below what its view needs (that would clip it).
                assert panel.width() >= panel.minimumSizeHint().width(), panel.name


def test_without_a_campaign_the_workspaces_wait(make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    assert not window.workspace_actions["prep"].isEnabled()
    window.show_workspace("prep")
    assert window.workspace == "play" and not shown(window)


def test_smoke_test_at_a_size_in_a_workspace_and_theme(tmp_path: Path, gm_desk_home: Path) -> None:
    shot = tmp_path / "prep.png"
    result = run(
        "--smoke-test",
        "--size",
        "1366x768",
        "--workspace",
        "prep",
        "--theme",
        "dark",
        "--screenshot",
        str(shot),
        home=gm_desk_home,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1])["total_s"] > 0
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (1366, 768)
    # Dark: the window's background, read at the status bar's left end, is dark.
    assert image.pixelColor(4, 760).lightness() < 80
    refused = run("--smoke-test", "--size", "huge", home=gm_desk_home)
    assert refused.returncode == 2 and "1366x768" in refused.stderr
