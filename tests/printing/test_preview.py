"""The print preview draws through the same paint_pages as the PDF."""

from __future__ import annotations

import pytest
from PySide6.QtPrintSupport import QPrintPreviewWidget
from pytestqt.qtbot import QtBot

from desktop.printing.cards import PrintCard
from desktop.printing.preview import make_preview_dialog


def test_the_preview_shows_fronts_and_backs(qtbot: QtBot, eleven_cards: list[PrintCard]) -> None:
    dialog = make_preview_dialog(None, eleven_cards)
    qtbot.addWidget(dialog)
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None
    preview.updatePreview()  # what showing the dialog does; paints synchronously
    assert preview.pageCount() == 4


def test_the_preview_without_backs(qtbot: QtBot, eleven_cards: list[PrintCard]) -> None:
    dialog = make_preview_dialog(None, eleven_cards, backs=False)
    qtbot.addWidget(dialog)
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview is not None
    preview.updatePreview()
    assert preview.pageCount() == 2


def test_no_cards_no_preview(qapp: object) -> None:
    with pytest.raises(ValueError, match="no cards"):
        make_preview_dialog(None, [])
