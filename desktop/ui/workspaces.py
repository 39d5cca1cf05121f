"""Workspaces: one dock layout for each phase of play, as Krita's or Qt Creator's modes.

*Play* keeps the table in view (roster, a large Dice Table, the Play dock with the
clocks, the roll log and the journal behind it), *Prep* the SySCards with their preview
beside the roster, the ladder and the chapter, *Between sessions* the Energy Calendar
(the Statistics behind it) with the chapter, the ladder and the journal. Each dock
says which workspaces show it (`desktop.ui.docks.panels`); a dock the default layouts
below do not place is shown in a tab behind the workspace's `tabs_with` dock. Each
workspace remembers the GM's own changes to it (saved per workspace in the settings);
its default is drawn here, sized from the window so it fits 1366 x 768 as well as
1920 x 1080.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtWidgets import QMainWindow, QTabBar

from desktop.language import N_
from desktop.ui.docks import panels
from desktop.ui.panel import Panel

Area = Qt.DockWidgetArea
Horizontal = Qt.Orientation.Horizontal
Vertical = Qt.Orientation.Vertical


class Workspace(NamedTuple):
    name: str  # saved in the settings: never change it once shipped
    title: str  # marked with N_: shown as tr(title)
    shortcut: str
    # The dock in front of a tab group: a dock the layout below does not place goes in
    # a tab behind it.
    tabs_with: str

    @property
    def docks(self) -> tuple[str, ...]:
        """The docks it shows, as they declare it; every other dock is hidden."""
        return tuple(panel.name for panel in panels.DOCKS if self.name in panel.workspaces)


WORKSPACES: tuple[Workspace, ...] = (
    Workspace("play", N_("&Play"), "Ctrl+1", "play"),
    Workspace("prep", N_("P&rep"), "Ctrl+2", "faction_ladder"),
    Workspace("between", N_("&Between Sessions"), "Ctrl+3", "chapter"),
)
BY_NAME = {workspace.name: workspace for workspace in WORKSPACES}
DEFAULT = "play"


def workspace_named(name: str) -> Workspace:
    """The workspace called `name`, or Play for a name this version does not know."""
    return BY_NAME.get(name, BY_NAME[DEFAULT])


def arrange(window: QMainWindow, docks: Mapping[str, Panel], name: str) -> None:
    """Lay the docks out as workspace `name`'s default, sized for the window as it is."""
    name = workspace_named(name).name
    shown = [dock_name for dock_name, dock in docks.items() if name in dock.workspaces]
    for dock in docks.values():
        window.removeDockWidget(dock)  # also hides it
    placed = _place(window, docks, name)
    behind = docks[workspace_named(name).tabs_with]
    for dock_name in [dock_name for dock_name in shown if dock_name not in placed]:
        window.tabifyDockWidget(behind, docks[dock_name])
        docks[dock_name].show()
        behind.raise_()  # still in front
    for dock_name in shown:
        # Built now (a panel builds its view when first shown): the sizes below are
        # worked out from what each view needs, which is known only once it is built.
        docks[dock_name].content()
    # The others stay in the layout, hidden: a saved state names every dock, so that
    # restoring a workspace hides what the one before it showed.
    for dock_name, dock in docks.items():
        if dock_name not in shown:
            window.addDockWidget(Area.RightDockWidgetArea, dock)
            dock.hide()
    # Sizes asked of a layout not yet computed are lost: compute it first.
    layout = window.layout()
    if layout is not None:  # a QMainWindow always has one
        layout.activate()
    _size(window, docks, name)
    # Drawn dock by dock, a tab group can be left with a bar Qt never shows (Between
    # Sessions' default drawn again before the event loop ran): restored whole, the
    # layout shows the bar of each of its groups.
    restore(window, window.saveState(), 0)


