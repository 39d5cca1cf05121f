"""The print alignment test: one sheet, printed two-sided, tells the back offset.

The front has crosses; the back has a millimetre grid where each cross should show
through. Held up to a light, back towards the GM, the cross shows on the grid at the
correction to add to the back offset (+X to the right, +Y down, as the back is read).
The positions come from ``layout.alignment_targets``, so the test page mirrors exactly
as the cards' backs do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPagedPaintDevice,
    QPageLayout,
    QPainter,
    QPainterPath,
    QPen,
)

from desktop.language import Translator, translator
from desktop.printing.cards import INK, PAGE_SIZES, RULE, SANS, SOFT_INK, PageSizeName
from desktop.printing.layout import CardPrintOptions, alignment_targets
from desktop.printing.pdf_file import write_pdf

__all__ = ["GRID_REACH_MM", "export_alignment_pdf", "paint_alignment"]

GRID_REACH_MM: Final = 8  # the grid runs 8 mm each way: printers shift a back 1-4 mm
CROSS_REACH_MM: Final = 12.0
SCALE_BAR_MM: Final = 100.0


class _Mm:
    """Millimetres on the paper mapped onto the device's painter."""

    def __init__(self, painter: QPainter, device: QPagedPaintDevice) -> None:
        layout = device.pageLayout()
        full = layout.fullRect(QPageLayout.Unit.Millimeter)
        self.paper = (round(full.width(), 2), round(full.height(), 2))
        self.origin = layout.paintRect(QPageLayout.Unit.Millimeter).topLeft()
        self.unit = device.logicalDpiX() / 25.4
        self.painter = painter

    def p(self, x: float, y: float) -> QPointF:
        return QPointF((x - self.origin.x()) * self.unit, (y - self.origin.y()) * self.unit)

    def line(
        self, x1: float, y1: float, x2: float, y2: float, width: float, colour: QColor = INK
    ) -> None:
        pen = QPen(colour, width * self.unit)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        self.painter.setPen(pen)
        self.painter.drawLine(self.p(x1, y1), self.p(x2, y2))

    def text(
        self,
        box: tuple[float, float, float, float],
        text: str,
        points: float,
        *,
        bold: bool = False,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
    ) -> None:
        font = QFont()
        font.setFamilies(list(SANS))
        font.setPointSizeF(points)
        font.setBold(bold)
        self.painter.setFont(font)
        self.painter.setPen(INK)
        x, y, w, h = box
        rect = QRectF(self.p(x, y), self.p(x + w, y + h))
        self.painter.drawText(rect, int(align | Qt.TextFlag.TextWordWrap), text)

    def arrow(self, x: float, y: float, dx: float, dy: float) -> None:
        """A filled arrow head at (x, y) pointing along (dx, dy) (a unit step)."""
        size = 1.6
        path = QPainterPath(self.p(x, y))
        path.lineTo(self.p(x - dx * size - dy * size / 2, y - dy * size - dx * size / 2))
        path.lineTo(self.p(x - dx * size + dy * size / 2, y - dy * size + dx * size / 2))
        path.closeSubpath()
        self.painter.fillPath(path, INK)


def paint_alignment(
    device: QPagedPaintDevice,
    options: CardPrintOptions | None = None,
    tr: Translator | None = None,
) -> int:
    """Paint the test's front and back on ``device`` in the print language ``tr``
    (English when None); return the pages drawn (2)."""
    options = options or CardPrintOptions()
    words = tr if tr is not None else translator("en")
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("Could not start drawing on the printer or the PDF file.")
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        mm = _Mm(painter, device)
        targets = alignment_targets(mm.paper, options)
        _front(mm, [front for front, _back in targets], options, words)
        device.newPage()
        _back(mm, [back for _front, back in targets], options, words)
    finally:
        painter.end()
    return 2


def _front(
    mm: _Mm, crosses: list[tuple[float, float]], options: CardPrintOptions, tr: Translator
) -> None:
    width, height = mm.paper
    mm.text((15, 12, width - 30, 8), tr.gettext("Print alignment test: FRONT"), 14, bold=True)
    how = (
        tr.gettext(
            "Print this sheet two-sided, flipping on the long edge, at 100 % (actual size), "
            "as you will print your cards. Then turn to the back."
        )
        if options.duplex == "long"
        else tr.gettext(
            "Print this sheet two-sided, flipping on the short edge, at 100 % (actual size), "
            "as you will print your cards. Then turn to the back."
        )
    )
    mm.text((20, 22, width - 40, 22), how, 9)
    for middle, (x, y) in zip((True, False), crosses, strict=False):
        _cross(mm, x, y)
        mm.text(
            (x + 3, y - 8, 20, 5),
            _mark(tr, middle),
            8,
            bold=True,
            align=Qt.AlignmentFlag.AlignLeft,
        )
    # A ruler: if it does not measure 100 mm, the printer scaled the page.
    left, y = (width - SCALE_BAR_MM) / 2, height - 30
    mm.line(left, y, left + SCALE_BAR_MM, y, 0.3)
    for step in range(0, int(SCALE_BAR_MM) + 1, 10):
        mm.line(left + step, y - (2.5 if step % 50 == 0 else 1.5), left + step, y, 0.2)
    mm.text((left, y + 1.5, SCALE_BAR_MM, 6), tr.gettext("this bar is 100 mm long at 100 %"), 8)


