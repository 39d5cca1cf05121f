"""Small drawn badges for the kinds of roster entries: shape and letter, not colour only."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap

# Shape, letter and colour per kind; shape and letter carry the meaning for
# colour-blind GMs and black-and-white printouts.
_STYLE = {
    "pc": ("circle", "P", "#3d7cc9"),
    "npc": ("square", "N", "#4f9a5b"),
    "challenge": ("diamond", "C", "#c9772f"),
}


@cache
def kind_icon(kind: str, size: int = 32) -> QIcon:
    shape, letter, colour = _STYLE.get(kind, ("circle", "?", "#888888"))
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    inset = size * 0.08
    box = QRectF(inset, inset, size - 2 * inset, size - 2 * inset)
    painter.setPen(QPen(QColor(colour).darker(140), max(1.0, size / 16)))
    painter.setBrush(QColor(colour))
    painter.drawPath(_outline(shape, box))
    font = QFont()
    font.setBold(True)
    font.setPixelSize(int(size * 0.5))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, letter)
    painter.end()
    return QIcon(pixmap)


def _outline(shape: str, box: QRectF) -> QPainterPath:
    path = QPainterPath()
    if shape == "square":
        path.addRoundedRect(box, box.width() * 0.15, box.width() * 0.15)
    elif shape == "diamond":
        centre = box.center()
        path.moveTo(QPointF(centre.x(), box.top()))
        path.lineTo(QPointF(box.right(), centre.y()))
        path.lineTo(QPointF(centre.x(), box.bottom()))
        path.lineTo(QPointF(box.left(), centre.y()))
        path.closeSubpath()
    else:
        path.addEllipse(box)
    return path
