"""Dice drawn, not bitmaps: one outline per size, so colour is never the only cue.

d4 triangle, d6 square, d8 diamond, d10 kite, d12 pentagon, d20 hexagon. Ordinary dice
are ivory, damage dice red, protection dice blue, depleted dice grey; damage and
protection dice also carry a hatching (and a letter), depleted dice a dashed outline and
removed dice a cross, so the table reads in black and white too. The same routine
serves the Dice Table and the printed sheets.

Each is drawn as a die, not a token: light falls from the top left across its face,
facet lines run from a smaller face in the middle to each corner (a d6 has a bevelled
edge instead), and a d6 showing a face shows it in pips; the other dice show the number.
The size label stays under every face, so a die is named in words whatever it shows.
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)

from desktop.rules.dicepool import Kind

SHAPE_NAMES = {4: "triangle", 6: "square", 8: "diamond", 10: "kite", 12: "pentagon", 20: "hexagon"}


class DieLook(NamedTuple):
    """How a die of one kind is drawn and named: its colours, hatching, letter and the word
    a sentence calls it by ("a d8 damage die"; empty for an ordinary die)."""

    fill: str
    outline: str
    text: str
    hatch: Qt.BrushStyle
    letter: str
    word: str


# One row per die kind: a new kind adds its row here (tests/ui/test_dice_paint.py checks
# that every `Kind` has one), and the table, the kit and the sheets draw and name it.
LOOKS: Final[dict[Kind, DieLook]] = {
    Kind.ORDINARY: DieLook("#f7f1de", "#6b5a35", "#2b2416", Qt.BrushStyle.NoBrush, "", ""),
    Kind.DAMAGE: DieLook(
        "#c8412f", "#6e1a10", "#ffffff", Qt.BrushStyle.BDiagPattern, "D", "damage"
    ),
    Kind.PROTECTION: DieLook(
        "#2f6fb8", "#123b6b", "#ffffff", Qt.BrushStyle.CrossPattern, "P", "protection"
    ),
}
DEPLETED: Final = DieLook("#a3a3a3", "#4d4d4d", "#1e1e1e", Qt.BrushStyle.NoBrush, "", "")
# A kind this build does not know (a file written by a newer GM Desk): drawn plainly, with
# a question mark, rather than failing to draw the table at all.
UNKNOWN: Final = DieLook("#d9d4c7", "#5c5c5c", "#1e1e1e", Qt.BrushStyle.Dense6Pattern, "?", "")


def look_of(kind: str) -> DieLook:
    """The look of a die of `kind`; an unknown kind gets the plain `UNKNOWN` look."""
    try:
        known = Kind(kind)
    except ValueError:
        return UNKNOWN
    return LOOKS.get(known, UNKNOWN)


def kind_word(kind: str) -> str:
    """The word a sentence names a die of `kind` by ("damage"); "" for an ordinary die
    and for a kind this build does not know."""
    return look_of(kind).word


def die_path(size: int, rect: QRectF) -> QPainterPath:
    """The outline of a die of `size` sides inside `rect`."""
    path = QPainterPath()
    points = die_corners(size, rect)
    if not points:  # a d6: a square with rounded corners
        centre = rect.center()
        side = min(rect.width(), rect.height()) / 2 * 1.62
        square = QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side)
        path.addRoundedRect(square, side * 0.14, side * 0.14)
        return path
    path.addPolygon(QPolygonF([*points, points[0]]))
    return path


def die_corners(size: int, rect: QRectF) -> list[QPointF]:
    """The corners of a die's outline (none for the rounded d6 square)."""
    centre = rect.center()
    radius = min(rect.width(), rect.height()) / 2
    if size == 6:
        return []
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
    return points


def paint_die(
    painter: QPainter,
    rect: QRectF,
    size: int,
    *,
    kind: str = Kind.ORDINARY,
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
    look = DEPLETED if depleted or removed else look_of(kind)
    shown_size = size if rolled_size is None else rolled_size
    path = die_path(shown_size, rect)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setBrush(QBrush(_shading(QColor(look.fill), rect)))
    pen = QPen(QColor("#e0a800") if highlight else QColor(look.outline), 3.0 if highlight else 1.6)
    if depleted:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.drawPath(path)
    _facets(painter, rect, shown_size, QColor(look.outline))
    if look.hatch != Qt.BrushStyle.NoBrush and not (depleted or removed):
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(255, 255, 255, 70), look.hatch))
        painter.drawPath(path)
    if face is not None and shown_size == 6 and 1 <= face <= 6:
        _pips(painter, rect, face, look, size, rolled_size, kind)
    else:
        _label(painter, rect, size, look, face, rolled_size, kind)
    if removed:
        painter.setPen(QPen(QColor("#7a1f14"), 2.4))
        inset = rect.adjusted(
            rect.width() * 0.22, rect.height() * 0.22, -rect.width() * 0.22, -rect.height() * 0.22
        )
        painter.drawLine(inset.topLeft(), inset.bottomRight())
        painter.drawLine(inset.topRight(), inset.bottomLeft())
    painter.restore()


