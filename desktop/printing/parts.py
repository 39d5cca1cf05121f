"""The pieces sheets are made of: headings, stat tiles, box tracks, dials, dice, rows.

Everything here is black, white and greys: a filled box is solid with a white tick, a
turf box hatched with a "T", a war marker a filled badge with the word, so a sheet reads
the same from a laser printer and a photocopier. Sizes are millimetres and points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QPainter

from desktop.paint.clocks import ClockStyle, paint_clock
from desktop.paint.dice import paint_die
from desktop.printing.cards import BAND, INK, PAPER, RULE, SOFT_INK
from desktop.printing.flow import PALE, Block, Canvas
from desktop.rules.dicepool import Place

__all__ = [
    "BODY_PT",
    "HEADING_HEIGHT",
    "LABEL_PT",
    "Piece",
    "Track",
    "chip",
    "column_titles",
    "heading",
    "line_blocks",
    "pack_rows",
    "paint_dial",
    "paint_die_in",
    "paint_track",
    "shaded_row",
    "spacer",
    "tile",
    "tiles",
    "track_piece",
    "track_width",
]

BODY_PT: Final = 9.0
SMALL_PT: Final = 7.5
LABEL_PT: Final = 6.5
HEADING_PT: Final = 9.5
HEADING_HEIGHT: Final = 6.6  # the gap above a section, its title and the rule under it
ROW_GAP: Final = 1.6
SCREEN_BOX: Final = 40.0  # the table's routines draw in boxes this many pixels square


# ------------------------------------------------------------------------ headings


def heading(title: str, section: str, *, note: str = "", continued: bool = False) -> Block:
    """A section's title: a black square, the words in capitals, a rule to the edge."""

    def paint(canvas: Canvas, top: float) -> None:
        # `title` and `note` come translated; the continuation is added in the same language.
        shown = canvas.tr.gettext("{title} (continued)").format(title=title) if continued else title
        font = canvas.font(HEADING_PT, bold=True, caps=True)
        text_top = top + 1.8
        middle = text_top + canvas.line_height(font) / 2
        canvas.box(QRectF(canvas.left, middle - 1.2, 2.4, 2.4), line=0, fill=INK)
        used = canvas.text(canvas.left + 3.8, text_top, shown, font)
        start = canvas.left + 3.8 + used + 2.5
        if note:
            small = canvas.font(SMALL_PT, italic=True)
            note_width = canvas.text_width(note, small)
            canvas.text(canvas.right - note_width, text_top + 0.6, note, small, colour=SOFT_INK)
            end = canvas.right - note_width - 2.5
        else:
            end = canvas.right
        if end > start:
            canvas.line(start, middle, end, middle, 0.35)

    return Block(HEADING_HEIGHT, paint, keep_with_next=True, section=section, heading=True)


def spacer(height: float, section: str = "") -> Block:
    return Block(height, lambda canvas, top: None, section=section)


def column_titles(
    canvas: Canvas, columns: Sequence[tuple[str, float, Qt.AlignmentFlag]], section: str
) -> Block:
    """Small capital titles over a table's columns: (title, x offset, alignment).

    The x offset is from the content's left edge; a right-aligned title ends there.
    """
    font = canvas.font(LABEL_PT, bold=True, caps=True)
    height = canvas.line_height(font) + 1.2

    def paint(canvas: Canvas, top: float) -> None:
        for title, x, align in columns:
            if align & Qt.AlignmentFlag.AlignRight:
                width = canvas.text_width(title, font)
                canvas.text(canvas.left + x - width, top, title, font, colour=SOFT_INK)
            else:
                canvas.text(canvas.left + x, top, title, font, colour=SOFT_INK)
        y = top + height - 0.5
        canvas.line(canvas.left, y, canvas.right, y, 0.2, RULE)

    return Block(height, paint, keep_with_next=True, section=section, heading=True)


def line_blocks(
    canvas: Canvas,
    text: str,
    *,
    section: str,
    points: float = BODY_PT,
    serif: bool = False,
    italic: bool = False,
    indent: float = 0.0,
) -> list[Block]:
    """Wrapped text, one block per line, so a long text breaks between lines."""
    font = canvas.font(points, serif=serif, italic=italic)
    step = canvas.line_height(font)
    blocks = []
    for line in canvas.wrap(text, font, canvas.width - indent):

        def paint(canvas: Canvas, top: float, line: str = line) -> None:
            canvas.text(canvas.left + indent, top, line, font)

        blocks.append(Block(step, paint, section=section))
    return blocks


# ------------------------------------------------------------------- packed rows


