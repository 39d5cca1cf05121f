"""The "shown to players" mark on a clock tile or a faction card: an open eye when the
player display shows it, a crossed-out eye when it is the GM's secret.

Drawn, not an icon file, in the palette's text colours (muted when hidden), and told in
words by the tooltip too, so it never relies on colour. One click on it toggles the
mark; `mark_rect` is where it sits in an item's rect, for painting and hit-testing.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from desktop.ui.window_language import tr

MARK_SIZE = 18.0
MARK_MARGIN = 5.0


def mark_rect(item: QRectF, size: float = MARK_SIZE) -> QRectF:
    """The mark's square in the top-right corner of `item` (a clock tile)."""
    return QRectF(item.right() - MARK_MARGIN - size, item.top() + MARK_MARGIN, size, size)


def paint_shown_mark(painter: QPainter, rect: QRectF, shown: bool, ink: QColor) -> None:
    """An eye in `rect`: open (shown to players) or struck through (hidden), in `ink`
    (the caller's text colour, or its muted one for a hidden item)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    line = max(1.2, rect.width() * 0.09)
    painter.setPen(QPen(ink, line, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    centre = rect.center()
    half_w, half_h = rect.width() * 0.45, rect.height() * 0.28
    eye = QPainterPath(QPointF(centre.x() - half_w, centre.y()))
    eye.quadTo(
        QPointF(centre.x(), centre.y() - half_h * 2), QPointF(centre.x() + half_w, centre.y())
    )
    eye.quadTo(
        QPointF(centre.x(), centre.y() + half_h * 2), QPointF(centre.x() - half_w, centre.y())
    )
    painter.drawPath(eye)
    if shown:
        painter.setBrush(ink)
        radius = rect.width() * 0.14
        painter.drawEllipse(centre, radius, radius)
    else:
        painter.drawLine(
            QPointF(rect.left() + rect.width() * 0.15, rect.bottom() - rect.height() * 0.15),
            QPointF(rect.right() - rect.width() * 0.15, rect.top() + rect.height() * 0.15),
        )
    painter.restore()


def shown_words(shown: bool) -> str:
    """The mark in words, for tooltips."""
    if shown:
        return tr("Shown to players (click the eye to hide it from the player display)")
    return tr("Hidden from players (click the eye to show it on the player display)")
