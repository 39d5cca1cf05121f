""" "Previously on" on the player display (issue 31): the players' recap of the last game
in large type, over the whole display until the GM hides it.

The screen builds its recap itself, always the player-safe one
(`views.recap.recap(campaign, players=True)`): nothing hands it the GM's, so it cannot
show it. It is read again on every change while shown, so a clock the GM hides meanwhile
leaves it at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics, QPalette, QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from desktop.store import Campaign
from desktop.ui.plain_text import PlainLabel
from desktop.ui.player_display.section import Section, clear_layout, sized_font
from desktop.ui.window_language import tr, window_translator
from desktop.views.recap import Recap, recap

# The lines' type as a share of the display's unit, largest first: the first that fits
# the screen's height is used (a short recap reads from the back of the room).
LINE_SCALES = (2.0, 1.8, 1.6, 1.4, 1.2, 1.05, 0.9, 0.8, 0.7)


class RecapScreen(Section):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Previously on"), "playerRecap", parent)
        self.title.setForegroundRole(QPalette.ColorRole.Text)
        self.title.setWordWrap(True)
        self.game = PlainLabel()
        self.game.setObjectName("playerRecapGame")
        self.game.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)  # Section's: its title, then its body
        layout.insertWidget(1, self.game)
        self.told = Recap("", "", ())
        self.lines: list[PlainLabel] = []
        self.body.addStretch(1)

    def restyle(self) -> None:
        self.title.setFont(sized_font(self.font(), self.unit * 2, bold=True))
        self.game.setFont(sized_font(self.font(), self.unit))
        self.body.setSpacing(round(self.unit * 0.5))
        self._fit()

    def refresh(self, campaign: Campaign | None) -> None:
        """Read the players' recap of `campaign` again (None: nothing to show)."""
        if campaign is None:
            self.told = Recap("", "", ())
        else:
            self.told = recap(campaign, players=True, tr=window_translator())
        self.title.setText(self.told.title)
        self.game.setText(self.told.game_title)
        self.game.setVisible(self.told.ended)
        self.show_lines(self.told.said() if campaign is not None else (), "playerRecapLine")

    def show_lines(self, lines: Sequence[str], name: str) -> None:
        """Show `lines` (each object named `name` and its index), in the largest type
        that fits."""
        clear_layout(self.body)
        self.lines = []
        for index, text in enumerate(lines):
            label = PlainLabel(text)
            label.setObjectName(f"{name}{index}")
            label.setWordWrap(True)
            self.body.addWidget(label)
            self.lines.append(label)
        self.body.addStretch(1)
        self._fit()

    def texts(self) -> list[str]:
        """The lines shown, as shown."""
        return [label.text() for label in self.lines]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """The largest type (of LINE_SCALES) at which every line fits the screen."""
        if not self.lines:
            return
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        width = max(1, self.width() - margins.left() - margins.right())
        head = self.title.sizeHint().height() + self.game.sizeHint().height()
        room = self.height() - margins.top() - margins.bottom() - head - 2 * layout.spacing()
        for scale in LINE_SCALES:
            font = sized_font(self.font(), self.unit * scale)
            metrics = QFontMetrics(font)
            needed = sum(
                metrics.boundingRect(
                    QRect(0, 0, width, 1_000_000), Qt.TextFlag.TextWordWrap, label.text()
                ).height()
                + max(0, self.body.spacing())
                for label in self.lines
            )
            if needed <= room:
                break
        for label in self.lines:
            label.setFont(font)
