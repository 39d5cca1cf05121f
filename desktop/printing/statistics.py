"""The luck report on paper (issue 33): were the dice kind, against the exact odds.

Plain data in (``LuckPrintData``, built by ``desktop.ui.statistics_print`` from the
report), QtGui only, one paint routine for the preview, a printer and the PDF. A header
with the title and the scope, the overall sentence, a table of the rollers (the counts
against their expectations), each roller's sentence, then three charts drawn from the
numbers: the percentiles of the rolls in order about the 50 line, a histogram of them
against the flat line a fair table gives, and each roller's depletions, expected (hatched)
beside actual (solid grey). Black, white and greys only, like every print; hatching and
dashes, not colour, tell one series from another.

The screen draws its charts with pyqtgraph; paper is drawn here by hand, with the
printing's own pens and fonts in millimetres, so a chart is sharp at any dpi.

Its labels are in the print language (``tr``, the canvas' ``tr``); the data's words
(the sentences, the scope, the notes) come in that language from the data's builder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPagedPaintDevice, QPainterPath

from desktop.language import N_, Translator, translator
from desktop.printing.cards import BAND, INK, RULE, SOFT_INK, PageSizeName
from desktop.printing.flow import (
    MID,
    Block,
    Canvas,
    FlowDocument,
    export_pdf_pages,
    keep_together,
    paint_documents,
)
from desktop.printing.parts import (
    BODY_PT,
    LABEL_PT,
    SMALL_PT,
    column_titles,
    heading,
    line_blocks,
    shaded_row,
    spacer,
)
from desktop.rules.roster import isolated

__all__ = [
    "BINS",
    "LuckPrintData",
    "LuckPrintRoller",
    "export_statistics_pdf",
    "paint_statistics",
    "running_footer",
]

BINS: Final = 10  # the histogram's bars: 0-10th percentile, 10-20th, ...
CHART_MM: Final = 52.0  # a chart's plot area's height
AXIS_MM: Final = 11.0  # room left of a plot for the numbers and the axis' title
BAR_ROW_MM: Final = 6.2  # one roller's pair of bars
NAME_MM: Final = 42.0  # the rollers' names beside their bars
# The table's columns: (title, x of its right edge from the content's left; the name's
# column is left aligned at 0). Wide enough for "12 / 10.25" at 9 pt.
TABLE_COLUMNS: Final = (
    (N_("Rolls"), 66.0),
    (N_("Dice"), 80.0),
    (N_("Depleted"), 111.0),
    (N_("Tuples"), 139.0),
    (N_("All ones"), 162.0),
    (N_("Percentile"), 186.0),
)


# ------------------------------------------------------------------------------ data


@dataclass(frozen=True)
class LuckPrintRoller:
    """One row of the table, in words, with the roller's sentence and depletions."""

    name: str
    cells: tuple[str, ...]  # as TABLE_COLUMNS: rolls, dice, depleted, tuples, ones, luck
    sentence: str
    expected_depleted: float
    depleted: int


@dataclass(frozen=True)
class LuckPrintData:
    """The luck report of one scope, in plain words and numbers.

    `percentiles` are the judged rolls' (0 to 100) in the order rolled; `histogram`
    counts them in `BINS` bins, against `fair` (the count each bin expects at a fair
    table). `overall` is the "Everyone" row; `notes` say what was left out and why.
    """

    title: str
    scope: str
    sentence: str
    rollers: tuple[LuckPrintRoller, ...]
    overall: LuckPrintRoller | None
    percentiles: tuple[float, ...]
    histogram: tuple[float, ...]
    fair: float
    notes: tuple[str, ...] = ()


# --------------------------------------------------------------------------- painting


def paint_statistics(
    device: QPagedPaintDevice, data: LuckPrintData, tr: Translator | None = None
) -> int:
    """Paint the report on ``device`` in the print language ``tr`` (English when None);
    return the pages drawn."""
    return paint_documents(device, lambda canvas: [_document(canvas, data)], None, tr)


def _document(canvas: Canvas, data: LuckPrintData) -> FlowDocument:
    blocks = [_header(canvas, data), *line_blocks(canvas, data.sentence, section="", serif=True)]
    openers: dict[str, list[Block]] = {}
    if data.overall is not None:  # with no roll, the sentence says so, and nothing more
        blocks += _table(canvas, data, openers)
        blocks += _sentences(canvas, data, openers)
        blocks += _charts(canvas, data, openers)
    if data.notes:
        left_out = canvas.tr.gettext("Left out")
        openers["notes"] = [heading(left_out, "notes", continued=True)]
        blocks += [spacer(2.0), heading(left_out, "notes")]
        for note in data.notes:
            blocks += line_blocks(canvas, note, section="notes", points=SMALL_PT)
    footer = running_footer(data, canvas.tr)
    return FlowDocument(blocks, footer, lambda section: openers.get(section, []))


