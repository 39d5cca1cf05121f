"""Light or dark, following the system's colour scheme as it changes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QStyleFactory,
)

HEADLESS_PLATFORMS = ("offscreen", "minimal")
# A hint under a field: the palette's muted text, light or dark.
HINT_STYLE = "color: palette(placeholder-text);"
# Fusion asked of Qt by its own command-line option, so that Qt makes the style itself:
# a style reached from Python makes PySide build the QStyle type and its large enums
# (about 4.5 ms of a start).
STYLE_ARGUMENTS = ("-style", "Fusion")
# Set on an application made with STYLE_ARGUMENTS until the first theme is applied.
_FUSION_GIVEN = "gmDeskFusionGiven"


def new_application(arguments: list[str]) -> QApplication:
    """The application, made with `arguments` (the program's name first) and Fusion."""
    app = QApplication([*arguments, *STYLE_ARGUMENTS])
    app.setProperty(_FUSION_GIVEN, True)
    return app


# View > Theme's choices: the system's scheme, followed live, or one whatever it is.
THEMES = ("system", "light", "dark")
# The choice in force, kept on the application: a system change applies only under "system".
_CHOICE = "gmDeskTheme"
_FOLLOWING = "gmDeskFollowsScheme"


def apply_theme(app: QApplication, forced: str | None = None) -> None:
    """Use Fusion (the same look on every system) and the system's scheme, live; or
    `forced` ("light" or "dark", as `--theme` and View > Theme ask) whatever the system's
    scheme. Called again (View > Theme), it switches at once."""
    # The style is set once here, by the one path taken: a second setting would make
    # Fusion again from Python, which STYLE_ARGUMENTS spares the start.
    switching = app.property(_CHOICE) is not None
    choice = forced if forced in ("light", "dark") else "system"
    app.setProperty(_CHOICE, choice)
    if choice != "system":
        _apply_scheme(app, Qt.ColorScheme.Dark if choice == "dark" else Qt.ColorScheme.Light)
        return
    if _headless():
        if switching:  # back from a forced scheme: light, as a headless start is
            _apply_scheme(app, Qt.ColorScheme.Light)
        else:
            _set_style(app, dark=False)
        return  # no system scheme to follow; asking costs a failed D-Bus call (~35 ms)
    hints = QGuiApplication.styleHints()
    _apply_scheme(app, hints.colorScheme())
    if not app.property(_FOLLOWING):
        app.setProperty(_FOLLOWING, True)
        hints.colorSchemeChanged.connect(lambda scheme: _follow_system(app, scheme))


def theme_choice(app: QApplication) -> str:
    """The theme in force: one of THEMES ("system" before any was applied)."""
    choice = app.property(_CHOICE)
    return choice if choice in THEMES else "system"


def _follow_system(app: QApplication, scheme: Qt.ColorScheme) -> None:
    if theme_choice(app) == "system":
        _apply_scheme(app, scheme)


def _headless() -> bool:
    return QGuiApplication.platformName() in HEADLESS_PLATFORMS


def is_dark(scheme: Qt.ColorScheme) -> bool:
    return scheme == Qt.ColorScheme.Dark


def _apply_scheme(app: QApplication, scheme: Qt.ColorScheme) -> None:
    _set_style(app, dark=is_dark(scheme))
    app.setPalette(dark_palette() if is_dark(scheme) else light_palette())


def _set_style(app: QApplication, *, dark: bool) -> None:
    given = app.property(_FUSION_GIVEN)
    app.setProperty(_FUSION_GIVEN, False)
    if given and not dark:
        return  # the application's first style is plain Fusion already
    fusion = QStyleFactory.create("Fusion")
    if fusion is not None:
        if dark:  # only a dark scheme pays for the proxy: each primitive it draws calls Python
            # Imported with the theme: first paint 3-9 ms, ready 3-5 ms later (issue 28).
            from desktop.ui.dark_checks import VisibleChecks

            fusion = VisibleChecks(fusion)
        app.setStyle(fusion)


# Fusion's own light palette, (active and inactive, disabled) for each role; written
# out because asking the style for it costs what STYLE_ARGUMENTS saves. A test holds it
# to `QStyleFactory.create("Fusion").standardPalette()`.
_FUSION_LIGHT: dict[QPalette.ColorRole, tuple[str, str]] = {
    QPalette.ColorRole.WindowText: ("#000000", "#bebebe"),
    QPalette.ColorRole.Button: ("#efefef", "#efefef"),
    QPalette.ColorRole.Light: ("#ffffff", "#ffffff"),
    QPalette.ColorRole.Midlight: ("#cacaca", "#cacaca"),
    QPalette.ColorRole.Dark: ("#9f9f9f", "#bebebe"),
    QPalette.ColorRole.Mid: ("#b8b8b8", "#b8b8b8"),
    QPalette.ColorRole.Text: ("#000000", "#bebebe"),
    QPalette.ColorRole.BrightText: ("#ffffff", "#ffffff"),
    QPalette.ColorRole.ButtonText: ("#000000", "#bebebe"),
    QPalette.ColorRole.Base: ("#ffffff", "#efefef"),
    QPalette.ColorRole.Window: ("#efefef", "#efefef"),
    QPalette.ColorRole.Shadow: ("#767676", "#b1b1b1"),
    QPalette.ColorRole.Highlight: ("#308cc6", "#919191"),
    QPalette.ColorRole.HighlightedText: ("#ffffff", "#ffffff"),
    QPalette.ColorRole.Link: ("#0000ff", "#0000ff"),
    QPalette.ColorRole.LinkVisited: ("#ff00ff", "#ff00ff"),
    QPalette.ColorRole.AlternateBase: ("#f7f7f7", "#f7f7f7"),
    QPalette.ColorRole.NoRole: ("#000000", "#000000"),
    QPalette.ColorRole.ToolTipBase: ("#ffffdc", "#ffffdc"),
    QPalette.ColorRole.ToolTipText: ("#000000", "#000000"),
    QPalette.ColorRole.PlaceholderText: ("#80000000", "#80000000"),  # #AARRGGBB
    QPalette.ColorRole.Accent: ("#308cc6", "#919191"),
}


def fusion_light_palette() -> QPalette:
    """Fusion's standard light palette, as the style gives it."""
    palette = QPalette()
    enabled = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive)
    for role, (normal, disabled) in _FUSION_LIGHT.items():
        for group in enabled:
            palette.setColor(group, role, QColor(normal))
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))
    return palette


