"""The panels of the docks a workspace shows at start: the roster, the Dice Table, the
SySCards, the clocks and the roll log.

As in `tabbed_panels.py`, each panel is defined apart from its widget, whose module is
imported by `build()`: the window makes its docks and paints their titles without
importing the widgets (nor the rules and the store they use), and the docks fill in
once it is on screen.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QWidget

from desktop.ui.panel import Panel


class RosterPanel(Panel):
    title = "Roster"
    name = "roster"
    area = Qt.DockWidgetArea.LeftDockWidgetArea
    module = "desktop.ui.docks.roster"

    def build(self) -> QWidget:
        from desktop.ui.docks.roster import RosterWidget

        return RosterWidget(self)


class DiceTablePanel(Panel):
    title = "Dice Table"
    name = "diceTable"
    area = Qt.DockWidgetArea.RightDockWidgetArea
    module = "desktop.ui.docks.dice_table"

    def build(self) -> QWidget:
        from desktop.ui.docks.dice_table import DiceTableWidget

        window = self.parent()
        pool = getattr(window, "pool", None)
        return DiceTableWidget(pool if isinstance(pool, QThreadPool) else QThreadPool(self), self)


class SysCardsPanel(Panel):
    title = "SySCards"
    name = "syscards"
    area = Qt.DockWidgetArea.RightDockWidgetArea
    module = "desktop.ui.docks.syscards"

    def build(self) -> QWidget:
        from desktop.ui.docks.syscards import SysCardsWidget

        return SysCardsWidget(self)


class ClocksPanel(Panel):
    title = "Clocks"
    name = "clocks"
    area = Qt.DockWidgetArea.RightDockWidgetArea
    module = "desktop.ui.docks.clocks"

    def build(self) -> QWidget:
        from desktop.ui.docks.clocks import ClocksWidget

        return ClocksWidget(self)


class RollLogPanel(Panel):
    title = "Roll Log"
    name = "rollLog"
    area = Qt.DockWidgetArea.BottomDockWidgetArea
    module = "desktop.ui.docks.roll_log"

    def build(self) -> QWidget:
        from desktop.ui.docks.roll_log import RollLogWidget

        return RollLogWidget(self)
