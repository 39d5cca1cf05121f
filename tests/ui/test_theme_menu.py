"""View > Theme (issues 27 and 34): System, Light, Dark or High Contrast, applied at once
and remembered for the next start; `--theme` stays a one-run choice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from desktop.app import parse_args
from desktop.ui.dark_checks import HighContrastFrames, VisibleChecks
from desktop.ui.main_window import MainWindow
from desktop.ui.settings import Settings
from desktop.ui.theme import ERROR, apply_theme, colour, theme_choice
from tests.ui.test_smoke import run


@pytest.fixture
def restored(qapp: QApplication) -> Iterator[QApplication]:
    style, palette = qapp.style().name(), qapp.palette()
    yield qapp
    apply_theme(qapp, "system")
    qapp.setStyle(QStyleFactory.create(style))
    qapp.setPalette(palette)


def _window_lightness() -> int:
    return QApplication.palette().color(QPalette.ColorRole.Window).lightness()


def test_the_view_menu_switches_the_theme_at_once_and_remembers_it(
    window: MainWindow, restored: QApplication, settings_path: Path
) -> None:
    menu = next(a.menu() for a in window.view_menu.actions() if a.text() == "&Theme")
    assert [a.text() for a in menu.actions()] == ["&System", "&Light", "&Dark", "&High Contrast"]
    assert window.theme_actions["system"].isChecked()
    window.theme_actions["dark"].trigger()
    QApplication.processEvents()  # the new palette reaches each widget by an event
    assert _window_lightness() < 80 and isinstance(restored.style(), VisibleChecks)
    assert window.palette().color(QPalette.ColorRole.Window).lightness() < 80
    assert window.theme_actions["dark"].isChecked()
    window.settings.sync()
    stored = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
    assert stored.theme() == "dark"
    window.theme_actions["system"].trigger()  # offscreen, the system's scheme is light
    assert _window_lightness() > 200 and not isinstance(restored.style(), VisibleChecks)
    assert window.settings.theme() == "system"


def test_high_contrast_is_chosen_in_the_view_menu_and_remembered(
    window: MainWindow, restored: QApplication, settings_path: Path
) -> None:
    window.theme_actions["high-contrast"].trigger()
    QApplication.processEvents()
    palette = QApplication.palette()
    assert palette.color(QPalette.ColorRole.Window).name() == "#000000"
    assert palette.color(QPalette.ColorRole.WindowText).name() == "#ffffff"
    assert isinstance(restored.style(), HighContrastFrames)
    assert theme_choice(restored) == "high-contrast"
    assert window.theme_actions["high-contrast"].isChecked()
    # The named colours take their high-contrast variant; a role given only (light,
    # dark) its dark one.
    assert colour(window.palette(), ERROR).name() == ERROR[-1]
    assert colour(window.palette(), ("#111111", "#eeeeee")).name() == "#eeeeee"
    window.settings.sync()
    stored = Settings(QSettings(str(settings_path), QSettings.Format.IniFormat))
    assert stored.theme() == "high-contrast"
    window.theme_actions["light"].trigger()
    assert not isinstance(restored.style(), HighContrastFrames)
    assert colour(QApplication.palette(), ERROR).name() == ERROR[0]


def test_an_unknown_stored_theme_is_the_systems(settings_path: Path) -> None:
    stored = QSettings(str(settings_path), QSettings.Format.IniFormat)
    stored.setValue("window/theme", "neon")
    assert Settings(stored).theme() == "system"


def test_the_command_line_takes_high_contrast() -> None:
    assert parse_args(["--theme", "high-contrast"]).theme == "high-contrast"


@pytest.mark.slow  # a whole start in its own process
def test_the_remembered_theme_is_used_at_the_next_start(tmp_path: Path, gm_desk_home: Path) -> None:
    settings = QSettings(str(gm_desk_home / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("window/theme", "dark")
    settings.sync()
    shot = tmp_path / "shot.png"
    fresh = tmp_path / "fresh.gmdesk"
    result = run(
        "--smoke-test", "--campaign", str(fresh), "--screenshot", str(shot), home=gm_desk_home
    )
    assert result.returncode == 0, result.stderr
    image = QImage(str(shot))
    # The menu bar's far end, in the dark palette's window colour.
    assert image.pixelColor(image.width() - 5, 10).lightness() < 80
