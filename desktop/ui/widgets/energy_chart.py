"""One character's energy over the days, drawn with QPainter.

Drawn by hand because QtCharts is not part of PySide6-Essentials (the only Qt the app
ships), and a chart of a few lines does not justify the full PySide6 wheel.

What is drawn, per campaign day (a stored day is the state after that day's entries):

- the daily energy the day opened with (solid line, filled circles);
- the general store at the day's end (dashed line, hollow squares);
- each project pool at the day's end (its own dash pattern and marker);
- the debt left at the day's end, as hatched bars below the zero line;
- today (a dashed vertical line) and a death (a dotted line and a cross).

Colour is never the only cue: every line has its own dash pattern and marker, the
legend shows both, and the debt is hatched. The data (`chart_data`) is plain numbers;
`layout_chart` turns it into painter paths once per data or size change, and
`paint_layout` only strokes them, so a year of days paints in a few milliseconds. The
printing code can call `paint_energy_chart` with any painter and rectangle.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Final

from PySide6.QtCore import QDate, QEvent, QLineF, QLocale, QPoint, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QToolTip, QVBoxLayout, QWidget

from desktop.language import N_
from desktop.rules.energy import DayState, repayment
from desktop.store import NotFound, Topic
from desktop.ui.accessible import named
from desktop.ui.plain_text import PlainLabel, tooltip
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.character_view import FollowedCharacter
from desktop.ui.window_language import tr
from desktop.ui.zoom import zoom_size

TOPICS: Final = frozenset({Topic.ENERGY, Topic.CAMPAIGN, Topic.CHARACTERS})
# (label, days shown; 0 = every stored day); the labels translated when shown
RANGES: Final[tuple[tuple[str, int], ...]] = (
    (N_("Last 30 days"), 30),
    (N_("Last 90 days"), 90),
    (N_("All days"), 0),
)
DEFAULT_RANGE: Final = 30
# Qt's date formats, in the window's language (its month and weekday names): 5 Mar 2026
DAY_DATE: Final = "ddd d MMM yyyy"  # untranslated: a date format
FULL_DATE: Final = "d MMM yyyy"  # untranslated: a date format
SHORT_DATE: Final = "d MMM"  # untranslated: a date format

# Geometry, in device pixels of the painter.
_LINE_WIDTH: Final = 2.0
_MARKER_RADIUS: Final = 3.6
_STAMP_SIZE: Final = 14  # the square a marker stamp is drawn in
_MARKER_SPACING: Final = 18.0  # fewest pixels between two markers of one line
_LABEL_GAP: Final = 14.0  # between x axis labels
_TICK: Final = 4.0
_PAD: Final = 8.0
_LEGEND_SAMPLE: Final = 30.0
# Days between x axis labels, from the smallest that leaves room: whole weeks read well.
_DAY_STEPS: Final = (1, 2, 3, 7, 14, 28, 56, 91, 182, 364, 728)
_NICE: Final = (1.0, 2.0, 2.5, 5.0, 10.0)


# ------------------------------------------------------------------------------ data


@dataclass(frozen=True)
class Series:
    """One line of the chart: a value per day from `ChartData.first_day` (None: no
    stored day, or no such pool that day)."""

    key: str  # "daily", "store", "debt" or "pool:<project>"
    label: str
    values: tuple[int | None, ...]
    # For a pool: what that day's investments add at its rollover (0 when nothing).
    pending: tuple[int, ...] = ()


@dataclass(frozen=True)
class ChartData:
    """Everything the chart shows, as plain numbers, for days first_day..last_day."""

    first_day: int
    last_day: int
    start_date: date  # the date of campaign day 1
    today: int
    daily: Series
    store: Series
    pools: tuple[Series, ...]
    debt: Series
    unspent: tuple[int | None, ...]  # daily energy left at each day's end
    death_day: int | None = None

    @property
    def day_count(self) -> int:
        return self.last_day - self.first_day + 1

    @property
    def lines(self) -> tuple[Series, ...]:
        """The series drawn as lines, in legend order."""
        return (self.daily, self.store, *self.pools)

    @property
    def stored_days(self) -> int:
        return sum(value is not None for value in self.daily.values)

    def date_of(self, day: int) -> date:
        return self.start_date + timedelta(days=day - 1)

    def index(self, day: int) -> int | None:
        """The position of a day in the series, or None outside the range."""
        offset = day - self.first_day
        return offset if 0 <= offset < self.day_count else None

    def value(self, key: str, day: int) -> int | None:
        index = self.index(day)
        if index is None:
            return None
        for series in (*self.lines, self.debt):
            if series.key == key:
                return series.values[index]
        raise KeyError(key)


def chart_data(
    days: Mapping[int, DayState],
    *,
    start_date: date,
    today: int,
    first_day: int,
    last_day: int,
) -> ChartData:
    """The series of the stored `days` (by campaign day) between first_day and last_day."""
    if last_day < first_day:
        raise ValueError(f"The chart's last day ({last_day}) is before its first ({first_day}).")
    span = range(first_day, last_day + 1)
    states = [days.get(day) for day in span]
    projects = _projects(state for state in states if state is not None)
    pools = tuple(
        Series(
            key=f"pool:{project}",
            label=project,
            values=tuple(_pool_value(state, project) for state in states),
            pending=tuple(state.pending(project) if state else 0 for state in states),
        )
        for project in projects
    )
    deaths = [day for day, state in zip(span, states, strict=True) if state and state.dead]
    return ChartData(
        first_day=first_day,
        last_day=last_day,
        start_date=start_date,
        today=today,
        daily=Series(
            "daily",
            tr("Daily energy at opening"),
            tuple(state.opened_daily if state else None for state in states),
        ),
        store=Series(
            "store",
            tr("General store"),
            tuple(state.general_store if state else None for state in states),
        ),
        pools=pools,
        debt=Series("debt", tr("Debt"), tuple(state.debt if state else None for state in states)),
        unspent=tuple(state.daily if state else None for state in states),
        death_day=deaths[0] if deaths else None,
    )


def _projects(states: Iterable[DayState]) -> list[str]:
    # Every project that had a pool on a day shown, in the order they first appear.
    seen: dict[str, None] = {}
    for state in states:
        for pool in state.pools:
            seen.setdefault(pool.project, None)
    return list(seen)


def _pool_value(state: DayState | None, project: str) -> int | None:
    if state is None:
        return None
    return next((pool.value for pool in state.pools if pool.project == project), None)


def day_summary(data: ChartData, day: int) -> str:
    """The tooltip of one day: its date and every value drawn for it."""
    index = data.index(day)
    when = data.date_of(day)
    shown = date_words(when, DAY_DATE)
    if day == data.today:
        title = tr("Day {day}: {date} (today)").format(day=day, date=shown)
    else:
        title = tr("Day {day}: {date}").format(day=day, date=shown)
    if index is None or data.daily.values[index] is None:
        return "\n".join([title, tr("No energy recorded for this day.")])
    lines = [
        title,
        tr("{line}: {value} ({unspent} left unspent)").format(
            line=data.daily.label, value=data.daily.values[index], unspent=data.unspent[index]
        ),
        tr("{line} at the day's end: {value}").format(
            line=data.store.label, value=data.store.values[index]
        ),
    ]
    for pool in data.pools:
        value, pending = pool.values[index], pool.pending[index]
        if value is None and not pending:
            continue
        if value is None:  # invested today: the pool comes at the rollover
            text = tr("Project “{project}”: no pool yet (+{pending} at the rollover)")
        elif pending:
            text = tr("Project “{project}”: {value} (+{pending} at the rollover)")
        else:
            text = tr("Project “{project}”: {value}")
        lines.append(text.format(project=pool.label, value=value, pending=pending))
    debt = data.debt.values[index]
    if debt:
        lines.append(
            tr("Debt: {debt} (repaid double, {repaid}, the next day)").format(
                debt=debt, repaid=repayment(debt)
            )
        )
    if day == data.death_day:
        lines.append(tr("Died this day."))
    return "\n".join(lines)


def date_words(when: date, form: str) -> str:
    """A date in the window's language, in Qt's date `form` ("d MMM yyyy": 5 Mar 2026)."""
    return QLocale().toString(QDate(when.year, when.month, when.day), form)


# ----------------------------------------------------------------------------- style


@dataclass(frozen=True)
class LineLook:
    """How one line reads without colour: dash pattern and marker."""

    dashes: tuple[float, ...]  # in line widths; () = solid
    marker: str  # circle, square, triangle, diamond, down, plus
    hollow: bool


DAILY_LOOK: Final = LineLook((), "circle", hollow=False)
STORE_LOOK: Final = LineLook((5.0, 3.0), "square", hollow=True)
POOL_LOOKS: Final = (
    LineLook((1.0, 2.0), "triangle", hollow=False),
    LineLook((7.0, 2.0, 1.0, 2.0), "diamond", hollow=True),
    LineLook((10.0, 4.0), "down", hollow=False),
    LineLook((1.0, 2.0, 1.0, 2.0, 5.0, 2.0), "plus", hollow=False),
)
# Hues that stay apart for the common colour-vision deficiencies: blue, teal, orange,
# purple, olive, pink (the shapes carry the difference anyway).
_HUES: Final = (212, 170, 28, 275, 60, 330)
_DEBT_HUE: Final = 2


def look_of(position: int) -> LineLook:
    """The look of the line at `position` in `ChartData.lines`."""
    if position == 0:
        return DAILY_LOOK
    if position == 1:
        return STORE_LOOK
    return POOL_LOOKS[(position - 2) % len(POOL_LOOKS)]


@dataclass(frozen=True)
class ChartStyle:
    """The colours and font of a chart, from a palette (light or dark)."""

    background: QColor
    text: QColor
    muted: QColor
    grid: QColor
    axis: QColor
    today: QColor
    death: QColor
    debt: QColor
    lines: tuple[QColor, ...]
    font: QFont = field(default_factory=QFont)

    @classmethod
    def from_palette(cls, palette: QPalette, font: QFont) -> ChartStyle:
        background = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        dark = background.lightness() < 128
        # The same hues everywhere; lighter on a dark background so the lines keep
        # their contrast, darker on a light one.
        lightness, saturation = (172, 170) if dark else (92, 190)
        return cls(
            background=background,
            text=text,
            muted=_mix(text, background, 0.62),
            grid=_mix(text, background, 0.14),
            axis=_mix(text, background, 0.55),
            today=palette.color(QPalette.ColorRole.Highlight).lighter(125 if dark else 100),
            death=text,
            debt=QColor.fromHsl(_DEBT_HUE, 200, 150 if dark else 105),
            lines=tuple(QColor.fromHsl(hue, saturation, lightness) for hue in _HUES),
            font=font,
        )

    def line(self, position: int) -> QColor:
        return self.lines[position % len(self.lines)]


def _mix(front: QColor, back: QColor, amount: float) -> QColor:
    return QColor.fromRgbF(
        back.redF() + (front.redF() - back.redF()) * amount,
        back.greenF() + (front.greenF() - back.greenF()) * amount,
        back.blueF() + (front.blueF() - back.blueF()) * amount,
    )


# ---------------------------------------------------------------------------- layout


@dataclass
class Line:
    position: int  # in ChartData.lines: picks the look and the colour
    look: LineLook
    segments: list[QLineF]  # the line, already cut into its dashes
    markers: list[QPointF]  # where this line's markers go


@dataclass
class LegendItem:
    kind: str  # "line", "debt", "today", "death"
    label: str
    sample: QRectF
    text_at: QPointF
    position: int = 0


@dataclass
class ChartLayout:
    """Where everything goes for one data and one rectangle: built once, painted often."""

    data: ChartData
    rect: QRectF
    plot: QRectF
    y_low: float
    y_high: float
    y_ticks: list[tuple[float, str]]
    x_ticks: list[tuple[float, str, str]]  # x, day label, date label
    minor_ticks: QPainterPath
    lines: list[Line]
    debt_bars: QPainterPath
    debt_labels: list[tuple[QRectF, str]]  # the amount under each bar, where there is room
    legend: list[LegendItem]
    line_height: float

    @property
    def day_width(self) -> float:
        return self.plot.width() / self.data.day_count

    def x_of(self, day: int) -> float:
        return self.plot.left() + (day - self.data.first_day + 0.5) * self.day_width

    def y_of(self, value: float) -> float:
        span = self.y_high - self.y_low
        return self.plot.bottom() - (value - self.y_low) / span * self.plot.height()

    def day_at(self, x: float) -> int | None:
        """The day under an x position in the plot, or None outside it."""
        if not self.plot.left() <= x <= self.plot.right():
            return None
        offset = int((x - self.plot.left()) / self.day_width)
        return self.data.first_day + min(offset, self.data.day_count - 1)


def nice_ticks(low: float, high: float, count: int = 5) -> tuple[float, float, list[float]]:
    """Round axis bounds around low..high and the ticks between them, 1-2-2.5-5 steps."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(nice * magnitude for nice in _NICE if nice * magnitude >= raw)
    if step < 1:  # energy comes in whole numbers
        step = 1.0
    bottom = math.floor(low / step) * step
    top = math.ceil(high / step) * step
    ticks = [bottom + step * i for i in range(round((top - bottom) / step) + 1)]
    return bottom, top, ticks


