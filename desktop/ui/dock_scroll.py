"""Docks that scroll rather than push the window off its screen, at a large zoom.

At View > Zoom 125% the Play workspace's docks need 1552 px side by side (1349 px at
100%), and Qt grows the window to their least width: on a 1366 x 768 laptop its
right-hand dock was off the screen, out of reach (issue 34). While the docks' least
sizes are more than the screen holds, each dock's view is shown in a scroll area,
which asks for no least width of its own: the window fits the screen and what does
not fit a dock scrolls. Once they fit again (a step back), each view is the dock's
own widget again, as it was.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QMainWindow, QScrollArea

from desktop.ui.panel import Panel

# The scroll area's name: a test, or the layout's checks, tell it from a view's own.
SCROLL_NAME = "dockScroll"


def is_scrolled(panel: Panel) -> bool:
    """Whether `panel`'s view is in one of our scroll areas now."""
    widget = panel.widget()
    return isinstance(widget, QScrollArea) and widget.objectName() == SCROLL_NAME


def scroll(panels: Iterable[Panel]) -> None:
    """Each filled dock of `panels` with its view in a scroll area (once)."""
    for panel in panels:
        if not panel.is_filled() or is_scrolled(panel):
            continue
        content = panel.content()
        area = QScrollArea(panel)
        area.setObjectName(SCROLL_NAME)
        area.setFrameShape(QFrame.Shape.NoFrame)
        # Not a stop of Tab's (nor F6's first control): the view's own controls are.
        area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # The view takes the room it is given, and no less than its least size: less
        # than that, the area scrolls.
        area.setWidgetResizable(True)
        area.setWidget(content)
        panel.setWidget(area)


def unscroll(panels: Iterable[Panel]) -> None:
    """Each dock of `panels` with its own view again, where `scroll` had put it in one."""
    for panel in panels:
        if not is_scrolled(panel):
            continue
        area = panel.widget()
        assert isinstance(area, QScrollArea)
        content = area.takeWidget()
        panel.setWidget(content)
        content.show()
        area.deleteLater()


def too_large(least: QSize, room: QSize) -> bool:
    """Whether a window of least size `least` overflows `room`."""
    return least.width() > room.width() or least.height() > room.height()


def docks_of(window: QMainWindow) -> list[Panel]:
    """The window's docks (floating ones too: a floating dock's parent is the window)."""
    return window.findChildren(Panel, options=Qt.FindChildOption.FindDirectChildrenOnly)
