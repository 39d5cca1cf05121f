"""Light, dark or high contrast, following the system's scheme and contrast as they
change."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QStyleFactory,
)

HEADLESS_PLATFORMS = ("offscreen", "minimal")
# A hint under a field: the palette's muted text, light or dark.
HINT_STYLE = "color: palette(placeholder-text);"  # untranslated: CSS
# Fusion asked of Qt by its own command-line option, so that Qt makes the style itself:
# a style reached from Python makes PySide build the QStyle type and its large enums
# (about 4.5 ms of a start).
STYLE_ARGUMENTS = ("-style", "Fusion")  # untranslated: a Qt style's name
# Set on an application made with STYLE_ARGUMENTS until the first theme is applied.
_FUSION_GIVEN = "gmDeskFusionGiven"
# The object name of the application's focus frame follower (desktop/ui/focus_frame.py).
FOCUS_FOLLOWER = "gmDeskFocusFollower"


def new_application(arguments: list[str]) -> QApplication:
    """The application, made with `arguments` (the program's name first) and Fusion."""
    app = QApplication([*arguments, *STYLE_ARGUMENTS])
    app.setProperty(_FUSION_GIVEN, True)
    return app


# View > Theme's choices: the system's scheme, followed live, or one whatever it is.
THEMES = ("system", "light", "dark", "high-contrast")
# The choice in force, kept on the application: a system change applies only under "system".
_CHOICE = "gmDeskTheme"
_FOLLOWING = "gmDeskFollowsScheme"


def apply_theme(app: QApplication, forced: str | None = None) -> None:
    """Use Fusion (the same look on every system) and the system's scheme, live; or
    `forced` ("light", "dark" or "high-contrast", as `--theme` and View > Theme ask)
    whatever the system's scheme. Called again (View > Theme), it switches at once."""
    # The style is set once here, by the one path taken: a second setting would make
    # Fusion again from Python, which STYLE_ARGUMENTS spares the start.
    choice = forced if forced in THEMES else "system"
    app.setProperty(_CHOICE, choice)
    if choice != "system":
        _apply(app, choice)
        return
    if _headless():
        _apply(app, "light")
        return  # no system scheme to follow; asking costs a failed D-Bus call (~35 ms)
    hints = QGuiApplication.styleHints()
    accessibility = hints.accessibility()
    _apply(app, system_theme(hints.colorScheme(), accessibility.contrastPreference()))
    if not app.property(_FOLLOWING):
        app.setProperty(_FOLLOWING, True)
        hints.colorSchemeChanged.connect(lambda scheme: _follow_system(app, scheme=scheme))
        accessibility.contrastPreferenceChanged.connect(
            lambda wanted: _follow_system(app, contrast=wanted)
        )


def system_theme(scheme: Qt.ColorScheme, contrast: Qt.ContrastPreference) -> str:
    """The theme "system" stands for: high contrast when the system asks for it (Windows'
    high-contrast mode, Qt 6.10 and later), else its light or dark scheme."""
    if contrast == Qt.ContrastPreference.HighContrast:
        return "high-contrast"
    return "dark" if is_dark(scheme) else "light"


def theme_choice(app: QApplication) -> str:
    """The theme in force: one of THEMES ("system" before any was applied)."""
    choice = app.property(_CHOICE)
    return choice if choice in THEMES else "system"


def _follow_system(
    app: QApplication,
    *,
    scheme: Qt.ColorScheme | None = None,
    contrast: Qt.ContrastPreference | None = None,
) -> None:
    """The system changed its scheme or its contrast (the new value given): follow it
    under "system", asking the system for the other."""
    if theme_choice(app) != "system":
        return
    hints = QGuiApplication.styleHints()
    if scheme is None:
        scheme = hints.colorScheme()
    if contrast is None:
        contrast = hints.accessibility().contrastPreference()
    _apply(app, system_theme(scheme, contrast))


def _follow_focus(app: QApplication) -> None:
    """Draw a focus frame around the focused widget, whatever the theme: made with the
    first theme, drawn again at each (a new style hides Qt's focus frame)."""
    # Imported with the first theme: a small module, no start pays for it twice.
    from desktop.ui.focus_frame import FocusFollower

    follower = app.findChild(QObject, FOCUS_FOLLOWER)
    if isinstance(follower, FocusFollower):
        follower.refresh()
    else:
        FocusFollower(app, FOCUS_FOLLOWER)


def _headless() -> bool:
    return QGuiApplication.platformName() in HEADLESS_PLATFORMS


def is_dark(scheme: Qt.ColorScheme) -> bool:
    return scheme == Qt.ColorScheme.Dark


def _apply(app: QApplication, name: str) -> None:
    """Use theme `name`: "light", "dark" or "high-contrast"."""
    _set_style(app, name)
    palettes = {"dark": dark_palette, "high-contrast": high_contrast_palette}
    app.setPalette(palettes.get(name, light_palette)())
    _follow_focus(app)


def _set_style(app: QApplication, name: str) -> None:
    given = app.property(_FUSION_GIVEN)
    app.setProperty(_FUSION_GIVEN, False)
    if given and name == "light":
        return  # the application's first style is plain Fusion already
    fusion = QStyleFactory.create("Fusion")  # untranslated: a Qt style's name
    if fusion is not None:
        # Only a dark or high-contrast theme pays for a proxy: each primitive it draws
        # calls Python. Imported with the theme: first paint 3-9 ms, ready 3-5 ms later
        # (issue 28).
        if name == "dark":
            from desktop.ui.dark_checks import VisibleChecks

            fusion = VisibleChecks(fusion)
        elif name == "high-contrast":
            from desktop.ui.dark_checks import HighContrastFrames

            fusion = HighContrastFrames(fusion)
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
    """Fusion's light palette with GM Desk's selection colour, and its greys dark enough to
    read (WCAG AA, 4.5:1 on the window): about Windows' own grey text (#6d6d6d) for a hint, a
    disabled control; and a visited link's purple."""
    palette = fusion_light_palette()
    palette.setColor(QPalette.ColorRole.Highlight, QColor("#3d6fb6"))
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor(LIGHT_GREY_TEXT))
    palette.setColor(QPalette.ColorRole.LinkVisited, QColor("#8e1d8e"))
    for role in _TEXT_ROLES:
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(LIGHT_GREY_TEXT))
    return palette


