"""Every dock of the main window, declared once: what each is called, where it docks,
which workspaces show it and which widget it shows.

`DOCKS` is what the window reads for its docks (in the order they fill in once the
window is on screen: the roster and the Dice Table first), the View menu for its
toggles, the workspaces for what each shows and the saved layouts for the docks they
name. A new dock is one class here, added to `DOCKS`, beside its widget's module.

Each panel names its widget's module rather than importing it: the window makes its
docks and paints their titles without importing the widgets (nor the rules and the
store they use), the docks a workspace shows fill in once it is on screen, and a dock
tabbed out of sight (the calendar, the ladder, the chapter) costs nothing until its tab
is shown.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QWidget

from desktop.language import N_
from desktop.ui.dock_buttons import DockButton
from desktop.ui.panel import Panel

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea


# `name` is the saved objectName: never change one once shipped.
class RosterPanel(Panel):
    title, name, area = N_("Roster"), "roster", LEFT
    module, widget_class = "desktop.ui.docks.roster", "RosterWidget"
    workspaces = ("play", "prep")
    buttons = (DockButton("rosterAddCharacterCommand", N_("Add player character"), "add_button"),)


class DiceTablePanel(Panel):
    title, name, area = N_("Dice Table"), "diceTable", RIGHT
    module, widget_class = "desktop.ui.docks.dice_table", "DiceTableWidget"
    workspaces = ("play",)
    # "Or a roll waits": an all-ones choice, a conflict not applied or the dice still
    # rolling hold the table (DiceTableWidget._update_buttons).
    buttons = (
        DockButton(
            "diceRollCommand",
            N_("Roll"),
            "roll_button",
            N_("Select a character and put dice in the tray first, or a roll waits to be finished"),
            keys="Space",  # untranslated: a key sequence
        ),
        DockButton(
            "diceRestTwoHoursCommand",
            N_("Rest 2 hours"),
            "rest_button",
            N_("Select a character on the Dice Table first, or a roll waits to be finished"),
        ),
        DockButton(
            "diceRestDayCommand",
            N_("Rest a day"),
            "rest_day_button",
            N_("Select a character on the Dice Table first, or a roll waits to be finished"),
        ),
        DockButton(
            "diceTakeDamageCommand",
            N_("Take damage"),
            "damage_button",
            N_(
                "Select a character on the Dice Table and type the damage first, or a roll "
                "waits to be finished"
            ),
        ),
    )

    def build(self) -> QWidget:
        from desktop.ui.docks.dice_table import DiceTableWidget  # imported by `fill_step`

        # The window's pool runs the odds; a panel on its own (a test) brings its own.
        pool = getattr(self.parent(), "pool", None)
        return DiceTableWidget(pool if isinstance(pool, QThreadPool) else QThreadPool(self), self)


class SysCardsPanel(Panel):
    title, name, area = N_("SySCards"), "syscards", RIGHT
    module, widget_class = "desktop.ui.docks.syscards", "SysCardsWidget"
    workspaces = ("prep",)
    buttons = (
        DockButton("syscardsNewCommand", N_("New card"), "new_button"),
        DockButton(
            "syscardsDuplicateCommand",
            N_("Duplicate card"),
            "duplicate_button",
            N_("Select a card first"),
        ),
    )


class EnergyCalendarPanel(Panel):
    title, name, area = N_("Energy Calendar"), "energyCalendar", RIGHT
    module, widget_class = "desktop.ui.docks.energy_calendar", "EnergyCalendarWidget"
    workspaces = ("between",)


class ChapterPanel(Panel):
    title, name, area = N_("Chapter"), "chapter", RIGHT
    module, widget_class = "desktop.ui.docks.chapter", "ChapterWidget"
    workspaces = ("prep", "between")
    buttons = (
        DockButton(
            "chapterLoseHoldCommand",
            N_("Lose hold"),
            "sheet.lose_hold_button",
            N_("At tier 0, weak, with the lair already under threat, a loss changes nothing"),
        ),
        # The sheet says beside the button why the chapter cannot develop yet.
        DockButton(
            "chapterDevelopCommand",
            N_("Develop"),
            "sheet.develop_button",
            N_("The chapter cannot develop yet"),
            reason_label="sheet.develop_reason",
        ),
        DockButton(
            "chapterApplyPayoffCommand",
            N_("Apply payoff"),
            "sheet.payoff.apply_button",
            N_("The payoff is not possible as set: the Chapter dock's preview says why"),
        ),
    )


class ClocksPanel(Panel):
    title, name, area = N_("Clocks"), "clocks", RIGHT
    module, widget_class = "desktop.ui.docks.clocks", "ClocksWidget"
    workspaces = ("play",)
    # The dock's toolbar actions themselves: triggered as their buttons are.
    buttons = (
        DockButton("clocksNewCommand", N_("New clock…"), "new_action"),
        DockButton(
            "clocksApplyCommand",
            N_("Apply result to the clock…"),
            "apply_action",
            N_("Select a clock that is not filled first"),
        ),
    )


class FactionLadderPanel(Panel):
    title, name, area = N_("Faction Ladder"), "faction_ladder", RIGHT
    module, widget_class = "desktop.ui.docks.faction_ladder", "FactionLadderWidget"
    workspaces = ("prep", "between")
    buttons = (DockButton("factionAddCommand", N_("Add faction…"), "add_button"),)


class PlayPanel(Panel):
    title, name, area = N_("Play"), "play", RIGHT
    module, widget_class = "desktop.ui.play.play_panel", "PlayWidget"
    workspaces = ("play",)
    buttons = (
        DockButton(
            "playStartGameCommand",
            N_("Start game"),
            "game_bar.start_button",
            N_("A game is running already, or the roster has no player character"),
        ),
        DockButton(
            "playEndGameCommand", N_("End game"), "game_bar.end_button", N_("No game is running")
        ),
        DockButton(
            "playNextTurnCommand",
            N_("Next turn"),
            "turn_order.next_button",
            N_("No scene is set in a running game, or every player has had a turn"),
            keys="N",
        ),
        DockButton(
            "playEndRoundCommand",
            N_("End round"),
            "turn_order.end_round_button",
            N_("No scene is set in a running game"),
            keys="R",
        ),
    )


class RollLogPanel(Panel):
    title, name, area = N_("Roll Log"), "rollLog", BOTTOM
    module, widget_class = "desktop.ui.docks.roll_log", "RollLogWidget"
    workspaces = ("play",)
    buttons = (
        DockButton(
            "rollLogExportCommand",
            N_("Export roll log as CSV…"),
            "export_button",
            N_("The roll log shows no roll"),
            writes=False,
        ),
    )


class JournalPanel(Panel):
    title, name, area = N_("Journal"), "journal", BOTTOM
    module, widget_class = "desktop.ui.docks.journal", "JournalWidget"
    workspaces = ("play", "between")

    def build(self) -> QWidget:
        from desktop.ui.docks.journal import JournalWidget  # imported by `fill_step`

        # The window opens a linked record in its dock; a panel on its own opens none.
        window = self.parent()
        opener = window if callable(getattr(window, "open_record", None)) else None
        widget = JournalWidget(self, opener)  # type: ignore[arg-type]  # has open_record
        # Behind another dock's tab it is "visible" still: the tab's choice tells.
        self.visibilityChanged.connect(widget.dock_shown)
        return widget


class StatisticsPanel(Panel):
    title, name, area = N_("Statistics"), "statistics", RIGHT
    module, widget_class = "desktop.ui.statistics.widget", "StatisticsWidget"
    workspaces = ("between",)

    def build(self) -> QWidget:
        from desktop.ui.statistics.widget import StatisticsWidget  # imported by `fill_step`

        # The window's pool works the report out; a panel on its own (a test) brings its own.
        pool = getattr(self.parent(), "pool", None)
        return StatisticsWidget(pool if isinstance(pool, QThreadPool) else None, self)


# In this order the shown docks fill in once the window is on screen, and the View menu
# lists them.
DOCKS: tuple[type[Panel], ...] = (
    RosterPanel,
    DiceTablePanel,
    SysCardsPanel,
    EnergyCalendarPanel,
    ChapterPanel,
    ClocksPanel,
    FactionLadderPanel,
    PlayPanel,
    RollLogPanel,
    JournalPanel,
    StatisticsPanel,
)