def layout_chart(data: ChartData, rect: QRectF, metrics: QFontMetricsF) -> ChartLayout:
    """Place the legend, axes, lines, markers and bars of `data` inside `rect`."""
    line_height = metrics.height()
    legend, legend_height = _legend(data, rect, metrics)
    values = [v for series in data.lines for v in series.values if v is not None]
    debts = [v for v in data.debt.values if v]
    # Room under the deepest debt bar for its amount.
    deepest = math.ceil(max(debts, default=0) * 1.3)
    y_low, y_high, ticks = nice_ticks(-deepest, max([1, *values]))
    label_width = max(metrics.horizontalAdvance(_number(tick)) for tick in ticks)
    plot = QRectF(
        rect.left() + label_width + _PAD + _TICK,
        rect.top() + legend_height + line_height * 0.6 + _PAD,
        0,
        0,
    )
    plot.setRight(rect.right() - _PAD - metrics.horizontalAdvance("0") * 2)
    plot.setBottom(rect.bottom() - 2 * line_height - _TICK - _PAD)
    layout = ChartLayout(
        data=data,
        rect=rect,
        plot=plot,
        y_low=y_low,
        y_high=y_high,
        y_ticks=[],
        x_ticks=[],
        minor_ticks=QPainterPath(),
        lines=[],
        debt_bars=QPainterPath(),
        debt_labels=[],
        legend=legend,
        line_height=line_height,
    )
    if plot.width() < 20 or plot.height() < 20:
        return layout  # too small to draw anything but the legend
    layout.y_ticks = [(layout.y_of(tick), _number(tick)) for tick in ticks]
    _x_axis(layout, metrics)
    layout.lines = [_line(layout, position, series) for position, series in enumerate(data.lines)]
    layout.debt_bars = _debt_bars(layout)
    if layout.day_width >= metrics.horizontalAdvance("−000"):
        layout.debt_labels = _debt_labels(layout, line_height)
    return layout


