"""The GM summary on paper: the faction ladder and the chapter sheet on one page.

Plain data in (``PrintSummary``, gathered by ``desktop.ui.print_data``), QtGui only,
one paint routine (``paint_summary``) for the preview, a printer and the PDF. The
ladder has a row per tier, 6 at the top; each faction is a small framed chip with its
hold (S on a solid square, W in a dashed one), its status as a sign, a number, a word
and a mark on a seven-step scale, a WAR badge, and its clocks as little dials. The
chapter sits in its own tier's row, double-framed. Below: the chapter's numbers, the
rep tracker with its turf boxes, its clocks, and the claims it and the factions hold.
If a campaign's ladder is too long for one page it flows onto the next, never cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPagedPaintDevice, QPainterPath

from desktop.language import Translator, translator
from desktop.printing.cards import INK, PAPER, RULE, SOFT_INK, PageSizeName
from desktop.printing.flow import Block, Canvas, FlowDocument, export_pdf_pages, paint_documents
from desktop.printing.parts import (
    BODY_PT,
    LABEL_PT,
    SMALL_PT,
    Piece,
    Track,
    column_titles,
    heading,
    line_blocks,
    pack_rows,
    paint_dial,
    shaded_row,
    tiles,
    track_piece,
)
from desktop.printing.sheets import SheetClock, clock_piece
from desktop.printing.words import gang_scale, status_text
from desktop.rules import factions

__all__ = [
    "PrintSummary",
    "SummaryChapter",
    "SummaryClaim",
    "SummaryFaction",
    "export_summary_pdf",
    "paint_summary",
]

MINUS: Final = "\u2212"
TIER_COLUMN: Final = 26.0
CHIP_GAP: Final = 2.5
CHIPS_PER_LINE: Final = 3
SMALL_DIAL: Final = 6.0
PIP: Final = 2.3


# ------------------------------------------------------------------------------ data


@dataclass(frozen=True)
class SummaryFaction:
    name: str
    tier: int
    hold: str  # "weak" | "strong"
    status: int  # -3..+3, with the chapter
    at_war_with_others: bool = False
    clocks: tuple[SheetClock, ...] = ()


@dataclass(frozen=True)
class SummaryClaim:
    name: str
    benefit: str = ""
    turf: bool = False
    holder: str = ""  # the holder's name; the chapter's name for the chapter's own


@dataclass(frozen=True)
class SummaryChapter:
    name: str
    tier: int = 0
    hold: str = factions.STRONG
    rep: int = 0
    turf: int = 0
    coin: int = 0
    heat: int = 0
    at_war: bool = False
    lair_held: bool = True
    notes: str = ""
    clocks: tuple[SheetClock, ...] = ()

    @property
    def rep_needed(self) -> int:
        return factions.rep_to_develop(self.turf)


@dataclass(frozen=True)
class PrintSummary:
    campaign: str
    chapter: SummaryChapter
    factions: tuple[SummaryFaction, ...] = ()
    claims: tuple[SummaryClaim, ...] = ()
    day_label: str = ""


# --------------------------------------------------------------------------- painting


def paint_summary(
    device: QPagedPaintDevice, summary: PrintSummary, tr: Translator | None = None
) -> int:
    """Paint the GM summary on ``device`` in the print language ``tr`` (English when
    None); return the pages drawn (one, unless long)."""
    return paint_documents(device, lambda canvas: [_document(canvas, summary)], None, tr)


def _document(canvas: Canvas, summary: PrintSummary) -> FlowDocument:
    tr = canvas.tr
    openers = {
        "ladder": [heading(tr.gettext("Faction ladder"), "ladder", continued=True)],
        "chapter": [heading(tr.gettext("The chapter"), "chapter", continued=True)],
    }
    blocks = [_header(canvas, summary)]
    blocks.extend(_ladder(canvas, summary))
    blocks.extend(_chapter(canvas, summary, openers))
    title = tr.gettext("GM summary")
    footer = " · ".join(part for part in (title, summary.campaign, summary.day_label) if part)
    return FlowDocument(blocks, footer, lambda section: openers.get(section, []))


def _header(canvas: Canvas, summary: PrintSummary) -> Block:
    kind_font = canvas.font(7.5, bold=True, caps=True)
    title_font = canvas.font(20, bold=True, serif=True)
    sub_font = canvas.font(8.5, italic=True)
    lines = canvas.wrap(summary.campaign or summary.chapter.name, title_font, canvas.width)
    height = (
        canvas.line_height(kind_font)
        + len(lines) * canvas.line_height(title_font)
        + (canvas.line_height(sub_font) if summary.day_label else 0)
        + 3.0
    )

    def paint(canvas: Canvas, top: float) -> None:
        canvas.text(canvas.left, top, canvas.tr.gettext("GM summary"), kind_font, colour=SOFT_INK)
        y = top + canvas.line_height(kind_font)
        y += canvas.lines(canvas.left, y, lines, title_font)
        if summary.day_label:
            canvas.text(canvas.left, y, summary.day_label, sub_font, colour=SOFT_INK)
        canvas.line(canvas.left, top + height - 1.0, canvas.right, top + height - 1.0, 0.7)

    return Block(height, paint)


# ----------------------------------------------------------------------------- ladder


def _ladder(canvas: Canvas, summary: PrintSummary) -> list[Block]:
    tr = canvas.tr
    note = tr.gettext("S strong hold · W weak hold · status with the chapter, −3 war to +3 allies")
    blocks = [heading(tr.gettext("Faction ladder"), "ladder", note=note)]
    area = canvas.width - TIER_COLUMN
    chip_width = (area - CHIP_GAP * (CHIPS_PER_LINE - 1)) / CHIPS_PER_LINE
    for tier in range(factions.MAX_TIER, factions.MIN_TIER - 1, -1):
        chips = [
            _faction_chip(canvas, faction, chip_width)
            for faction in summary.factions
            if faction.tier == tier
        ]
        if summary.chapter.tier == tier:
            chips.insert(0, _chapter_chip(canvas, summary.chapter, chip_width))
        blocks.extend(_tier_blocks(canvas, tier, chips))
    return blocks


def _tier_blocks(canvas: Canvas, tier: int, chips: list[Piece]) -> list[Block]:
    """A tier's row: its number and gang scale at the left, chips three to a line.

    Every line of chips is its own block, so a crowded tier may go on over a page. A
    tier nobody holds is one short line, so the ladder keeps to one page.
    """
    if not chips:
        return [_empty_tier(canvas, tier)]
    number_font = canvas.font(16, bold=True, serif=True)
    label_font = canvas.font(LABEL_PT, bold=True, caps=True)
    scale_font = canvas.font(LABEL_PT - 0.5)
    scale_lines = canvas.wrap(gang_scale(canvas.tr, tier), scale_font, TIER_COLUMN - 3.0)
    tier_word = canvas.fitted(canvas.tr.gettext("Tier"), label_font, TIER_COLUMN - 1.0)
    label_height = (
        canvas.line_height(label_font)
        + canvas.line_height(number_font)
        + len(scale_lines) * canvas.line_height(scale_font)
        + 1.6
    )
    lines = pack_rows(
        chips,
        canvas.width - TIER_COLUMN,
        section="ladder",
        gap=CHIP_GAP,
        row_gap=CHIP_GAP,
        indent=TIER_COLUMN,
    )
    blocks = []
    for index, line in enumerate(lines):
        first = index == 0
        height = max(line.height + 1.2, label_height) if first else line.height

        def paint(canvas: Canvas, top: float, line: Block = line, first: bool = first) -> None:
            if not first:
                line.paint(canvas, top)
                return
            canvas.line(canvas.left, top, canvas.right, top, 0.25, RULE)
            y = top + 0.8
            canvas.text(canvas.left, y, tier_word, label_font, colour=SOFT_INK)
            y += canvas.line_height(label_font)
            canvas.text(canvas.left, y, str(tier), number_font)
            y += canvas.line_height(number_font)
            canvas.lines(canvas.left, y, scale_lines, scale_font, colour=SOFT_INK)
            line.paint(canvas, top + 1.2)

        blocks.append(Block(height, paint, section="ladder"))
    return blocks


def _empty_tier(canvas: Canvas, tier: int) -> Block:
    bold = canvas.font(SMALL_PT, bold=True, caps=True)
    font = canvas.font(SMALL_PT, italic=True)
    height = canvas.line_height(font) + 1.8

    def paint(canvas: Canvas, top: float) -> None:
        canvas.line(canvas.left, top, canvas.right, top, 0.25, RULE)
        tr = canvas.tr
        canvas.text(
            canvas.left,
            top + 0.9,
            tr.gettext("Tier {tier}").format(tier=tier),
            bold,
            colour=SOFT_INK,
        )
        text = tr.gettext("{scale}: no faction at this tier").format(scale=gang_scale(tr, tier))
        canvas.text(canvas.left + TIER_COLUMN, top + 0.9, text, font, colour=SOFT_INK)

    return Block(height, paint, section="ladder")


def _faction_chip(canvas: Canvas, faction: SummaryFaction, width: float) -> Piece:
    name_font = canvas.font(8.5, bold=True)
    status_font = canvas.font(SMALL_PT)
    clock_font = canvas.font(LABEL_PT + 0.5)
    inner = width - 3.0
    name_lines = canvas.wrap(faction.name, name_font, inner - 6.0)
    clock_lines = [
        canvas.wrap(_clock_caption(canvas.tr, clock), clock_font, inner - SMALL_DIAL - 1.5)
        for clock in faction.clocks
    ]
    war = faction.status == factions.WAR_STATUS or faction.at_war_with_others
    status_height = max(canvas.line_height(status_font), PIP) + 0.8
    height = (
        1.2
        + len(name_lines) * canvas.line_height(name_font)
        + 0.6
        + status_height
        + (4.6 if war else 0.0)
        + sum(
            max(SMALL_DIAL, len(lines) * canvas.line_height(clock_font)) + 0.6
            for lines in clock_lines
        )
        + 0.8
    )

    def paint(canvas: Canvas, left: float, top: float) -> None:
        canvas.box(QRectF(left, top, width, height), line=0.3, radius=1.4)
        x = left + 1.5
        y = top + 1.2
        _hold_badge(canvas, QRectF(left + width - 6.2, y, 4.6, 4.6), faction.hold)
        y += canvas.lines(x, y, name_lines, name_font) + 0.6
        _status_scale(canvas, x, y, faction.status)
        status = status_text(canvas.tr, faction.status)
        canvas.text(x + 7 * PIP + 2.0, y - 0.2, status, status_font)
        y += status_height
        if war:
            _war_badge(canvas, x, y, faction.status == factions.WAR_STATUS)
            y += 4.6
        for clock, lines in zip(faction.clocks, clock_lines, strict=True):
            paint_dial(canvas, QRectF(x, y, SMALL_DIAL, SMALL_DIAL), clock.segments, clock.filled)
            text_height = len(lines) * canvas.line_height(clock_font)
            text_top = y + max(0.0, (SMALL_DIAL - text_height) / 2)
            canvas.lines(x + SMALL_DIAL + 1.5, text_top, lines, clock_font)
            y += max(SMALL_DIAL, text_height) + 0.6

    return Piece(width, height, paint)


def _clock_caption(tr: Translator, clock: SheetClock) -> str:
    caption = (
        tr.gettext("{name} ({filled}/{segments}, done)")
        if clock.filled >= clock.segments
        else tr.gettext("{name} ({filled}/{segments})")
    )
    return caption.format(name=clock.name, filled=clock.filled, segments=clock.segments)


def _chapter_chip(canvas: Canvas, chapter: SummaryChapter, width: float) -> Piece:
    """The chapter on the ladder: a double frame, so it is found without colour."""
    label_font = canvas.font(LABEL_PT, bold=True, caps=True)
    name_font = canvas.font(9, bold=True, serif=True)
    detail_font = canvas.font(SMALL_PT)
    name_lines = canvas.wrap(chapter.name, name_font, width - 9.0)
    tr = canvas.tr
    detail = (
        tr.gettext("At war · heat {heat}")
        if chapter.at_war
        else tr.gettext("At peace · heat {heat}")
    ).format(heat=chapter.heat)
    height = (
        2.0
        + canvas.line_height(label_font)
        + len(name_lines) * canvas.line_height(name_font)
        + canvas.line_height(detail_font)
        + 1.6
    )

    def paint(canvas: Canvas, left: float, top: float) -> None:
        outer = QRectF(left, top, width, height)
        canvas.box(outer, line=0.45, radius=1.4)
        canvas.box(outer.adjusted(0.8, 0.8, -0.8, -0.8), line=0.2, radius=1.0)
        x, y = left + 2.0, top + 1.8
        _hold_badge(canvas, QRectF(left + width - 6.6, y, 4.6, 4.6), chapter.hold)
        canvas.text(x, y, tr.gettext("The chapter"), label_font, colour=SOFT_INK)
        y += canvas.line_height(label_font)
        y += canvas.lines(x, y, name_lines, name_font)
        canvas.text(x, y, detail, detail_font, colour=SOFT_INK)

    return Piece(width, height, paint)


def _hold_badge(canvas: Canvas, rect: QRectF, hold: str) -> None:
    """S on a solid square for a strong hold; W in a dashed outline for a weak one."""
    strong = hold == factions.STRONG
    font = canvas.font(7.5, bold=True)
    if strong:
        canvas.box(rect, line=0, fill=INK, radius=0.8)
    else:
        canvas.box(rect, line=0.3, radius=0.8, style=Qt.PenStyle.DashLine)
    text_top = rect.top() + (rect.height() - canvas.line_height(font)) / 2
    canvas.text(
        rect.left(),
        text_top,
        canvas.tr.pgettext("strong hold", "S") if strong else canvas.tr.pgettext("weak hold", "W"),
        font,
        colour=PAPER if strong else INK,
        width=rect.width(),
        align=Qt.AlignmentFlag.AlignHCenter,
    )


def _status_scale(canvas: Canvas, left: float, top: float, status: int) -> None:
    """Seven pips, war to allies; the faction's one solid, neutral a heavier outline."""
    for index, value in enumerate(range(factions.MIN_STATUS, factions.MAX_STATUS + 1)):
        rect = QRectF(left + index * PIP, top + 0.2, PIP - 0.5, PIP - 0.5)
        if value == status:
            canvas.box(rect, line=0.2, fill=INK, radius=0.3)
        else:
            canvas.box(rect, line=0.35 if value == 0 else 0.15, radius=0.3)


