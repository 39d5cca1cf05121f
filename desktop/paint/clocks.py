"""Progress clocks drawn as round segmented dials, with QtGui only.

The Clocks dock, the faction ladder's small dials and the printed sheets all draw
through `paint_clock`, so a clock looks the same everywhere. Segments start at twelve
o'clock and run clockwise; filled segments are solid, empty ones outlined, with a clear
gap between them, so the dial reads in black and white too. A full clock gets a thicker
ring and a check mark: being done is never told by colour alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPalette, QPen

# Below this fraction of the radius a click is too near the centre to name a segment.
HUB_FRACTION = 0.12


@dataclass(frozen=True)
class ClockStyle:
    """The colours of a dial; `for_palette` follows the screen, `PRINT` suits paper."""

    fill: QColor  # filled segments
    empty: QColor  # the inside of empty segments
    outline: QColor  # segment outlines and the ring
    mark: QColor  # the check mark of a full clock, drawn over the fill
    preview: QColor  # segments a click would fill, while the mouse is over them

    @classmethod
    def for_palette(cls, palette: QPalette) -> ClockStyle:
        text = palette.color(QPalette.ColorRole.Text)
        accent = palette.color(QPalette.ColorRole.Highlight)
        preview = QColor(accent)
        preview.setAlpha(90)
        return cls(
            fill=accent,
            empty=palette.color(QPalette.ColorRole.Base),
            outline=text,
            mark=palette.color(QPalette.ColorRole.HighlightedText),
            preview=preview,
        )

    @classmethod
    def black_and_white(cls) -> ClockStyle:
        return cls(
            fill=QColor("#202020"),
            empty=QColor("#ffffff"),
            outline=QColor("#202020"),
            mark=QColor("#ffffff"),
            preview=QColor(32, 32, 32, 70),
        )


@dataclass(frozen=True)
class DialGeometry:
    """Where the dial of a rect sits: the ring and the smaller disc the segments fill."""

    centre: QPointF
    ring_radius: float  # the centre line of the outer ring
    radius: float  # the segments' outer edge
    gap: float  # the width of the gap between two segments

    @classmethod
    def of(cls, rect: QRectF) -> DialGeometry:
        size = min(rect.width(), rect.height())
        ring_width = ring_pen_width(size, done=True)
        ring_radius = max(1.0, size / 2 - ring_width / 2 - 0.5)
        gap = max(1.5, size * 0.035)
        return cls(rect.center(), ring_radius, max(1.0, ring_radius - ring_width / 2 - gap), gap)


def ring_pen_width(size: float, *, done: bool) -> float:
    thin = max(1.0, size * 0.022)
    return thin * 2.6 if done else thin


def paint_clock(
    painter: QPainter,
    rect: QRectF,
    segments: int,
    filled: int,
    *,
    style: ClockStyle,
    done: bool | None = None,
    preview: int | None = None,
) -> None:
    """Draw a dial of `segments` (2-12) with `filled` of them marked inside `rect`.

    `done` defaults to "every segment filled". `preview`, when given, is the fill a
    click would leave: the segments it would add are tinted, those it would clear hatched.
    """
    segments = max(1, segments)
    filled = max(0, min(segments, filled))
    is_done = filled == segments if done is None else done
    dial = DialGeometry.of(rect)
    size = min(rect.width(), rect.height())
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    line = max(0.8, size * 0.016)
    for index in range(segments):
        path = segment_path(dial, segments, index)
        painter.setPen(QPen(style.outline, line))
        painter.setBrush(style.fill if index < filled else style.empty)
        painter.drawPath(path)
        if preview is not None:
            _paint_preview(painter, path, index, filled, preview, style)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(style.outline, ring_pen_width(size, done=is_done)))
    painter.drawEllipse(dial.centre, dial.ring_radius, dial.ring_radius)
    if is_done:
        _paint_check(painter, dial, style)
    painter.restore()


def _paint_preview(
    painter: QPainter, path: QPainterPath, index: int, filled: int, preview: int, style: ClockStyle
) -> None:
    if filled <= index < preview:  # a click would fill it
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.preview)
        painter.drawPath(path)
    elif preview <= index < filled:  # a click would clear it: hatched, readable without colour
        painter.fillPath(path, QBrush(style.empty, Qt.BrushStyle.BDiagPattern))


def segment_path(dial: DialGeometry, segments: int, index: int) -> QPainterPath:
    """One wedge, shrunk so that every two neighbours keep `dial.gap` between them.

    The wedge's straight sides are the two radii moved half a gap inwards; they meet on
    the bisector, and reach the circle a little inside the radii's own angles.
    """
    path = QPainterPath()
    if segments == 1:
        path.addEllipse(dial.centre, dial.radius, dial.radius)
        return path
    span = 360.0 / segments
    start = 90.0 - index * span  # Qt's angles: degrees, counter-clockwise from three o'clock
    half_gap = dial.gap / 2
    inset = math.degrees(math.asin(min(1.0, half_gap / dial.radius)))
    apex = half_gap / math.sin(math.radians(span / 2))
    path.moveTo(_polar(dial.centre, apex, start - span / 2))
    path.lineTo(_polar(dial.centre, dial.radius, start - inset))
    box = QRectF(
        dial.centre.x() - dial.radius,
        dial.centre.y() - dial.radius,
        2 * dial.radius,
        2 * dial.radius,
    )
    path.arcTo(box, start - inset, -(span - 2 * inset))
    path.closeSubpath()
    return path


def _polar(centre: QPointF, radius: float, degrees: float) -> QPointF:
    angle = math.radians(degrees)
    return QPointF(centre.x() + radius * math.cos(angle), centre.y() - radius * math.sin(angle))


def _paint_check(painter: QPainter, dial: DialGeometry, style: ClockStyle) -> None:
    r = dial.radius
    c = dial.centre
    path = QPainterPath(QPointF(c.x() - r * 0.42, c.y() + r * 0.02))
    path.lineTo(QPointF(c.x() - r * 0.12, c.y() + r * 0.32))
    path.lineTo(QPointF(c.x() + r * 0.45, c.y() - r * 0.34))
    width = max(2.0, r * 0.2)
    # A dark halo under a light stroke: the mark shows on the fill and on paper alike.
    for colour, pen_width in ((style.outline, width * 1.6), (style.mark, width)):
        pen = QPen(colour, pen_width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)


def segment_at(rect: QRectF, segments: int, point: QPointF) -> int | None:
    """The segment (1 = the one right of twelve o'clock) under `point`, or None.

    Points outside the dial, or too near its centre to tell, name no segment.
    """
    if segments < 1:
        return None
    dial = DialGeometry.of(rect)
    dx = point.x() - dial.centre.x()
    dy = dial.centre.y() - point.y()
    distance = math.hypot(dx, dy)
    if distance > dial.ring_radius + 1 or distance < dial.radius * HUB_FRACTION:
        return None
    clockwise = math.degrees(math.atan2(dx, dy)) % 360.0  # from twelve o'clock
    return min(segments, int(clockwise // (360.0 / segments)) + 1)


def segment_point(rect: QRectF, segments: int, segment: int) -> QPointF:
    """The middle of segment `segment` (1-based): where to click to name it."""
    dial = DialGeometry.of(rect)
    span = 360.0 / segments
    return _polar(dial.centre, dial.radius * 0.62, 90.0 - (segment - 0.5) * span)


def fill_after_click(filled: int, segment: int) -> int:
    """Clicking segment k fills up to k; clicking the last filled one empties it."""
    return segment - 1 if segment == filled else segment