def _number(value: float) -> str:
    return f"{value:g}".replace("-", "−")


def _legend(
    data: ChartData, rect: QRectF, metrics: QFontMetricsF
) -> tuple[list[LegendItem], float]:
    entries: list[tuple[str, str, int]] = [
        ("line", series.label, position) for position, series in enumerate(data.lines)
    ]
    entries[2:] = [
        ("line", tr("Project “{project}”").format(project=label), pos)
        for _kind, label, pos in entries[2:]
    ]
    if any(data.debt.values):
        entries.append(("debt", tr("Debt (below 0)"), 0))
    entries.append(("today", tr("Today"), 0))
    if data.death_day is not None:
        entries.append(("death", tr("Died"), 0))
    items: list[LegendItem] = []
    height = metrics.height()
    x, y = rect.left() + _PAD, rect.top() + _PAD / 2
    for kind, label, position in entries:
        width = _LEGEND_SAMPLE + 6 + metrics.horizontalAdvance(label)
        if x + width > rect.right() - _PAD and x > rect.left() + _PAD:
            x, y = rect.left() + _PAD, y + height + 4
        sample = QRectF(x, y, _LEGEND_SAMPLE, height)
        text_at = QPointF(x + _LEGEND_SAMPLE + 6, y + metrics.ascent())
        items.append(LegendItem(kind, label, sample, text_at, position))
        x += width + 16
    return items, y + height - rect.top()