def _war_badge(canvas: Canvas, left: float, top: float, with_chapter: bool) -> None:
    """WAR with crossed swords: solid for a war with the chapter, outlined for others."""
    font = canvas.font(6.5, bold=True, caps=True)
    tr = canvas.tr
    text = tr.gettext("War with the chapter") if with_chapter else tr.gettext("At war with others")
    width = canvas.text_width(text, font) + 7.0
    rect = QRectF(left, top + 0.2, width, 3.8)
    ink = PAPER if with_chapter else INK
    if with_chapter:
        canvas.box(rect, line=0, fill=INK, radius=0.8)
    else:
        canvas.box(rect, line=0.35, radius=0.8)
    _swords(canvas, QRectF(left + 1.0, top + 0.8, 2.6, 2.6), ink)
    text_top = rect.top() + (rect.height() - canvas.line_height(font)) / 2
    canvas.text(left + 5.0, text_top, text, font, colour=ink)


def _swords(canvas: Canvas, rect: QRectF, colour: QColor) -> None:
    """Two crossed blades with their guards, drawn, as the ladder's war marker."""
    pen = canvas.pen(0.3, colour)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    canvas.painter.setPen(pen)
    path = QPainterPath()
    for start, end, turn in (
        (rect.topLeft(), rect.bottomRight(), 1),
        (rect.topRight(), rect.bottomLeft(), -1),
    ):
        path.moveTo(canvas.point(start.x(), start.y()))
        path.lineTo(canvas.point(end.x(), end.y()))
        hilt = start + (end - start) * 0.75
        span = rect.width() * 0.2
        guard_a = hilt + QPointF(-span * turn, span)
        guard_b = hilt + QPointF(span * turn, -span)
        path.moveTo(canvas.point(guard_a.x(), guard_a.y()))
        path.lineTo(canvas.point(guard_b.x(), guard_b.y()))
    canvas.painter.drawPath(path)


