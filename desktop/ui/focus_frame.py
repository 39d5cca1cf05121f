"""A clear frame around the focused widget, in every theme (issue 34).

Fusion marks focus faintly (a tinted edge on a field, nothing on a list or a dice view):
a GM working from the keyboard, or with poor sight, loses where the keys go. One frame,
two pixels wide in the theme's FOCUS colour (3:1 at least on the window), follows the
focus around every window, whatever the widget and however it paints itself.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QApplication, QFocusFrame, QStyle, QWidget
from shiboken6 import isValid

from desktop.ui.theme import FOCUS, colour

# At least 2 px, whatever the style asks for its own focus frame's margin.
MIN_WIDTH = 2


class FocusRing(QFocusFrame):
    """Qt's focus frame (it sits just outside its widget and follows it as it moves and
    resizes), painted as a ring of the theme's focus colour."""

    def paintEvent(self, _event: QPaintEvent) -> None:
        width = max(MIN_WIDTH, self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin))
        painter = QPainter(self)
        ring = colour(self.palette(), FOCUS)  # the framed widget's palette: its theme
        rect = self.rect()
        painter.fillRect(rect.adjusted(0, 0, 0, -rect.height() + width), ring)
        painter.fillRect(rect.adjusted(0, rect.height() - width, 0, 0), ring)
        painter.fillRect(rect.adjusted(0, 0, -rect.width() + width, 0), ring)
        painter.fillRect(rect.adjusted(rect.width() - width, 0, 0, 0), ring)
        painter.end()


class FocusFollower(QObject):
    """Moves one FocusRing to each widget that takes the focus (made once, by the theme,
    as a child of the application)."""

    def __init__(self, app: QApplication, name: str) -> None:
        super().__init__(app)
        self.setObjectName(name)
        self.ring: FocusRing | None = None
        app.focusChanged.connect(self.follow)

    def follow(self, _old: QWidget | None, new: QWidget | None) -> None:
        # A window has no parent to hold the ring (a menu, a popup list): none is drawn.
        framed = new if new is not None and not new.isWindow() else None
        if self.ring is None or not isValid(self.ring):
            if framed is None:
                return
            # Made in the framed widget's parent, which owns it: gone with a closed dialog.
            self.ring = FocusRing(framed.parentWidget())
        self.ring.setWidget(framed)  # type: ignore[arg-type]  # None: no widget (Qt allows)

    def refresh(self) -> None:
        """Frame the focused widget again: a new style hides the frame, a new theme
        changes its colour."""
        if self.ring is not None and isValid(self.ring):
            self.ring.setWidget(None)  # type: ignore[arg-type]  # None: no widget (Qt allows)
        self.follow(None, QApplication.focusWidget())
