"""Printed SySCards: poker-size cards, nine to a page, fronts and mirrored backs.

One routine, ``paint_pages``, draws every page on any ``QPagedPaintDevice``: the print
preview, a printer and ``QPdfWriter`` all go through it, so what the GM previews is what
prints. ``paint_card_front`` is also the card the SySCards dock previews.

The module takes plain data (``PrintCard``), never widgets, and needs only QtGui, so it
runs headless (``QT_QPA_PLATFORM=offscreen``) under a ``QGuiApplication``.

Everything on a card is laid out in millimetres of the card (63 x 88) and mapped onto
whatever rectangle the caller gives, so the dock's small preview and the 1200 dpi PDF
share one layout. Text stays vector text; Qt embeds the fonts in a PDF.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Final, Literal, TypeAlias

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QPointF,
    QRectF,
    QSize,
    QSizeF,
    Qt,
)
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QImageReader,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextLayout,
)

from desktop.language import N_, Translator, translator
from desktop.printing.layout import (
    CARD_SIZES,
    MIN_PAGE_MARGIN_MM,
    PAPER_MM,
    Box,
    CardPrintOptions,
    CardSheet,
    LayoutError,
    card_sheet,
)
from desktop.printing.pdf_file import write_pdf
from desktop.printing.rich_text import SealedTextDocument, set_campaign_text
from desktop.printing.words import category_word, grade_word
from desktop.rules.syscards import efficiency_label, grade_for

__all__ = [
    "CARD_SIZES",
    "CARD_SIZE_MM",
    "MIN_PAGE_MARGIN_MM",
    "PAGE_SIZES",
    "PAPER_MM",
    "CardFit",
    "CardPrintOptions",
    "ImageCache",
    "LayoutError",
    "PrintCard",
    "SheetLayout",
    "export_pdf",
    "fit_card",
    "paint_card_back",
    "paint_card_front",
    "paint_pages",
    "sheet_layout",
]

# ----------------------------------------------------------------------------- sizes

CARD_SIZE_MM: Final = (63, 88)  # poker size: what card sleeves are made for, and the
# card millimetres every card is designed in (other sizes are scaled to its width)
PageSizeName = Literal["A4", "Letter"]
PAGE_SIZES: Final[dict[str, QPageSize.PageSizeId]] = {
    "A4": QPageSize.PageSizeId.A4,
    "Letter": QPageSize.PageSizeId.Letter,
}

# Cards touch on the sheet (with no gap and no bleed) so one cut serves two cards; the
# page needs only layout.MIN_PAGE_MARGIN_MM of margin around the block for the marks.
CROP_GAP_MM: Final = 1.5  # marks stop short of the card, so a cut never shows them
CROP_LENGTH_MM: Final = 5.0
CUT_LINE_MM: Final = 0.15  # full-length cut lines: thin, so a cut on the line removes it

# Ink stays 2.5 mm inside the edge: a cut that misses by a millimetre then shows
# neither a neighbour's frame nor a frame cut in half.
FRAME_MM: Final = 2.5
PAD_MM: Final = 4.0
GAP_MM: Final = 1.5
RADIUS_MM: Final = 2.2

# Vertical layout of a front, in millimetres from the card's top edge.
CORNER_ROW: Final = (3.4, 7.0)  # top, height: category left, #efc% right
NAME_ROW: Final = (10.4, 9.8)  # up to two lines of name
HEADER_BOTTOM: Final = 21.0
NUMBERS_ROW: Final = (22.6, 10.0)
ZONE_ROW: Final = (34.2, 8.2)
BODY_TOP: Final = 43.8
IMAGE_MAX_HEIGHT: Final = 21.0
IMAGE_DPI: Final = 300  # more pixels than this cannot show on paper
LABEL_HEIGHT: Final = 3.2
FOOTER_HEIGHT: Final = 3.4
BACK_HEADER_BOTTOM: Final = 14.0

# The Info text starts at the largest size and shrinks, no further than what is still
# readable at arm's length, before it continues on the back.
INFO_MAX_PT: Final = 7.5
INFO_MIN_PT: Final = 5.5
INFO_STEP_PT: Final = 0.25

# Faces found on Linux, Windows and macOS, in that order. DejaVu ships with nearly
# every Linux; the others are each platform's standard faces.
SANS: Final = ("DejaVu Sans", "Noto Sans", "Segoe UI", "Helvetica Neue", "Arial")
SERIF: Final = ("DejaVu Serif", "Noto Serif", "Georgia", "Times New Roman")

# Black and greys only: the cards print on any printer, and no meaning is in colour.
INK: Final = QColor(0, 0, 0)
SOFT_INK: Final = QColor(85, 85, 85)
RULE: Final = QColor(140, 140, 140)
BAND: Final = QColor(232, 232, 232)
PAPER: Final = QColor(255, 255, 255)
BORDER: Final = QColor(205, 205, 205)  # a card's edge out to its bleed, when printed with one

# Marked here, translated when painted: the card's words are in the print language.
NUMBER_LABELS: Final = (N_("Power"), N_("Velocity"), N_("Focus"), N_("Resistance"))
CONTINUED_NOTE: Final = N_("continued on the back ▸")
LOST_NOTE: Final = N_("… more than one card holds: shorten the Info")


# ------------------------------------------------------------------------------ data


@dataclass(frozen=True)
class PrintCard:
    """One card as it prints: plain values, mapped from the store by the caller.

    ``owner`` is the owner card's name, the ``#`` of the rules' ``#efc%``; None (or
    blank) for a card nobody owns. ``image`` is encoded image data (PNG, JPEG, ...);
    data Qt cannot decode is simply not drawn.
    """

    name: str
    category: str
    owner: str | None
    efficiency: int
    power: int
    velocity: int
    focus: int
    resistance: int
    zone: str
    scale: str
    info_html: str
    tags: tuple[str, ...] = ()
    image: bytes | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"A printed card needs a name, not {self.name!r}.")
        # A blank owner means nobody: the rules' label refuses an empty name.
        if self.owner is not None and not self.owner.strip():
            object.__setattr__(self, "owner", None)
        # Checked now, so a bad card fails where it is built, not halfway into a PDF.
        efficiency_label(self.efficiency, self.owner)
        object.__setattr__(self, "tags", tuple(self.tags))

    @property
    def corner_label(self) -> str:
        """The rules' ``#efc%``: the owner's name, if any, then the efficiency."""
        return efficiency_label(self.efficiency, self.owner)

    @property
    def numbers(self) -> tuple[int, int, int, int]:
        return (self.power, self.velocity, self.focus, self.resistance)


# -------------------------------------------------------------------------- sheets


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards sit on one page, in millimetres from the page's top-left.

    A view of ``layout.CardSheet`` (the pure geometry) in Qt's rectangles.
    """

    sheet: CardSheet

    @property
    def page_width_mm(self) -> float:
        return self.sheet.paper_mm[0]

    @property
    def page_height_mm(self) -> float:
        return self.sheet.paper_mm[1]

    @property
    def columns(self) -> int:
        return self.sheet.columns

    @property
    def rows(self) -> int:
        return self.sheet.rows

    @property
    def per_page(self) -> int:
        return self.sheet.per_page

    @property
    def left_mm(self) -> float:
        return min(box.left for box in self.sheet.trims())

    @property
    def top_mm(self) -> float:
        return min(box.top for box in self.sheet.trims())

    def card_rect_mm(self, slot: int, *, mirrored: bool = False) -> QRectF:
        """The card in ``slot`` (row by row); mirrored is where its back must go.

        A duplex printer turns a portrait sheet over its long edge, so the back of the
        top-left card lands top-right. The block is centred, so the slots line up.
        """
        if not 0 <= slot < self.per_page:
            raise ValueError(f"Slot {slot} is not on a page of {self.per_page} cards.")
        place = self.sheet.placements[slot]
        return _qrect(place.back_trim if mirrored else place.trim)

    def cut_lines_mm(self) -> tuple[list[float], list[float]]:
        """The x of every vertical cut and the y of every horizontal one."""
        return self.sheet.cut_lines()