@dataclass(frozen=True)
class Piece:
    """Something of a fixed size laid beside others: a tile, a dial, a track, a chip."""

    width: float
    height: float
    paint: Callable[[Canvas, float, float], None]  # canvas, left, top (mm)


def pack_rows(
    pieces: Sequence[Piece],
    width: float,
    *,
    section: str,
    gap: float = 3.0,
    row_gap: float = ROW_GAP,
    indent: float = 0.0,
) -> list[Block]:
    """Pieces left to right, as many as fit in ``width``; each row one block."""
    rows: list[list[Piece]] = []
    used = 0.0
    for piece in pieces:
        # A hair of slack: tiles sized to share the width exactly must share one row.
        if rows and rows[-1] and used + gap + piece.width <= width + 1e-6:
            rows[-1].append(piece)
            used += gap + piece.width
        else:
            rows.append([piece])
            used = piece.width
    return [_row_block(row, gap, row_gap, indent, section) for row in rows]


def _row_block(row: list[Piece], gap: float, row_gap: float, indent: float, section: str) -> Block:
    height = max(piece.height for piece in row)

    def paint(canvas: Canvas, top: float) -> None:
        x = canvas.left + indent
        for piece in row:
            piece.paint(canvas, x, top)
            x += piece.width + gap

    return Block(height + row_gap, paint, section=section)


# ----------------------------------------------------------------------- tiles


def tile(
    canvas: Canvas,
    label: str,
    value: str,
    *,
    width: float,
    sub: str = "",
    min_height: float = 0.0,
) -> Piece:
    """A framed number with its label: how a player finds HP or stress at a glance."""
    label_font = canvas.font(LABEL_PT, bold=True, caps=True)
    sub_font = canvas.font(LABEL_PT)
    inner = width - 3.0
    value_font = _tile_value_font(canvas, value, inner)
    # A label longer than the tile (Spanish, German) goes on over two lines, never cut.
    label_lines = canvas.wrap(label, label_font, inner)
    value_lines = canvas.wrap(value, value_font, inner)
    sub_lines = canvas.wrap(sub, sub_font, inner) if sub else []
    height = max(
        min_height,
        2.8
        + len(label_lines) * canvas.line_height(label_font)
        + len(value_lines) * canvas.line_height(value_font)
        + len(sub_lines) * canvas.line_height(sub_font),
    )

    def paint(canvas: Canvas, left: float, top: float) -> None:
        canvas.box(QRectF(left, top, width, height), line=0.3, radius=1.6)
        y = top + 1.2
        y += canvas.lines(left + 1.5, y, label_lines, label_font, colour=SOFT_INK)
        y += canvas.lines(left + 1.5, y, value_lines, value_font)
        canvas.lines(left + 1.5, y, sub_lines, sub_font, colour=SOFT_INK)

    return Piece(width, height, paint)


def _tile_value_font(canvas: Canvas, value: str, inner: float) -> QFont:
    """The value's type, smaller where a word is wider than the tile (German's long
    words): a word would otherwise break in the middle."""
    for points in (15.0, 13.5, 12.0, 10.5, 9.0):
        font = canvas.font(points, bold=True, serif=True)
        if all(canvas.text_width(word, font) <= inner for word in value.split()):
            return font
    return font


def chip(canvas: Canvas, label: str, value: str) -> Piece:
    """A small framed label and number on one line: "GENERAL STORE 11"."""
    label_font = canvas.font(LABEL_PT, bold=True, caps=True)
    value_font = canvas.font(BODY_PT + 1, bold=True)
    label_width = canvas.text_width(label, label_font)
    width = label_width + canvas.text_width(value, value_font) + 6.0
    height = canvas.line_height(value_font) + 1.6

    def paint(canvas: Canvas, left: float, top: float) -> None:
        canvas.box(QRectF(left, top, width, height), line=0.3, radius=1.2)
        label_top = top + (height - canvas.line_height(label_font)) / 2
        canvas.text(left + 1.8, label_top, label, label_font, colour=SOFT_INK)
        canvas.text(left + 1.8 + label_width + 2.4, top + 0.8, value, value_font)

    return Piece(width, height, paint)


def tiles(canvas: Canvas, values: Sequence[tuple[str, str, str]], width: float) -> list[Piece]:
    """Tiles of one ``width`` each, all as tall as the tallest: (label, value, note)."""
    made = [tile(canvas, label, value, width=width, sub=sub) for label, value, sub in values]
    tallest = max((piece.height for piece in made), default=0.0)
    return [
        tile(canvas, label, value, width=width, sub=sub, min_height=tallest)
        for label, value, sub in values
    ]


# ----------------------------------------------------------------------- tracks


