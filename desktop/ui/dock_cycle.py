"""F6 and Shift+F6: the keyboard's way from dock to dock, as in Visual Studio or
LibreOffice; Ctrl+Shift+PgDown and PgUp: the next or previous tab of the dock's tab
group, for a dock hidden behind another's tab (issue 34, "Keyboard only").

Without them the only way to another dock was a long walk with Tab. The docks are
taken in reading order of where they are on screen (top to bottom, and left to right
along a row: docks side by side in one area share their top edge), a floating dock
with the others by its place on the screen; a dock behind another's tab is passed
over until its tab is chosen. The focus lands on the dock's first control, as a
search hit's does (`focus_in`); the status bar and the screen reader say the dock's
name, which the focus moving into its list does not.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QMainWindow, QTabBar, QWidget

from desktop.ui.accessible import announce
from desktop.ui.panel import Panel
from desktop.ui.record_links import focus_in

# How long the status bar says the dock reached.
DOCK_MESSAGE_MS = 2500


def docks_in_order(panels: Sequence[Panel]) -> list[Panel]:
    """The docks of `panels` on screen (shown, and in front of their tab group), in
    reading order of their top-left corners on the screen."""
    shown = [panel for panel in panels if panel.is_on_screen()]

    def corner(panel: Panel) -> tuple[int, int]:
        point = panel.mapToGlobal(QPoint(0, 0))
        return point.y(), point.x()

    return sorted(shown, key=corner)


def dock_of(widget: QWidget | None, panels: Sequence[Panel]) -> Panel | None:
    """The dock of `panels` that `widget` is in, if any."""
    while widget is not None:
        if isinstance(widget, Panel) and widget in panels:
            return widget
        widget = widget.parentWidget()
    return None


def next_dock(panels: Sequence[Panel], direction: int) -> Panel | None:
    """The dock after (`direction` > 0) or before the one with the keyboard's focus,
    round the end; from outside every dock, the first (or the last). None when no dock
    is on screen."""
    order = docks_in_order(panels)
    if not order:
        return None
    current = dock_of(QApplication.focusWidget(), panels)
    if current not in order:
        return order[0] if direction > 0 else order[-1]
    return order[(order.index(current) + (1 if direction > 0 else -1)) % len(order)]


def enter(window: QMainWindow, panel: Panel) -> None:
    """The focus in `panel`, the dock in front (its own window, when floating), its
    name in the status bar and read out."""
    panel.raise_()
    if panel.isFloating():
        panel.activateWindow()
    focus_in(panel)
    title = panel.windowTitle()
    window.statusBar().showMessage(title, DOCK_MESSAGE_MS)
    announce(window, title)


def cycle_docks(window: QMainWindow, panels: Sequence[Panel], direction: int) -> None:
    """F6 (`direction` 1) or Shift+F6 (-1): the focus to the next or previous dock."""
    panel = next_dock(panels, direction)
    if panel is not None:
        enter(window, panel)


def tab_group(window: QMainWindow, panel: Panel) -> list[Panel]:
    """`panel`'s tab group in the order of its tabs; `panel` alone if it has none.

    Qt does not say which of its tab bars is a group's: the bar whose tabs are named
    as the group's docks are is (two docks of one window never share a title)."""
    group = [panel, *window.tabifiedDockWidgets(panel)]
    by_title = {dock.windowTitle(): dock for dock in group if isinstance(dock, Panel)}
    for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        titles = [bar.tabText(index) for index in range(bar.count())]
        if bar.isVisible() and sorted(titles) == sorted(by_title):
            return [by_title[title] for title in titles]
    return [panel]


def cycle_tabs(window: QMainWindow, panels: Sequence[Panel], direction: int) -> None:
    """Ctrl+Shift+PgDown (`direction` 1) or PgUp (-1): the next or previous tab of the
    focused dock's tab group in front, with the focus in it."""
    current = dock_of(QApplication.focusWidget(), panels)
    if current is None:
        return
    group = tab_group(window, current)
    if len(group) < 2 or current not in group:
        return
    enter(window, group[(group.index(current) + (1 if direction > 0 else -1)) % len(group)])
