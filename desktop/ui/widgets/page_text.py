"""A piece of read-only markup laid out at the width it is given, with its links.

Lighter than a QLabel or a QTextBrowser for a page of many pieces: one QTextDocument
laid out once per width (a word-wrapped label lays itself out for every width a layout
asks about, measured at 5 times per piece), painted in the widget's palette; a click
on a link says its anchor. Its height follows its width, set by `resizeEvent`. A piece
with links takes the focus from Tab: Tab walks its links (the one reached is shown
selected), Enter opens it, as a QLabel's or a browser's links do.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop.ui.window_language import tr

# The look of the markup's classes, parsed once per document rather than per line.
STYLE = "p.line { margin-top: 2px; margin-bottom: 2px; margin-left: 8px; }"  # untranslated: CSS


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
        self._links: list[tuple[int, int, str]] = []  # (start, end, href) in the text
        self._link = -1  # the link the keyboard reached, -1 for none
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
        self._find_links()
        self._laid_at = -1
        self._lay_out(width)
        self.update()

    def _find_links(self) -> None:
        """Where the links are: a piece with any is reached by Tab, one without is not."""
        self._links = []
        block = self.document.begin()
        while block.isValid():
            fragments = block.begin()
            while not fragments.atEnd():
                fragment = fragments.fragment()
                href = fragment.charFormat().anchorHref()
                if fragment.isValid() and href:
                    start = fragment.position()
                    self._links.append((start, start + fragment.length(), href))
                fragments += 1
            block = block.next()
        self._link = -1
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if self._links else Qt.FocusPolicy.NoFocus)
        if self._links:  # reached by Tab: a screen reader says what it holds
            self.setAccessibleName(self.document.toPlainText()[:200])
            self.setAccessibleDescription(tr("Tab walks its links; Enter opens one."))

    def links(self) -> list[str]:
        return [href for _start, _end, href in self._links]

    def current_link(self) -> str:
        """The href of the link the keyboard reached, or ""."""
        return self._links[self._link][2] if 0 <= self._link < len(self._links) else ""

    def focusInEvent(self, event: QFocusEvent) -> None:
        if self._links:
            backwards = event.reason() == Qt.FocusReason.BacktabFocusReason
            self._link = len(self._links) - 1 if backwards else 0
            self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self._link = -1
        self.update()
        super().focusOutEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab walks this piece's links before it leaves the piece."""
        step = 1 if next else -1
        if self.hasFocus() and 0 <= self._link + step < len(self._links):
            self._link += step
            self.update()
            return True
        return super().focusNextPrevChild(next)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.current_link():
            self.link_activated.emit(self.current_link())
            return
        super().keyPressEvent(event)

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
        if self.hasFocus() and 0 <= self._link < len(self._links):
            start, end, _href = self._links[self._link]
            cursor = QTextCursor(self.document)
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            chosen = QTextCharFormat()
            chosen.setBackground(self.palette().highlight())
            chosen.setForeground(self.palette().highlightedText())
            selection = QAbstractTextDocumentLayout.Selection()
            selection.cursor = cursor
            selection.format = chosen
            context.selections = [selection]
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