def _x_axis(layout: ChartLayout, metrics: QFontMetricsF) -> None:
    data = layout.data
    widest = max(
        metrics.horizontalAdvance(tr("day {day}").format(day=data.last_day)),
        metrics.horizontalAdvance(date_words(date(2026, 9, 30), FULL_DATE)),
    )
    step = next(
        (s for s in _DAY_STEPS if s * layout.day_width >= widest + _LABEL_GAP), _DAY_STEPS[-1]
    )
    # Labels fall on day 1 + a whole number of steps, so weeks line up with day 1.
    first = data.first_day + (-(data.first_day - 1)) % step
    # The caption gives the year; a label adds it only where the year changes.
    year = data.date_of(first).year
    for day in range(first, data.last_day + 1, step):
        when = data.date_of(day)
        if when.year != year:
            text = date_words(when, FULL_DATE)
            year = when.year
        else:
            text = date_words(when, SHORT_DATE)
        layout.x_ticks.append((layout.x_of(day), tr("day {day}").format(day=day), text))
    if layout.day_width >= 4:  # a small tick per day where they do not blur together
        bottom = layout.plot.bottom()
        for day in range(data.first_day, data.last_day + 1):
            x = layout.x_of(day)
            layout.minor_ticks.moveTo(x, bottom)
            layout.minor_ticks.lineTo(x, bottom + _TICK / 2)


