"""A campaign file double-clicked in the Finder reaches the running app as an event."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent


class FileOpenFilter(QObject):
    """Opens the file of every `QFileOpenEvent` (macOS) with the function given."""

    def __init__(self, open_file: Callable[[Path], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._open = open_file

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QFileOpenEvent) and event.file():
            self._open(Path(event.file()))
            return True
        return super().eventFilter(watched, event)
