"""The menu of a die on the table: what the GM can do to that one die."""

from __future__ import annotations

from functools import partial
from typing import Protocol

from PySide6.QtWidgets import QMenu, QWidget

from desktop.store import DieRecord


class DieActions(Protocol):
    """What the menu asks the dice table to do."""

    def toggle_tray(self, die_id: int) -> None: ...
    def step(self, die_id: int, delta: int) -> None: ...
    def toggle_down_selected(self) -> None: ...
    def move_die(self, die: DieRecord, area: str) -> None: ...
    def delete_die(self, die: DieRecord) -> None: ...


def die_menu(parent: QWidget, die: DieRecord, actions: DieActions) -> QMenu:
    """The menu for `die`: tray, steps, moves between areas, and delete."""
    menu = QMenu(parent)
    if die.kind == "ordinary" and die.place == "pool":
        menu.addAction(
            "Take out of the tray" if die.in_tray else "Put in the tray",
            lambda: actions.toggle_tray(die.id),
        )
    if die.in_tray:
        menu.addAction("Step up (+)", lambda: actions.step(die.id, 1))
        menu.addAction("Step back (−)", lambda: actions.step(die.id, -1))
        menu.addAction("Step down to d4 (D)", actions.toggle_down_selected)
    for area, text in (
        ("pool", "Move to the pool"),
        ("table", "Move to the table"),
        ("removed", "Remove (damage)"),
    ):
        if die.place != area:
            menu.addAction(text, partial(actions.move_die, die, area))
    menu.addSeparator()
    menu.addAction("Delete this die", lambda: actions.delete_die(die))
    return menu
