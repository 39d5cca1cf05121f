"""The public clocks: those the GM marked "shown to players", drawn as on the Clocks
dock, with their name, fill and owner. Which clocks and owners players may see is
decided by desktop/views/public.py, which the players' own pages read too."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QGridLayout, QVBoxLayout, QWidget

from desktop.paint.clocks import ClockStyle, paint_clock
from desktop.store import Campaign, Topic
from desktop.ui.plain_text import PlainLabel
from desktop.ui.player_display.section import Section, clear_layout, sized_font
from desktop.ui.window_language import tr
from desktop.views.public import ClockView, public_clocks

PER_ROW = 4


class ClockDial(QWidget):
    def __init__(self, segments: int, filled: int, side: float) -> None:
        super().__init__()
        self.segments, self.filled = segments, filled
        self.setFixedSize(round(side), round(side))

    def sizeHint(self) -> QSize:
        return self.size()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        paint_clock(
            painter, rect, self.segments, self.filled, style=ClockStyle.for_palette(self.palette())
        )
        painter.end()


class ClocksSection(Section):
    topics = frozenset({Topic.CLOCKS, Topic.FACTIONS, Topic.CHARACTERS, Topic.CHAPTER})

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Clocks"), "playerClocks", parent)
        self.grid = QGridLayout()
        self.body.addLayout(self.grid)
        self.body.addStretch(1)
        self.clock_ids: list[int] = []

    def refresh(self, campaign: Campaign | None) -> None:
        clear_layout(self.grid)
        shown = () if campaign is None else public_clocks(campaign)
        self.clock_ids = [clock.id for clock in shown]
        if not shown:
            empty = PlainLabel(tr("No clocks shown"))
            empty.setFont(sized_font(self.font(), self.unit))
            empty.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            self.grid.addWidget(empty, 0, 0)
            return
        per_row = min(PER_ROW, len(shown))
        for index, clock in enumerate(shown):
            self.grid.addWidget(self._tile(clock), index // per_row, index % per_row)
        for column in range(per_row):
            self.grid.setColumnStretch(column, 1)

    def _tile(self, clock: ClockView) -> QWidget:
        owner = clock.owner
        tile = QWidget()
        tile.setObjectName(f"playerClock{clock.id}")
        layout = QVBoxLayout(tile)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(round(self.unit * 0.2))
        layout.addWidget(
            ClockDial(clock.segments, clock.filled, self.unit * 4), 0, Qt.AlignmentFlag.AlignHCenter
        )
        filled = (
            tr("{filled} of {segments}  ✓ done") if clock.done else tr("{filled} of {segments}")
        ).format(filled=clock.filled, segments=clock.segments)
        for text, scale, bold in (
            (clock.name, 0.9, True),
            (filled, 0.8, False),
            (owner, 0.7, False),
        ):
            if not text:
                continue
            label = PlainLabel(text)
            label.setWordWrap(True)
            label.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            label.setFont(sized_font(self.font(), self.unit * scale, bold=bold))
            if text == owner:
                label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            layout.addWidget(label)
        layout.addStretch(1)
        return tile