def _line(layout: ChartLayout, position: int, series: Series) -> Line:
    look = look_of(position)
    markers: list[QPointF] = []
    values = series.values
    # Markers thin out when days are narrow; each line starts at its own offset so the
    # markers of lines lying on top of each other do not hide one another.
    every = max(1, math.ceil(_MARKER_SPACING / layout.day_width))
    offset = (position * max(1, every // 3)) % every
    # Plain arithmetic rather than x_of/y_of per point: a year of lines is laid out
    # again on every resize.
    left = layout.plot.left() + layout.day_width / 2
    bottom, scale = layout.plot.bottom(), layout.plot.height() / (layout.y_high - layout.y_low)
    runs: list[list[tuple[float, float]]] = [[]]
    for index, value in enumerate(values):
        if value is None:
            if runs[-1]:
                runs.append([])
            continue
        point = (left + index * layout.day_width, bottom - (value - layout.y_low) * scale)
        runs[-1].append(point)
        if index % every == offset or _is_alone(values, index):
            markers.append(QPointF(*point))
    pattern = [length * _LINE_WIDTH for length in look.dashes]
    segments = [piece for run in runs for piece in dash_segments(run, pattern)]
    return Line(position, look, segments, markers)


def dash_segments(points: Sequence[tuple[float, float]], pattern: Sequence[float]) -> list[QLineF]:
    """The visible pieces of a polyline drawn with a dash `pattern` (on, off, ... in
    pixels; empty: solid), the pattern running on across the corners.

    Drawn as separate segments because Qt fills a long self-crossing stroked path an
    order of magnitude slower than the same line in pieces (11 ms against 0.6 ms for a
    year), and a dashed pen would restart its pattern on every piece.
    """
    pairs = itertools.pairwise(points)
    if not pattern:
        return [QLineF(ax, ay, bx, by) for (ax, ay), (bx, by) in pairs]
    pieces: list[QLineF] = []
    dash, left = 0, pattern[0]  # the dash in progress and how much of it remains
    for (ax, ay), (bx, by) in pairs:
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        done = 0.0
        while length - done > 1e-9:
            step = min(left, length - done)
            if dash % 2 == 0:  # an "on" part of the pattern
                t0, t1 = done / length, (done + step) / length
                pieces.append(QLineF(ax + dx * t0, ay + dy * t0, ax + dx * t1, ay + dy * t1))
            done += step
            left -= step
            if left <= 1e-9:
                dash = (dash + 1) % len(pattern)
                left = pattern[dash]
    return pieces


def _is_alone(values: Sequence[int | None], index: int) -> bool:
    # A day with no neighbour draws no line: its marker is all there is of it.
    before = index > 0 and values[index - 1] is not None
    after = index + 1 < len(values) and values[index + 1] is not None
    return not (before or after)


def _marker(path: QPainterPath, shape: str, at: QPointF, r: float) -> None:
    x, y = at.x(), at.y()
    if shape == "circle":
        path.addEllipse(at, r, r)
    elif shape == "square":
        path.addRect(QRectF(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8))
    elif shape == "plus":
        path.addRect(QRectF(x - r * 1.1, y - r * 0.3, r * 2.2, r * 0.6))
        path.addRect(QRectF(x - r * 0.3, y - r * 1.1, r * 0.6, r * 2.2))
    else:
        corners = {
            "triangle": ((0, -1.2), (1.1, 0.8), (-1.1, 0.8)),
            "down": ((0, 1.2), (1.1, -0.8), (-1.1, -0.8)),
            "diamond": ((0, -1.25), (1.1, 0), (0, 1.25), (-1.1, 0)),
        }[shape]
        path.addPolygon(QPolygonF([QPointF(x + dx * r, y + dy * r) for dx, dy in corners]))
        path.closeSubpath()


def _debt_bars(layout: ChartLayout) -> QPainterPath:
    bars = QPainterPath()
    width = max(2.0, min(layout.day_width * 0.7, 18.0))
    zero = layout.y_of(0)
    for index, debt in enumerate(layout.data.debt.values):
        if debt:
            x = layout.x_of(layout.data.first_day + index)
            bars.addRect(QRectF(x - width / 2, zero, width, layout.y_of(-debt) - zero))
    return bars


def _debt_labels(layout: ChartLayout, line_height: float) -> list[tuple[QRectF, str]]:
    labels = []
    width = layout.day_width
    for index, debt in enumerate(layout.data.debt.values):
        if debt:
            x = layout.x_of(layout.data.first_day + index)
            top = min(layout.y_of(-debt) + 1, layout.plot.bottom() - line_height)
            labels.append((QRectF(x - width / 2, top, width, line_height), _number(-debt)))
    return labels


# -------------------------------------------------------------------------- painting


def paint_energy_chart(
    painter: QPainter, rect: QRectF, data: ChartData, style: ChartStyle
) -> ChartLayout:
    """Lay out and paint `data` in `rect` (the printing entry point); returns the layout."""
    layout = layout_chart(data, rect, QFontMetricsF(style.font, painter.device()))
    paint_layout(painter, layout, style)
    return layout


def paint_layout(
    painter: QPainter,
    layout: ChartLayout,
    style: ChartStyle,
    stamps: MarkerStamps | None = None,
) -> None:
    """Stroke a prepared layout: no computing of positions here. With `stamps`, the
    markers are stamped images (fast, for the screen); without, vector paths."""
    painter.save()
    painter.setFont(style.font)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    _paint_axes(painter, layout, style)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if layout.lines:
        painter.save()
        painter.setClipRect(layout.plot.adjusted(-6, -6, 6, 6))
        _paint_debt(painter, layout, style)
        for line in layout.lines:
            _paint_line(painter, line, style, stamps)
        painter.restore()
        _paint_marks(painter, layout, style)
    _paint_legend(painter, layout, style)
    painter.restore()


def _paint_axes(painter: QPainter, layout: ChartLayout, style: ChartStyle) -> None:
    plot = layout.plot
    metrics = QFontMetricsF(painter.font())
    painter.setPen(QPen(style.grid, 1))
    for y, _label in layout.y_ticks:
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
    painter.setPen(style.muted)
    for y, label in layout.y_ticks:
        box = QRectF(layout.rect.left(), y - metrics.height() / 2, 0, metrics.height())
        box.setRight(plot.left() - _TICK - 2)
        painter.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
    if not layout.y_ticks:
        return
    # The zero line is the floor of the stores and the roof of the debt: stronger.
    painter.setPen(QPen(style.axis, 1.5))
    zero = layout.y_of(0)
    painter.drawLine(QPointF(plot.left(), zero), QPointF(plot.right(), zero))
    painter.setPen(QPen(style.axis, 1))
    painter.drawLine(plot.bottomLeft(), plot.bottomRight())
    painter.drawPath(layout.minor_ticks)
    painter.setPen(style.muted)
    half = 60.0
    for x, day_label, date_label in layout.x_ticks:
        painter.setPen(QPen(style.axis, 1))
        painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + _TICK))
        painter.setPen(style.text)
        top = plot.bottom() + _TICK + 1
        centre = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        painter.drawText(QRectF(x - half, top, 2 * half, metrics.height()), centre, date_label)
        painter.setPen(style.muted)
        painter.drawText(
            QRectF(x - half, top + metrics.height(), 2 * half, metrics.height()), centre, day_label
        )