def running_footer(data: LuckPrintData, tr: Translator | None = None) -> str:
    """Each page's footer: the campaign's name isolated, so a direction override in it
    turns only the name around, not the scope after it (in the print language ``tr``,
    English when None)."""
    words = tr if tr is not None else translator("en")
    parts = (words.gettext("Roll statistics"), isolated(data.title), data.scope)
    return " · ".join(part for part in parts if part)


def _header(canvas: Canvas, data: LuckPrintData) -> Block:
    kind_font = canvas.font(7.5, bold=True, caps=True)
    title_font = canvas.font(18, bold=True, serif=True)
    sub_font = canvas.font(8.5, italic=True)
    title = canvas.wrap(data.title, title_font, canvas.width)
    sub = canvas.wrap(data.scope, sub_font, canvas.width) if data.scope else []
    height = (
        canvas.line_height(kind_font)
        + len(title) * canvas.line_height(title_font)
        + len(sub) * canvas.line_height(sub_font)
        + 4.0
    )

    def paint(canvas: Canvas, top: float) -> None:
        kind = canvas.tr.gettext("Roll statistics")
        canvas.text(canvas.left, top, kind, kind_font, colour=SOFT_INK)
        y = top + canvas.line_height(kind_font)
        y += canvas.lines(canvas.left, y, title, title_font)
        canvas.lines(canvas.left, y, sub, sub_font, colour=SOFT_INK)
        canvas.line(canvas.left, top + height - 2.0, canvas.right, top + height - 2.0, 0.7)

    return Block(height, paint)


# ----------------------------------------------------------------------------- table


def _table(canvas: Canvas, data: LuckPrintData, openers: dict[str, list[Block]]) -> list[Block]:
    tr = canvas.tr
    scale = canvas.width / TABLE_COLUMNS[-1][1]  # Letter is narrower than A4
    columns = [(tr.gettext("Roller"), 0.0, Qt.AlignmentFlag.AlignLeft)] + [
        (tr.gettext(title), right * scale, Qt.AlignmentFlag.AlignRight)
        for title, right in TABLE_COLUMNS
    ]
    titles = column_titles(canvas, columns, "table")
    rollers = tr.gettext("Rollers")
    openers["table"] = [heading(rollers, "table", continued=True), titles]
    rows = [
        _table_row(canvas, roller, index, scale, bold=False)
        for index, roller in enumerate(data.rollers)
    ]
    if data.overall is not None:
        rows.append(_table_row(canvas, data.overall, len(rows), scale, bold=True))
    note = tr.gettext(
        "Depleted, tuples and all ones: as rolled / as expected from each roll's exact odds. "
        "Percentile: the mean of the rolls' percentiles ± its standard error (50 is a fair table)."
    )
    return [
        spacer(2.0),
        heading(rollers, "table"),
        titles,
        *keep_together(rows),
        spacer(0.8),
        *line_blocks(canvas, note, section="", points=LABEL_PT),
    ]


def _table_row(
    canvas: Canvas, roller: LuckPrintRoller, index: int, scale: float, *, bold: bool
) -> Block:
    font = canvas.font(BODY_PT, bold=bold)
    height = canvas.line_height(font) + 1.4
    name_width = TABLE_COLUMNS[0][1] * scale - canvas.text_width("00000", font) - 2.0

    def paint(canvas: Canvas, top: float) -> None:
        shaded_row(canvas, top, height, index)
        if bold:
            canvas.line(canvas.left, top, canvas.right, top, 0.35)
        y = top + 0.7
        # Elided only here: the full name heads the roller's sentence below the table.
        canvas.text(canvas.left + 1.0, y, canvas.fitted(roller.name, font, name_width), font)
        for (_title, right), cell in zip(TABLE_COLUMNS, roller.cells, strict=True):
            width = canvas.text_width(cell, font)
            canvas.text(canvas.left + right * scale - width, y, cell, font)

    return Block(height, paint, section="table")


def _sentences(canvas: Canvas, data: LuckPrintData, openers: dict[str, list[Block]]) -> list[Block]:
    each = canvas.tr.gettext("Each roller")
    openers["sentences"] = [heading(each, "sentences", continued=True)]
    blocks = [spacer(2.0), heading(each, "sentences")]
    for roller in data.rollers:
        # A little space between rollers: a wrapped sentence reads as one.
        blocks += [
            *line_blocks(canvas, roller.sentence, section="sentences", indent=1.0),
            spacer(0.9, "sentences"),
        ]
    return blocks


