"""The user's settings, typed, over one QSettings passed in (tests pass their own)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from desktop.language import language_codes
from desktop.ui.theme import THEMES

# Bump when a dock's place in the layouts changes meaning; a dock added or removed is
# seen without it (each workspace's saved layout names the docks it was saved with).
LAYOUT_VERSION = 7
# Bump with an upgrade step in `_upgrade` when a stored key changes meaning.
SETTINGS_VERSION = 1
MAX_RECENT = 10
# The command palette's recently used commands, newest first (their action's names).
MAX_RECENT_COMMANDS = 12


def _stored_int(value: object) -> int:
    """A number QSettings kept: an int, or its text when read back from the INI file."""
    if isinstance(value, int | str | float):
        return int(value)
    raise ValueError(f"A stored setting is not a number: {value!r}")


class Settings:
    def __init__(self, store: QSettings) -> None:
        self._store = store
        self._upgrade()

    def _upgrade(self) -> None:
        try:
            stored = _stored_int(self._store.value("settings_version", 0))
        except (ValueError, OverflowError):
            # A damaged file ("settings_version=abc") must not stop GM Desk: the command
            # line reads the settings for its language before even its --help.
            stored = 0
        # No older formats exist yet; later versions migrate keys here, oldest first.
        if stored != SETTINGS_VERSION:
            self._store.setValue("settings_version", SETTINGS_VERSION)

    def sync(self) -> None:
        self._store.sync()

    # -- window ---------------------------------------------------------------------------

    def geometry(self) -> QByteArray | None:
        value = self._store.value("window/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_geometry(self, value: QByteArray) -> None:
        self._store.setValue("window/geometry", value)

    def workspace(self) -> str:
        """The workspace last shown (its name; the window checks it is one it knows)."""
        return str(self._store.value("window/workspace", ""))

    def set_workspace(self, name: str) -> None:
        self._store.setValue("window/workspace", name)

    def workspace_state(self, name: str, docks: tuple[str, ...]) -> QByteArray | None:
        """Workspace `name`'s layout as the GM left it, if saved for the current `docks`
        (their names): a dock new since would be left out of it, wherever Qt put it."""
        if _stored_int(self._store.value("window/layout_version", 0)) != LAYOUT_VERSION:
            return None
        # Each workspace's own: a workspace saved before a dock came, left unsaved since
        # another was saved with it, would show without it. Layouts saved before the
        # docks were named with them (neither key) are of today's docks.
        saved_docks = self._store.value(
            f"layout_docks/{name}", self._store.value("window/layout_docks", None)
        )
        if saved_docks is not None and str(saved_docks) != ",".join(sorted(docks)):
            return None
        value = self._store.value(f"workspaces/{name}")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_workspace_state(self, name: str, value: QByteArray, docks: tuple[str, ...]) -> None:
        self._store.setValue(f"workspaces/{name}", value)
        self._store.setValue("window/layout_version", LAYOUT_VERSION)
        self._store.setValue(f"layout_docks/{name}", ",".join(sorted(docks)))

    def clear_workspace_state(self, name: str) -> None:
        self._store.remove(f"workspaces/{name}")

    # -- the player display ---------------------------------------------------------------

    def player_screen(self) -> str:
        """The name of the screen the player display went full screen on last ("" none)."""
        return str(self._store.value("player_display/screen", ""))

    def set_player_screen(self, name: str) -> None:
        self._store.setValue("player_display/screen", name)

    def dock_minimum(self, name: str) -> tuple[int, int] | None:
        """The least room dock `name`'s view needed when last saved: kept for the dock
        until its view fills in, so that nothing moves when it does."""
        try:
            width, height = (
                int(part) for part in str(self._store.value(f"docks/{name}")).split("x")
            )
        except ValueError:
            return None
        return (width, height) if width >= 0 and height >= 0 else None

    def set_dock_minimum(self, name: str, width: int, height: int) -> None:
        self._store.setValue(f"docks/{name}", f"{width}x{height}")

    def theme(self) -> str:
        """View > Theme's choice: one of THEMES ("system", "light", "dark", "high-contrast")."""
        value = str(self._store.value("window/theme", "system"))
        return value if value in THEMES else "system"

    def set_theme(self, name: str) -> None:
        self._store.setValue("window/theme", name)

    def language(self) -> str:
        """View > Language's choice: "system" (the system's language, when GM Desk
        speaks it) or a shipped language's code."""
        return Settings.language_in(self._store)

    @staticmethod
    def language_in(store: QSettings) -> str:
        """`language`, read from `store` without upgrading it: the command line asks
        before its --help, and a look must not write a settings file."""
        value = str(store.value("window/language", "system"))
        return value if value in language_codes() else "system"

    def set_language(self, code: str) -> None:
        self._store.setValue("window/language", code)

    def zoom(self) -> int:
        """View > Zoom's percent (100 until changed; a stored value that is not a
        number reads as 100, the window takes the nearest of its steps)."""
        try:
            value = _stored_int(self._store.value("window/zoom", 100))
        except (ValueError, OverflowError):
            return 100
        return value if 10 <= value <= 1000 else 100

    def set_zoom(self, percent: int) -> None:
        self._store.setValue("window/zoom", percent)

    # -- play -----------------------------------------------------------------------------

    def recap_at_start(self) -> bool:
        """Whether Start game opens "Previously on…" when a game has ended before (on
        until the GM turns it off in that window)."""
        value = self._store.value("play/recap_at_start", True)
        # The INI file reads a flag back as its text.
        return value not in (False, "false", "0", 0)

    def set_recap_at_start(self, wanted: bool) -> None:
        self._store.setValue("play/recap_at_start", wanted)

    # -- outputs --------------------------------------------------------------------------

    def pdf_folder(self) -> Path | None:
        """The folder the GM last saved a PDF in (None before the first)."""
        value = str(self._store.value("outputs/pdf_folder", ""))
        return Path(value) if value else None

    def set_pdf_folder(self, folder: Path) -> None:
        self._store.setValue("outputs/pdf_folder", str(folder))

    # -- the command palette ----------------------------------------------------------------

    def recent_commands(self) -> list[str]:
        """The object names of the palette's commands last run, newest first."""
        raw = self._store.value("palette/recent", [])
        if isinstance(raw, str):  # one name: the INI file reads a list of one back as text
            items = [raw]
        else:
            items = list(raw) if isinstance(raw, list | tuple) else []
        return [str(item) for item in items if item][:MAX_RECENT_COMMANDS]

    def add_recent_command(self, name: str) -> None:
        recent = [name, *(item for item in self.recent_commands() if item != name)]
        self._store.setValue("palette/recent", recent[:MAX_RECENT_COMMANDS])

    # -- campaigns ------------------------------------------------------------------------

    def recent_files(self) -> list[Path]:
        raw = self._store.value("campaigns/recent", [])
        if isinstance(raw, str):  # one file: the INI file reads a list of one back as text
            items = [raw]
        else:
            items = list(raw) if isinstance(raw, list | tuple) else []
        return [Path(item) for item in items if item]

    def add_recent(self, path: Path) -> None:
        path = path.absolute()
        recent = [p for p in self.recent_files() if p != path]
        self._set_recent([path, *recent][:MAX_RECENT])

    def remove_recent(self, path: Path) -> None:
        self._set_recent([p for p in self.recent_files() if p != path.absolute()])

    def clear_recent(self) -> None:
        self._set_recent([])

    def _set_recent(self, paths: list[Path]) -> None:
        if paths == self.recent_files():
            return  # reopening the last campaign: nothing to write, no settings file rewritten
        self._store.setValue("campaigns/recent", [str(p) for p in paths])
