"""The player display's window: its sections in a grid, a blank page, the players'
"Previously on" recap or their luck over the whole window while the GM shows it, type
scaled to its height so it reads from across the room, and a small menu (hidden in
full screen).

It never takes the focus from the GM's window: it is shown without activating and does
not accept focus, so the GM keeps typing in the main window while it changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QThreadPool, Signal
from PySide6.QtGui import QCloseEvent, QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QMenuBar, QStackedLayout, QVBoxLayout, QWidget

from desktop.store import Campaign
from desktop.ui.player_display.clocks_section import ClocksSection
from desktop.ui.player_display.factions_section import FactionsSection
from desktop.ui.player_display.luck_screen import LuckScreen
from desktop.ui.player_display.pools_section import PoolsSection
from desktop.ui.player_display.recap_screen import RecapScreen
from desktop.ui.player_display.roll_section import RollSection
from desktop.ui.player_display.scene_section import SceneSection
from desktop.ui.player_display.section import Section
from desktop.ui.theme import BLANK_DISPLAY
from desktop.ui.window_language import tr
from desktop.ui.zoom import UNZOOMED, unzoomed_font

# Each section and its place in the grid: (class, row, column, row span, column span).
# A new section is one line here; the rows stretch by their sections' `stretch` (the
# scene across the top takes only its height), the columns evenly.
SECTION_PLACES: tuple[tuple[Callable[[], Section], int, int, int, int], ...] = (
    (SceneSection, 0, 0, 1, 2),
    (RollSection, 1, 0, 1, 1),
    (PoolsSection, 1, 1, 1, 1),
    (ClocksSection, 2, 0, 1, 1),
    (FactionsSection, 2, 1, 1, 1),
)
# The body text's height as a share of the window's: 1080 pixels give 26-pixel type.
UNIT_SHARE = 1 / 42
MIN_UNIT = 13.0


class PlayerDisplayWindow(QWidget):
    closed = Signal()  # closed by its own window button or menu

    def __init__(self, pool: QThreadPool | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setObjectName("playerDisplay")
        # View > Zoom leaves it alone: it fits its text to its own screen.
        self.setProperty(UNZOOMED, True)
        self.setFont(unzoomed_font())
        self.setWindowTitle(tr("GM Desk — Player Display"))
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setBackgroundRole(QPalette.ColorRole.Window)
        self.campaign: Campaign | None = None
        self.menu_bar = QMenuBar(self)
        self.menu_bar.setObjectName("playerDisplayMenu")
        self.sections: list[Section] = []
        content = QWidget()
        content.setObjectName("playerDisplayContent")
        grid = QGridLayout(content)
        self.grid = grid
        for section_class, row, column, rows, columns in SECTION_PLACES:
            section = section_class()
            grid.addWidget(section, row, column, rows, columns)
            grid.setRowStretch(row, max(grid.rowStretch(row), section.stretch))
            grid.setColumnStretch(column, 1)
            self.sections.append(section)
        self.blank_page = QWidget()
        self.blank_page.setObjectName("playerDisplayBlank")
        blank = self.blank_page.palette()
        blank.setColor(QPalette.ColorRole.Window, QColor(BLANK_DISPLAY))
        self.blank_page.setPalette(blank)
        self.blank_page.setAutoFillBackground(True)
        # The recap, in place of the sections while the GM shows it (blanking still wins).
        self.recap = RecapScreen()
        self.recap_page = QWidget()
        self.recap_page.setObjectName("playerDisplayRecapPage")
        recap_layout = QVBoxLayout(self.recap_page)
        recap_layout.addWidget(self.recap)
        self.recap_layout = recap_layout
        self.recap_shown = False
        # The players' luck at the end of a game, the same way (issue 33).
        # Its odds are judged on `pool` (the GM's window's), else on the display's own.
        self.luck = LuckScreen(pool if pool is not None else QThreadPool(self))
        self.luck_page = QWidget()
        self.luck_page.setObjectName("playerDisplayLuckPage")
        luck_layout = QVBoxLayout(self.luck_page)
        luck_layout.addWidget(self.luck)
        self.luck_layout = luck_layout
        self.luck_shown = False
        self._blanked = False
        self.stack = QStackedLayout()
        self.stack.addWidget(content)
        self.stack.addWidget(self.blank_page)
        self.stack.addWidget(self.recap_page)
        self.stack.addWidget(self.luck_page)
        self.content = content
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setMenuBar(self.menu_bar)
        layout.addLayout(self.stack)
        self.resize(1280, 720)
        self._apply_unit()

    # -- what it shows --------------------------------------------------------------------

    def set_campaign(self, campaign: Campaign | None) -> None:
        self.campaign = campaign
        for section in self.sections:
            section.refresh(campaign)
        if self.recap_shown:
            self.recap.refresh(campaign)
        if self.luck_shown:
            self.luck.refresh(campaign)

    def on_changed(self, topic: str) -> None:
        """A committed change: each section that shows that topic reads the store again,
        at once (the store tells its listeners as the change commits)."""
        for section in self.sections:
            if topic in section.topics:
                section.refresh(self.campaign)
        if self.recap_shown:
            # Any change may change what players may see of the last game (a clock
            # hidden, a note made private): the recap is read again whatever the topic.
            self.recap.refresh(self.campaign)
        if self.luck_shown:
            self.luck.refresh(self.campaign)  # a roll undone, a character deleted or renamed

    @property
    def blanked(self) -> bool:
        return self.stack.currentWidget() is self.blank_page

    def set_blanked(self, blanked: bool) -> None:
        """Blank the display (the players see an empty screen) or show it again."""
        self._blanked = blanked
        self._show_page()

    def show_recap(self, shown: bool) -> None:
        """Show the players' recap of the last game over the whole display, or the
        sections again. The screen reads the player-safe recap itself."""
        self.recap_shown = shown
        if shown:
            self.recap.refresh(self.campaign)
        self._show_page()

    def show_luck(self, shown: bool) -> None:
        """Show the players' luck of the last ended game over the whole display (over
        the recap too), or what was shown before. The screen reads it itself."""
        self.luck_shown = shown
        if shown:
            self.luck.refresh(self.campaign)
        self._show_page()

    def _show_page(self) -> None:
        page = self.recap_page if self.recap_shown else self.content
        if self.luck_shown:
            page = self.luck_page
        self.stack.setCurrentWidget(self.blank_page if self._blanked else page)

    def section(self, section_class: type[Section]) -> Section:
        return next(s for s in self.sections if isinstance(s, section_class))

    # -- looks ----------------------------------------------------------------------------

    def set_full_screen(self, full: bool) -> None:
        self.menu_bar.setVisible(not full)  # the players see the display, not its menu
        if full:
            self.showFullScreen()
        else:
            self.showNormal()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().height() != event.size().height():
            self._apply_unit()

    def _apply_unit(self) -> None:
        unit = max(MIN_UNIT, self.height() * UNIT_SHARE)
        margin = round(unit * 0.5)
        self.grid.setContentsMargins(margin, margin, margin, margin)
        self.grid.setSpacing(margin)
        for section in self.sections:
            section.set_unit(unit)
            section.refresh(self.campaign)
        self.recap_layout.setContentsMargins(margin, margin, margin, margin)
        self.recap.set_unit(unit)
        self.luck_layout.setContentsMargins(margin, margin, margin, margin)
        self.luck.set_unit(unit)

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        self.closed.emit()