def _line_pen(look: LineLook, colour: QColor) -> QPen:
    pen = QPen(colour, _LINE_WIDTH)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if look.dashes:
        pen.setDashPattern(list(look.dashes))
    return pen


def _segment_pen(look: LineLook, colour: QColor) -> QPen:
    # A solid line is drawn in pieces: square ends close the notches where they meet
    # (round ends would too, at ten times the cost).
    pen = QPen(colour, _LINE_WIDTH)
    cap = Qt.PenCapStyle.FlatCap if look.dashes else Qt.PenCapStyle.SquareCap
    pen.setCapStyle(cap)
    return pen


def _paint_line(
    painter: QPainter, line: Line, style: ChartStyle, stamps: MarkerStamps | None
) -> None:
    colour = style.line(line.position)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(_segment_pen(line.look, colour))
    painter.drawLines(line.segments)
    if stamps is not None:
        stamp = stamps.get(line.look, colour, style.background, painter)
        corner = QPointF(_STAMP_SIZE / 2, _STAMP_SIZE / 2)
        for point in line.markers:
            painter.drawImage(point - corner, stamp)
        return
    path = QPainterPath()
    for point in line.markers:
        _marker(path, line.look.marker, point, _MARKER_RADIUS)
    _paint_marker(painter, path, line.look, colour, style.background)


def _paint_marker(
    painter: QPainter, path: QPainterPath, look: LineLook, colour: QColor, background: QColor
) -> None:
    painter.setPen(QPen(colour, 1.4))
    painter.setBrush(background if look.hollow else colour)
    painter.drawPath(path)


class MarkerStamps:
    """Markers drawn once into small images and stamped: a year of markers as vector
    paths takes Qt some 20 ms to fill, as stamps about 1 ms. The printing code draws
    vectors instead (it passes no stamps)."""

    def __init__(self) -> None:
        self._images: dict[tuple[str, bool, int, int, float], QImage] = {}

    def get(self, look: LineLook, colour: QColor, background: QColor, painter: QPainter) -> QImage:
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        key = (look.marker, look.hollow, colour.rgba(), background.rgba(), ratio)
        image = self._images.get(key)
        if image is None:
            image = self._draw(look, colour, background, ratio)
            self._images[key] = image
        return image

    @staticmethod
    def _draw(look: LineLook, colour: QColor, background: QColor, ratio: float) -> QImage:
        side = math.ceil(_STAMP_SIZE * ratio)
        image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(ratio)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        path = QPainterPath()
        centre = QPointF(_STAMP_SIZE / 2, _STAMP_SIZE / 2)
        _marker(path, look.marker, centre, _MARKER_RADIUS)
        _paint_marker(painter, path, look, colour, background)
        painter.end()
        return image


def _paint_debt(painter: QPainter, layout: ChartLayout, style: ChartStyle) -> None:
    if layout.debt_bars.isEmpty():
        return
    tint = QColor(style.debt)
    tint.setAlpha(60)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(tint)
    painter.drawPath(layout.debt_bars)
    painter.setPen(QPen(style.debt, 1.2))
    painter.setBrush(QBrush(style.debt, Qt.BrushStyle.BDiagPattern))
    painter.drawPath(layout.debt_bars)
    painter.setPen(style.debt)
    for box, text in layout.debt_labels:
        painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)


def _paint_marks(painter: QPainter, layout: ChartLayout, style: ChartStyle) -> None:
    data, plot = layout.data, layout.plot
    metrics = QFontMetricsF(painter.font())
    if data.first_day <= data.today <= data.last_day:
        x = layout.x_of(data.today)
        painter.setPen(_today_pen(style))
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        _tag(painter, metrics, x, plot, tr("Today"), style.today, style)
    if data.death_day is not None:
        x = layout.x_of(data.death_day)
        painter.setPen(_death_pen(style))
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        _cross(painter, QPointF(x, layout.y_of(0)), 6.0, style)
        shift = data.death_day == data.today  # both tags on one line: one above the other
        died = tr("Died, day {day}").format(day=data.death_day)
        _tag(painter, metrics, x, plot, died, style.death, style, shift)


def _today_pen(style: ChartStyle) -> QPen:
    pen = QPen(style.today, 1.6)
    pen.setDashPattern([4.0, 3.0])
    return pen


def _death_pen(style: ChartStyle) -> QPen:
    pen = QPen(style.death, 1.4)
    pen.setStyle(Qt.PenStyle.DotLine)
    return pen