def _mark(tr: Translator, middle: bool) -> str:
    """The middle cross's name, or the corner one's letter (A), on both sides."""
    return tr.gettext("middle") if middle else tr.pgettext("the corner cross of the test", "A")


def _cross(mm: _Mm, x: float, y: float) -> None:
    """A bold cross, bold enough to show through the paper against a light."""
    reach = CROSS_REACH_MM
    mm.line(x - reach, y, x + reach, y, 0.45)
    mm.line(x, y - reach, x, y + reach, 0.45)
    mm.painter.setPen(QPen(INK, 0.3 * mm.unit))
    mm.painter.setBrush(Qt.BrushStyle.NoBrush)
    radius = 2.5 * mm.unit
    mm.painter.drawEllipse(mm.p(x, y), radius, radius)


def _back(
    mm: _Mm, centres: list[tuple[float, float]], options: CardPrintOptions, tr: Translator
) -> None:
    width, height = mm.paper
    dx, dy = options.back_offset_mm
    mm.text((15, 12, width - 30, 8), tr.gettext("Print alignment test: BACK"), 14, bold=True)
    # The words go where no grid is: under the title when a grid sits low on the page
    # (turned over the short edge), else at the bottom.
    low = any(y > height / 2 + 10 for _x, y in centres)
    mm.text(
        (18, 24 if low else height - 62, width - 36, 40),
        tr.gettext(
            "Hold the sheet up to a light with this side towards you. Each cross of the "
            "front shows through on its grid. Read where the middle cross sits, in "
            "millimetres: right of 0 is +X, below 0 is +Y. Add that to the back offset and "
            "type it into Print (Layout: Back offset) or give it as --back-offset X,Y."
        )
        + "\n"
        + (
            tr.gettext(
                "This sheet was printed with a back offset of X {x}, Y {y} mm, flipping on "
                "the long edge. When both crosses sit on 0, the backs line up. Grid A shows "
                "whether the paper turns skewed."
            )
            if options.duplex == "long"
            else tr.gettext(
                "This sheet was printed with a back offset of X {x}, Y {y} mm, flipping on "
                "the short edge. When both crosses sit on 0, the backs line up. Grid A shows "
                "whether the paper turns skewed."
            )
        ).format(x=tr.decimal(dx), y=tr.decimal(dy)),
        9,
    )
    for middle, (x, y) in zip((True, False), centres, strict=False):
        _grid(mm, x, y)
        mm.text(
            (x - GRID_REACH_MM - 8, y - GRID_REACH_MM - 9, 20, 5),
            _mark(tr, middle),
            8,
            bold=True,
            align=Qt.AlignmentFlag.AlignLeft,
        )


def _grid(mm: _Mm, cx: float, cy: float) -> None:
    """A millimetre grid, numbered, with arrows for +X (right) and +Y (down)."""
    reach = GRID_REACH_MM
    for step in range(-reach, reach + 1):
        weight, colour = (0.12, RULE) if step % 4 else (0.2, SOFT_INK)
        if step == 0:
            weight, colour = 0.3, INK
        mm.line(cx + step, cy - reach, cx + step, cy + reach, weight, colour)
        mm.line(cx - reach, cy + step, cx + reach, cy + step, weight, colour)
        if step % 4 == 0:
            label = f"{step:+d}" if step else "0"
            mm.text((cx + step - 2.5, cy - reach - 4, 5, 3), label, 5)
            mm.text(
                (cx - reach - 6, cy + step - 1.5, 5, 3),
                label,
                5,
                align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            )
    # Arrows along the axes: which way is plus.
    mm.line(cx + reach, cy, cx + reach + 5, cy, 0.3)
    mm.arrow(cx + reach + 6, cy, 1, 0)
    mm.text(
        (cx + reach + 7, cy - 1.6, 8, 3.2), "+X", 7, bold=True, align=Qt.AlignmentFlag.AlignLeft
    )
    mm.line(cx, cy + reach, cx, cy + reach + 5, 0.3)
    mm.arrow(cx, cy + reach + 6, 0, 1)
    mm.text((cx - 4, cy + reach + 6.5, 8, 3.2), "+Y", 7, bold=True)


def export_alignment_pdf(
    path: Path | str,
    page_size: PageSizeName = "A4",
    options: CardPrintOptions | None = None,
    tr: Translator | None = None,
) -> int:
    """Write the alignment test (front and back) to a PDF at ``path`` in the print
    language ``tr`` (English when None); return its pages."""
    if page_size not in PAGE_SIZES:
        raise ValueError(f"The page size must be A4 or Letter, not {page_size!r}.")
    words = tr if tr is not None else translator("en")
    return write_pdf(
        path,
        PAGE_SIZES[page_size],
        words.gettext("GM Desk print alignment test"),
        lambda writer: paint_alignment(writer, options, words),
    )
