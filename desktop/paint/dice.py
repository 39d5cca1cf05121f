"""Dice drawn, not bitmaps: one outline per size, so colour is never the only cue.

d4 triangle, d6 square, d8 diamond, d10 kite, d12 pentagon, d20 hexagon. Ordinary dice
are ivory, damage dice red, protection dice blue, depleted dice grey; damage and
protection dice also carry a hatching (and a letter), depleted dice a dashed outline and
removed dice a cross, so the table reads in black and white too. The same routine
serves the Dice Table and the printed sheets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

SHAPE_NAMES = {4: "triangle", 6: "square", 8: "diamond", 10: "kite", 12: "pentagon", 20: "hexagon"}


@dataclass(frozen=True)
class DieLook:
    fill: str
    outline: str
    text: str
    hatch: Qt.BrushStyle
    letter: str


LOOKS = {
    "ordinary": DieLook("#f7f1de", "#6b5a35", "#2b2416", Qt.BrushStyle.NoBrush, ""),
    "damage": DieLook("#c8412f", "#6e1a10", "#ffffff", Qt.BrushStyle.BDiagPattern, "D"),
    "protection": DieLook("#2f6fb8", "#123b6b", "#ffffff", Qt.BrushStyle.CrossPattern, "P"),
    "depleted": DieLook("#a3a3a3", "#4d4d4d", "#1e1e1e", Qt.BrushStyle.NoBrush, ""),
}


def die_path(size: int, rect: QRectF) -> QPainterPath:
    """The outline of a die of `size` sides inside `rect`."""
    centre = rect.center()
    radius = min(rect.width(), rect.height()) / 2
    if size == 6:
        side = radius * 1.62
        square = QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side)
        path = QPainterPath()
        path.addRoundedRect(square, side * 0.14, side * 0.14)
        return path
    if size == 10:  # a kite: long lower point
        points = [
            QPointF(centre.x(), centre.y() - radius),
            QPointF(centre.x() + radius * 0.86, centre.y() - radius * 0.12),
            QPointF(centre.x(), centre.y() + radius),
            QPointF(centre.x() - radius * 0.86, centre.y() - radius * 0.12),
        ]
    else:
        corners = {4: 3, 8: 4, 12: 5, 20: 6}.get(size, 8)
        # Triangle, diamond and pentagon point up; the hexagon sits on a flat side.
        start = -math.pi / 2 if corners != 6 else -math.pi / 2 + math.pi / 6
        scale = 1.0 if corners != 3 else 1.08
        points = [
            QPointF(
                centre.x() + radius * scale * math.cos(start + i * 2 * math.pi / corners),
                centre.y()
                + radius * scale * math.sin(start + i * 2 * math.pi / corners)
                + (radius * 0.16 if corners == 3 else 0),
            )
            for i in range(corners)
        ]
    path = QPainterPath()
    path.addPolygon(QPolygonF([*points, points[0]]))
    return path


def paint_die(
    painter: QPainter,
    rect: QRectF,
    size: int,
    *,
    kind: str = "ordinary",
    face: int | None = None,
    depleted: bool = False,
    removed: bool = False,
    rolled_size: int | None = None,
    highlight: bool = False,
) -> None:
    """Draw one die: its outline, colour, hatching and its label or face.

    `rolled_size` differs from `size` when trait steps or a step-down changed the die for
    this roll; the label then reads "d6→d10".
    """
    look = LOOKS["depleted" if depleted or removed else kind]
    path = die_path(size if rolled_size is None else rolled_size, rect)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(QColor(look.fill))
    pen = QPen(QColor("#e0a800") if highlight else QColor(look.outline), 3.0 if highlight else 1.6)
    if depleted:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.drawPath(path)
    if look.hatch != Qt.BrushStyle.NoBrush and not (depleted or removed):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(255, 255, 255, 70), look.hatch))
        painter.drawPath(path)
    _label(painter, rect, size, look, face, rolled_size, kind)
    if removed:
        painter.setPen(QPen(QColor("#7a1f14"), 2.4))
        inset = rect.adjusted(
            rect.width() * 0.22, rect.height() * 0.22, -rect.width() * 0.22, -rect.height() * 0.22
        )
        painter.drawLine(inset.topLeft(), inset.bottomRight())
        painter.drawLine(inset.topRight(), inset.bottomLeft())
    painter.restore()


def _label(
    painter: QPainter,
    rect: QRectF,
    size: int,
    look: DieLook,
    face: int | None,
    rolled_size: int | None,
    kind: str,
) -> None:
    painter.setPen(QColor(look.text))
    font = QFont()
    font.setBold(True)
    small = rect.height() * 0.2
    if face is not None:
        font.setPixelSize(max(8, int(rect.height() * 0.36)))
        painter.setFont(font)
        painter.drawText(
            rect.adjusted(0, -small * 0.35, 0, -small * 0.35),
            Qt.AlignmentFlag.AlignCenter,
            str(face),
        )
        font.setPixelSize(max(7, int(small)))
        font.setBold(False)
        painter.setFont(font)
        below = QRectF(rect.left(), rect.center().y() + small * 0.55, rect.width(), small * 1.3)
        painter.drawText(below, Qt.AlignmentFlag.AlignCenter, _size_text(size, rolled_size, kind))
        return
    font.setPixelSize(max(8, int(rect.height() * 0.24)))
    painter.setFont(font)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, _size_text(size, rolled_size, kind))


def _size_text(size: int, rolled_size: int | None, kind: str) -> str:
    letter = LOOKS[kind].letter if kind in LOOKS else ""
    text = f"d{size}" if rolled_size in (None, size) else f"d{size}→{rolled_size}"
    return f"{letter} {text}" if letter else text