# ---------------------------------------------------------------------------- chapter


def _chapter(canvas: Canvas, summary: PrintSummary, openers: dict[str, list[Block]]) -> list[Block]:
    chapter = summary.chapter
    tr = canvas.tr
    blocks = [heading(tr.gettext("The chapter"), "chapter", note=chapter.name)]
    hold = tr.gettext("Strong hold") if chapter.hold == factions.STRONG else tr.gettext("Weak hold")
    values = [
        (tr.gettext("Tier"), str(chapter.tier), hold),
        (tr.gettext("Coin"), tr.number(chapter.coin), ""),
        (tr.gettext("Heat"), str(chapter.heat), ""),
        (tr.gettext("War"), tr.gettext("At war") if chapter.at_war else tr.gettext("At peace"), ""),
        (tr.gettext("Lair"), tr.gettext("Held") if chapter.lair_held else tr.gettext("Lost"), ""),
        (tr.gettext("Turf"), f"{chapter.turf} / {factions.MAX_TURF}", ""),
    ]
    width = (canvas.width - 2.5 * (len(values) - 1)) / len(values)
    pieces = tiles(canvas, values, width)
    blocks.extend(pack_rows(pieces, canvas.width, section="chapter", gap=2.5, row_gap=2.5))
    # The rep tracker and the chapter's clocks share a line when they fit.
    tracker = [_rep_tracker(canvas, chapter)]
    room = canvas.width - tracker[0].width - 6.0
    width = room if room >= 45.0 else (canvas.width - 2 * 6.0) / 3
    dials = [clock_piece(canvas, clock, width, 12.0) for clock in chapter.clocks]
    blocks.extend(pack_rows(tracker + dials, canvas.width, section="chapter", gap=6.0, row_gap=2.0))
    if chapter.notes.strip():
        blocks.extend(
            line_blocks(
                canvas,
                chapter.notes.strip(),
                section="chapter",
                points=BODY_PT,
                serif=True,
                italic=True,
            )
        )
    blocks.extend(_claims(canvas, summary, openers))
    return blocks


