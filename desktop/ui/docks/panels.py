"""The panels of every dock: what each is called, where it docks and which widget it
shows.

Each panel is defined apart from its widget, whose module is imported only when the
dock is first filled: the window makes its docks and paints their titles without
importing the widgets (nor the rules and the store they use), the docks a workspace
shows fill in once it is on screen, and a dock tabbed out of sight (the calendar, the
ladder, the chapter) costs nothing until its tab is shown.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QWidget

from desktop.ui.panel import Panel

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea


def _panel(
    class_name: str, title: str, name: str, area: Qt.DockWidgetArea, widget: str
) -> type[Panel]:
    """A panel class for `widget` ("module.path.WidgetClass"), made with the panel as its
    parent by `Panel.build`."""
    module, widget_class = widget.rsplit(".", 1)
    fields = {"title": title, "name": name, "area": area, "module": module}
    return cast(type[Panel], type(class_name, (Panel,), {**fields, "widget_class": widget_class}))


class DiceTablePanel(Panel):
    title, name, area = "Dice Table", "diceTable", RIGHT
    module, widget_class = "desktop.ui.docks.dice_table", "DiceTableWidget"

    def build(self) -> QWidget:
        from desktop.ui.docks.dice_table import DiceTableWidget

        # The window's pool runs the odds; a panel on its own (a test) brings its own.
        pool = getattr(self.parent(), "pool", None)
        return DiceTableWidget(pool if isinstance(pool, QThreadPool) else QThreadPool(self), self)


# The title, the saved objectName (never change one once shipped), the area, the widget.
RosterPanel = _panel(
    "RosterPanel", "Roster", "roster", LEFT, "desktop.ui.docks.roster.RosterWidget"
)
PlayPanel = _panel("PlayPanel", "Play", "play", RIGHT, "desktop.ui.play.play_panel.PlayWidget")
SysCardsPanel = _panel(
    "SysCardsPanel", "SySCards", "syscards", RIGHT, "desktop.ui.docks.syscards.SysCardsWidget"
)
ClocksPanel = _panel(
    "ClocksPanel", "Clocks", "clocks", RIGHT, "desktop.ui.docks.clocks.ClocksWidget"
)
RollLogPanel = _panel(
    "RollLogPanel", "Roll Log", "rollLog", BOTTOM, "desktop.ui.docks.roll_log.RollLogWidget"
)
EnergyCalendarPanel = _panel(
    "EnergyCalendarPanel",
    "Energy Calendar",
    "energyCalendar",
    RIGHT,
    "desktop.ui.docks.energy_calendar.EnergyCalendarWidget",
)
FactionLadderPanel = _panel(
    "FactionLadderPanel",
    "Faction Ladder",
    "faction_ladder",
    RIGHT,
    "desktop.ui.docks.faction_ladder.FactionLadderWidget",
)
ChapterPanel = _panel(
    "ChapterPanel", "Chapter", "chapter", RIGHT, "desktop.ui.docks.chapter.ChapterWidget"
)