def sheet_layout(
    page_width_mm: float, page_height_mm: float, options: CardPrintOptions | None = None
) -> SheetLayout:
    """As many cards as fit with room for crop marks: 3 x 3 poker cards on A4 and Letter."""
    return SheetLayout(card_sheet((page_width_mm, page_height_mm), options))


def _qrect(box: Box) -> QRectF:
    return QRectF(box.left, box.top, box.width, box.height)


# -------------------------------------------------------------- card coordinates


class _Space:
    """Card millimetres mapped onto the painter's units, and fonts sized to match.

    Qt turns a point size into units with the device's dpi. The card may be drawn
    smaller or larger than life (the dock's preview), so point sizes are scaled by how
    far the card's rectangle is from the card's real size on that device.
    """

    def __init__(
        self,
        painter: QPainter,
        rect: QRectF,
        *,
        bordered: bool = False,
        tr: Translator | None = None,
    ) -> None:
        self.painter = painter
        self.tr = tr if tr is not None else translator("en")
        self.device: QPaintDevice = painter.device()
        self.origin = rect.topLeft()
        self.unit = rect.width() / CARD_SIZE_MM[0]
        # Taller cards than poker's 63:88 (bridge, mini, tarot) are as wide in card
        # millimetres and longer: the body grows, the header stays as it is.
        self.height = max(float(CARD_SIZE_MM[1]), rect.height() / self.unit) if self.unit else 88.0
        # A bordered card's edge is ink out to its bleed; only inside its frame is white.
        self.bordered = bordered
        self.font_scale = self.unit * 25.4 / max(1, self.device.logicalDpiY())

    def mm(self, value: float) -> float:
        return value * self.unit

    def x(self, mm: float) -> float:
        return self.origin.x() + mm * self.unit

    def y(self, mm: float) -> float:
        return self.origin.y() + mm * self.unit

    def rect(self, x: float, y: float, width: float, height: float) -> QRectF:
        return QRectF(self.x(x), self.y(y), width * self.unit, height * self.unit)

    def font(
        self, points: float, *, bold: bool = False, serif: bool = False, italic: bool = False
    ) -> QFont:
        # A copy: callers may add tracking without touching the cached face.
        return QFont(make_font(round(points * self.font_scale, 4), bold, serif, italic))

    def metrics(self, font: QFont) -> QFontMetricsF:
        return QFontMetricsF(font, self.device)

    def pen(self, width_mm: float, colour: QColor = INK) -> QPen:
        return QPen(colour, self.mm(width_mm))


@lru_cache(maxsize=256)
def make_font(points: float, bold: bool, serif: bool, italic: bool) -> QFont:
    """A face by value; cached because every card asks for the same dozen faces (a
    caller that changes the face changes a copy)."""
    font = QFont()
    font.setFamilies(list(SERIF if serif else SANS))
    font.setStyleHint(QFont.StyleHint.Serif if serif else QFont.StyleHint.SansSerif)
    font.setPointSizeF(points)
    font.setBold(bold)
    font.setItalic(italic)
    return font


def _inner_width() -> float:
    return CARD_SIZE_MM[0] - 2 * PAD_MM


# -------------------------------------------------------------------------- text


def laid_out_lines(layout: QTextLayout, width: float) -> list[str]:
    """The lines a text layout breaks its text into at ``width`` device units, each
    without the blanks around it."""
    text = layout.text()
    lines: list[str] = []
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        lines.append(text[line.textStart() : line.textStart() + line.textLength()].strip())
    layout.endLayout()
    return lines


def _wrap(space: _Space, text: str, font: QFont, width: float, max_lines: int) -> list[str]:
    """``text`` broken into lines of ``width``; the last allowed line is elided."""
    lines = laid_out_lines(QTextLayout(text, font, space.device), width)
    if len(lines) <= max_lines:
        return lines
    rest = " ".join(lines[max_lines - 1 :])
    elided = space.metrics(font).elidedText(rest, Qt.TextElideMode.ElideRight, width)
    return [*lines[: max_lines - 1], elided]


def _fit_text(
    space: _Space,
    text: str,
    box: QRectF,
    sizes: tuple[float, float],
    *,
    max_lines: int,
    bold: bool = False,
    serif: bool = False,
) -> tuple[QFont, list[str]]:
    """The largest font (``sizes``: largest, smallest) at which ``text`` fits ``box``.

    At the smallest size whatever is still too long is elided, never drawn outside.
    """
    largest, smallest = sizes
    points = largest
    while True:
        font = space.font(points, bold=bold, serif=serif)
        metrics = space.metrics(font)
        lines = _wrap(space, text, font, box.width(), max_lines)
        high = len(lines) * metrics.lineSpacing() - metrics.leading() <= box.height()
        # A single word longer than the box stays on one line: it must shrink too.
        wide = max(metrics.horizontalAdvance(line) for line in lines) <= box.width()
        whole = " ".join(lines) == " ".join(text.split())
        if high and wide and whole:
            return font, lines
        if points <= smallest:
            elide = Qt.TextElideMode.ElideRight
            return font, [metrics.elidedText(line, elide, box.width()) for line in lines]
        points = max(smallest, points - 0.5)


def _draw_lines(
    space: _Space,
    lines: Sequence[str],
    font: QFont,
    box: QRectF,
    *,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
    colour: QColor = INK,
) -> None:
    """Draw ``lines`` vertically centred in ``box``."""
    painter = space.painter
    metrics = space.metrics(font)
    spacing = metrics.lineSpacing()
    block = spacing * len(lines) - metrics.leading()
    top = box.top() + (box.height() - block) / 2
    painter.setFont(font)
    painter.setPen(colour)
    for index, line in enumerate(lines):
        width = metrics.horizontalAdvance(line)
        if align & Qt.AlignmentFlag.AlignHCenter:
            x = box.left() + (box.width() - width) / 2
        elif align & Qt.AlignmentFlag.AlignRight:
            x = box.right() - width
        else:
            x = box.left()
        painter.drawText(QPointF(x, top + index * spacing + metrics.ascent()), line)


def _draw_one_line(
    space: _Space,
    text: str,
    font: QFont,
    box: QRectF,
    *,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
    colour: QColor = INK,
) -> None:
    elided = space.metrics(font).elidedText(text, Qt.TextElideMode.ElideRight, box.width())
    _draw_lines(space, [elided], font, box, align=align, colour=colour)


