"""A piece of read-only markup laid out at the width it is given, with its links.

Lighter than a QLabel or a QTextBrowser for a page of many pieces: one QTextDocument
laid out once per width (a word-wrapped label lays itself out for every width a layout
asks about, measured at 5 times per piece), painted in the widget's palette; a click
on a link says its anchor. Its height follows its width, set by `resizeEvent`.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTextDocument,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

# The look of the markup's classes, parsed once per document rather than per line.
STYLE = "p.line { margin-top: 2px; margin-bottom: 2px; margin-left: 8px; }"


class PageText(QWidget):
    """Our own markup (campaign text joined to it only through `escaped`), painted."""

    link_activated = Signal(str)  # the anchor's href

    def __init__(self, markup: str = "", width: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = QTextDocument(self)
        self.document.setDocumentMargin(2)
        self.document.setDefaultFont(self.font())
        self.document.setDefaultStyleSheet(STYLE)
        self.markup = ""
        self._laid_at = -1
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMouseTracking(True)
        if markup:
            self.set_markup(markup, width)

    def set_markup(self, markup: str, width: int = 0) -> None:
        """Show `markup`, laid out at `width` when given (the width it will be shown
        at), else when the layout gives it one."""
        if markup == self.markup:
            return
        self.markup = markup
        self.document.setHtml(markup)
        self._laid_at = -1
        self._lay_out(width)
        self.update()

    def _lay_out(self, width: int) -> None:
        if width <= 0 or width == self._laid_at:
            return
        self._laid_at = width
        self.document.setTextWidth(width)
        self.setFixedHeight(math.ceil(self.document.size().height()))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.document.setDefaultFont(self.font())
            width, self._laid_at = self._laid_at, -1
            self._lay_out(width)
        elif event.type() == QEvent.Type.PaletteChange and self.markup:
            # The document coloured its links with the palette of when the markup was
            # set: read again, they take the new theme's (dark blue links on the dark
            # theme's grey were barely readable).
            self.document.setHtml(self.markup)
            width, self._laid_at = self._laid_at, -1
            self._lay_out(width)
            self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._lay_out(event.size().width())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette = self.palette()
        context.clip = event.rect().toRectF()
        painter.setClipRect(event.rect())
        self.document.documentLayout().draw(painter, context)

    def anchor_at(self, x: float, y: float) -> str:
        """The href of the link at (x, y), or ""."""
        return self.document.documentLayout().anchorAt(QPointF(x, y))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        at = event.position()
        over = bool(self.anchor_at(at.x(), at.y()))
        self.setCursor(Qt.CursorShape.PointingHandCursor if over else Qt.CursorShape.ArrowCursor)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        at = event.position()
        href = self.anchor_at(at.x(), at.y())
        if href and event.button() == Qt.MouseButton.LeftButton:
            self.link_activated.emit(href)
            return
        super().mouseReleaseEvent(event)
