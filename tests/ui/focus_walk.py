"""Walking a dock with Tab and Shift+Tab, as a GM without a mouse does (issue 34).

A walk presses Tab (or Shift+Tab) on whatever has the focus (`QApplication.focusWidget`)
until the focus comes back where it started, and records every widget it stood on. A
control the walk never stands on is unreachable; a widget that keeps the focus through
several presses (a text box that types the Tab, a table that walks its cells) is a trap.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGraphicsView,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QScrollBar,
    QTabBar,
    QTextEdit,
    QWidget,
)

# The controls a GM clicks: each one must be reachable from the keyboard.
CONTROLS = (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QTextEdit,
    QPlainTextEdit,
    QGraphicsView,
    QTabBar,
    QAbstractScrollArea,  # a board drawn in a scroll area (the clocks)
)
MOUSE = ("mousePressEvent", "mouseMoveEvent", "mouseReleaseEvent", "mouseDoubleClickEvent")
STUCK = 3  # presses that leave the focus in place before the widget is called a trap


def name_of(widget: QWidget) -> str:
    name = widget.objectName()
    text = widget.text() if isinstance(widget, QAbstractButton) else ""
    label = f"{type(widget).__name__}"
    if name:
        label += f"#{name}"
    if text:
        label += f" '{text}'"
    return label


def _own_part(widget: QWidget) -> bool:
    """A part of a Qt control reached through the control itself (a spin box's line
    edit, a tab bar's scroll arrows, a scroll area's bars, a table's header)."""
    parent = widget.parentWidget()
    if isinstance(widget, (QScrollBar, QHeaderView)):
        return True
    if isinstance(widget, QLineEdit) and isinstance(parent, (QAbstractSpinBox, QComboBox)):
        return True
    if isinstance(widget, QAbstractButton) and isinstance(parent, QTabBar):
        return True  # its scroll arrows: the arrow keys move along the tabs
    while parent is not None:
        if isinstance(parent, QComboBox):
            return True  # the popup list, shown when the box opens
        parent = parent.parentWidget()
    return False


def _ours_with_mouse(widget: QWidget) -> bool:
    """A widget of GM Desk's own that answers the mouse (a chip to drag, say)."""
    for kind in type(widget).__mro__:
        if not kind.__module__.startswith("desktop."):
            continue
        if any(name in vars(kind) for name in MOUSE):
            return True
    return False


def is_control(widget: QWidget) -> bool:
    if isinstance(widget, QScrollArea) and not _ours_with_mouse(widget):
        return False  # a plain scrolling frame around a dock's controls
    links = getattr(widget, "links", None)
    if callable(links) and not links():
        return False  # a piece of text without links is only read
    return (isinstance(widget, CONTROLS) or _ours_with_mouse(widget)) and not _own_part(widget)


def takes_tab(widget: QWidget) -> bool:
    policy = _proxied(widget).focusPolicy()
    return bool(policy & Qt.FocusPolicy.TabFocus) and policy != Qt.FocusPolicy.ClickFocus


def controls_in(root: QWidget) -> list[QWidget]:
    """The controls of `root` that a GM sees and may use now."""
    found = []
    for widget in root.findChildren(QWidget):
        if not is_control(widget):
            continue
        if widget.isVisible() and widget.isEnabled() and not widget.visibleRegion().isEmpty():
            found.append(widget)
    return found


def _proxied(widget: QWidget) -> QWidget:
    while widget.focusProxy() is not None:
        widget = widget.focusProxy()
    return widget


@dataclass
class Walk:
    reached: list[QWidget] = field(default_factory=list)
    trap: QWidget | None = None


def walk(start: QWidget, backwards: bool = False, limit: int = 400) -> Walk:
    """Tab (or Shift+Tab) from `start` until the focus comes back to it."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    first = QApplication.focusWidget()
    done = Walk()
    if first is None:
        return done
    key = Qt.Key.Key_Backtab if backwards else Qt.Key.Key_Tab
    mods = Qt.KeyboardModifier.ShiftModifier if backwards else Qt.KeyboardModifier.NoModifier
    stuck = 0
    focused: QWidget = first
    for _ in range(limit):
        done.reached.append(focused)
        QTest.keyClick(focused, key, mods)
        QApplication.processEvents()
        now = QApplication.focusWidget()
        if now is None:
            return done
        if now is focused:
            stuck += 1
            if stuck >= STUCK:
                done.trap = now
                return done
            continue
        stuck = 0
        focused = now
        if focused is first:
            return done
    done.trap = focused  # never came back: the focus went round somewhere else
    return done


def unreachable(root: QWidget, walked: Walk) -> list[QWidget]:
    """The controls of `root` the walk never stood on (nor on the widget they hand
    their focus to)."""
    stood = {id(w) for w in walked.reached}
    return [w for w in controls_in(root) if id(_proxied(w)) not in stood]
