"""Reaching a dock's content in a test as a GM would: show the dock, raise its tab."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtWidgets import QWidget

from desktop.ui.main_window import MainWindow

W = TypeVar("W", bound=QWidget)


def shown_dock(window: MainWindow, name: str, kind: type[W]) -> W:
    """The content of the dock whose object name is `name`, shown and raised."""
    for panel in window.panels:
        if panel.name == name:
            panel.show()
            panel.raise_()
            widget = panel.content()
            assert isinstance(widget, kind)
            return widget
    raise AssertionError(f"no {name} dock")
