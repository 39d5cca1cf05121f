"""Answering a modal dialog from a test, once it shows."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot


def when_modal(qtbot: QtBot, handle: Callable[[QWidget], None], kind: type[QWidget]) -> None:
    """Answer the next modal dialog of ``kind`` as soon as it shows."""

    def answer() -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, kind) and modal.isVisible():
            handle(modal)
        else:
            QTimer.singleShot(20, answer)

    QTimer.singleShot(0, answer)