# ---------------------------------------------------------------------------- charts


def _charts(canvas: Canvas, data: LuckPrintData, openers: dict[str, list[Block]]) -> list[Block]:
    tr = canvas.tr
    blocks: list[Block] = []
    if data.percentiles:
        fair = f"{data.fair:.1f}".replace(".", tr.language.decimal)
        blocks += [
            spacer(2.0),
            heading(tr.gettext("Each roll's percentile, in order"), "order"),
            _plot_block(canvas, lambda c, r: _paint_order(c, r, data.percentiles)),
            _caption(
                canvas,
                tr.gettext("Roll, in the order rolled. The dashed line is the 50th percentile."),
            ),
            spacer(2.0),
            heading(tr.gettext("How the percentiles fell"), "histogram"),
            _plot_block(canvas, lambda c, r: _paint_histogram(c, r, data.histogram, data.fair)),
            _caption(
                canvas,
                tr.gettext(
                    "Percentile of the roll. The dashed line is what a fair table gives each "
                    "bar ({fair} rolls)."
                ).format(fair=fair),
            ),
        ]
    blocks += _depletion_chart(canvas, data, openers)
    return blocks


def _caption(canvas: Canvas, text: str) -> Block:
    font = canvas.font(SMALL_PT, italic=True)
    lines = canvas.wrap(text, font, canvas.width - AXIS_MM)
    height = len(lines) * canvas.line_height(font) + 1.0

    def paint(canvas: Canvas, top: float) -> None:
        canvas.lines(canvas.left + AXIS_MM, top, lines, font, colour=SOFT_INK)

    return Block(height, paint)


PlotPainter = Callable[[Canvas, QRectF], None]


def _plot_block(canvas: Canvas, paint_plot: PlotPainter) -> Block:
    """A chart's plot area (the axis' numbers left of it and under it), kept with its caption."""
    small = canvas.font(LABEL_PT)
    below = canvas.line_height(small) + 1.5
    height = 3.0 + CHART_MM + below

    def paint(canvas: Canvas, top: float) -> None:
        plot = QRectF(canvas.left + AXIS_MM, top + 3.0, canvas.width - AXIS_MM - 2.0, CHART_MM)
        paint_plot(canvas, plot)

    return Block(height, paint, keep_with_next=True)


def _y_axis(canvas: Canvas, plot: QRectF, top_value: float, ticks: list[float], title: str) -> None:
    """Grey rules across the plot at ``ticks``, their numbers left of it, and the axis'
    title turned upright along it."""
    small = canvas.font(LABEL_PT)
    for value in ticks:
        y = plot.bottom() - plot.height() * value / top_value
        canvas.line(plot.left(), y, plot.right(), y, 0.1, RULE)
        label = f"{value:g}"
        width = canvas.text_width(label, small)
        canvas.text(plot.left() - 1.2 - width, y - canvas.line_height(small) / 2, label, small)
    painter = canvas.painter
    painter.save()
    try:
        middle = canvas.point(plot.left() - AXIS_MM + 0.5, plot.center().y())
        painter.translate(middle)
        painter.rotate(-90)
        font = canvas.font(LABEL_PT, bold=True, caps=True)
        painter.setFont(font)
        painter.setPen(SOFT_INK)
        metrics = canvas.metrics(font)
        painter.drawText(QPointF(-metrics.horizontalAdvance(title) / 2, metrics.ascent()), title)
    finally:
        painter.restore()


def _frame(canvas: Canvas, plot: QRectF) -> None:
    canvas.line(plot.left(), plot.top(), plot.left(), plot.bottom(), 0.3)
    canvas.line(plot.left(), plot.bottom(), plot.right(), plot.bottom(), 0.3)


def _dashed(canvas: Canvas, x1: float, y: float, x2: float, width: float = 0.35) -> None:
    canvas.painter.setPen(canvas.pen(width, INK, Qt.PenStyle.DashLine))
    canvas.painter.drawLine(canvas.point(x1, y), canvas.point(x2, y))