@dataclass(frozen=True)
class Track:
    """A row of boxes: ``filled`` of ``count`` solid; the last ``capped`` hatched "T"."""

    label: str
    count: int
    filled: int
    value: str
    capped: int = 0
    box: float = 4.4


def track_piece(canvas: Canvas, track: Track, *, label_width: float = 0.0) -> Piece:
    """A labelled box track: the label above (or to the left, given ``label_width``)."""
    label_font = canvas.font(LABEL_PT, bold=True, caps=True)
    value_font = canvas.font(SMALL_PT, bold=True)
    boxes = track_width(track)
    value_width = canvas.text_width(track.value, value_font) + 2.0
    if label_width:
        width = label_width + boxes + 2.0 + value_width
        height = track.box
    else:
        width = max(boxes + 2.0 + value_width, canvas.text_width(track.label, label_font))
        height = canvas.line_height(label_font) + 0.6 + track.box

    def paint(canvas: Canvas, left: float, top: float) -> None:
        if label_width:
            label_top = top + (track.box - canvas.line_height(label_font)) / 2
            canvas.text(left, label_top, track.label, label_font, colour=SOFT_INK)
            boxes_left, boxes_top = left + label_width, top
        else:
            canvas.text(left, top, track.label, label_font, colour=SOFT_INK)
            boxes_left, boxes_top = left, top + canvas.line_height(label_font) + 0.6
        paint_track(canvas, boxes_left, boxes_top, track)
        value_top = boxes_top + (track.box - canvas.line_height(value_font)) / 2
        canvas.text(boxes_left + boxes + 2.0, value_top, track.value, value_font)

    return Piece(width, height, paint)


def track_width(track: Track) -> float:
    gap = track.box * 0.25
    cap_gap = track.box * 0.6 if track.capped else 0.0
    return track.count * track.box + (track.count - 1) * gap + cap_gap


def paint_track(canvas: Canvas, left: float, top: float, track: Track) -> None:
    """Boxes to mark in pencil; the marked ones printed solid with a white tick."""
    size, gap = track.box, track.box * 0.25
    open_boxes = track.count - track.capped
    x = left
    for index in range(track.count):
        if index == open_boxes and track.capped:
            # A bar and a wider gap where the capped boxes start: the rep tracker's cap.
            bar = x + size * 0.05
            canvas.line(bar, top - 0.6, bar, top + size + 0.6, 0.5)
            x += size * 0.6
        rect = QRectF(x, top, size, size)
        if index >= open_boxes:
            canvas.box(rect, line=0.25, fill=BAND, radius=0.6)
            canvas.hatch(rect.adjusted(0.3, 0.3, -0.3, -0.3))
            # A clear patch behind the letter: the hatching says "turf", the T says it too.
            inset = size * 0.24
            patch = rect.adjusted(inset, inset, -inset, -inset)
            canvas.box(patch, line=0, fill=PAPER, radius=0.4)
            font = canvas.font(size * 1.5, bold=True)
            canvas.text(
                rect.left(),
                rect.top() + (size - canvas.line_height(font)) / 2,
                canvas.tr.pgettext("the initial of turf, on a capped box", "T"),
                font,
                width=size,
                align=Qt.AlignmentFlag.AlignHCenter,
            )
        elif index < track.filled:
            canvas.box(rect, line=0.25, fill=INK, radius=0.6)
            canvas.tick(rect.adjusted(0.4, 0.4, -0.4, -0.4), PAPER, size * 0.13)
        else:
            canvas.box(rect, line=0.3, fill=PAPER, radius=0.6)
        x += size + gap


# ------------------------------------------------------------------ dice, dials


def paint_die_in(canvas: Canvas, rect: QRectF, size: int, kind: str, place: str) -> None:
    """One die as the Dice Table draws it: table dice dashed and grey, removed crossed."""

    def draw(painter: QPainter, box: QRectF) -> None:
        paint_die(
            painter,
            box.adjusted(1, 1, -1, -1),
            size,
            kind=kind,
            depleted=place == Place.TABLE,
            removed=place == Place.REMOVED,
        )

    canvas.scaled(rect, SCREEN_BOX, draw)


def paint_dial(canvas: Canvas, rect: QRectF, segments: int, filled: int) -> None:
    """A progress clock as the Clocks dock draws it, in black and white."""
    style = ClockStyle.black_and_white()

    def draw(painter: QPainter, box: QRectF) -> None:
        paint_clock(painter, box, segments, filled, style=style)

    canvas.scaled(rect, SCREEN_BOX * 2, draw)


def shaded_row(canvas: Canvas, top: float, height: float, index: int) -> None:
    """Every other row faintly shaded, so a long table reads across without a ruler."""
    if index % 2:
        canvas.shade(QRectF(canvas.left, top, canvas.width, height), PALE)