def _small_caps(space: _Space, points: float) -> QFont:
    font = space.font(points, bold=True)
    # A little tracking keeps tiny capitals apart after a laser printer's toner spread.
    font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 106)
    return font


# ------------------------------------------------------------------------- images


def _decode(data: bytes | None) -> QImage | None:
    """The image at no more pixels than its largest box can show at 300 dpi."""
    limit = QSize(
        round(_inner_width() / 25.4 * IMAGE_DPI), round(IMAGE_MAX_HEIGHT / 25.4 * IMAGE_DPI)
    )
    return decode_within(data, limit)


def decode_within(data: bytes | None, limit: QSize) -> QImage | None:
    """An image file's bytes decoded at no more pixels than `limit`; None for no data.

    QImageReader scales while decoding (a phone photo's JPEG decodes at a fraction of
    its size), which is far faster than decoding it whole and then scaling.
    """
    if not data:
        return None
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    size = reader.size()
    if size.isValid() and (size.width() > limit.width() or size.height() > limit.height()):
        reader.setScaledSize(size.scaled(limit, Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    # Broken data decodes to a null image: it is left out, never an error.
    return None if image.isNull() or image.width() == 0 else image


def _image_height(image: QImage | None) -> float:
    if image is None:
        return 0.0
    return min(IMAGE_MAX_HEIGHT, _inner_width() * image.height() / image.width())


# ---------------------------------------------------------------- fitting a card


@dataclass(frozen=True, eq=False)
class CardFit:
    """What a card needs worked out before it is drawn: its image and its Info.

    ``front`` is the Info as the front shows it, ``back`` the rest when it did not fit
    (None when it did): two documents, each holding only its side's text, so a PDF's
    text for a side is exactly what that side shows. ``scale`` maps document units to
    the painter's; ``lost`` says the back was not enough either.
    """

    image: QImage | None
    front: QTextDocument | None = None
    back: QTextDocument | None = None
    point_size: float = INFO_MAX_PT
    scale: float = 1.0
    lost: bool = False

    @property
    def overflows(self) -> bool:
        return self.back is not None


ImageCache: TypeAlias = dict[bytes, QImage | None]


def fit_card(
    painter: QPainter, rect: QRectF, card: PrintCard, *, images: ImageCache | None = None
) -> CardFit:
    """Decode ``card``'s image and lay out its Info for a card drawn in ``rect``.

    The Info shrinks step by step down to the minimum size; what still does not fit
    goes to the back. ``images`` shares decoded images between the cards of one print
    job, so a picture used twice is decoded (and stored in the PDF) once.
    """
    image = _cached_image(card.image, images)
    space = _Space(painter, rect)
    prepared = _info_document(space, card.info_html)
    if prepared is None:
        return CardFit(image)
    document, body = prepared
    box = _front_info_box(image, with_footer=bool(card.tags), height=space.height)
    width, height = space.mm(box.width()), space.mm(box.height())
    sizes = _info_sizes()
    # Most cards fit at the largest size: trying it first costs them a single layout.
    if _height_at(document, width, _scale_for(sizes[0], body, space)) <= height:
        return CardFit(image, document, None, sizes[0], _scale_for(sizes[0], body, space))
    if _height_at(document, width, _scale_for(sizes[-1], body, space)) > height:
        return _split(space, image, document, body, card.info_html, width)
    points = _largest_fitting(document, body, space, (width, height), sizes)
    scale = _scale_for(points, body, space)
    _height_at(document, width, scale)
    return CardFit(image, document, None, points, scale)


def _cached_image(data: bytes | None, images: ImageCache | None) -> QImage | None:
    if images is None or not data:
        return _decode(data)
    if data not in images:
        images[data] = _decode(data)
    return images[data]


def _front_info_box(
    image: QImage | None, *, with_footer: bool, height: float = CARD_SIZE_MM[1]
) -> QRectF:
    """Where the Info text goes on the front, in card millimetres."""
    top = BODY_TOP
    if image is not None:
        top += _image_height(image) + GAP_MM
    top += LABEL_HEIGHT
    bottom = height - PAD_MM - (FOOTER_HEIGHT if with_footer else 0)
    return QRectF(PAD_MM, top, _inner_width(), max(0.0, bottom - top))


def _back_info_box(height: float = CARD_SIZE_MM[1]) -> QRectF:
    top = BACK_HEADER_BOTTOM + GAP_MM + LABEL_HEIGHT
    bottom = height - PAD_MM - FOOTER_HEIGHT
    return QRectF(PAD_MM, top, _inner_width(), bottom - top)


def _new_document(device: QPaintDevice) -> SealedTextDocument:
    document = SealedTextDocument()  # the Info loads nothing from outside the campaign
    # The metrics of the device that draws it, or a PDF's lines would break elsewhere.
    document.documentLayout().setPaintDevice(device)
    document.setDocumentMargin(0)
    document.setDefaultFont(make_font(10, False, False, False))
    return document


def _info_document(space: _Space, html: str) -> tuple[QTextDocument, float] | None:
    """The Info as a document at its own sizes, with its body size; None when empty."""
    if not html.strip():
        return None
    document, body = _parse(space, html)
    return (document, body) if document.toPlainText().strip() else None


def _parse(space: _Space, html: str) -> tuple[QTextDocument, float]:
    document = _new_document(space.device)
    # Plain text keeps its line breaks; HTML (what QTextEdit writes) keeps its markup.
    set_campaign_text(document, html)
    _drop_font_families(document)
    return document, _dominant_size(document, 10)


def _dominant_size(document: QTextDocument, default: float) -> float:
    """The point size most of the text is in: QTextEdit writes one on every span.

    The whole document is scaled so that this size prints at the chosen Info size;
    headings and small print keep their proportions to it.
    """
    weights: dict[float, int] = {}
    block = document.begin()
    while block.isValid():
        for part in block.textFormats():
            size = part.format.fontPointSize() or default
            weights[size] = weights.get(size, 0) + part.length
        block = block.next()
    return max(weights, key=weights.__getitem__) if weights else default


def _drop_font_families(document: QTextDocument) -> None:
    """Print the Info in the card's face, not the face the editor happened to use.

    QTextEdit's HTML names its font on every span. Only the face goes; bold, italic,
    sizes and the rest stay.
    """
    families = (QTextFormat.Property.FontFamilies, QTextFormat.Property.FontFamily)
    cursor = QTextCursor(document)
    block = document.begin()
    while block.isValid():
        for part in block.textFormats():
            if not any(part.format.hasProperty(key) for key in families):
                continue
            fmt = part.format
            for key in families:
                fmt.clearProperty(key)
            start = block.position() + part.start
            cursor.setPosition(start)
            cursor.setPosition(start + part.length, QTextCursor.MoveMode.KeepAnchor)
            cursor.setCharFormat(fmt)
        block = block.next()


def _info_sizes() -> list[float]:
    count = round((INFO_MAX_PT - INFO_MIN_PT) / INFO_STEP_PT)
    return [INFO_MAX_PT - step * INFO_STEP_PT for step in range(count + 1)]


def _scale_for(points: float, body: float, space: _Space) -> float:
    return points / body * space.font_scale


def _height_at(document: QTextDocument, width: float, scale: float) -> float:
    """The document's height in painter units when drawn ``width`` wide at ``scale``."""
    document.setTextWidth(width / scale)
    return document.size().height() * scale


def _largest_fitting(
    document: QTextDocument,
    body: float,
    space: _Space,
    box: tuple[float, float],
    sizes: list[float],
) -> float:
    """Binary search over ``sizes`` (large to small; the first fails, the last fits)."""
    width, height = box
    failing, fitting = 0, len(sizes) - 1
    while fitting - failing > 1:
        middle = (failing + fitting) // 2
        if _height_at(document, width, _scale_for(sizes[middle], body, space)) <= height:
            fitting = middle
        else:
            failing = middle
    return sizes[fitting]


def _split(
    space: _Space, image: QImage | None, front: QTextDocument, body: float, html: str, width: float
) -> CardFit:
    """At the smallest size: the lines that fit on the front, the rest on the back.

    ``front`` is cut to what the front shows and a second parse of the same HTML to
    what the back shows. (Not ``QTextDocument.clone``: PySide deletes a clone along
    with its original.)
    """
    back, _ = _parse(space, html)
    scale = _scale_for(INFO_MIN_PT, body, space)
    for document in (front, back):
        _height_at(document, width, scale)
    # The front now needs its footer for the "continued" note.
    front_box = _front_info_box(image, with_footer=True, height=space.height)
    front_limit = space.mm(front_box.height()) / scale
    position = _cut(front, front_limit)
    if position is None:  # the caller saw it overflow; kept so a surprise stays harmless
        return CardFit(image, front, None, INFO_MIN_PT, scale)
    _keep_from(back, position)
    _keep_before(front, position)
    # Same width as the front, so the back's lines break just as they would have.
    back_limit = space.mm(_back_info_box(space.height).height()) / scale
    lost_at = _cut(back, back_limit)
    if lost_at is not None:
        _keep_before(back, lost_at)
    shown_front = front if position > 0 else None
    return CardFit(image, shown_front, back, INFO_MIN_PT, scale, lost=lost_at is not None)


def _cut(document: QTextDocument, limit: float) -> int | None:
    """Where a side holding ``limit`` of the document stops: the character that starts
    the first line not to fit, or None when all of it fits."""
    layout = document.documentLayout()
    cut: tuple[float, int] | None = None
    block = document.begin()
    while block.isValid():
        if block.isVisible():
            top = layout.blockBoundingRect(block).top()
            if top > limit:
                return _earlier(cut, (top, block.position()))[1]
            lines = block.layout()
            for index in range(lines.lineCount()):
                line = lines.lineAt(index)
                if top + line.y() + line.height() > limit:
                    start = block.position() + line.textStart()
                    cut = _earlier(cut, (top + line.y(), start))
        block = block.next()
    return None if cut is None else cut[1]


def _earlier(cut: tuple[float, int] | None, candidate: tuple[float, int]) -> tuple[float, int]:
    # By height first: in a table, a later cell's line may sit higher on the page.
    return candidate if cut is None or candidate < cut else cut


def _keep_before(document: QTextDocument, position: int) -> None:
    """Delete everything from ``position`` on."""
    cursor = QTextCursor(document)
    # At a block's start the paragraph break before it goes too: no empty last line.
    at_block_start = document.findBlock(position).position() == position
    cursor.setPosition(max(0, position - 1 if at_block_start else position))
    cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
    cursor.removeSelectedText()


def _keep_from(document: QTextDocument, position: int) -> None:
    """Show only what starts at ``position``.

    Whole blocks before it are hidden, not deleted: a numbered list keeps its numbers
    and the first block shown keeps its own format. A paragraph cut in the middle is
    split in two, and the second half shown as the rest of the first.
    """
    first = document.findBlock(position)
    if first.position() != position:
        cursor = QTextCursor(document)
        cursor.setPosition(position)
        cursor.insertBlock()
        first = cursor.block()
        _as_continuation(cursor)
    block = document.begin()
    while block.isValid() and block != first:
        block.setVisible(False)
        block = block.next()
    document.markContentsDirty(0, document.characterCount())


def _as_continuation(cursor: QTextCursor) -> None:
    """Format the block at ``cursor`` as the rest of the paragraph before it."""
    block = cursor.block()
    listed = block.textList()
    depth = 0
    if listed is not None:
        # Out of the list, so no second marker and later items keep their numbers,
        # but indented as deep as the item's text.
        depth = listed.format().indent()
        listed.remove(block)
    # Read after leaving the list: the format records list membership too.
    fmt = cursor.block().blockFormat()
    fmt.setTopMargin(0)
    fmt.setTextIndent(0)
    if listed is not None:
        fmt.setIndent(depth)
    cursor.setBlockFormat(fmt)


def _draw_info(space: _Space, document: QTextDocument | None, scale: float, box: QRectF) -> None:
    """Draw ``document`` at ``scale`` from the top of ``box`` (card millimetres)."""
    if document is None:
        return
    painter = space.painter
    painter.save()
    painter.translate(space.x(box.left()), space.y(box.top()))
    painter.scale(scale, scale)
    context = QAbstractTextDocumentLayout.PaintContext()
    palette = QPalette(context.palette)
    # The app may run in a dark scheme; the card's paper is white whatever the screen.
    palette.setColor(QPalette.ColorRole.Text, INK)
    context.palette = palette
    document.documentLayout().draw(painter, context)
    painter.restore()


# ------------------------------------------------------------------ front parts


def _paint_blank(space: _Space, band_bottom: float) -> None:
    """White card, rounded frame, a light band behind the title down to a rule."""
    painter = space.painter
    width, height = CARD_SIZE_MM[0], space.height
    frame = space.rect(FRAME_MM, FRAME_MM, width - 2 * FRAME_MM, height - 2 * FRAME_MM)
    radius = space.mm(RADIUS_MM)
    _fill_paper(space, frame, radius)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(BAND)
    painter.drawPath(_band_path(frame, space.y(band_bottom), radius))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(space.pen(0.35))
    painter.drawRoundedRect(frame, radius, radius)
    painter.setPen(space.pen(0.25))
    y = space.y(band_bottom)
    painter.drawLine(QPointF(frame.left(), y), QPointF(frame.right(), y))


def _fill_paper(space: _Space, frame: QRectF, radius: float) -> None:
    """White under the card: all of it, or only inside the frame of a bordered card."""
    painter = space.painter
    if not space.bordered:
        painter.fillRect(space.rect(0, 0, CARD_SIZE_MM[0], space.height), PAPER)
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(PAPER)
    painter.drawRoundedRect(frame, radius, radius)


def _band_path(frame: QRectF, bottom: float, radius: float) -> QPainterPath:
    """The frame's top, rounded like the frame, square at ``bottom``."""
    path = QPainterPath()
    path.moveTo(frame.left(), bottom)
    path.lineTo(frame.left(), frame.top() + radius)
    path.arcTo(QRectF(frame.left(), frame.top(), 2 * radius, 2 * radius), 180, -90)
    path.lineTo(frame.right() - radius, frame.top())
    path.arcTo(QRectF(frame.right() - 2 * radius, frame.top(), 2 * radius, 2 * radius), 90, -90)
    path.lineTo(frame.right(), bottom)
    path.closeSubpath()
    return path


def _percent_font(space: _Space) -> QFont:
    return space.font(17, bold=True)


def _corner_baseline(space: _Space) -> float:
    top, height = CORNER_ROW
    cap = space.metrics(_percent_font(space)).capHeight()
    return space.y(top) + (space.mm(height) + cap) / 2


def _paint_category(space: _Space, card: PrintCard) -> float:
    """The category in small capitals on the number's baseline; returns its width."""
    font = _small_caps(space, 6.2)
    text = category_word(space.tr, card.category).upper()
    space.painter.setFont(font)
    space.painter.setPen(SOFT_INK)
    space.painter.drawText(QPointF(space.x(PAD_MM), _corner_baseline(space)), text)
    return space.metrics(font).horizontalAdvance(text)


def _owner_lines(space: _Space, owner: str, room: float) -> tuple[QFont, list[str]]:
    """The owner's name in ``room``: smaller first, then on two lines, elided last."""
    for points in (7.5, 7.0, 6.5, 6.0):
        font = space.font(points, bold=True)
        if space.metrics(font).horizontalAdvance(owner) <= room:
            return font, [owner]
    font = space.font(6.0, bold=True)
    return font, _wrap(space, owner, font, room, 2)


def _paint_corner(space: _Space, card: PrintCard, left_taken: float) -> None:
    """The rules' ``#efc%`` in the top-right corner: the owner (the ``#``), the number.

    ``left_taken`` is the width the category already takes at the row's left.
    """
    right = space.x(CARD_SIZE_MM[0] - PAD_MM)
    percent = f"{card.efficiency}%"
    big = _percent_font(space)
    percent_width = space.metrics(big).horizontalAdvance(percent)
    baseline = _corner_baseline(space)
    painter = space.painter
    painter.setPen(INK)
    owner = card.corner_label[: -len(percent)].strip()
    if owner:
        gap = space.mm(1.2)
        room = space.mm(_inner_width() - 2) - left_taken - percent_width - gap
        font, lines = _owner_lines(space, owner, room)
        metrics = space.metrics(font)
        painter.setFont(font)
        # Drawn before the number, top line first, so a PDF reader extracts
        # "Kara 45%": the order of the rules' notation.
        for index, line in enumerate(lines):
            y = baseline - (len(lines) - 1 - index) * metrics.lineSpacing()
            painter.drawText(
                QPointF(right - percent_width - gap - metrics.horizontalAdvance(line), y), line
            )
    painter.setFont(big)
    painter.drawText(QPointF(right - percent_width, baseline), percent)


def _paint_grade(space: _Space, card: PrintCard) -> float:
    """The efficiency's grade right under the number; returns the width it took."""
    font = _small_caps(space, 5.0)
    text = grade_word(space.tr, grade_for(card.efficiency)).upper()
    box = space.rect(PAD_MM, NAME_ROW[0], _inner_width(), 2.4)
    _draw_lines(space, [text], font, box, align=Qt.AlignmentFlag.AlignRight, colour=SOFT_INK)
    return space.metrics(font).horizontalAdvance(text)


def _paint_name(
    space: _Space,
    card: PrintCard,
    box: QRectF,
    *,
    max_lines: int,
    sizes: tuple[float, float] = (12.5, 7.5),
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
) -> None:
    font, lines = _fit_text(
        space, card.name, box, sizes, max_lines=max_lines, bold=True, serif=True
    )
    _draw_lines(space, lines, font, box, align=align)


def _paint_header(space: _Space, card: PrintCard) -> None:
    _paint_corner(space, card, _paint_category(space, card))
    grade = _paint_grade(space, card)
    box = space.rect(PAD_MM, NAME_ROW[0], _inner_width(), NAME_ROW[1])
    # Two lines at most for a readable name; a third, smaller, only for the longest.
    _paint_name(space, card, box.adjusted(0, 0, -(grade + space.mm(GAP_MM)), 0), max_lines=3)


def _number_label_font(space: _Space, width: float) -> QFont:
    """Small capitals at most 5.4 pt, smaller if the longest label needs it to fit."""
    trial = _small_caps(space, 10)
    # The widest in this language (German's are longer), measured, not counted.
    longest = max(
        space.metrics(trial).horizontalAdvance(_number_label(space, label))
        for label in NUMBER_LABELS
    )
    # Width grows in proportion to the size, so one measurement finds the size.
    fitting = 10 * width / longest
    return _small_caps(space, max(3.8, min(5.4, fitting)))


def _number_label(space: _Space, label: str) -> str:
    return space.tr.gettext(label).upper()


def _paint_numbers(space: _Space, card: PrintCard) -> None:
    """Power, Velocity, Focus and Resistance: four labelled boxes in one row."""
    top, height = NUMBERS_ROW
    width = (_inner_width() - 3 * GAP_MM) / 4
    painter = space.painter
    label_font = _number_label_font(space, space.mm(width - 1.0))
    centre = Qt.AlignmentFlag.AlignHCenter
    for index, (label, value) in enumerate(zip(NUMBER_LABELS, card.numbers, strict=True)):
        left = PAD_MM + index * (width + GAP_MM)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(space.pen(0.3))
        radius = space.mm(1.2)
        painter.drawRoundedRect(space.rect(left, top, width, height), radius, radius)
        label_box = space.rect(left, top + 0.6, width, 2.6)
        shown = _number_label(space, label)
        _draw_lines(space, [shown], label_font, label_box, align=centre, colour=SOFT_INK)
        number_box = space.rect(left, top + 3.0, width, height - 3.2)
        # Big numbers shrink rather than lose digits.
        font, lines = _fit_text(space, str(value), number_box, (13, 6), max_lines=1, bold=True)
        _draw_lines(space, lines, font, number_box, align=centre)


def _paint_zone_scale(space: _Space, card: PrintCard) -> None:
    """Zone and Scale side by side, each a label over free text (two lines at most)."""
    top, height = ZONE_ROW
    width = (_inner_width() - GAP_MM) / 2
    label_font = _small_caps(space, 5.0)
    painter = space.painter
    labels = (space.tr.gettext("Zone").upper(), space.tr.gettext("Scale").upper())
    for index, (label, value) in enumerate(zip(labels, (card.zone, card.scale), strict=True)):
        left = PAD_MM + index * (width + GAP_MM)
        painter.setPen(space.pen(0.3, RULE))
        painter.drawLine(
            QPointF(space.x(left), space.y(top)), QPointF(space.x(left), space.y(top + height))
        )
        label_box = space.rect(left + 1.2, top, width - 1.2, 2.4)
        _draw_one_line(space, label, label_font, label_box, colour=SOFT_INK)
        box = space.rect(left + 1.2, top + 2.5, width - 1.2, height - 2.5)
        font, lines = _fit_text(space, value.strip() or "—", box, (7.0, 5.5), max_lines=2)
        _draw_lines(space, lines, font, box)


def _paint_image(space: _Space, image: QImage | None) -> None:
    if image is None:
        return
    box = space.rect(PAD_MM, BODY_TOP, _inner_width(), _image_height(image))
    target = QRectF(
        QPointF(0, 0), image.size().toSizeF().scaled(box.size(), Qt.AspectRatioMode.KeepAspectRatio)
    )
    target.moveCenter(box.center())
    space.painter.drawImage(target, image)
    space.painter.setPen(space.pen(0.25))
    space.painter.setBrush(Qt.BrushStyle.NoBrush)
    space.painter.drawRect(target)


def _paint_section_label(space: _Space, text: str, top: float) -> None:
    """A small-capitals heading with a hairline running on to the right edge."""
    font = _small_caps(space, 5.0)
    box = space.rect(PAD_MM, top, _inner_width(), LABEL_HEIGHT - 0.6)
    _draw_lines(space, [text], font, box, colour=SOFT_INK)
    x = box.left() + space.metrics(font).horizontalAdvance(text) + space.mm(1.2)
    y = box.center().y()
    space.painter.setPen(space.pen(0.2, RULE))
    space.painter.drawLine(QPointF(x, y), QPointF(box.right(), y))


def _paint_footer(space: _Space, left: str, right: str) -> None:
    """Tags at the left in grey, a note to the player at the right in black."""
    top = space.height - PAD_MM - FOOTER_HEIGHT + 0.4
    box = space.rect(PAD_MM, top, _inner_width(), FOOTER_HEIGHT - 0.4)
    font = space.font(5.4, italic=True)
    right_width = space.metrics(font).horizontalAdvance(right) if right else 0.0
    if right:
        _draw_lines(space, [right], font, box, align=Qt.AlignmentFlag.AlignRight)
    if left:
        room = box.adjusted(0, 0, -(right_width + space.mm(2)), 0)
        _draw_one_line(space, left, font, room, colour=SOFT_INK)


def _paint_front_info(space: _Space, card: PrintCard, fit: CardFit) -> None:
    box = _front_info_box(
        fit.image, with_footer=fit.overflows or bool(card.tags), height=space.height
    )
    if fit.front is not None or fit.back is not None:
        _paint_section_label(space, space.tr.gettext("Info").upper(), box.top() - LABEL_HEIGHT)
    _draw_info(space, fit.front, fit.scale, box)
    tags = ", ".join(tag.strip() for tag in card.tags if tag.strip())
    _paint_footer(space, tags, space.tr.gettext(CONTINUED_NOTE) if fit.overflows else "")


# ------------------------------------------------------------------ front, back


def paint_card_front(
    painter: QPainter,
    rect: QRectF,
    card: PrintCard,
    *,
    fit: CardFit | None = None,
    border: QRectF | None = None,
    tr: Translator | None = None,
) -> CardFit:
    """Draw the front of ``card`` filling ``rect`` (63:88); return its ``CardFit``.

    Pass ``fit`` (from ``fit_card``) when it is already known: ``paint_pages`` does, so
    the front and its back agree on where the Info breaks. ``border`` (the card with
    its bleed) gives the card a grey edge running out to it, for cutting with bleed.
    ``tr`` is the print language of its labels (English when None).
    """
    fit = fit if fit is not None else fit_card(painter, rect, card)
    painter.save()
    # The caller's painter comes back as it was, even when a card fails halfway.
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        space = _Space(painter, rect, bordered=_paint_border(painter, border), tr=tr)
        _paint_blank(space, HEADER_BOTTOM)
        _paint_header(space, card)
        _paint_numbers(space, card)
        _paint_zone_scale(space, card)
        _paint_image(space, fit.image)
        _paint_front_info(space, card, fit)
    finally:
        painter.restore()
    return fit


def paint_card_back(
    painter: QPainter,
    rect: QRectF,
    card: PrintCard,
    *,
    fit: CardFit | None = None,
    border: QRectF | None = None,
    tr: Translator | None = None,
) -> None:
    """Draw the back of ``card``: the rest of its Info, or a plain back with its name."""
    fit = fit if fit is not None else fit_card(painter, rect, card)
    painter.save()
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        space = _Space(painter, rect, bordered=_paint_border(painter, border), tr=tr)
        if fit.overflows:
            _paint_continuation(space, card, fit)
        else:
            _paint_plain_back(space, card)
    finally:
        painter.restore()


def _paint_border(painter: QPainter, border: QRectF | None) -> bool:
    """The edge colour over the whole card and its bleed; the card paints white inside
    its frame. Grey, not a colour: it prints the same on any printer."""
    if border is None or border.isEmpty():
        return False
    painter.fillRect(border, BORDER)
    return True


def _paint_continuation(space: _Space, card: PrintCard, fit: CardFit) -> None:
    """A slim title band, so a loose back still says whose it is, then the rest."""
    _paint_blank(space, BACK_HEADER_BOTTOM)
    kind = space.rect(PAD_MM, 3.4, _inner_width(), 3.0)
    category = category_word(space.tr, card.category).upper()
    _draw_lines(space, [category], _small_caps(space, 5.6), kind, colour=SOFT_INK)
    name = space.rect(PAD_MM, 6.4, _inner_width(), BACK_HEADER_BOTTOM - 7.0)
    _paint_name(space, card, name, max_lines=2, sizes=(11.0, 8.0))
    box = _back_info_box(space.height)
    label = space.tr.gettext("Info, continued").upper()
    _paint_section_label(space, label, box.top() - LABEL_HEIGHT)
    _draw_info(space, fit.back, fit.scale, box)
    _paint_footer(space, "", space.tr.gettext(LOST_NOTE) if fit.lost else "")


def _paint_plain_back(space: _Space, card: PrintCard) -> None:
    """A quiet back: double frame, the name on a panel in the middle, the category.

    The name is there so a GM sorting a stack face down still finds a card.
    """
    _paint_double_frame(space)
    centre = Qt.AlignmentFlag.AlignHCenter
    # Centred on a longer card as on a poker card (30 mm down on 88).
    panel = space.rect(
        PAD_MM + 2, 30 + (space.height - CARD_SIZE_MM[1]) / 2, _inner_width() - 4, 28
    )
    painter = space.painter
    painter.setPen(space.pen(0.25))
    painter.setBrush(BAND)
    painter.drawRoundedRect(panel, space.mm(1.5), space.mm(1.5))
    name_box = panel.adjusted(space.mm(2), space.mm(2), -space.mm(2), -space.mm(7))
    _paint_name(space, card, name_box, max_lines=3, align=centre)
    kind_box = QRectF(panel.left(), panel.bottom() - space.mm(6.5), panel.width(), space.mm(4.5))
    kind = [category_word(space.tr, card.category).upper()]
    _draw_lines(space, kind, _small_caps(space, 6.2), kind_box, align=centre, colour=SOFT_INK)
    mark_box = space.rect(0, space.height - 14, CARD_SIZE_MM[0], 4)
    mark = space.font(7, bold=True)
    _draw_lines(space, ["SySCard"], mark, mark_box, align=centre, colour=SOFT_INK)


def _paint_double_frame(space: _Space) -> None:
    painter = space.painter
    width, height = CARD_SIZE_MM[0], space.height
    radius = space.mm(RADIUS_MM)
    outer = space.rect(FRAME_MM, FRAME_MM, width - 2 * FRAME_MM, height - 2 * FRAME_MM)
    _fill_paper(space, outer, radius)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(space.pen(0.35))
    painter.drawRoundedRect(outer, radius, radius)
    inset = space.mm(1.6)
    inner = outer.adjusted(inset, inset, -inset, -inset)
    painter.setPen(space.pen(0.2, RULE))
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)


# -------------------------------------------------------------------------- pages


@dataclass(frozen=True)
class _Page:
    """The sheet layout on one device: the painter's origin on the paper and its scale.

    A printer's painter starts at its printable area, not the paper's corner; cards are
    centred on the paper, so every position is shifted by that margin.
    """

    sheet: CardSheet
    origin_mm: QPointF
    unit: float  # painter units per millimetre

    @classmethod
    def of(cls, device: QPagedPaintDevice, options: CardPrintOptions | None = None) -> _Page:
        layout = device.pageLayout()
        full = layout.fullRect(QPageLayout.Unit.Millimeter)
        paint = layout.paintRect(QPageLayout.Unit.Millimeter)
        unit = device.logicalDpiX() / 25.4
        paper = (round(full.width(), 2), round(full.height(), 2))
        return cls(card_sheet(paper, options), paint.topLeft(), unit)

    @property
    def paper(self) -> tuple[float, float]:
        return self.sheet.paper_mm

    def holding(self, count: int) -> _Page:
        """The page with only its first ``count`` card places (and their folds)."""
        places = self.sheet.placements[:count]
        folds_x = {round(place.trim.right, 6) for place in places}
        folds_y = {round(place.trim.bottom, 6) for place in places}
        sheet = replace(
            self.sheet,
            placements=places,
            fold_xs=tuple(x for x in self.sheet.fold_xs if x in folds_x),
            fold_ys=tuple(y for y in self.sheet.fold_ys if y in folds_y),
        )
        return replace(self, sheet=sheet)

    def point(self, x_mm: float, y_mm: float) -> QPointF:
        return QPointF(
            (x_mm - self.origin_mm.x()) * self.unit, (y_mm - self.origin_mm.y()) * self.unit
        )

    def rect(self, box: Box | QRectF) -> QRectF:
        if isinstance(box, QRectF):
            box = Box(box.left(), box.top(), box.width(), box.height())
        return QRectF(self.point(box.left, box.top), QSizeF(box.width, box.height) * self.unit)


def _extent(boxes: Sequence[Box]) -> tuple[float, float, float, float]:
    """Left, top, right and bottom of everything drawn on a side."""
    return (
        min(box.left for box in boxes),
        min(box.top for box in boxes),
        max(box.right for box in boxes),
        max(box.bottom for box in boxes),
    )


def _paint_cut_marks(painter: QPainter, page: _Page, *, back: bool) -> None:
    """Crop marks in the margin, full-length cut lines, both or none, as chosen."""
    style = page.sheet.options.cut_marks
    if style in ("short", "both"):
        _paint_crop_marks(painter, page, back=back)
    if style in ("lines", "both"):
        _paint_cut_lines(painter, page, back=back)
    if not back:
        _paint_fold_marks(painter, page)


def _mark_reach(page: _Page, back: bool) -> tuple[float, float, float, float, float, float]:
    left, top, right, bottom = _extent(page.sheet.drawn(back=back))
    width, height = page.paper
    # Shorter marks where the margin is narrow (Letter's top and bottom).
    reach_y = min(CROP_LENGTH_MM, top - CROP_GAP_MM - 0.5, height - bottom - CROP_GAP_MM - 0.5)
    reach_x = min(CROP_LENGTH_MM, left - CROP_GAP_MM - 0.5, width - right - CROP_GAP_MM - 0.5)
    return left, top, right, bottom, reach_x, reach_y


def _paint_crop_marks(painter: QPainter, page: _Page, *, back: bool = False) -> None:
    """Short lines carrying every cut line into the margin, never onto a card.

    They start outside the bleed, so a card's edge colour never runs over them.
    """
    xs, ys = page.sheet.cut_lines(back=back)
    left, top, right, bottom, reach_x, reach_y = _mark_reach(page, back)
    painter.setPen(QPen(INK, 0.2 * page.unit))
    if reach_y > 0.3:
        for x in xs:
            painter.drawLine(
                page.point(x, top - CROP_GAP_MM - reach_y), page.point(x, top - CROP_GAP_MM)
            )
            painter.drawLine(
                page.point(x, bottom + CROP_GAP_MM), page.point(x, bottom + CROP_GAP_MM + reach_y)
            )
    if reach_x > 0.3:
        for y in ys:
            painter.drawLine(
                page.point(left - CROP_GAP_MM - reach_x, y), page.point(left - CROP_GAP_MM, y)
            )
            painter.drawLine(
                page.point(right + CROP_GAP_MM, y), page.point(right + CROP_GAP_MM + reach_x, y)
            )


def _paint_cut_lines(painter: QPainter, page: _Page, *, back: bool = False) -> None:
    """Hairlines along every cut from paper edge to paper edge: cut one strip off and
    the lines for the next cuts are still on it. They run along card edges only."""
    xs, ys = page.sheet.cut_lines(back=back)
    width, height = page.paper
    pen = QPen(SOFT_INK, CUT_LINE_MM * page.unit)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    for x in xs:
        painter.drawLine(page.point(x, 0), page.point(x, height))
    for y in ys:
        painter.drawLine(page.point(0, y), page.point(width, y))


def _paint_fold_marks(painter: QPainter, page: _Page) -> None:
    """Dashed marks in the margin where a fold-over pair is folded, not cut."""
    if not (page.sheet.fold_xs or page.sheet.fold_ys):
        return
    left, top, right, _bottom, reach_x, reach_y = _mark_reach(page, False)
    pen = QPen(INK, 0.25 * page.unit, Qt.PenStyle.DashLine)
    painter.setPen(pen)
    reach_y, reach_x = max(reach_y, 2.0), max(reach_x, 2.0)
    for x in page.sheet.fold_xs:
        painter.drawLine(page.point(x, top - CROP_GAP_MM - reach_y), page.point(x, top - 0.5))
    for y in page.sheet.fold_ys:
        painter.drawLine(page.point(left - CROP_GAP_MM - reach_x, y), page.point(left - 0.5, y))
        painter.drawLine(page.point(right + 0.5, y), page.point(right + CROP_GAP_MM + reach_x, y))


def _paint_page_note(painter: QPainter, page: _Page, text: str, *, back: bool = False) -> None:
    """Which side this is and how to print it, small, in the bottom margin.

    It sits between two neighbouring cut lines so it never touches one: the nearest
    the middle that holds it on one line, else the widest (where it wraps).
    """
    xs, _ys = page.sheet.cut_lines(back=back)
    _left, _top, _right, bottom = _extent(page.sheet.drawn(back=back))
    width, height = page.paper
    font = _note_font()
    metrics = QFontMetricsF(font, painter.device())
    needed = metrics.horizontalAdvance(text) / page.unit + 2 * CROP_GAP_MM
    spans = list(itertools.pairwise(xs))
    fitting = [span for span in spans if span[1] - span[0] >= needed]
    if fitting:
        left, right = min(fitting, key=lambda span: abs((span[0] + span[1]) / 2 - width / 2))
    else:
        left, right = max(spans, key=lambda span: span[1] - span[0])
    left, right = left + CROP_GAP_MM, right - CROP_GAP_MM
    top = bottom + CROP_GAP_MM
    box = page.rect(QRectF(left, top, right - left, max(0.0, height - top - CROP_GAP_MM)))
    flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
    # Two lines where one is too long (a narrow column), elided only if those do not fit.
    if metrics.boundingRect(box, flags, text).height() > box.height():
        flags = int(Qt.AlignmentFlag.AlignCenter)
        text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, box.width())
    painter.setFont(font)
    painter.setPen(SOFT_INK)
    painter.drawText(box, flags, text)


