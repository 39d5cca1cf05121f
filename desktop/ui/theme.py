"""Light or dark, following the system's colour scheme as it changes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

HEADLESS_PLATFORMS = ("offscreen", "minimal")
# A hint under a field: the palette's muted text, light or dark.
HINT_STYLE = "color: palette(placeholder-text);"


def apply_theme(app: QApplication, forced: str | None = None) -> None:
    """Use Fusion (the same look on every system) and the system's scheme, live; or
    `forced` ("light" or "dark", as `--theme` asks) whatever the system's scheme."""
    fusion = QStyleFactory.create("Fusion")
    if fusion is not None:
        app.setStyle(fusion)
    if forced is not None:
        app.setPalette(dark_palette() if forced == "dark" else light_palette(app))
        return
    if QGuiApplication.platformName() in HEADLESS_PLATFORMS:
        return  # no system scheme to follow; asking costs a failed D-Bus call (~35 ms)
    hints = QGuiApplication.styleHints()
    _apply_scheme(app, hints.colorScheme())
    hints.colorSchemeChanged.connect(lambda scheme: _apply_scheme(app, scheme))


def is_dark(scheme: Qt.ColorScheme) -> bool:
    return scheme == Qt.ColorScheme.Dark


def _apply_scheme(app: QApplication, scheme: Qt.ColorScheme) -> None:
    app.setPalette(dark_palette() if is_dark(scheme) else light_palette(app))


def light_palette(app: QApplication) -> QPalette:
    palette = app.style().standardPalette()
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
