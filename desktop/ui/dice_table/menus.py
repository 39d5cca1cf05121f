"""The menu of a die on the table: what the GM can do to that one die.

Each entry shows its key (after a tab, Qt's shortcut column): the menu is how a GM
finds the table's keys (the arrows pick a die; the menu key or Shift+F10 opens this).
"""

from __future__ import annotations

from functools import partial
from typing import Protocol

from PySide6.QtWidgets import QMenu, QWidget

from desktop.store import CharacterRecord, DieRecord
from desktop.ui.plain_text import menu_text
from desktop.ui.window_language import tr


class DieActions(Protocol):
    """What the menu asks the dice table to do."""

    def toggle_tray(self, die_id: int) -> None: ...
    def step(self, die_id: int, delta: int) -> None: ...
    def toggle_down_selected(self) -> None: ...
    def move_die(self, die: DieRecord, area: str) -> None: ...
    def delete_die(self, die: DieRecord) -> None: ...
    def award_targets(self, die: DieRecord) -> list[CharacterRecord]: ...
    def award_die(self, die: DieRecord, to_character: int) -> None: ...


def die_menu(parent: QWidget, die: DieRecord, actions: DieActions) -> QMenu:
    """The menu for `die`: tray, steps, moves between areas, award, and delete."""
    menu = QMenu(parent)
    if die.kind == "ordinary" and die.place == "pool":
        menu.addAction(
            tr("Take out of the tray\tEnter") if die.in_tray else tr("Put in the tray\tEnter"),
            lambda: actions.toggle_tray(die.id),
        )
    if die.in_tray:
        menu.addAction(tr("Step up\t+"), lambda: actions.step(die.id, 1))
        menu.addAction(tr("Step back\t−"), lambda: actions.step(die.id, -1))
        menu.addAction(tr("Step down to d4\tD"), actions.toggle_down_selected)
    for area, text in (
        ("pool", tr("Move to the pool\tBackspace")),
        ("table", tr("Move to the table\tT")),
        ("removed", tr("Remove (damage)")),
    ):
        if die.place != area:
            menu.addAction(text, partial(actions.move_die, die, area))
    if die.place == "table":
        _add_awards(menu.addMenu(tr("Award to (G)")), die, actions)
    menu.addSeparator()
    menu.addAction(tr("Delete this die\tDel"), lambda: actions.delete_die(die))
    return menu


def award_menu(parent: QWidget, die: DieRecord, actions: DieActions) -> QMenu:
    """G on a depleted die: which character it is given to (the roster drop's award)."""
    menu = QMenu(parent)
    menu.setObjectName("awardMenu")
    title = menu.addAction(tr("Award this d{size} to").format(size=die.size))
    title.setEnabled(False)
    menu.addSeparator()
    _add_awards(menu, die, actions)
    return menu


def _add_awards(menu: QMenu, die: DieRecord, actions: DieActions) -> None:
    targets = actions.award_targets(die)
    for character in targets:
        menu.addAction(menu_text(character.name), partial(actions.award_die, die, character.id))
    if not targets:
        menu.addAction(tr("No other character")).setEnabled(False)