def _shading(fill: QColor, rect: QRectF) -> QLinearGradient:
    """Light from the top left: the face lighter there, darker towards the bottom right."""
    gradient = QLinearGradient(rect.topLeft(), rect.bottomRight())
    gradient.setColorAt(0.0, fill.lighter(122))
    gradient.setColorAt(0.55, fill)
    gradient.setColorAt(1.0, fill.darker(125))
    return gradient


def _facets(painter: QPainter, rect: QRectF, size: int, outline: QColor) -> None:
    """The edges between a die's faces, faint, so the outline reads as a solid."""
    edge = QColor(outline)
    edge.setAlpha(95)
    painter.setPen(QPen(edge, 1.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    corners = die_corners(size, rect)
    centre = rect.center()
    if not corners:  # a d6: a bevel inside its edge
        side = min(rect.width(), rect.height()) / 2 * 1.62 * 0.74
        inner = QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side)
        painter.drawRoundedRect(inner, side * 0.1, side * 0.1)
        return
    middle = [QPointF(centre + (corner - centre) * 0.5) for corner in corners]
    painter.drawPolygon(QPolygonF(middle))
    for middle_corner, corner in zip(middle, corners, strict=True):
        painter.drawLine(middle_corner, corner)


# Where the pips of each face sit, on a 3 x 3 grid (column, row).
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def _pips(
    painter: QPainter,
    rect: QRectF,
    face: int,
    look: DieLook,
    size: int,
    rolled_size: int | None,
    kind: str,
) -> None:
    """A d6's face in pips, its size label under them (a d6 stepped from a d4 says so)."""
    side = min(rect.width(), rect.height()) / 2 * 1.62
    centre = rect.center()
    grid = side * 0.46
    top = centre.y() - side * 0.34
    step = grid / 2
    radius = max(1.2, side * 0.065)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(look.text))
    for column, row in PIPS[face]:
        x = centre.x() - grid / 2 + column * step
        y = top + row * step
        painter.drawEllipse(QPointF(x, y), radius, radius)
    painter.setPen(QColor(look.text))
    font = QFont()
    font.setPixelSize(max(7, int(rect.height() * 0.17)))
    below = QRectF(rect.left(), centre.y() + side * 0.2, rect.width(), side * 0.3)
    outline = die_path(6, rect)
    _fitted_text(painter, font, _size_texts(size, rolled_size, kind), outline, below)


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
    outline = die_path(size if rolled_size is None else rolled_size, rect)
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
        below = QRectF(rect.left(), rect.center().y() + small * 0.55, rect.width(), small * 1.3)
        _fitted_text(painter, font, _size_texts(size, rolled_size, kind), outline, below)
        return
    font.setPixelSize(max(8, int(rect.height() * 0.24)))
    # A triangle is wide only near its base: its label sits lower, where "d12→4" fits.
    shown = size if rolled_size is None else rolled_size
    box = rect.translated(0, rect.height() * 0.17) if shown == 4 else rect
    _fitted_text(painter, font, _size_texts(size, rolled_size, kind), outline, box)


def _size_texts(size: int, rolled_size: int | None, kind: str) -> tuple[str, ...]:
    """The size label, longest first: "D d6→10", then shorter ones for a narrow shape
    (a d4's triangle), the last only the size it is rolled as."""
    letter = look_of(kind).letter
    shown = size if rolled_size is None else rolled_size
    text = f"d{size}" if shown == size else f"d{size}→{shown}"
    texts = (f"{letter} {text}", text) if letter else (text,)
    return (*texts, f"d{shown}") if shown != size else texts


# How far a label shrinks: first to a size read at a glance, trying each shorter label,
# then to the least, before the last label is drawn whatever it needs.
READABLE_LABEL_PIXELS = 8
LEAST_LABEL_PIXELS = 7


def _fitted_text(
    painter: QPainter, font: QFont, texts: tuple[str, ...], outline: QPainterPath, box: QRectF
) -> None:
    """Draw the first of `texts` that fits inside `outline`, centred in `box`, shrinking
    the font (a whole label at a readable size before a shorter one); the last text at
    the least size if none fits."""
    start = font.pixelSize()
    for floor in (READABLE_LABEL_PIXELS, LEAST_LABEL_PIXELS):
        for text in texts:
            for pixels in range(start, min(floor, start) - 1, -1):
                font.setPixelSize(pixels)
                if _fits(font, text, outline, box):
                    painter.setFont(font)
                    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
                    return
    font.setPixelSize(min(LEAST_LABEL_PIXELS, start))
    painter.setFont(font)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, texts[-1])


def _fits(font: QFont, text: str, outline: QPainterPath, box: QRectF) -> bool:
    """Whether `text` in `font`, centred in `box`, stays inside `outline`."""
    metrics = QFontMetricsF(font)
    # Centred in `box`: the line's baseline and its digits' top (a cap's height).
    baseline = box.center().y() - metrics.height() / 2 + metrics.ascent()
    top = baseline - metrics.capHeight()
    room = min(_width_at(outline, top), _width_at(outline, baseline))
    return metrics.horizontalAdvance(text) <= room - 4


def _width_at(outline: QPainterPath, y: float) -> float:
    """How wide `outline` is along the line at height `y` (0 above or below it)."""
    bounds = outline.boundingRect()
    line = QPainterPath()
    line.addRect(QRectF(bounds.left() - 1, y - 0.25, bounds.width() + 2, 0.5))
    return outline.intersected(line).boundingRect().width()