@lru_cache(maxsize=1)
def _note_font() -> QFont:
    font = QFont(make_font(6, False, False, False))
    # No "fl" ligature: "flip on the long edge" stays findable in the PDF's text.
    font.setFeature(QFont.Tag("liga"), 0)
    return font


def paint_pages(
    printer_or_pdfwriter: QPagedPaintDevice,
    cards: Sequence[PrintCard],
    *,
    backs: bool = True,
    options: CardPrintOptions | None = None,
    tr: Translator | None = None,
) -> int:
    """Paint ``cards`` on ``printer_or_pdfwriter`` as ``options`` lay them out, labelled
    in the print language ``tr`` (English when None); return the pages drawn.

    With ``backs`` each page of fronts is followed by its page of backs, mirrored for the
    duplex edge and moved by the back offset: print two-sided and every back lands
    behind its front. Folded over, each back sits beside (or under) its own front on the
    same page. The device's page size and orientation are used as set.
    """
    if not cards:
        raise ValueError("There are no cards to print.")
    device = printer_or_pdfwriter
    # Laid out first: a layout that fits no card is refused before anything is drawn.
    page = _Page.of(device, options)
    sheet_options = page.sheet.options
    cards = list(cards)
    per_page = page.sheet.per_page
    sheets = [cards[start : start + per_page] for start in range(0, len(cards), per_page)]
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("Could not start drawing on the printer or the PDF file.")
    images: ImageCache = {}
    pages = 0
    words = tr if tr is not None else translator("en")
    try:
        for number, sheet in enumerate(sheets, start=1):
            where = (number, len(sheets))
            if pages:
                device.newPage()
            fits = _paint_fronts(painter, page, sheet, images, words)
            if sheet_options.fold_over and backs:
                _paint_backs(painter, page, sheet, fits, words)
            # Marks only for the places used: a last sheet's empty rows need no cutting.
            used = page.holding(len(sheet))
            _paint_cut_marks(painter, used, back=False)
            front_note = _front_note(words, sheet_options, where, backs)
            _paint_page_note(painter, used, front_note)
            pages += 1
            if backs and page.sheet.two_sided:
                device.newPage()
                _paint_backs(painter, page, sheet, fits, words)
                _paint_cut_marks(painter, used, back=True)
                back_note = _back_note(words, sheet_options, where)
                _paint_page_note(painter, used, back_note, back=True)
                pages += 1
    finally:
        painter.end()
    return pages