def _tag(
    painter: QPainter,
    metrics: QFontMetricsF,
    x: float,
    plot: QRectF,
    text: str,
    colour: QColor,
    style: ChartStyle,
    lower: bool = False,
) -> None:
    # A small label on the line's top end, kept inside the plot, on the background so a
    # line passing under it does not make it unreadable.
    width = metrics.horizontalAdvance(text) + 8
    left = min(max(x - width / 2, plot.left()), plot.right() - width)
    top = plot.top() - metrics.height() * 0.6 + (metrics.height() + 2 if lower else 0)
    box = QRectF(left, top, width, metrics.height())
    painter.setPen(QPen(colour, 1))
    painter.setBrush(style.background)
    painter.drawRoundedRect(box, 3, 3)
    painter.setPen(colour)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _cross(painter: QPainter, at: QPointF, r: float, style: ChartStyle) -> None:
    painter.setPen(QPen(style.death, 2.4))
    painter.drawLine(QPointF(at.x() - r, at.y() - r), QPointF(at.x() + r, at.y() + r))
    painter.drawLine(QPointF(at.x() - r, at.y() + r), QPointF(at.x() + r, at.y() - r))


def _paint_legend(painter: QPainter, layout: ChartLayout, style: ChartStyle) -> None:
    for item in layout.legend:
        sample = item.sample
        middle = sample.center().y()
        left, right = QPointF(sample.left(), middle), QPointF(sample.right(), middle)
        if item.kind == "line":
            look = look_of(item.position)
            colour = style.line(item.position)
            painter.setPen(_line_pen(look, colour))
            painter.drawLine(left, right)
            marker = QPainterPath()
            _marker(marker, look.marker, sample.center(), _MARKER_RADIUS)
            _paint_marker(painter, marker, look, colour, style.background)
        elif item.kind == "debt":
            box = QRectF(
                sample.left() + 4, sample.top() + 2, sample.width() - 8, sample.height() - 4
            )
            painter.setPen(QPen(style.debt, 1.2))
            painter.setBrush(QBrush(style.debt, Qt.BrushStyle.BDiagPattern))
            painter.drawRect(box)
        elif item.kind == "today":
            painter.setPen(_today_pen(style))
            centre = sample.center().x()
            painter.drawLine(QPointF(centre, sample.top()), QPointF(centre, sample.bottom()))
        else:
            painter.setPen(_death_pen(style))
            centre = sample.center().x()
            painter.drawLine(QPointF(centre, sample.top()), QPointF(centre, sample.bottom()))
            _cross(painter, sample.center(), 4.0, style)
        painter.setPen(style.text)
        painter.drawText(item.text_at, item.label)


# --------------------------------------------------------------------------- widgets


class ChartCanvas(QWidget):
    """The drawing surface: keeps the layout for its size, repaints from it, hovers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("energyChartCanvas")
        self.setMouseTracking(True)
        zoom_size(self, minimumWidth=320, minimumHeight=180)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        # Reached by Tab: Left and Right then walk the days, each summed up as the
        # pointer's hover does (Home and End: the first and last day shown).
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        named(self, tr("Energy chart"), tr("Left and Right pick a day and say its energy."))
        self.data: ChartData | None = None
        self.message = ""
        self.layout_: ChartLayout | None = None
        self.hover_day: int | None = None
        self._style = ChartStyle.from_palette(self.palette(), self.font())
        self._stamps = MarkerStamps()

    def sizeHint(self) -> QSize:
        return QSize(760, 340)

    def show_data(self, data: ChartData | None, message: str = "") -> None:
        self.data = data
        self.message = message
        self.hover_day = None
        self._relayout()

    def _relayout(self) -> None:
        if self.data is None:
            self.layout_ = None
        else:
            rect = QRectF(self.rect()).adjusted(2, 2, -2, -2)
            self.layout_ = layout_chart(self.data, rect, QFontMetricsF(self._style.font))
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._style = ChartStyle.from_palette(self.palette(), self.font())
            self._stamps = MarkerStamps()
            self._relayout()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), self._style.background)
        if self.layout_ is None:
            painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
            flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
            painter.drawText(QRectF(self.rect()).adjusted(24, 24, -24, -24), flags, self.message)
            return
        paint_layout(painter, self.layout_, self._style, self._stamps)
        if self.hover_day is not None:
            self._paint_hover(painter, self.layout_, self.hover_day)

    def _paint_hover(self, painter: QPainter, layout: ChartLayout, day: int) -> None:
        x = layout.x_of(day)
        band = QColor(self._style.text)
        band.setAlpha(22)
        width = max(layout.day_width, 3.0)
        painter.fillRect(
            QRectF(x - width / 2, layout.plot.top(), width, layout.plot.height()), band
        )
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for line in layout.lines:
            value = layout.data.value(layout.data.lines[line.position].key, day)
            if value is not None:
                colour = self._style.line(line.position)
                painter.setPen(QPen(colour, 1.6))
                painter.setBrush(self._style.background)
                painter.drawEllipse(QPointF(x, layout.y_of(value)), 5.0, 5.0)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        day = self.layout_.day_at(event.position().x()) if self.layout_ else None
        self._show_day(day, event.globalPosition().toPoint())

    def _show_day(self, day: int | None, where: QPoint) -> None:
        if day != self.hover_day:
            self.hover_day = day
            self.update()
        if day is None or self.data is None:
            QToolTip.hideText()
            return
        summary = tooltip(day_summary(self.data, day))  # project names: never HTML
        QToolTip.showText(where, summary, self)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Left and Right walk the days shown (from today when none is picked)."""
        data, layout = self.data, self.layout_
        key = event.key()
        keys = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End)
        if data is None or layout is None or key not in keys:
            super().keyPressEvent(event)
            return
        if key == Qt.Key.Key_Home:
            day = data.first_day
        elif key == Qt.Key.Key_End:
            day = data.last_day
        elif self.hover_day is None:
            day = min(max(data.today, data.first_day), data.last_day)
        else:
            day = self.hover_day + (1 if key == Qt.Key.Key_Right else -1)
        day = min(max(day, data.first_day), data.last_day)
        point = QPointF(layout.x_of(day), layout.plot.center().y()).toPoint()
        self._show_day(day, self.mapToGlobal(point))

    def leaveEvent(self, event: QEvent) -> None:
        self.hover_day = None
        self.update()
        super().leaveEvent(event)