def retire_tab_bars(window: QMainWindow) -> None:
    """Take the window's dock tab bars off the screen before its layout is replaced.

    Restoring a layout, Qt gives each of its tab groups a new QTabBar, shows those, and
    retires the bars of the layout replaced with deleteLater() without hiding them: until
    the event loop gets to deleting them, they stay where they were, tabs and all, over
    the new layout's docks (Between Sessions' "Chapter | Faction Ladder | Journal" over
    Play's Dice Table, in a picture of the window taken before then).
    """
    for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        bar.hide()


def restore(window: QMainWindow, state: QByteArray, version: int) -> bool:
    """Lay the docks out as `state` says (a workspace as the GM left it); False if Qt
    refuses it, for the caller to draw a layout of its own."""
    retire_tab_bars(window)
    return window.restoreState(state, version)


def _place(window: QMainWindow, docks: Mapping[str, Panel], name: str) -> set[str]:
    """Workspace `name`'s docks as its default layout draws them; the names placed."""
    placed: set[str] = set()

    def add(area: Area, dock_name: str) -> Panel:
        dock = docks[dock_name]
        window.addDockWidget(area, dock)
        dock.show()
        placed.add(dock_name)
        return dock

    def split(first: Panel, dock_name: str, orientation: Qt.Orientation) -> Panel:
        dock = docks[dock_name]
        window.splitDockWidget(first, dock, orientation)
        dock.show()
        placed.add(dock_name)
        return dock

    def tab(first: Panel, dock_name: str) -> Panel:
        dock = docks[dock_name]
        window.tabifyDockWidget(first, dock)
        dock.show()
        placed.add(dock_name)
        return dock

    # All in one dock area, side by side: with the central widget hidden, the sizes
    # asked for are shared out only between docks of one area.
    if name == "prep":
        # The cards' list, form and live preview take the width; the roster, the
        # ladder and the chapter, looked up in turn, share one column of tabs.
        roster = split(add(Area.RightDockWidgetArea, "syscards"), "roster", Horizontal)
        ladder = tab(roster, "faction_ladder")
        tab(ladder, "chapter")
        ladder.raise_()  # a faction's status is changed in two clicks, no tab first
    elif name == "between":
        calendar = add(Area.RightDockWidgetArea, "energyCalendar")
        chapter = split(calendar, "chapter", Horizontal)
        tab(chapter, "faction_ladder")
        tab(chapter, "journal")
        # The plots want the wide column: behind the calendar, not in the chapter's.
        tab(calendar, "statistics")
        calendar.raise_()
        chapter.raise_()
    else:
        # The Dice Table gets the whole height: the pool, the tray and the table are
        # drop targets never to be squeezed. The Play dock (the game, its scene, turns
        # and award) has the other column to itself, so none of it scrolls, with the
        # clocks, the roll log and the journal in tabs behind it (the table shows the
        # last roll).
        table = split(add(Area.RightDockWidgetArea, "roster"), "diceTable", Horizontal)
        play = split(table, "play", Horizontal)
        tab(play, "clocks")
        tab(play, "rollLog")
        tab(play, "journal")
        play.raise_()
    return placed


def _size(window: QMainWindow, docks: Mapping[str, Panel], name: str) -> None:
    width = window.width()

    def at_least(dock_name: str, wanted: float) -> int:
        return max(int(wanted), docks[dock_name].minimumSizeHint().width())

    if name == "prep":
        # Sized through the tab in front (the ladder): a tab behind it takes a width
        # asked of it as its own, and the SySCards gave up theirs to the column.
        column = max(at_least(tab, width * 0.2) for tab in ("roster", "faction_ladder", "chapter"))
        window.resizeDocks(
            [docks["syscards"], docks["faction_ladder"]], [width - column, column], Horizontal
        )
    elif name == "between":
        window.resizeDocks([docks["chapter"]], [at_least("chapter", width * 0.32)], Horizontal)
    else:
        # What is left after the Dice Table's own width goes to the two side columns.
        spare = max(0, width - docks["diceTable"].minimumSizeHint().width() - 40)
        side = min(380, spare / 2)
        column = at_least("roster", side)
        window.resizeDocks(
            [docks["roster"], docks["play"]],
            [column, at_least("play", spare - column if column < 380 else 380)],
            Horizontal,
        )
