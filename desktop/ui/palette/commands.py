"""The palette's command mode: every command, found by its name, menu or synonyms,
recently used first; choosing one triggers its action, as its menu entry or button.

A dock's buttons are known once its widget is built, and a dock out of sight is built
only when first shown (issue 28): the box opens at once with what is known, and the
docks not built yet are built one per turn of the event loop after it, their commands
added as each comes (building the SySCards of the sample campaign takes some 200 ms).
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, QTimer

from desktop.language import N_
from desktop.ui.palette.catalogue import (
    Command,
    CommandSource,
    dock_commands,
    menu_commands,
    unfilled_panels,
)
from desktop.ui.palette.matching import match_rank
from desktop.ui.palette.popup import Row
from desktop.ui.palette.synonyms import synonyms_of
from desktop.ui.settings import Settings


class CommandMode:
    """A `Mode` of the palette over `source`'s commands; recent ones kept in `settings`.
    The docks are built while `owner` (the window) lives: not after it is gone."""

    # Marked here, translated where the box shows them (`PalettePopup.open_mode`).
    title = N_("Command palette")
    hint = N_("Type a command: rest, damage, end day, print cards…")
    list_name = N_("Commands")

    def __init__(self, source: CommandSource, settings: Settings, owner: QObject) -> None:
        self.source = source
        self.owner = owner
        self.settings = settings
        self.commands: dict[str, Command] = {}
        self._menus: list[Command] = []
        self._changed: Callable[[], None] = lambda: None

    def start(self, changed: Callable[[], None]) -> None:
        """The commands as they are now, gathered each time the box opens; `changed` is
        called as each dock not built yet is built and its commands join them."""
        self._gather()
        self._changed = changed
        if unfilled_panels(self.source):
            QTimer.singleShot(0, self.owner, self._fill_next)

    def is_complete(self) -> bool:
        """Whether every dock's commands are in (none waits to be built)."""
        return not unfilled_panels(self.source)

    def _gather(self) -> None:
        self._menus = menu_commands(self.source)
        self._gather_docks()

    def _gather_docks(self) -> None:
        """The menus' commands as gathered at opening (asked again, Open Recent would
        refill itself and let go of the entry a command may be triggering), the docks'
        as now."""
        found = [*self._menus, *dock_commands(self.source)]
        self.commands = {c.key: c for c in found if shiboken6.isValid(c.action)}

    def _fill_next(self) -> None:
        waiting = unfilled_panels(self.source)
        if not waiting:
            return
        waiting[0].content()  # built now, given the campaign
        self._gather_docks()
        self._changed()
        if len(waiting) > 1:
            QTimer.singleShot(0, self.owner, self._fill_next)

    def rows(self, text: str) -> list[Row]:
        recent = {key: index for index, key in enumerate(self.settings.recent_commands())}
        found: list[tuple[int, int, int, Command]] = []
        for order, command in enumerate(self.commands.values()):
            others = [command.place, *synonyms_of(command.action.objectName())]
            rank = match_rank(text, command.title, others)
            if rank is not None:
                found.append((-rank, recent.get(command.key, len(recent)), order, command))
        found.sort(key=lambda entry: entry[:3])
        return [
            Row(
                title=command.title,
                place=command.place,
                shortcut=command.shortcut,
                enabled=command.action.isEnabled(),
                reason=command.reason,
                key=command.key,
            )
            for *_rank, command in found
        ]

    def run(self, row: Row) -> bool:
        """Trigger `row`'s action, remembered as the most recent; False (nothing run)
        when it is off or gone."""
        command = self.commands.get(row.key)
        if command is None or not shiboken6.isValid(command.action):
            return False
        if not command.action.isEnabled():
            return False
        self.settings.add_recent_command(row.key)
        command.action.trigger()
        return True