def light_palette() -> QPalette:
    """Fusion's light palette with GM Desk's selection colour."""
    palette = fusion_light_palette()
    palette.setColor(QPalette.ColorRole.Highlight, QColor("#3d6fb6"))
    return palette


def dark_palette() -> QPalette:
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#2b2d31",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1f2124",
        QPalette.ColorRole.AlternateBase: "#272a2e",
        QPalette.ColorRole.ToolTipBase: "#3a3d42",
        QPalette.ColorRole.ToolTipText: "#f0f0f0",
        QPalette.ColorRole.PlaceholderText: "#8a8f98",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#33363b",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Link: "#7fb0ff",
        QPalette.ColorRole.Highlight: "#4a7fd0",
        QPalette.ColorRole.HighlightedText: "#ffffff",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.WindowText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6d7178"))
    return palette


# --- Named colours ---------------------------------------------------------------------
# Every colour the ui draws with beyond the palette's own roles, each as (light, dark):
# a dark scheme reaches them through `colour(palette, role)`, never through a literal.

Role = tuple[str, str]

ERROR: Role = ("#c0392b", "#ff6b6b")  # a refusal, a field that cannot be kept
SUCCESS: Role = ("#2e7d32", "#66bb6a")  # a check that succeeded
WARNING: Role = ("#b2372a", "#ff8f80")  # the chapter's warnings: war, a threatened lair
DANGER: Role = ("#b3261e", "#ff7b72")  # a death, a debt that cannot be repaid
UNDONE: Role = ("#8a8a8a", "#8a8f98")  # a roll the GM has undone
STRESS: Role = ("#c0392b", "#e0705e")  # marked boxes of each track on a downtime sheet
TRAUMA: Role = ("#6c3483", "#b07cc6")
XP: Role = ("#2e7d4f", "#5fbf85")


def palette_is_dark(palette: QPalette) -> bool:
    """Whether `palette` is a dark one (its window darker than mid-grey)."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def colour(palette: QPalette, role: Role) -> QColor:
    """`role`'s light or dark variant, whichever reads on `palette`."""
    return QColor(role[1] if palette_is_dark(palette) else role[0])


def text_style(palette: QPalette, role: Role, extra: str = "") -> str:
    """A style sheet that writes a label's text in `role`'s colour."""
    return f"color: {colour(palette, role).name()};{' ' + extra if extra else ''}"


# --- Fixed art -------------------------------------------------------------------------
# Drawn on its own background, so the same in light and dark: the dice table's felt, the
# factions' status badges (white text, the sign and label say the same), the lair token.

FELT_POOL = "#2f5d46"  # the pool and the opponent's side
FELT_OTHER = "#3f4a44"  # the table and the removed dice
FELT_TRAY = "#6b4f2c"
FELT_EDGE = "#3c000000"  # #AARRGGBB: black at 60/255
FELT_INK = "#f3ead7"
FELT_INK_FAINT = "#96f3ead7"  # the ink at 150/255, for an empty area's hint
FELT_BACKGROUND = "#23302a"
# A blanked player display: dark whatever the scheme, so blanking never lights the room.
BLANK_DISPLAY = "#000000"
BADGE_INK = "#ffffff"  # text on a status badge, a filled war mark, a marked box's cross
STATUS_COLOURS: dict[int, str] = {
    3: "#17693a",
    2: "#2b8550",
    1: "#4b8f66",
    0: "#69707d",
    -1: "#9a6312",
    -2: "#b8501c",
    -3: "#b3261e",
}
WAR_COLOUR = "#b3261e"
LAIR_SHADOW = "#28000000"  # black at 40/255 under a claim
LAIR_FILL = "#e0ae45"
LAIR_EDGE = "#6b4e12"
LAIR_INK = "#2a1e05"