def _rep_tracker(canvas: Canvas, chapter: SummaryChapter) -> Piece:
    tr = canvas.tr
    value = tr.gettext("{rep} of {needed} to develop").format(
        rep=chapter.rep, needed=chapter.rep_needed
    )
    if chapter.turf:
        value += tr.gettext(" · {turf} turf").format(turf=chapter.turf)
    rep = tr.gettext("Rep")
    track = Track(rep, factions.FULL_REP, chapter.rep, value, capped=chapter.turf, box=5.2)
    return track_piece(canvas, track)


def _claims(canvas: Canvas, summary: PrintSummary, openers: dict[str, list[Block]]) -> list[Block]:
    if not summary.claims:
        return []
    tr = canvas.tr
    columns = _ClaimColumns.of(canvas)
    titles = column_titles(
        canvas,
        [
            (tr.gettext("Claim"), columns.name, Qt.AlignmentFlag.AlignLeft),
            (tr.gettext("Benefit"), columns.benefit, Qt.AlignmentFlag.AlignLeft),
            (tr.gettext("Turf"), columns.turf, Qt.AlignmentFlag.AlignLeft),
            (tr.gettext("Held by"), columns.holder, Qt.AlignmentFlag.AlignLeft),
        ],
        "claims",
    )
    title = tr.gettext("Claims")
    openers["claims"] = [heading(title, "claims", continued=True), titles]
    held = sum(1 for claim in summary.claims if claim.holder == summary.chapter.name)
    note = tr.ngettext(
        "{held} of {count} held by the chapter", "{held} of {count} held by the chapter", held
    ).format(held=held, count=len(summary.claims))
    rows = [
        _claim_row(canvas, claim, columns, index, claim.holder == summary.chapter.name)
        for index, claim in enumerate(summary.claims)
    ]
    return [heading(title, "claims", note=note), titles, *rows]


