"""The print language, chosen in the print dialog: the PDF's labels are in it, the
campaign keeps it (one undo step), and the next print dialog offers it again."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow
from desktop.ui.print_choice import PLAYERS, PrintChoiceDialog, print_options
from tests.ui.docks import campaign_of
from tests.ui.modals import when_modal


def text_of(path: Path) -> str:
    # Casefolded: headings and labels print in capitals.
    pages = PdfReader(path).pages
    return " ".join(" ".join((page.extract_text() or "").split()) for page in pages).casefold()


def export_sheets(window: MainWindow, qtbot: QtBot, out: Path, code: str | None) -> None:
    def choose(dialog: QWidget) -> None:
        assert isinstance(dialog, PrintChoiceDialog)
        dialog.buttons[PLAYERS].setChecked(True)
        if code is not None:
            dialog.language.setCurrentIndex(dialog.language.findData(code))
        when_modal(qtbot, save, QFileDialog)
        dialog.accept()

    def save(dialog: QWidget) -> None:
        assert isinstance(dialog, QFileDialog)
        dialog.selectFile(str(out))
        dialog.accept()

    when_modal(qtbot, choose, PrintChoiceDialog)
    window.pdf_action.trigger()
    qtbot.waitUntil(out.exists)


def test_sheets_print_in_the_language_chosen_and_the_campaign_keeps_it(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    campaign = campaign_of(window)
    kara = campaign.roster.add("Kara Voss", "pc").id
    campaign.kit.add_dice(kara, 6, count=4)
    campaign.kit.add_trait(kara, "Nerve", 2)
    assert print_options(window) is not None
    assert print_options(window).language == "en"  # type: ignore[union-attr]

    export_sheets(window, qtbot, tmp_path / "fr.pdf", "fr")
    french = text_of(tmp_path / "fr.pdf")
    assert "kara voss" in french and "nerve" in french  # the campaign's own words
    assert "dés en réserve" in french and "page 1 sur 1" in french and "1 mars 2026" in french
    assert "dice in pool" not in french and "page 1 of" not in french
    assert campaign.print_language() == "fr"
    session = window.session
    assert session is not None
    assert session.undo_stack.undoText() == "Print in French"

    # Offered again next time, and printed in without a word from the GM.
    export_sheets(window, qtbot, tmp_path / "again.pdf", None)
    assert "dés en réserve" in text_of(tmp_path / "again.pdf")

    session.undo_stack.undo()
    assert campaign.print_language() == "en"
    export_sheets(window, qtbot, tmp_path / "en.pdf", None)
    assert "dice in pool" in text_of(tmp_path / "en.pdf")