class EnergyChart(QWidget):
    """One character's energy over the days, with a choice of how many days to show."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._follow = FollowedCharacter(self._refresh, TOPICS)
        self._stale = True
        self.caption = PlainLabel()
        self.caption.setObjectName("energyChartCaption")
        self.range_combo = QComboBox()
        self.range_combo.setObjectName("energyChartRange")
        self.range_combo.setToolTip(tr("How many days the chart shows, up to today"))
        for label, days in RANGES:
            self.range_combo.addItem(tr(label), days)
        self.range_combo.setCurrentIndex(self.range_combo.findData(DEFAULT_RANGE))
        self.range_combo.currentIndexChanged.connect(self.reload)
        self.canvas = ChartCanvas(self)
        top = QHBoxLayout()
        top.addWidget(self.caption, 1)
        top.addWidget(PlainLabel(tr("Show")))
        top.addWidget(self.range_combo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.canvas, 1)

    @property
    def data(self) -> ChartData | None:
        """What the chart shows now (None: nothing to chart, see `message`)."""
        self._reload_if_stale()
        return self.canvas.data

    @property
    def message(self) -> str:
        self._reload_if_stale()
        return self.canvas.message

    @property
    def range_days(self) -> int:
        return int(self.range_combo.currentData())

    def set_range(self, days: int) -> None:
        """Show the last `days` days (30, 90) or every stored day (0)."""
        index = self.range_combo.findData(days)
        if index < 0:
            raise ValueError(f"The chart shows 30, 90 or all (0) days, not {days}.")
        self.range_combo.setCurrentIndex(index)

    def set_session(self, session: CampaignSession | None) -> None:
        self._follow.set_session(session)

    def set_character(self, character_id: int | None) -> None:
        self._follow.set_character(character_id)

    def _refresh(self) -> None:
        # Reading a year of days costs a few milliseconds: a hidden tab waits until shown.
        self._stale = True
        if self.isVisible():
            self.reload()

    def _reload_if_stale(self) -> None:
        if self._stale:
            self.reload()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._reload_if_stale()

    def reload(self) -> None:
        """Read the character's days again and redraw."""
        self._stale = False
        data, message, caption = self._read()
        self.caption.setText(caption)
        self.canvas.show_data(data, message)

    def _read(self) -> tuple[ChartData | None, str, str]:
        session, character_id = self._follow.session, self._follow.character_id
        if session is None:
            return None, tr("No campaign is open."), ""
        if character_id is None:
            return None, tr("Choose a character to see their energy over the days."), ""
        campaign = session.campaign
        try:
            name = campaign.roster.get(character_id).name
        except NotFound:
            return None, tr("This character is no longer in the campaign."), ""
        if campaign.calendar.profile(character_id) is None:
            return (
                None,
                tr(
                    "{name} has no energy profile: give them one on the Profile tab, and "
                    "their days will show here."
                ).format(name=name),
                name,
            )
        summary = campaign.summary()
        today = summary.current_day
        days_wanted = self.range_days
        first = 1 if days_wanted == 0 else max(1, today - days_wanted + 1)
        days = campaign.calendar.days(character_id, first, today)
        if not days:
            return (
                None,
                tr("No energy is recorded for {name} in these days yet.").format(name=name),
                name,
            )
        if days_wanted == 0:
            first = min(days)
        data = chart_data(
            days, start_date=summary.start_date, today=today, first_day=first, last_day=today
        )
        return data, "", self._caption(name, data)

    def _caption(self, name: str, data: ChartData) -> str:
        start, end = data.date_of(data.first_day), data.date_of(data.last_day)
        first = date_words(start, SHORT_DATE if start.year == end.year else FULL_DATE)
        span = f"{first} – {date_words(end, FULL_DATE)}"
        return tr("{name}: day {first} to day {last} ({span})").format(
            name=name, first=data.first_day, last=data.last_day, span=span
        )