@dataclass(frozen=True)
class _ClaimColumns:
    name: float
    benefit: float
    turf: float
    holder: float
    width: float

    @classmethod
    def of(cls, canvas: Canvas) -> _ClaimColumns:
        width = canvas.width
        return cls(0.0, width * 0.28, width * 0.66, width * 0.74, width)


def _claim_row(
    canvas: Canvas, claim: SummaryClaim, columns: _ClaimColumns, index: int, ours: bool
) -> Block:
    font = canvas.font(SMALL_PT + 0.5)
    bold = canvas.font(SMALL_PT + 0.5, bold=True)
    cells = (
        canvas.wrap(claim.name, bold, columns.benefit - columns.name - 2.0),
        canvas.wrap(claim.benefit, font, columns.turf - columns.benefit - 2.0),
        canvas.wrap(claim.holder, bold if ours else font, columns.width - columns.holder),
    )
    height = max(len(lines) for lines in cells) * canvas.line_height(font) + 1.4

    def paint(canvas: Canvas, top: float) -> None:
        shaded_row(canvas, top, height, index)
        left, y = canvas.left, top + 0.7
        canvas.lines(left + columns.name + 0.8, y, cells[0], bold)
        canvas.lines(left + columns.benefit, y, cells[1], font)
        if claim.turf:
            box = QRectF(left + columns.turf, y + 0.1, 3.4, 3.4)
            canvas.box(box, line=0.25, radius=0.5)
            canvas.hatch(box.adjusted(0.25, 0.25, -0.25, -0.25), spacing=0.8)
            canvas.text(box.right() + 1.0, y, canvas.tr.gettext("turf"), font)
        canvas.lines(left + columns.holder, y, cells[2], bold if ours else font)

    return Block(height, paint, section="claims")


# ------------------------------------------------------------------------------- PDF


def export_summary_pdf(
    path: Path | str,
    summary: PrintSummary,
    page_size: PageSizeName = "A4",
    tr: Translator | None = None,
) -> int:
    """Write the GM summary to a PDF at ``path`` in the print language ``tr`` (English
    when None); return its pages."""
    words = tr if tr is not None else translator("en")
    name = summary.campaign or summary.chapter.name
    title = words.gettext("GM summary: {name}").format(name=name)
    return export_pdf_pages(
        path, page_size, title, lambda writer: paint_summary(writer, summary, words)
    )
