"""Fusion asked of Qt by its command-line option, and its light palette written out:
both must give what Qt's own Fusion gives."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from desktop.ui import theme

GROUPS = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive, QPalette.ColorGroup.Disabled)
ROLES = [role for role in QPalette.ColorRole if role != QPalette.ColorRole.NColorRoles]


def test_the_written_palette_is_fusions_own(qapp: QApplication) -> None:
    fusion = QStyleFactory.create("Fusion")
    assert fusion is not None
    expected, written = fusion.standardPalette(), theme.fusion_light_palette()
    for group in GROUPS:
        for role in ROLES:
            # Fusion computes some shades in floating point; painted, they are 8-bit.
            assert written.color(group, role).rgba() == expected.color(group, role).rgba()


# Ours where Fusion's does not read (WCAG AA, issue 34): the greys and the visited link.
OURS = (
    {(group, QPalette.ColorRole.Highlight): "#3d6fb6" for group in GROUPS}
    | {(group, QPalette.ColorRole.PlaceholderText): theme.LIGHT_GREY_TEXT for group in GROUPS}
    | {(group, QPalette.ColorRole.LinkVisited): "#8e1d8e" for group in GROUPS}
    | {
        (QPalette.ColorGroup.Disabled, role): theme.LIGHT_GREY_TEXT
        for role in (
            QPalette.ColorRole.Text,
            QPalette.ColorRole.ButtonText,
            QPalette.ColorRole.WindowText,
        )
    }
)


def test_the_light_palette_is_fusions_with_our_selection_colour_and_greys(
    qapp: QApplication,
) -> None:
    fusion, light = theme.fusion_light_palette(), theme.light_palette()
    for group in GROUPS:
        for role in ROLES:
            ours = OURS.get((group, role))
            if ours is not None:
                assert light.color(group, role).name(QColor.NameFormat.HexArgb) == "#ff" + ours[1:]
            else:
                assert light.color(group, role) == fusion.color(group, role)


SCRIPT = """
import sys
from desktop.ui import theme
app = theme.new_application(["gm-desk"])
theme.apply_theme(app, sys.argv[1] if len(sys.argv) > 1 else None)
print(type(app.style()).__name__, app.style().name())
"""


def _style_of_a_new_application(*arguments: str) -> str:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *arguments],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.strip().splitlines()[-1]


def test_a_new_application_is_plain_fusion() -> None:
    for arguments in ((), ("light",)):
        kind, name = _style_of_a_new_application(*arguments).split()
        assert name == "fusion" and kind != "VisibleChecks"


def test_a_new_application_in_the_dark_draws_visible_checks() -> None:
    assert _style_of_a_new_application("dark").startswith("VisibleChecks")


FOLLOWING = """
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from desktop.ui import theme
made = []
real = theme.QStyleFactory


class Counting:
    @staticmethod
    def create(name):
        made.append(name)
        return real.create(name)


theme.QStyleFactory = Counting
theme._headless = lambda: False  # as on a desktop: the system's scheme is followed
app = theme.new_application(["gm-desk"])
theme.apply_theme(app, None)
hints = QGuiApplication.styleHints()
steps = [(len(made), type(app.style()).__name__)]
for scheme in (Qt.ColorScheme.Dark, Qt.ColorScheme.Light):
    hints.colorSchemeChanged.emit(scheme)
    steps.append((len(made), type(app.style()).__name__))
print(steps)
"""


def test_following_the_system_makes_fusion_from_python_only_when_the_scheme_changes() -> None:
    """At start Qt's own -style gives Fusion: a light desktop makes none from Python;
    a switch to dark wraps a new one, and back to light makes plain Fusion again."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", FOLLOWING],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    steps = done.stdout.strip().splitlines()[-1]
    assert steps == "[(0, 'QCommonStyle'), (1, 'VisibleChecks'), (2, 'QCommonStyle')]", steps


def test_the_system_theme_is_high_contrast_when_the_system_asks_for_it() -> None:
    wanted, none = Qt.ContrastPreference.HighContrast, Qt.ContrastPreference.NoPreference
    assert theme.system_theme(Qt.ColorScheme.Light, wanted) == "high-contrast"
    assert theme.system_theme(Qt.ColorScheme.Dark, wanted) == "high-contrast"
    assert theme.system_theme(Qt.ColorScheme.Dark, none) == "dark"
    assert theme.system_theme(Qt.ColorScheme.Light, none) == "light"
    assert theme.system_theme(Qt.ColorScheme.Unknown, none) == "light"


CONTRAST = """
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from desktop.ui import theme
theme._headless = lambda: False  # as on a desktop: the system's contrast is followed
app = theme.new_application(["gm-desk"])
theme.apply_theme(app, None)
accessibility = QGuiApplication.styleHints().accessibility()
def window():
    return app.palette().color(QPalette.ColorRole.Window).name(), type(app.style()).__name__
steps = [window()]
accessibility.contrastPreferenceChanged.emit(Qt.ContrastPreference.HighContrast)
steps.append(window())
accessibility.contrastPreferenceChanged.emit(Qt.ContrastPreference.NoPreference)
steps.append(window())
theme.apply_theme(app, "light")  # a theme chosen: the system's contrast no longer applies
accessibility.contrastPreferenceChanged.emit(Qt.ContrastPreference.HighContrast)
steps.append(window())
print(steps)
"""


def test_system_follows_windows_high_contrast_mode_as_it_changes() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", CONTRAST],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    steps = done.stdout.strip().splitlines()[-1]
    light, high = "('#efefef', 'QCommonStyle')", "('#000000', 'HighContrastFrames')"
    assert steps == f"[{light}, {high}, {light}, {light}]", steps
