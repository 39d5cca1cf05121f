"""The Statistics view's three plots, drawn by pyqtgraph: the percentiles of the scope's
rolls in order, their histogram against the flat line a fair table gives, and each
roller's depletions against their exact expectation.

The one module that imports pyqtgraph (with numpy, about 60 ms and a few MB): the view
imports it when it is first shown, never at start-up. The plots follow the window's
palette (light or dark) through the theme's roles, and neither pan nor zoom: a stray
wheel over the dock must not lose the picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPalette, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QWidget

from desktop.language import N_
from desktop.ui.accessible import describe, named
from desktop.ui.statistics.plot_data import Worked
from desktop.ui.theme import PLOT_EXPECTED, PLOT_ROLLED, colour
from desktop.ui.window_language import ntr, tr
from desktop.views.statistics import BINS

PLOT_HEIGHT = 190
# From this width the histogram and the depletions stand side by side under the rolls
# in order; narrower (the Roll Log's tab beside the Play dock), all three in a column.
SIDE_BY_SIDE_WIDTH = 600
AXIS_ROOM = 60  # the left axis's numbers and words, beside a plot's area
MOST_DOTS = 300  # rolls in order drawn with a dot each, up to this many
# What a screen reader calls each plot (its description says its numbers).
PLOT_NAMES = {
    "statisticsSequencePlot": N_("Percentile of each roll, in order"),
    "statisticsHistogram": N_("Histogram of the rolls' percentiles"),
    "statisticsDepletions": N_("Dice depleted, rolled and expected, per roller"),
}
# What each plot shows, over it (the printout's headings), and what its dashed line is:
# a new GM saw three bare plots and a dashed line no word explained.
PLOT_TITLES = {
    "statisticsSequencePlot": (
        N_("Each roll's percentile, in order"),
        N_("dashed: a fair table (50)"),
    ),
    "statisticsHistogram": (N_("How the percentiles fell"), N_("dashed: a fair table")),
    "statisticsDepletions": (N_("Dice depleted: rolled and expected"), ""),
}
# Each plot's object name and its axes' words, in the order `LuckPlots` takes them.
PLOTS = (
    ("statisticsSequencePlot", N_("Percentile"), N_("Rolls, in order")),
    ("statisticsHistogram", N_("Rolls"), N_("Percentile")),
    ("statisticsDepletions", N_("Dice depleted"), ""),
)


def make_plot(index: int) -> pg.PlotWidget:
    """The `index`th of `PLOTS`, empty. Measured: 7-10 ms each (a PlotWidget is a scene
    of a dozen items and a menu), so the view makes one per turn of the event loop
    rather than the three at once (22-31 ms, over a frame)."""
    name, left, bottom = PLOTS[index]
    plot = pg.PlotWidget()
    plot.setObjectName(name)
    named(plot, tr(PLOT_NAMES[name]))
    plot.setMinimumHeight(PLOT_HEIGHT)
    plot.setMinimumWidth(200)
    plot.setMouseEnabled(x=False, y=False)
    plot.setMenuEnabled(False)
    plot.hideButtons()
    plot.setLabel("left", tr(left))
    if bottom:
        plot.setLabel("bottom", tr(bottom))
    return plot


class LuckPlots(QWidget):
    """The three plots, one above the other, redrawn by `show_report`; `made` are the
    plots made already by `make_plot` (the rest are made now)."""

    def __init__(self, made: Sequence[pg.PlotWidget] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("statisticsPlots")
        self.worked: Worked | None = None
        plots = [*made, *(make_plot(i) for i in range(len(made), len(PLOTS)))]
        self.sequence, self.histogram, self.depletions = plots
        for plot in plots:
            plot.installEventFilter(self)  # its title wraps to its width: `fit_title`
        self.legend = self.depletions.addLegend(offset=(-10, 10))
        # Each plot's items are made once and given each report's numbers: cleared and
        # made again, with the axes' pens and fonts set again, a report took 10-23 ms of
        # the window to draw (issue 33); the colours and fonts change with the theme and
        # the zoom only (`changeEvent`).
        self.middle_line = pg.InfiniteLine(50, angle=0)
        self.curve = pg.PlotDataItem([], [], symbolSize=6, skipFiniteCheck=True)
        self.histogram_bars = pg.BarGraphItem(x=[], height=[], width=100 / BINS * 0.85)
        self.fair_line = pg.InfiniteLine(0, angle=0)
        self.expected_bars = pg.BarGraphItem(x=[], height=[], width=0.38, name=tr("Expected"))
        self.actual_bars = pg.BarGraphItem(x=[], height=[], width=0.38, name=tr("Rolled"))
        for plot, items in (
            (self.sequence, (self.middle_line, self.curve)),
            (self.histogram, (self.histogram_bars, self.fair_line)),
            (self.depletions, (self.expected_bars, self.actual_bars)),
        ):
            for item in items:
                plot.addItem(item)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.side_by_side: bool | None = None
        self._arrange(side_by_side=False)
        self._style()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and isinstance(watched, pg.PlotWidget):
            fit_title(watched)
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        wanted = event.size().width() >= SIDE_BY_SIDE_WIDTH
        if wanted != self.side_by_side:
            self._arrange(side_by_side=wanted)
        self._name_rollers()

    def _name_rollers(self) -> None:
        """Each roller's name under their bars, cut short to the room a pair of bars has
        (four long names overlapped one another)."""
        rollers = self.worked.report.rollers if self.worked is not None else ()
        width = self.width() / 2 if self.side_by_side else self.width()
        room = max(24, int((width - AXIS_ROOM) / max(1, len(rollers))) - 8)
        metrics = QFontMetrics(self.font())  # the ticks' font (`_draw`)
        ticks = [
            (place, metrics.elidedText(roller.name, Qt.TextElideMode.ElideRight, room))
            for place, roller in enumerate(rollers)
        ]
        self.depletions.getAxis("bottom").setTicks([ticks])

    def _arrange(self, *, side_by_side: bool) -> None:
        self.side_by_side = side_by_side
        for plot in (self.sequence, self.histogram, self.depletions):
            self.grid.removeWidget(plot)
        if side_by_side:
            self.grid.addWidget(self.sequence, 0, 0, 1, 2)
            self.grid.addWidget(self.histogram, 1, 0)
            self.grid.addWidget(self.depletions, 1, 1)
        else:
            for row, plot in enumerate((self.sequence, self.histogram, self.depletions)):
                self.grid.addWidget(plot, row, 0, 1, 2)
        self.grid.setColumnStretch(0, 1)
        self.grid.setColumnStretch(1, 1 if side_by_side else 0)

    def show_report(self, worked: Worked | None) -> None:
        self.worked = worked
        self._draw()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._style()  # light to dark or back: every colour follows
        elif event.type() == QEvent.Type.FontChange:
            self._style()  # View > Zoom: the axes' words and numbers follow the docks' text

    # -- drawing ------------------------------------------------------------------------

    def _style(self) -> None:
        """The colours and fonts of the plots and their items, from the palette and the
        font the plots have now."""
        palette = self.palette()
        ink = palette.color(QPalette.ColorRole.Text)
        rolled = colour(palette, PLOT_ROLLED)
        fair = colour(palette, PLOT_EXPECTED)
        font = self.font()
        points = font.pointSizeF()
        self.legend.setLabelTextSize(f"{points:g}pt" if points > 0 else f"{font.pixelSize()}px")
        self.legend.setLabelTextColor(ink)
        for _sample, label in self.legend.items:  # labels made already: drawn again in it
            label.setText(label.text)
        for plot in (self.sequence, self.histogram, self.depletions):
            plot.setBackground(palette.color(QPalette.ColorRole.Base))
            for side in ("left", "bottom"):
                axis = plot.getAxis(side)
                axis.setPen(pg.mkPen(ink))
                axis.setTextPen(pg.mkPen(ink))
                # pyqtgraph draws in its own fixed font: at 150% the axes stayed small.
                axis.setTickFont(font)
                axis.label.setFont(font)
                axis.showLabel(bool(axis.labelText))
        for plot in (self.sequence, self.histogram, self.depletions):
            _title(plot, *PLOT_TITLES[plot.objectName()], ink, font)
        self.middle_line.setPen(_dashed(fair))
        self.curve.setPen(pg.mkPen(rolled, width=1))
        self.curve.setSymbolPen(pg.mkPen(rolled))
        self.curve.setSymbolBrush(pg.mkBrush(rolled))
        self.fair_line.setPen(_dashed(fair, width=2))
        for bars, ink_of in (
            (self.histogram_bars, rolled),
            (self.expected_bars, fair),
            (self.actual_bars, rolled),
        ):
            bars.setOpts(pen=pg.mkPen(ink_of), brush=pg.mkBrush(ink_of))
        self.legend.update()
        self._name_rollers()  # the ticks' font

    def _draw(self) -> None:
        worked = self.worked
        self._describe(worked)
        self._draw_sequence(worked.percentiles if worked is not None else ())
        self._draw_histogram(worked.bins if worked is not None else (0.0,) * BINS)
        self._draw_depletions(worked)

    def _describe(self, worked: Worked | None) -> None:
        """The plots are pictures: a screen reader hears their numbers in words."""
        values = worked.percentiles if worked is not None else ()
        if values:
            mean = sum(values) / len(values)
            sequence = ntr(
                "{count} roll, mean percentile {mean}; fair is 50.",
                "{count} rolls, mean percentile {mean}; fair is 50.",
                len(values),
            ).format(count=len(values), mean=f"{mean:.0f}")
        else:
            sequence = tr("No roll judged.")
        counts = worked.bins if worked is not None else ()
        tenths = ", ".join(
            f"{i * 100 // BINS}-{(i + 1) * 100 // BINS}: {n:.1f}" for i, n in enumerate(counts)
        )
        fair = f"{sum(counts) / BINS:.1f}" if counts else "0"
        histogram = tr("Rolls per tenth of their odds, {tenths}; fair is {fair} each.").format(
            tenths=tenths, fair=fair
        )
        rollers = worked.report.rollers if worked is not None else ()
        depletions = "; ".join(
            tr("{name}: {depleted} depleted, {expected} expected").format(
                name=r.name, depleted=r.depleted, expected=f"{float(r.expected_depleted):.1f}"
            )
            for r in rollers
        )
        describe(self.sequence, sequence)
        describe(self.histogram, histogram if counts else tr("No roll judged."))
        describe(self.depletions, depletions or tr("No roll judged."))

    def _draw_sequence(self, values: Sequence[float]) -> None:
        plot = self.sequence
        # A dot per roll reads best; past a few hundred the dots are a blur and cost the
        # window (5,000 took 260 ms to lay out), so the line alone is drawn, a pixel
        # column's highest and lowest only: 5,000 rolls drawn whole took 10-24 ms of the
        # window's thread to lay out and paint, over a frame.
        dots = len(values) <= MOST_DOTS
        self.curve.setSymbol("o" if dots else None)
        self.curve.setDownsampling(auto=not dots, method="peak")
        self.curve.setData(list(range(1, len(values) + 1)), list(values))
        plot.setYRange(0, 100, padding=0.02)
        plot.setXRange(0.5, max(1, len(values)) + 0.5, padding=0.02)

    def _draw_histogram(self, counts: Sequence[float]) -> None:
        plot = self.histogram
        judged = sum(counts)
        width = 100 / BINS
        self.histogram_bars.setOpts(x=[width * (i + 0.5) for i in range(BINS)], height=counts)
        # A fair table spreads the percentiles evenly: a tenth of the rolls in each bin.
        self.fair_line.setValue(judged / BINS)
        plot.setXRange(0, 100, padding=0.02)
        plot.setYRange(0, max([*counts, judged / BINS, 1]) * 1.1, padding=0)

    def _draw_depletions(self, worked: Worked | None) -> None:
        plot = self.depletions
        rollers = worked.report.rollers if worked is not None else ()
        places = list(range(len(rollers)))
        self.expected_bars.setOpts(
            x=[i - 0.2 for i in places], height=[float(r.expected_depleted) for r in rollers]
        )
        self.actual_bars.setOpts(x=[i + 0.2 for i in places], height=[r.depleted for r in rollers])
        # Cut to the room each pair of bars has, as on a resize: the full names set here
        # overlapped after every new report (a scope change, a new roll) until the dock
        # was next resized, and in every Save Plots picture.
        self._name_rollers()
        tallest = max([1.0, *(float(r.expected_depleted) for r in rollers)])
        tallest = max([tallest, *(float(r.depleted) for r in rollers)])
        plot.setXRange(-0.6, max(0, len(rollers) - 1) + 0.6, padding=0)
        plot.setYRange(0, tallest * 1.4, padding=0)  # room for the legend above the bars


def _title(plot: pg.PlotWidget, title: str, note: str, ink: QColor, font: QFont) -> None:
    """`title` over `plot` in bold, and `note` (what its dashed line is) under it (beside
    it, the Roll Log's narrow tab cut it off), in the docks' font (it grows with View >
    Zoom) and the palette's text colour."""
    words = f"<b>{escape(tr(title))}</b>"  # untranslated: markup
    if note:
        words += f"<br><i>{escape(tr(note))}</i>"  # untranslated: markup
    points = font.pointSizeF()
    size = f"{points:g}pt" if points > 0 else f"{font.pixelSize()}px"
    item = plot.getPlotItem()
    label = item.titleLabel
    if item.layout.itemAt(0, 0) is None:
        # Over the left axis too, not the plot's area alone: more room before it wraps.
        item.layout.removeItem(label)
        item.layout.addItem(label, 0, 0, 1, 3)
    centred = f"<div align='center'>{words}</div>"  # untranslated: markup
    item.setTitle(centred, color=ink, size=size)
    label.item.setFont(font)  # its family; the size is the style's
    fit_title(plot)


def fit_title(plot: pg.PlotWidget) -> None:
    """The title wrapped to `plot`'s width and its row as high as its lines: pyqtgraph
    keeps a title on one line 30 px high, so at 150% or in the narrow tab the words were
    cut and the plot beside was pushed out of its frame."""
    item = plot.getPlotItem()
    label = item.titleLabel
    label.item.setTextWidth(max(40, plot.width() - 12))
    label.updateMin()
    height = int(label.item.boundingRect().height()) + 2
    label.setMaximumHeight(height)
    item.layout.setRowFixedHeight(0, height)
    label.resizeEvent(None)


def _dashed(ink: QColor, width: int = 1) -> object:
    return pg.mkPen(ink, width=width, style=Qt.PenStyle.DashLine)
