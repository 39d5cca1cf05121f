"""The panels of every dock: what each is called, where it docks and which widget it
shows.

Each panel is defined apart from its widget, whose module is imported only when the
dock is first filled: the window makes its docks and paints their titles without
importing the widgets (nor the rules and the store they use), the docks a workspace
shows fill in once it is on screen, and a dock tabbed out of sight (the calendar, the
ladder, the chapter) costs nothing until its tab is shown.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QWidget

from desktop.ui.panel import Panel

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea


class RosterPanel(Panel):
    title, name, area = "Roster", "roster", LEFT
    module, widget_class = "desktop.ui.docks.roster", "RosterWidget"


class DiceTablePanel(Panel):
    title, name, area = "Dice Table", "diceTable", RIGHT
    module, widget_class = "desktop.ui.docks.dice_table", "DiceTableWidget"

    def build(self) -> QWidget:
        from desktop.ui.docks.dice_table import DiceTableWidget

        # The window's pool runs the odds; a panel on its own (a test) brings its own.
        pool = getattr(self.parent(), "pool", None)
        return DiceTableWidget(pool if isinstance(pool, QThreadPool) else QThreadPool(self), self)


class PlayPanel(Panel):
    title, name, area = "Play", "play", RIGHT
    module, widget_class = "desktop.ui.play.play_panel", "PlayWidget"


class SysCardsPanel(Panel):
    title, name, area = "SySCards", "syscards", RIGHT
    module, widget_class = "desktop.ui.docks.syscards", "SysCardsWidget"


class ClocksPanel(Panel):
    title, name, area = "Clocks", "clocks", RIGHT
    module, widget_class = "desktop.ui.docks.clocks", "ClocksWidget"


class RollLogPanel(Panel):
    title, name, area = "Roll Log", "rollLog", BOTTOM
    module, widget_class = "desktop.ui.docks.roll_log", "RollLogWidget"


class EnergyCalendarPanel(Panel):
    title, name, area = "Energy Calendar", "energyCalendar", RIGHT
    module, widget_class = "desktop.ui.docks.energy_calendar", "EnergyCalendarWidget"


class FactionLadderPanel(Panel):
    title, name, area = "Faction Ladder", "faction_ladder", RIGHT
    module, widget_class = "desktop.ui.docks.faction_ladder", "FactionLadderWidget"


class ChapterPanel(Panel):
    title, name, area = "Chapter", "chapter", RIGHT
    module, widget_class = "desktop.ui.docks.chapter", "ChapterWidget"