def _front_note(
    tr: Translator, options: CardPrintOptions, where: tuple[int, int], backs: bool
) -> str:
    number, count = where
    if options.fold_over and backs:
        # Short: one pair's width may be all the room there is between the cut lines.
        note = tr.gettext(
            "Sheet {number} of {count} · one-sided at 100 % · "
            "cut each pair, fold on the dashed mark, glue"
        )
    else:
        note = tr.gettext("Fronts, sheet {number} of {count} · print at 100 % (actual size)")
    return note.format(number=number, count=count)


def _back_note(tr: Translator, options: CardPrintOptions, where: tuple[int, int]) -> str:
    number, count = where
    note = (
        tr.gettext("Backs, sheet {number} of {count} · two-sided, flip on long edge")
        if options.duplex == "long"
        else tr.gettext("Backs, sheet {number} of {count} · two-sided, flip on short edge")
    ).format(number=number, count=count)
    dx, dy = options.back_offset_mm
    if dx or dy:
        offset = tr.gettext(" · back offset {x}, {y} mm")
        note += offset.format(x=tr.decimal(dx), y=tr.decimal(dy))
    return note


def _paint_fronts(
    painter: QPainter,
    page: _Page,
    sheet: Sequence[PrintCard],
    images: ImageCache,
    tr: Translator,
) -> list[CardFit]:
    fits = []
    bleed = page.sheet.options.bleed_mm > 0
    for place, card in zip(page.sheet.placements, sheet, strict=False):
        rect = page.rect(place.trim)
        fit = fit_card(painter, rect, card, images=images)
        border = page.rect(place.drawn) if bleed else None
        fits.append(paint_card_front(painter, rect, card, fit=fit, border=border, tr=tr))
    return fits


