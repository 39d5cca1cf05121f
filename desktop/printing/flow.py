"""Pages that flow: blocks measured in millimetres, broken between blocks, never cut.

The character sheets and the GM summary are built from ``Block``s: a section heading,
one row of traits, one row of the cards table, a row of clock dials. Each block knows
its height (measured with the real fonts on the real device) and how to paint itself.
``paint_documents`` lays them out top to bottom, starts a new page when the next block
(or a heading and the block it must stay with) does not fit, repeats a section's
heading on the page where it continues, and writes a footer with the page number.

One routine serves the print preview, a printer and ``QPdfWriter``: positions are
millimetres on the paper, mapped to whatever device is being painted, so the page size
the printer reports is the page size laid out. QtGui only, like ``cards.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPagedPaintDevice,
    QPageLayout,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
    QTextLayout,
    QTextOption,
)

from desktop.language import Translator, translator
from desktop.printing.cards import (
    INK,
    PAGE_SIZES,
    RULE,
    SOFT_INK,
    PageSizeName,
    laid_out_lines,
    make_font,
)
from desktop.printing.pdf_file import write_pdf

__all__ = [
    "MID",
    "PALE",
    "Block",
    "Canvas",
    "Duplex",
    "FlowDocument",
    "PageFrame",
    "export_pdf_pages",
    "keep_together",
    "paginate",
    "paint_documents",
]

PAGE_MARGIN_MM: Final = 12.0  # inside what most printers can reach
FOOTER_MM: Final = 6.0  # the band at the bottom kept for the footer
PALE: Final = QColor(246, 246, 246)  # alternate rows: faint on paper, gone in a copier
MID: Final = QColor(110, 110, 110)


# ------------------------------------------------------------------------ geometry


@dataclass(frozen=True)
class PageFrame:
    """The paper in millimetres, the box the content flows in, and the device's scale.

    A printer's painter starts at its printable area, not the paper's corner, so every
    position is shifted by that area's offset; the margin is never smaller than what
    the printer itself needs.
    """

    width: float
    height: float
    content: QRectF  # millimetres from the paper's top-left corner
    origin: QPointF  # the painter's (0, 0) on the paper, in millimetres
    unit: float  # device units per millimetre

    @classmethod
    def of(cls, device: QPagedPaintDevice, margin: float = PAGE_MARGIN_MM) -> PageFrame:
        layout = device.pageLayout()
        full = layout.fullRect(QPageLayout.Unit.Millimeter)
        paint = layout.paintRect(QPageLayout.Unit.Millimeter)
        left = max(margin, paint.left())
        top = max(margin, paint.top())
        right = max(margin, full.width() - paint.right())
        bottom = max(margin, full.height() - paint.bottom())
        content = QRectF(left, top, full.width() - left - right, full.height() - top - bottom)
        if content.width() < 100 or content.height() < 120:
            raise ValueError(
                f"A {full.width():.0f} x {full.height():.0f} mm page is too small for a sheet."
            )
        unit = device.logicalDpiX() / 25.4
        return cls(full.width(), full.height(), content, paint.topLeft(), unit)

    @property
    def flow_height(self) -> float:
        """The height blocks may fill: the content box less the footer band."""
        return self.content.height() - FOOTER_MM


# --------------------------------------------------------------------------- canvas


# Unbounded: a sheet uses a few dozen faces, and each must live as long as the
# program, since the canvas keys its metrics by the face's identity.
@cache
def _face(points: float, bold: bool, serif: bool, italic: bool, caps: bool) -> QFont:
    font = QFont(make_font(points, bold, serif, italic))  # a copy: that face is shared
    # No "fi"/"ff" ligatures: a sheet's words stay findable and copyable from the PDF.
    font.setFeature(QFont.Tag("liga"), 0)
    if caps:
        # Small labels in capitals, a little apart: they survive toner spread.
        font.setCapitalization(QFont.Capitalization.AllUppercase)
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 108)
    return font


class Canvas:
    """Millimetres on the paper mapped onto the painter, and text measured in millimetres.

    Fonts are given in points: Qt turns them into device units with the device's dpi,
    so the same sheet measures the same on a 1200 dpi PDF and a 600 dpi printer.
    """

    def __init__(self, painter: QPainter, frame: PageFrame, tr: Translator | None = None) -> None:
        self.painter = painter
        self.frame = frame
        # The print language's words and numbers: every label a block paints goes
        # through it, the campaign's own text (names, notes) never does.
        self.tr = tr if tr is not None else translator("en")
        self.device = painter.device()
        self._metrics: dict[int, QFontMetricsF] = {}
        self._widths: dict[tuple[int, str], float] = {}
        # Plain floats: every line and box goes through point(), thousands a sheet.
        self._x0, self._y0 = frame.origin.x(), frame.origin.y()
        self._unit = frame.unit

    # -- coordinates ---------------------------------------------------------------

    @property
    def left(self) -> float:
        return self.frame.content.left()

    @property
    def width(self) -> float:
        return self.frame.content.width()

    @property
    def right(self) -> float:
        return self.frame.content.right()

    def mm(self, value: float) -> float:
        return value * self.frame.unit

    def point(self, x: float, y: float) -> QPointF:
        return QPointF((x - self._x0) * self._unit, (y - self._y0) * self._unit)

    def rect(self, x: float, y: float, width: float, height: float) -> QRectF:
        return QRectF(self.point(x, y), self.point(x + width, y + height))

    # -- fonts and text ------------------------------------------------------------

    def font(
        self,
        points: float,
        *,
        bold: bool = False,
        serif: bool = False,
        italic: bool = False,
        caps: bool = False,
    ) -> QFont:
        return _face(points, bold, serif, italic, caps)

    def metrics(self, font: QFont) -> QFontMetricsF:
        key = id(font)  # the faces are cached, so one id is one face
        found = self._metrics.get(key)
        if found is None:
            found = self._metrics[key] = QFontMetricsF(font, self.device)
        return found

    def line_height(self, font: QFont) -> float:
        return self.metrics(font).lineSpacing() / self.frame.unit

    def text_width(self, text: str, font: QFont) -> float:
        """The width of ``text`` in mm; measured once per face and text (layout and
        painting ask for the same words)."""
        key = (id(font), text)
        width = self._widths.get(key)
        if width is None:
            width = self._widths[key] = self.metrics(font).horizontalAdvance(text) / self._unit
        return width

    def wrap(self, text: str, font: QFont, width: float) -> list[str]:
        """``text`` broken into lines no wider than ``width`` mm; a word longer than a
        line is broken too, so nothing runs past the edge. Line breaks are kept."""
        lines: list[str] = []
        for paragraph in text.splitlines() or [""]:
            lines.extend(self._wrap_paragraph(paragraph.strip(), font, width))
        return lines

    def _wrap_paragraph(self, text: str, font: QFont, width: float) -> list[str]:
        if not text or self.text_width(text, font) <= width:
            return [text]
        layout = QTextLayout(text, font, self.device)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.setTextOption(option)
        return laid_out_lines(layout, width * self.frame.unit) or [text]

    def text_height(self, text: str, font: QFont, width: float) -> float:
        return len(self.wrap(text, font, width)) * self.line_height(font)

    def text(
        self,
        x: float,
        top: float,
        text: str,
        font: QFont,
        *,
        colour: QColor = INK,
        width: float | None = None,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
    ) -> float:
        """One line of text with its top at ``top``; returns its width in mm.

        With ``width`` the line is aligned in that box (left, centre or right).
        """
        advance = self.text_width(text, font)
        if width is not None and align & Qt.AlignmentFlag.AlignHCenter:
            x += (width - advance) / 2
        elif width is not None and align & Qt.AlignmentFlag.AlignRight:
            x += width - advance
        baseline = QPointF(
            (x - self._x0) * self._unit, (top - self._y0) * self._unit + self.metrics(font).ascent()
        )
        self.painter.setFont(font)
        self.painter.setPen(colour)
        self.painter.drawText(baseline, text)
        return advance

    def lines(
        self,
        x: float,
        top: float,
        lines: Sequence[str],
        font: QFont,
        *,
        colour: QColor = INK,
        width: float | None = None,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
    ) -> float:
        """Lines one under the other from ``top``; returns the height used in mm."""
        step = self.line_height(font)
        for index, line in enumerate(lines):
            self.text(x, top + index * step, line, font, colour=colour, width=width, align=align)
        return step * len(lines)

    def fitted(self, text: str, font: QFont, width: float) -> str:
        """``text`` elided to ``width``: only for labels whose full text is printed elsewhere."""
        elided = self.metrics(font).elidedText(
            text, Qt.TextElideMode.ElideRight, width * self.frame.unit
        )
        return elided

    # -- lines and shapes ------------------------------------------------------------

    def pen(
        self, width: float, colour: QColor = INK, style: Qt.PenStyle = Qt.PenStyle.SolidLine
    ) -> QPen:
        pen = QPen(colour, self.mm(width), style)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        return pen

    def line(
        self, x1: float, y1: float, x2: float, y2: float, width: float, colour: QColor = INK
    ) -> None:
        self.painter.setPen(self.pen(width, colour))
        self.painter.drawLine(self.point(x1, y1), self.point(x2, y2))

    def box(
        self,
        rect: QRectF,
        *,
        line: float = 0.25,
        colour: QColor = INK,
        fill: QColor | None = None,
        radius: float = 0.0,
        style: Qt.PenStyle = Qt.PenStyle.SolidLine,
    ) -> None:
        """A rectangle given in millimetres (``QRectF`` of mm), drawn on the device."""
        device_rect = self.rect(rect.x(), rect.y(), rect.width(), rect.height())
        self.painter.setPen(self.pen(line, colour, style) if line > 0 else Qt.PenStyle.NoPen)
        self.painter.setBrush(fill if fill is not None else Qt.BrushStyle.NoBrush)
        if radius > 0:
            self.painter.drawRoundedRect(device_rect, self.mm(radius), self.mm(radius))
        else:
            self.painter.drawRect(device_rect)

    def hatch(self, rect: QRectF, *, spacing: float = 0.9, width: float = 0.15) -> None:
        """Diagonal lines across ``rect`` (mm), drawn as lines: Qt's pattern brushes are
        device pixels, which a 1200 dpi PDF would shrink to a grey smudge."""
        painter = self.painter
        painter.save()
        clip = QPainterPath()
        clip.addRect(self.rect(rect.x(), rect.y(), rect.width(), rect.height()))
        painter.setClipPath(clip, Qt.ClipOperation.IntersectClip)
        painter.setPen(self.pen(width, MID))
        offset = -rect.height()
        while offset < rect.width():
            painter.drawLine(
                self.point(rect.left() + offset, rect.bottom()),
                self.point(rect.left() + offset + rect.height(), rect.top()),
            )
            offset += spacing
        painter.restore()

    def tick(self, rect: QRectF, colour: QColor, width: float) -> None:
        """A check mark inside ``rect`` (mm)."""
        pen = self.pen(width, colour)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        path = QPainterPath(self.point(rect.left() + rect.width() * 0.2, rect.center().y()))
        path.lineTo(
            self.point(rect.left() + rect.width() * 0.42, rect.bottom() - rect.height() * 0.2)
        )
        path.lineTo(
            self.point(rect.right() - rect.width() * 0.18, rect.top() + rect.height() * 0.22)
        )
        self.painter.setPen(pen)
        self.painter.setBrush(Qt.BrushStyle.NoBrush)
        self.painter.drawPath(path)

    def scaled(self, rect: QRectF, size: float, paint: Callable[[QPainter, QRectF], None]) -> None:
        """Run a screen-sized paint routine (a box ``size`` pixels square) scaled into
        ``rect`` (mm). The table's routines draw with pens and fonts sized for the screen;
        scaled as a whole, their lines keep their proportions on paper."""
        painter = self.painter
        painter.save()
        try:
            painter.translate(self.point(rect.x(), rect.y()))
            scale = self.mm(min(rect.width(), rect.height())) / size
            painter.scale(scale, scale)
            paint(painter, QRectF(0, 0, size, size))
        finally:
            painter.restore()

    def shade(self, rect: QRectF, colour: QColor = PALE) -> None:
        self.painter.fillRect(
            self.rect(rect.x(), rect.y(), rect.width(), rect.height()), QBrush(colour)
        )


# --------------------------------------------------------------------------- blocks


Painter = Callable[[Canvas, float], None]


@dataclass(frozen=True)
class Block:
    """A piece of a page: ``height`` mm tall, painted by ``paint(canvas, top)``.

    ``keep_with_next`` holds a heading to the first row under it. ``section`` names the
    section the block belongs to: when the section goes on over a page break, the
    document's heading for it is repeated on the new page.
    """

    height: float
    paint: Painter
    keep_with_next: bool = False
    section: str = ""
    heading: bool = False


@dataclass
class FlowDocument:
    """One run of pages: a character's sheet, or the GM summary.

    ``continued`` gives the blocks that open a new page in the middle of a section (its
    heading, "continued", and a table's column titles). ``filler`` may use the room
    left at the end of the last page (canvas, top, bottom in mm): never a page of its own.
    """

    blocks: list[Block]
    footer: str
    continued: Callable[[str], list[Block]] = field(default=lambda section: [])
    filler: Callable[[Canvas, float, float], None] | None = None


Placed = list[tuple[Block, float]]


def paginate(document: FlowDocument, page_height: float) -> list[Placed]:
    """Blocks placed on pages: (block, top in mm from the flow's top), page by page."""
    pages: list[Placed] = [[]]
    y = 0.0
    blocks = document.blocks
    for index, block in enumerate(blocks):
        # A group (a heading and its first row, a small table) is placed whole: the
        # decision is taken at its first block. One taller than a page cannot stay
        # whole: it starts where it is and breaks wherever its next block would not fit.
        group = _group_height(blocks, index)
        inside = index > 0 and blocks[index - 1].keep_with_next
        needed = block.height if inside or group > page_height else group
        if pages[-1] and y + needed > page_height:
            pages.append([])
            y = 0.0
            if block.section and not block.heading:
                for opener in document.continued(block.section):
                    pages[-1].append((opener, y))
                    y += opener.height
        pages[-1].append((block, y))
        y += block.height
    return pages


def keep_together(blocks: Sequence[Block]) -> list[Block]:
    """``blocks`` held on one page when they fit on one: a small table, a short section."""
    kept = [replace(block, keep_with_next=True) for block in blocks[:-1]]
    return [*kept, *blocks[-1:]]


def _group_height(blocks: Sequence[Block], index: int) -> float:
    """The block and every block it is kept with (a heading and its first row)."""
    height = blocks[index].height
    while blocks[index].keep_with_next and index + 1 < len(blocks):
        index += 1
        height += blocks[index].height
    return height


# ---------------------------------------------------------------------------- pages


@dataclass(frozen=True)
class Duplex:
    """Two-sided printing: every even page is a back, moved by ``back_offset`` (mm,
    + right and down as the back is read) to meet the printer's shift, and every
    document fills whole sheets of paper (an odd last page gets a blank back), so the
    next starts on a fresh sheet."""

    back_offset: tuple[float, float] = (0.0, 0.0)


def paint_documents(
    device: QPagedPaintDevice,
    build: Callable[[Canvas], Sequence[FlowDocument]],
    duplex: Duplex | None = None,
    tr: Translator | None = None,
) -> int:
    """Paint every document ``build`` makes, each from a fresh page; return pages drawn.

    ``build`` gets the canvas first, so every block is measured with the fonts of the
    device it will be painted on, and in the print language ``tr`` (English when None).
    With ``duplex`` the pages print two-sided.
    """
    frame = PageFrame.of(device)
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("Could not start drawing on the printer or the PDF file.")
    pages = 0
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        canvas = Canvas(painter, frame, tr)
        for document in build(canvas):
            laid_out = paginate(document, frame.flow_height)
            real = len(laid_out)
            if duplex is not None and real % 2:
                # A blank back (footer and page number only): the next document starts
                # on a fresh sheet of paper, and a player's sheet is theirs alone.
                laid_out.append([])
            for number, placed in enumerate(laid_out, start=1):
                if pages:
                    device.newPage()
                painter.save()
                if duplex is not None and pages % 2:
                    dx, dy = duplex.back_offset
                    painter.translate(dx * frame.unit, dy * frame.unit)
                _paint_page(canvas, placed, document.footer, number, len(laid_out))
                if number == real and document.filler is not None:
                    _fill(canvas, placed, document.filler)
                painter.restore()
                pages += 1
    finally:
        painter.end()
    return pages


def _paint_page(canvas: Canvas, placed: Placed, footer: str, number: int, count: int) -> None:
    top = canvas.frame.content.top()
    for block, y in placed:
        block.paint(canvas, top + y)
    page = canvas.tr.gettext("page {number} of {count}")
    _paint_footer(canvas, footer, page.format(number=number, count=count))


def _fill(canvas: Canvas, placed: Placed, filler: Callable[[Canvas, float, float], None]) -> None:
    top = canvas.frame.content.top()
    used = max((y + block.height for block, y in placed), default=0.0)
    filler(canvas, top + used, top + canvas.frame.flow_height)


def _paint_footer(canvas: Canvas, left: str, right: str) -> None:
    content = canvas.frame.content
    y = content.bottom() - FOOTER_MM + 2.6
    canvas.line(content.left(), y, content.right(), y, 0.2, RULE)
    font = canvas.font(7)
    right_width = canvas.text_width(right, font)
    shown = canvas.fitted(left, font, content.width() - right_width - 6)
    canvas.text(content.left(), y + 1.0, shown, font, colour=SOFT_INK)
    canvas.text(
        content.left(),
        y + 1.0,
        right,
        font,
        colour=SOFT_INK,
        width=content.width(),
        align=Qt.AlignmentFlag.AlignRight,
    )


def export_pdf_pages(
    path: Path | str, page_size: PageSizeName, title: str, paint: Callable[[QPdfWriter], int]
) -> int:
    """Let ``paint`` draw a portrait A4 or Letter PDF at ``path``, written whole or not at
    all; return its pages."""
    if page_size not in PAGE_SIZES:
        raise ValueError(f"The page size must be A4 or Letter, not {page_size!r}.")
    return write_pdf(path, PAGE_SIZES[page_size], title, paint)