def _paint_order(canvas: Canvas, plot: QRectF, percentiles: tuple[float, ...]) -> None:
    _y_axis(canvas, plot, 100.0, [0, 25, 50, 75, 100], canvas.tr.gettext("Percentile"))
    count = len(percentiles)
    step = plot.width() / count

    def at(index: int, value: float) -> QPointF:
        return canvas.point(
            plot.left() + step * (index + 0.5), plot.bottom() - plot.height() * value / 100
        )

    path = QPainterPath(at(0, percentiles[0]))
    for index, value in enumerate(percentiles[1:], start=1):
        path.lineTo(at(index, value))
    painter = canvas.painter
    painter.setPen(canvas.pen(0.15, MID))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    # Dots a little smaller when there are many, so a campaign's thousands stay apart.
    radius = canvas.mm(max(0.25, min(0.8, step / 2.5)))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(INK)
    for index, value in enumerate(percentiles):
        painter.drawEllipse(at(index, value), radius, radius)
    _dashed(canvas, plot.left(), plot.center().y(), plot.right())
    _frame(canvas, plot)
    _x_labels(canvas, plot, [(step * (i - 0.5), str(i)) for i in _order_ticks(count)])


def _order_ticks(count: int) -> list[int]:
    """The roll numbers labelled under the order chart: the first, the last, and a
    round step between (never more than about ten)."""
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        step = candidate
        if count / candidate <= 10:
            break
    ticks = [1, *range(step, count + 1, step)]
    if ticks[-1] != count and count - ticks[-1] < step / 2:
        ticks.pop()  # too close to the last to read apart
    if ticks[-1] != count:
        ticks.append(count)
    return sorted(set(ticks))


def _x_labels(canvas: Canvas, plot: QRectF, labels: list[tuple[float, str]]) -> None:
    small = canvas.font(LABEL_PT)
    for x, label in labels:
        width = canvas.text_width(label, small)
        centre = plot.left() + x
        canvas.line(centre, plot.bottom(), centre, plot.bottom() + 0.8, 0.2)
        canvas.text(centre - width / 2, plot.bottom() + 1.0, label, small)


def _paint_histogram(canvas: Canvas, plot: QRectF, bins: tuple[float, ...], fair: float) -> None:
    top_value = max(max(bins, default=0), fair, 1.0)
    ticks = _count_ticks(top_value)
    top_value = max(top_value, ticks[-1])
    _y_axis(canvas, plot, top_value, ticks, canvas.tr.gettext("Rolls"))
    width = plot.width() / len(bins)
    for index, count in enumerate(bins):
        height = plot.height() * count / top_value
        bar = QRectF(plot.left() + width * index + 0.8, plot.bottom() - height, width - 1.6, height)
        if count:
            canvas.box(bar, line=0.25, fill=BAND)
    fair_y = plot.bottom() - plot.height() * fair / top_value
    _dashed(canvas, plot.left(), fair_y, plot.right(), 0.45)
    _frame(canvas, plot)
    _x_labels(canvas, plot, [(width * i, f"{100 * i // len(bins)}") for i in range(len(bins) + 1)])


def _count_ticks(top: float) -> list[float]:
    """Round counts from 0 up to at least ``top``: five or so rules."""
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000):
        step = candidate
        if top / candidate <= 5:
            break
    ticks = [0.0]
    while ticks[-1] < top:
        ticks.append(ticks[-1] + step)
    return ticks


# ---------------------------------------------------------------- depletions chart


def _depletion_chart(
    canvas: Canvas, data: LuckPrintData, openers: dict[str, list[Block]]
) -> list[Block]:
    """Each roller's expected and actual depletions as a pair of bars, one row each:
    as many rollers as there are, flowing over pages, their names in full width."""
    top_value = max(
        [max(r.expected_depleted, r.depleted) for r in data.rollers] + [1.0], default=1.0
    )
    ticks = _count_ticks(top_value)
    top_value = ticks[-1]
    legend = _legend(canvas)
    scale = _bar_scale(canvas, ticks, top_value)
    # Each page the chart goes on over says what it is and shows its scale again.
    title = canvas.tr.gettext("Depletions: expected and actual")
    openers["depletions"] = [
        heading(title, "depletions", continued=True),
        legend,
        scale,
    ]
    rows = [_bar_row(canvas, roller, top_value, ticks) for roller in data.rollers]
    # On one page when it fits; a campaign of many rollers goes on over the next.
    return [
        spacer(2.0),
        *keep_together(
            [
                heading(title, "depletions"),
                legend,
                scale,
                *rows,
                _bar_axis(canvas, ticks, top_value),
            ]
        ),
    ]


def _bars_left(canvas: Canvas) -> float:
    return canvas.left + NAME_MM + 2.0


def _bars_width(canvas: Canvas) -> float:
    return canvas.right - 14.0 - _bars_left(canvas)


