"""Where GM Desk keeps the user's data on each system.

The Windows and macOS choices are checked here with a patched `sys.platform` (and the
Windows shell folder patched in, read back with PureWindowsPath); the release workflow
runs this file on Windows and macOS too, where the last tests check the real folders.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from desktop import paths

LOCAL_APPDATA = r"C:\Users\Gwen\AppData\Local"


@pytest.fixture
def no_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.HOME_VARIABLE, raising=False)


def test_windows_keeps_the_data_in_local_appdata(
    monkeypatch: pytest.MonkeyPatch, no_override: None
) -> None:
    import platformdirs.windows

    asked: list[str] = []

    def shell_folder(csidl: str) -> str:
        asked.append(csidl)
        return LOCAL_APPDATA

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", shell_folder)
    folder = PureWindowsPath(paths.system_data_dir())
    # Local, not roaming: a campaign file and its backups do not follow the user around
    # a domain's machines (and roaming profiles have size quotas).
    assert asked == ["CSIDL_LOCAL_APPDATA"]
    assert folder == PureWindowsPath(LOCAL_APPDATA, "GM Desk", "GM Desk")
    assert "Program Files" not in folder.parts


def _home_without_xdg(monkeypatch: pytest.MonkeyPatch, platform: str, home: Path) -> None:
    """Run as on `platform`, for a user whose home is `home`, with no XDG_DATA_HOME."""
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)


def test_macos_keeps_the_data_in_application_support(
    monkeypatch: pytest.MonkeyPatch, no_override: None, tmp_path: Path
) -> None:
    _home_without_xdg(monkeypatch, "darwin", tmp_path)
    folder = PurePosixPath(paths.system_data_dir())
    assert folder == PurePosixPath(tmp_path, "Library", "Application Support", "GM Desk")


def test_linux_keeps_the_data_in_xdg_data_home(
    monkeypatch: pytest.MonkeyPatch, no_override: None, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert Path(paths.system_data_dir()) == tmp_path / "share" / "GM Desk"


def test_linux_falls_back_to_local_share(
    monkeypatch: pytest.MonkeyPatch, no_override: None, tmp_path: Path
) -> None:
    _home_without_xdg(monkeypatch, "linux", tmp_path)
    assert Path(paths.system_data_dir()) == tmp_path / ".local" / "share" / "GM Desk"


def test_the_data_folder_is_made_on_first_use(
    monkeypatch: pytest.MonkeyPatch, no_override: None, tmp_path: Path
) -> None:
    monkeypatch.setattr(paths, "system_data_dir", lambda: str(tmp_path / "system" / "GM Desk"))
    assert paths.data_dir() == tmp_path / "system" / "GM Desk"
    assert (tmp_path / "system" / "GM Desk").is_dir()
    assert paths.settings_file() is None  # the system's own settings store


def test_gm_desk_home_moves_data_and_settings_on_every_system(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path / "portable"))
    for system in ("win32", "darwin", "linux"):
        monkeypatch.setattr(sys, "platform", system)
        assert paths.data_dir() == tmp_path / "portable" / "data"
        assert paths.settings_file() == tmp_path / "portable" / "settings.ini"


@pytest.mark.skipif(sys.platform != "win32", reason="the real Windows folders")
def test_on_windows_the_data_is_under_the_real_local_appdata(no_override: None) -> None:
    folder = Path(paths.system_data_dir())
    assert folder.parent.parent == Path(os.environ["LOCALAPPDATA"])
    assert folder.parts[-2:] == ("GM Desk", "GM Desk")


@pytest.mark.skipif(sys.platform != "darwin", reason="the real macOS folders")
def test_on_macos_the_data_is_under_application_support(
    monkeypatch: pytest.MonkeyPatch, no_override: None
) -> None:
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    folder = Path(paths.system_data_dir())
    assert folder == Path.home() / "Library" / "Application Support" / "GM Desk"