LIGHT_GREY_TEXT = "#6b6b6b"  # 4.6:1 on the light window (#efefef)
# The roles a control's own text is written in; a disabled control's are greyed.
_TEXT_ROLES = (
    QPalette.ColorRole.Text,
    QPalette.ColorRole.ButtonText,
    QPalette.ColorRole.WindowText,
)


def dark_palette() -> QPalette:
    # From its button and window colours alone: QPalette() would copy the application's
    # palette of the moment, and a role left unset here (a frame's light and dark
    # edges, the accent) would keep the last theme's (high contrast's white edges).
    palette = QPalette(QColor("#33363b"), QColor("#2b2d31"))
    palette.setColor(QPalette.ColorRole.Accent, QColor("#3f72c0"))
    colours = {
        QPalette.ColorRole.Window: "#2b2d31",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1f2124",
        QPalette.ColorRole.AlternateBase: "#272a2e",
        QPalette.ColorRole.ToolTipBase: "#3a3d42",
        QPalette.ColorRole.ToolTipText: "#f0f0f0",
        QPalette.ColorRole.PlaceholderText: DARK_GREY_TEXT,
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#33363b",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Link: "#7fb0ff",
        # Set, not left to QPalette(): that copies the application's palette of the
        # moment, whose visited link may be a light theme's dark purple (2.1:1 here).
        QPalette.ColorRole.LinkVisited: "#c9a8ff",
        QPalette.ColorRole.Highlight: "#3f72c0",
        QPalette.ColorRole.HighlightedText: "#ffffff",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in _TEXT_ROLES:
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(DARK_GREY_TEXT))
    return palette


DARK_GREY_TEXT = "#9da1a9"  # a hint or a disabled control: 4.5:1 and more on every dark surface


def high_contrast_palette() -> QPalette:
    """Windows' High Contrast Black: white on black, selection in cyan with black text,
    links in yellow, disabled text in green; every edge white, so a frame shows."""
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: HIGH_CONTRAST_WINDOW,
        QPalette.ColorRole.WindowText: "#ffffff",
        QPalette.ColorRole.Base: HIGH_CONTRAST_WINDOW,
        QPalette.ColorRole.AlternateBase: HIGH_CONTRAST_WINDOW,
        QPalette.ColorRole.ToolTipBase: HIGH_CONTRAST_WINDOW,
        QPalette.ColorRole.ToolTipText: "#ffffff",
        QPalette.ColorRole.PlaceholderText: "#c0c0c0",
        QPalette.ColorRole.Text: "#ffffff",
        QPalette.ColorRole.Button: HIGH_CONTRAST_WINDOW,
        QPalette.ColorRole.ButtonText: "#ffffff",
        QPalette.ColorRole.BrightText: "#ffffff",
        QPalette.ColorRole.Light: "#ffffff",
        QPalette.ColorRole.Midlight: "#c0c0c0",
        QPalette.ColorRole.Mid: "#c0c0c0",
        QPalette.ColorRole.Dark: "#ffffff",
        QPalette.ColorRole.Shadow: "#ffffff",
        QPalette.ColorRole.Link: "#ffff00",
        QPalette.ColorRole.LinkVisited: "#ffff00",
        QPalette.ColorRole.Highlight: "#1aebff",
        QPalette.ColorRole.HighlightedText: "#000000",
        QPalette.ColorRole.Accent: "#1aebff",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    for role in _TEXT_ROLES:
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#3ff23f"))
    return palette