def _legend(canvas: Canvas) -> Block:
    font = canvas.font(SMALL_PT)
    height = canvas.line_height(font) + 2.0

    def paint(canvas: Canvas, top: float) -> None:
        x = _bars_left(canvas)
        swatch = QRectF(x, top + 0.6, 6.0, 2.6)
        _expected_bar(canvas, swatch)
        x += 7.5 + canvas.text(x + 7.5, top, canvas.tr.gettext("expected (hatched)"), font)
        swatch = QRectF(x + 6.0, top + 0.6, 6.0, 2.6)
        canvas.box(swatch, line=0.25, fill=MID)
        canvas.text(x + 13.5, top, canvas.tr.gettext("actual (solid)"), font)

    return Block(height, paint, keep_with_next=True, section="depletions", heading=True)


def _expected_bar(canvas: Canvas, rect: QRectF) -> None:
    if rect.width() > 0:
        canvas.hatch(rect, spacing=0.9, width=0.15)
    canvas.box(rect, line=0.25)


def _bar_row(
    canvas: Canvas, roller: LuckPrintRoller, top_value: float, ticks: list[float]
) -> Block:
    font = canvas.font(SMALL_PT)

    def paint(canvas: Canvas, top: float) -> None:
        left, width = _bars_left(canvas), _bars_width(canvas)
        for value in ticks:
            x = left + width * value / top_value
            canvas.line(x, top, x, top + BAR_ROW_MM, 0.1, RULE)
        name = canvas.fitted(roller.name, font, NAME_MM)
        canvas.text(canvas.left, top + (BAR_ROW_MM - canvas.line_height(font)) / 2, name, font)
        bar = (BAR_ROW_MM - 1.2) / 2
        expected = width * roller.expected_depleted / top_value
        actual = width * roller.depleted / top_value
        _expected_bar(canvas, QRectF(left, top + 0.6, expected, bar))
        if actual > 0:
            canvas.box(QRectF(left, top + 0.6 + bar, actual, bar), line=0.25, fill=MID)
        small = canvas.font(LABEL_PT)
        lift = (bar - canvas.line_height(small)) / 2  # each number level with its bar
        said = f"{roller.expected_depleted:.2f}".replace(".", canvas.tr.language.decimal)
        canvas.text(left + expected + 1.0, top + 0.6 + lift, said, small)
        canvas.text(left + actual + 1.0, top + 0.6 + bar + lift, str(roller.depleted), small)
        canvas.line(left, top, left, top + BAR_ROW_MM, 0.3)

    return Block(BAR_ROW_MM, paint, section="depletions")


def _bar_scale(canvas: Canvas, ticks: list[float], top_value: float) -> Block:
    """The numbers of the scale above the bars, level with their grey rules."""
    small = canvas.font(LABEL_PT)
    height = canvas.line_height(small) + 0.6

    def paint(canvas: Canvas, top: float) -> None:
        left, width = _bars_left(canvas), _bars_width(canvas)
        for value in ticks:
            x = left + width * value / top_value
            label = f"{value:g}"
            canvas.text(x - canvas.text_width(label, small) / 2, top, label, small, colour=SOFT_INK)

    return Block(height, paint, keep_with_next=True, section="depletions", heading=True)


def _bar_axis(canvas: Canvas, ticks: list[float], top_value: float) -> Block:
    small = canvas.font(LABEL_PT)
    title = canvas.font(LABEL_PT, bold=True, caps=True)
    height = canvas.line_height(small) + canvas.line_height(title) + 2.0

    def paint(canvas: Canvas, top: float) -> None:
        left, width = _bars_left(canvas), _bars_width(canvas)
        canvas.line(left, top, left + width, top, 0.3)
        for value in ticks:
            x = left + width * value / top_value
            label = f"{value:g}"
            canvas.line(x, top, x, top + 0.8, 0.2)
            canvas.text(x - canvas.text_width(label, small) / 2, top + 1.0, label, small)
        canvas.text(
            left,
            top + 1.2 + canvas.line_height(small),
            canvas.tr.gettext("Dice depleted"),
            title,
            colour=SOFT_INK,
            width=width,
            align=Qt.AlignmentFlag.AlignHCenter,
        )

    return Block(height, paint, section="depletions")


# ------------------------------------------------------------------------------- PDF


def export_statistics_pdf(
    path: Path | str,
    data: LuckPrintData,
    page_size: PageSizeName = "A4",
    tr: Translator | None = None,
) -> int:
    """Write the report to a PDF at ``path`` (whole or not at all) in the print language
    ``tr`` (English when None); return its pages."""
    words = tr if tr is not None else translator("en")
    title = words.gettext("Roll statistics: {name}").format(name=data.title)
    return export_pdf_pages(
        path, page_size, title, lambda writer: paint_statistics(writer, data, words)
    )
