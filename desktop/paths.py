"""Where GM Desk's own files are: shipped resources, and the user's data folder.

Works both from source and from a PyInstaller bundle (which unpacks data files under
`sys._MEIPASS`). `GM_DESK_HOME` moves the user's data and settings elsewhere (tests,
portable installs).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "GM Desk"
APP_AUTHOR = "GM Desk"
HOME_VARIABLE = "GM_DESK_HOME"


def bundle_root() -> Path:
    """The folder holding `resources/` and `icons/`: the repository, or the bundle."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def resources_dir() -> Path:
    return bundle_root() / "resources"


def icons_dir() -> Path:
    return bundle_root() / "icons"


def data_dir() -> Path:
    """The user's data folder (backups, the sample campaign), created on first use."""
    override = os.environ.get(HOME_VARIABLE)
    folder = Path(override) / "data" if override else Path(system_data_dir())
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def system_data_dir() -> str:
    """The system's own place for GM Desk's data, never the program's folder (read-only
    once installed): %LOCALAPPDATA%\\GM Desk\\GM Desk on Windows, ~/Library/Application
    Support/GM Desk on macOS, $XDG_DATA_HOME/GM Desk (~/.local/share) on Linux.

    Chosen by `sys.platform` when called, as platformdirs would at import, so that the
    Windows and macOS choices are tested on any system (tests/test_paths.py). A string,
    not a Path: a Windows path tested elsewhere is read with PureWindowsPath.
    """
    if sys.platform == "win32":
        from platformdirs.windows import Windows as SystemDirs
    elif sys.platform == "darwin":
        from platformdirs.macos import MacOS as SystemDirs
    else:
        from platformdirs.unix import Unix as SystemDirs
    return SystemDirs(APP_NAME, APP_AUTHOR).user_data_dir


def settings_file() -> Path | None:
    """An INI file for settings when GM_DESK_HOME is set; None means the system's place."""
    override = os.environ.get(HOME_VARIABLE)
    return Path(override) / "settings.ini" if override else None


def log_dir() -> Path:
    """Where GM Desk writes its log (made when the log starts, not here): the system's
    place for an application's logs, or `logs` under GM_DESK_HOME."""
    override = os.environ.get(HOME_VARIABLE)
    return Path(override) / "logs" if override else Path(system_log_dir())


def system_log_dir() -> str:
    """The system's place for GM Desk's log: %LOCALAPPDATA%\\GM Desk\\GM Desk\\Logs on
    Windows, ~/Library/Logs/GM Desk on macOS, $XDG_STATE_HOME/GM Desk/log
    (~/.local/state) on Linux; chosen when called, as `system_data_dir` is."""
    if sys.platform == "win32":
        from platformdirs.windows import Windows as SystemDirs
    elif sys.platform == "darwin":
        from platformdirs.macos import MacOS as SystemDirs
    else:
        from platformdirs.unix import Unix as SystemDirs
    return SystemDirs(APP_NAME, APP_AUTHOR).user_log_dir