def _paint_backs(
    painter: QPainter,
    page: _Page,
    sheet: Sequence[PrintCard],
    fits: Sequence[CardFit],
    tr: Translator,
) -> None:
    bleed = page.sheet.options.bleed_mm > 0
    for place, card, fit in zip(page.sheet.placements, sheet, fits, strict=False):
        rect = page.rect(place.back_trim)
        border = page.rect(place.back_drawn) if bleed else None
        if not place.back_rotated:
            paint_card_back(painter, rect, card, fit=fit, border=border, tr=tr)
            continue
        # Folded across its width the back turns upside down: drawn half round, it
        # reads upright once folded.
        painter.save()
        try:
            centre = rect.center()
            painter.translate(centre)
            painter.rotate(180)
            turned = QRectF(-rect.width() / 2, -rect.height() / 2, rect.width(), rect.height())
            if border is not None:
                border = QRectF(
                    centre.x() - border.right(),
                    centre.y() - border.bottom(),
                    border.width(),
                    border.height(),
                )
            paint_card_back(painter, turned, card, fit=fit, border=border, tr=tr)
        finally:
            painter.restore()


def export_pdf(
    path: Path | str,
    cards: Sequence[PrintCard],
    page_size: PageSizeName = "A4",
    backs: bool = True,
    options: CardPrintOptions | None = None,
    tr: Translator | None = None,
) -> int:
    """Write ``cards`` to a PDF at ``path`` (portrait A4 or Letter), labelled in the print
    language ``tr`` (English when None); return its pages."""
    if page_size not in PAGE_SIZES:
        raise ValueError(f"The page size must be A4 or Letter, not {page_size!r}.")
    if not cards:
        raise ValueError("There are no cards to print.")
    # Refused before the file is made: nothing is written for a layout that fits nothing.
    card_sheet(PAPER_MM[page_size], options)
    words = tr if tr is not None else translator("en")
    return write_pdf(
        path,
        PAGE_SIZES[page_size],
        _title(words, cards),
        lambda writer: paint_pages(writer, cards, backs=backs, options=options, tr=words),
    )


def _title(tr: Translator, cards: Sequence[PrintCard]) -> str:
    if len(cards) == 1:
        return tr.gettext("SySCard: {name}").format(name=cards[0].name)
    count = len(cards)
    return tr.ngettext("SySCards: {count} card", "SySCards: {count} cards", count).format(
        count=count
    )