HIGH_CONTRAST_WINDOW = "#000000"


# --- Named colours ---------------------------------------------------------------------
# Every colour the ui draws with beyond the palette's own roles, each as (light, dark,
# high contrast): a dark or high-contrast theme reaches them through
# `colour(palette, role)`, never through a literal. A role given only (light, dark) uses
# its dark variant in high contrast (both are drawn on a dark window). A test holds each
# to WCAG AA against what it is drawn on (tests/ui/test_contrast.py).

Role = tuple[str, str] | tuple[str, str, str]

ERROR: Role = ("#c0392b", "#ff6b6b", "#ff8080")  # a refusal, a field that cannot be kept
SUCCESS: Role = ("#2a7a2e", "#66bb6a", "#3ff23f")  # a check that succeeded
WARNING: Role = ("#b2372a", "#ff8f80", "#ffa090")  # the chapter's warnings: war, a threatened lair
DANGER: Role = ("#b3261e", "#ff7b72", "#ff8080")  # a death, a debt that cannot be repaid
UNDONE: Role = (LIGHT_GREY_TEXT, DARK_GREY_TEXT, "#c0c0c0")  # a roll the GM has undone
STRESS: Role = ("#c0392b", "#e0705e", "#ff8080")  # marked boxes of each track on a downtime sheet
TRAUMA: Role = ("#6c3483", "#b07cc6", "#e0a0ff")
XP: Role = ("#2e7d4f", "#5fbf85", "#3ff23f")
# The cross in a marked box, on the track's colour: white on the light variants, the
# dark window's black on the (lighter) dark ones.
MARK_INK: Role = ("#ffffff", "#1f2124", "#000000")
# The frame around the focused widget (desktop/ui/focus_frame.py): 3:1 on the window.
FOCUS: Role = ("#3d6fb6", "#7fb0ff", "#ffff00")
# The Statistics plots: the dice as they fell, and what a fair table gives.
PLOT_ROLLED: Role = ("#1f5fa8", "#7fb0ff", "#00e5ff")
PLOT_EXPECTED: Role = ("#a35a00", "#f0b35a", "#ffb000")


def palette_is_dark(palette: QPalette) -> bool:
    """Whether `palette` is a dark one (its window darker than mid-grey)."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def palette_is_high_contrast(palette: QPalette) -> bool:
    """Whether `palette` is the high-contrast one (the only one with a black window)."""
    return palette.color(QPalette.ColorRole.Window) == QColor(HIGH_CONTRAST_WINDOW)


def colour(palette: QPalette, role: Role) -> QColor:
    """`role`'s light, dark or high-contrast variant, whichever reads on `palette`."""
    if len(role) > 2 and palette_is_high_contrast(palette):
        return QColor(role[-1])
    return QColor(role[1] if palette_is_dark(palette) else role[0])


def text_style(palette: QPalette, role: Role, extra: str = "") -> str:
    """A style sheet that writes a label's text in `role`'s colour."""
    more = f" {extra}" if extra else ""
    return f"color: {colour(palette, role).name()};{more}"  # untranslated: CSS


# --- Fixed art -------------------------------------------------------------------------
# Drawn on its own background, so the same in light and dark: the dice table's felt, the
# factions' status badges (white text, the sign and label say the same), the lair token.

FELT_POOL = "#2f5d46"  # the pool and the opponent's side
FELT_OTHER = "#3f4a44"  # the table and the removed dice
FELT_TRAY = "#6b4f2c"
FELT_EDGE = "#3c000000"  # #AARRGGBB: black at 60/255
FELT_INK = "#f3ead7"
FELT_INK_FAINT = "#c8f3ead7"  # the ink at 200/255, for an empty area's hint (4.6:1)
# How much lighter an area is under the pointer: the ink still reads at 4.5:1.
FELT_HOVER_LIGHTER = 120
FELT_BACKGROUND = "#23302a"
# A blanked player display: dark whatever the scheme, so blanking never lights the room.
BLANK_DISPLAY = "#000000"
BADGE_INK = "#ffffff"  # text on a status badge, a filled war mark
STATUS_COLOURS: dict[int, str] = {
    3: "#17693a",
    2: "#2b8550",
    1: "#417f59",
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
