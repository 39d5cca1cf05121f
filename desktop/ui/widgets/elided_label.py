"""A one-line label that gives way: a long name is cut short with "…" (and told whole in
its tooltip) rather than widen its dock, and with it the window past the screen."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QWidget

from desktop.ui.plain_text import PlainLabel, tooltip

LEAST_LETTERS = "Wilhel…"  # untranslated: a width measured, not shown (a name's first letters)


class ElidedLabel(PlainLabel):
    """A `PlainLabel` on one line whose text is cut short when the room is short."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(False)

    def minimumSizeHint(self) -> QSize:
        least = self.fontMetrics().horizontalAdvance(LEAST_LETTERS)
        margins = self.contentsMargins()
        return QSize(least + margins.left() + margins.right(), super().minimumSizeHint().height())

    def setText(self, text: str) -> None:
        super().setText(text)
        self._tip()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._tip()

    def is_cut(self) -> bool:
        """Whether the text is shown cut short."""
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def _tip(self) -> None:
        self.setToolTip(tooltip(self.text()) if self.is_cut() else "")

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.is_cut():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        rect = self.contentsRect()
        shown = self.fontMetrics().elidedText(
            self.text(), Qt.TextElideMode.ElideRight, rect.width()
        )
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, int(self.alignment()), shown)
