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
    if override:
        folder = Path(override) / "data"
    else:
        from platformdirs import user_data_path

        folder = user_data_path(APP_NAME, APP_AUTHOR)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings_file() -> Path | None:
    """An INI file for settings when GM_DESK_HOME is set; None means the system's place."""
    override = os.environ.get(HOME_VARIABLE)
    return Path(override) / "settings.ini" if override else None
