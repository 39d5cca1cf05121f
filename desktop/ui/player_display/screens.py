"""Which screen the player display goes to: the one the GM chose last (by name), else
any screen the GM's window is not on, else the primary one."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QScreen

from desktop.ui.window_language import tr


def screen_title(screen: QScreen, index: int) -> str:
    """ "Screen 2: DELL U2415 (1920 × 1200)", for the menu."""
    size = screen.geometry().size()
    name = screen.model() or screen.name() or tr("screen")
    return tr("Screen {number}: {name} ({width} × {height})").format(
        number=index + 1, name=name, width=size.width(), height=size.height()
    )


def screen_named(name: str) -> QScreen | None:
    return next((s for s in QGuiApplication.screens() if s.name() == name), None)


def display_screen(remembered: str, gm_screen: QScreen | None) -> QScreen | None:
    """The screen to show the display on."""
    chosen = screen_named(remembered) if remembered else None
    if chosen is not None:
        return chosen
    others = [s for s in QGuiApplication.screens() if s is not gm_screen]
    return others[0] if others else QGuiApplication.primaryScreen()
