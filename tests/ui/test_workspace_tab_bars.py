"""Workspaces switched in any order leave only their own tab bars on screen.

Qt makes a new QTabBar for each dock tab group a layout change builds (a saved workspace
restored, a default one drawn) and retires the old one with deleteLater() without hiding
it: until the event loop deleted it, Play -> Prep -> Between Sessions -> Play showed
"Chapter | Faction Ladder | Journal" over the Dice Table (in the tests, the smoke test's
screenshots, any picture taken at once). Each check looks at the window as it is right
after the switch: which tab bars are on screen, what their tabs name, what is on top.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow
from desktop.ui.workspaces import BY_NAME

NAMES = ("play", "prep", "between")
# Every order of the three workspaces, twice over.
ORDERS = [name for order in itertools.permutations(NAMES) for name in order] * 2
# The tab groups each workspace's default layout draws, as their tabs read.
GROUPS = {
    "play": [("Play", "Clocks", "Roll Log", "Journal")],
    "prep": [("Roster", "Faction Ladder", "Chapter")],
    "between": [("Chapter", "Faction Ladder", "Journal"), ("Energy Calendar", "Statistics")],
}


def bars_on_screen(window: MainWindow) -> list[QTabBar]:
    """The window's dock tab bars the GM can see: shown, and within the window (Qt sends
    the bar of a group with one dock left out of sight rather than hide it)."""
    return [
        bar
        for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if bar.isVisible() and bar.geometry().intersects(window.rect())
    ]


def tabs(bar: QTabBar) -> tuple[str, ...]:
    return tuple(bar.tabText(index) for index in range(bar.count()))


def owner(widget: QWidget | None, window: MainWindow) -> QWidget | None:
    """The window's direct child `widget` belongs to (a dock, a tab bar, a toolbar...)."""
    while widget is not None and widget.parentWidget() is not window:
        widget = widget.parentWidget()
    return widget


def problems(window: MainWindow) -> list[str]:
    """What is wrong with the dock tab bars and the Dice Table on screen now."""
    QApplication.processEvents()
    found = []
    shown = [panel for panel in window.panels if not panel.isHidden()]
    titles = {panel.title for panel in shown}
    expected = set(BY_NAME[window.workspace].docks)
    if {panel.name for panel in shown} != expected:
        found.append(f"docks shown {sorted(p.name for p in shown)}, not {sorted(expected)}")
    for bar in bars_on_screen(window):
        if not set(tabs(bar)) <= titles:
            found.append(f"tabs {tabs(bar)} on screen, of docks {window.workspace} hides")
        for panel in shown:
            if bar.geometry().intersects(panel.geometry()):
                found.append(f"tabs {tabs(bar)} over the {panel.title} dock")
    for one, other in itertools.combinations(bars_on_screen(window), 2):
        if one.geometry().intersects(other.geometry()):
            found.append(f"tabs {tabs(one)} and {tabs(other)} on top of each other")
    table = next(panel for panel in window.panels if panel.name == "diceTable")
    if table.is_on_screen():
        # Nothing drawn over the table: what the window shows at each point of it is it.
        area = table.geometry()
        for x, y in itertools.product(range(4), range(4)):
            point = QPoint(area.left() + area.width() * (2 * x + 1) // 8, area.top())
            point.setY(area.top() + area.height() * (2 * y + 1) // 8)
            top = owner(window.childAt(point), window)
            if top is not table:
                what = tabs(top) if isinstance(top, QTabBar) else type(top).__name__
                found.append(f"{what} covers the Dice Table at {point.toTuple()}")
                break
    return found


def groups_on_screen(window: MainWindow) -> list[tuple[str, ...]]:
    return sorted(tabs(bar) for bar in bars_on_screen(window))


def test_play_after_prep_and_between_shows_no_tabs_of_theirs(window: MainWindow) -> None:
    """The order the GMs met it in: Play, Prep, Between Sessions, back to Play."""
    window.resize(1366, 768)
    for name in ("prep", "between", "play"):
        window.show_workspace(name)
        assert problems(window) == [], name
    assert groups_on_screen(window) == GROUPS["play"]
    table = next(panel for panel in window.panels if panel.name == "diceTable")
    assert table.is_on_screen() and window.rect().contains(table.geometry())


@pytest.mark.parametrize("saved", [True, False], ids=["saved", "defaults"])
def test_every_order_of_the_workspaces_twice(window: MainWindow, saved: bool) -> None:
    """Each switch restores the workspace saved when it was left (`saved`), or draws its
    default when none is saved (`defaults`: as on a first start, or after Reset Workspace)."""
    window.resize(1366, 768)
    for step, name in enumerate(ORDERS):
        if not saved:
            for workspace in NAMES:
                window.settings.clear_workspace_state(workspace)
        window.show_workspace(name)
        where = f"step {step}, {name}"
        assert problems(window) == [], where
        # The workspace's own tab groups are on screen (none hidden along with the stale).
        assert groups_on_screen(window) == sorted(GROUPS[name]), where


def test_a_window_started_in_a_saved_workspace_switches_cleanly(
    second_window: MainWindow, campaign_path: Path, qtbot: QtBot
) -> None:
    """On a later start every workspace left is restored from the settings."""
    window = second_window
    assert window.open_campaign(campaign_path, interactive=False)
    qtbot.waitUntil(window.is_ready)
    for name in ORDERS:
        window.show_workspace(name)
        assert problems(window) == [], name
        assert groups_on_screen(window) == sorted(GROUPS[name]), name


def test_a_dock_the_gm_tabs_behind_another_keeps_its_tabs(window: MainWindow) -> None:
    """A tab group the GM made (the Dice Table behind the roster) is theirs: restored
    with its tabs on screen each time Play comes back."""
    docks = {panel.name: panel for panel in window.panels}
    window.tabifyDockWidget(docks["roster"], docks["diceTable"])
    docks["roster"].raise_()
    for name in ("prep", "between", "play"):
        window.show_workspace(name)
    QApplication.processEvents()
    assert ("Roster", "Dice Table") in groups_on_screen(window)
    for bar in bars_on_screen(window):
        assert set(tabs(bar)) <= {p.title for p in window.panels if not p.isHidden()}
    assert window.rect().contains(docks["roster"].geometry())
