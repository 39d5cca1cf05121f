"""The docks that start tabbed out of sight behind the Dice Table.

Their panels are defined here, apart from their widgets, so that the window can make
the docks at start-up without importing the widgets' modules (the calendar, the
ladder, the chapter and everything they draw with): each is imported the first time
its tab is shown, which shortens start-up for the GM who never opens it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from desktop.ui.panel import Panel


class EnergyCalendarPanel(Panel):
    title = "Energy Calendar"
    name = "energyCalendar"
    area = Qt.DockWidgetArea.RightDockWidgetArea
    module = "desktop.ui.docks.energy_calendar"

    def build(self) -> QWidget:
        from desktop.ui.docks.energy_calendar import EnergyCalendarWidget

        return EnergyCalendarWidget()


class FactionLadderPanel(Panel):
    title = "Faction Ladder"
    name = "faction_ladder"
    area = Qt.DockWidgetArea.RightDockWidgetArea
    module = "desktop.ui.docks.faction_ladder"

    def build(self) -> QWidget:
        from desktop.ui.docks.faction_ladder import FactionLadderWidget

        return FactionLadderWidget(self)


class ChapterPanel(Panel):
    title = "Chapter"
    name = "chapter"
    area = Qt.DockWidgetArea.RightDockWidgetArea
    module = "desktop.ui.docks.chapter"

    def build(self) -> QWidget:
        from desktop.ui.docks.chapter import ChapterWidget

        return ChapterWidget(self)
