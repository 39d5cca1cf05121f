"""The palette's command mode: every command, found by its name, menu or synonyms,
recently used first; choosing one triggers its action, as its menu entry or button."""

from __future__ import annotations

from desktop.ui.palette.catalogue import Command, CommandSource, gather
from desktop.ui.palette.matching import match_rank
from desktop.ui.palette.popup import Row
from desktop.ui.palette.synonyms import synonyms_of
from desktop.ui.settings import Settings


class CommandMode:
    """A `Mode` of the palette over `source`'s commands; recent ones kept in `settings`."""

    title = "Command palette"
    placeholder = "Type a command: rest, damage, end day, print cards…"
    list_name = "Commands"

    def __init__(self, source: CommandSource, settings: Settings) -> None:
        self.source = source
        self.settings = settings
        self.commands: dict[str, Command] = {}

    def start(self) -> None:
        """The commands as they are now: gathered each time the box opens."""
        self.commands = {command.key: command for command in gather(self.source)}

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
        if command is None or not command.action.isEnabled():
            return False
        self.settings.add_recent_command(row.key)
        command.action.trigger()
        return True
