"""Walking a window as a screen reader meets it: every control a GM can reach, and the
name Qt's accessibility gives it (what the screen reader reads)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QGraphicsView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QScrollArea,
    QScrollBar,
    QTabBar,
    QTabWidget,
    QTextEdit,
    QWidget,
)

# The kinds a screen reader offers as controls, whether they take focus or not.
CONTROLS = (
    QAbstractButton,
    QLineEdit,
    QAbstractItemView,
    QAbstractSlider,
    QComboBox,
    QAbstractSpinBox,
    QTextEdit,
    QPlainTextEdit,
    QGraphicsView,
)


def is_control(widget: QWidget) -> bool:
    """Whether `widget` is a control the screen reader must name.

    Left out, each for its reason:
    - hidden widgets (not on screen, not in the accessibility tree either);
    - scroll bars: Qt names them itself by orientation, and they belong to their view;
    - a spin box's or combo box's own line edit: the box is the control, the edit its
      inside (Qt reports it as the box's text);
    - a scroll area's viewport: the area is the control, the viewport its surface;
    - a table's header view: Qt gives the headers as the table's header cells;
    - the tab bar QMainWindow makes for docks in tabs (its tabs are named by titles);
    - an empty label that takes focus to let its text be selected: its name is its
      text, read out when there is one;
    - a plain container that takes focus only to hand it on (a scroll area holding a
      form, a tab widget, whose tab bar names each page): the controls inside are
      walked themselves.
    """
    if not widget.isVisible() or isinstance(widget, QScrollBar):
        return False
    parent = widget.parentWidget()
    if isinstance(widget, QLineEdit) and isinstance(parent, QAbstractSpinBox | QComboBox):
        return False
    if isinstance(parent, QAbstractScrollArea) and widget is parent.viewport():
        return False
    if isinstance(widget, QTabWidget):
        return False
    if isinstance(widget, QLabel) and not widget.text():
        return False  # a result line with nothing to say yet (its text is its name)
    if isinstance(widget, QHeaderView) and isinstance(parent, QAbstractItemView):
        return False  # a table's headers: Qt gives them as the table's header cells
    if isinstance(widget, QTabBar) and isinstance(parent, QMainWindow):
        # The bar QMainWindow makes for docks in tabs: a container whose tabs are named
        # by the docks' titles (`dock_tabs_are_named` checks them).
        return False
    if isinstance(widget, QScrollArea):
        return False  # a frame around a form, not a control (a painted view is walked)
    return widget.focusPolicy() != Qt.FocusPolicy.NoFocus or isinstance(widget, CONTROLS)


def accessible_name(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name).strip() if interface is not None else ""


def where(widget: QWidget) -> str:
    """The dock `widget` is in (its object name), or its window's."""
    each: QWidget | None = widget
    while each is not None:
        if isinstance(each, QDockWidget):
            return each.objectName()
        each = each.parentWidget()
    return widget.window().objectName() or type(widget.window()).__name__


def describe(widget: QWidget) -> str:
    return f"{where(widget)}: {type(widget).__name__} {widget.objectName()!r}"


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def unnamed(root: QWidget) -> dict[str, QWidget]:
    """Every control under `root` (shown as it is, and with each page of each tab widget
    shown in turn) that has no accessible name, by where it is and what it is."""
    found: dict[str, QWidget] = {}

    def walk() -> None:
        for widget in [root, *root.findChildren(QWidget)]:
            if is_control(widget) and not accessible_name(widget):
                found.setdefault(f"{describe(widget)} #{id(widget)}", widget)

    walk()
    for tabs in root.findChildren(QTabWidget):
        if not tabs.isVisible():
            continue
        current = tabs.currentIndex()
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            settle()
            walk()
        tabs.setCurrentIndex(current)
    return found


def dock_tabs_are_named(window: QMainWindow) -> list[str]:
    """The tabs of the window's dock tab bars that have no name."""
    bars = window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
    return [
        f"tab {index} of a dock tab bar"
        for bar in bars
        if bar.isVisible()
        for index in range(bar.count())
        if not bar.tabText(index).strip()
    ]
