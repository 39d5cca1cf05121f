"""The Print dialog's Layout box: remembered per campaign, used for cards and sheets,
refusing a layout that fits no card; File > Print Alignment Test."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintPreviewDialog
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from desktop.printing.cards import CardPrintOptions
from desktop.ui import card_layout_form
from desktop.ui.main_window import MainWindow
from desktop.ui.print_choice import (
    ALL_CARDS,
    PLAYERS,
    PrintChoiceDialog,
    PrintLayout,
    export_job,
    make_job,
    print_options,
)
from tests.printing.conftest import page_texts
from tests.ui.docks import campaign_of
from tests.ui.test_print_choice import preview_pages, table, when_modal

__all__ = ["table"]  # the fixture, shared


def test_the_layout_is_remembered_with_the_campaign(
    table: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    out = tmp_path / "cards.pdf"

    def choose(dialog: QWidget) -> None:
        assert isinstance(dialog, PrintChoiceDialog)
        dialog.buttons[ALL_CARDS].setChecked(True)
        form = dialog.layout_form
        assert form.card_size.isEnabled() and not form.sheets_two_sided.isEnabled()
        form.card_size.setCurrentIndex(form.card_size.findData("tarot"))
        form.bleed.setValue(3)
        form.offset_x.setValue(1.5)
        form.offset_y.setValue(-0.5)
        form.duplex.setCurrentIndex(form.duplex.findData("short"))
        form.cut_marks.setCurrentIndex(form.cut_marks.findData("lines"))
        assert form.fit.text() == "4 cards a page on A4"
        when_modal(qtbot, save, QFileDialog)
        dialog.accept()

    def save(dialog: QWidget) -> None:
        assert isinstance(dialog, QFileDialog)
        dialog.selectFile(str(out))
        dialog.accept()

    def reopen(dialog: QWidget) -> None:
        assert isinstance(dialog, PrintChoiceDialog)
        seen.append(dialog.layout_form.options())
        dialog.reject()

    when_modal(qtbot, choose, PrintChoiceDialog)
    table.pdf_action.trigger()
    qtbot.waitUntil(out.exists)
    texts = page_texts(out)
    assert len(texts) == 2 and "flip on short edge" in texts[1]  # three tarot cards
    assert "back offset 1.5, -0.5 mm" in texts[1]
    expected = CardPrintOptions("tarot", 3, 0, "lines", (1.5, -0.5), "short", False)
    assert campaign_of(table).print_settings()["card_size"] == "tarot"
    seen: list[CardPrintOptions] = []
    when_modal(qtbot, reopen, PrintChoiceDialog)
    table.pdf_action.trigger()
    assert seen == [expected]
    # The undo stack has nothing of it: a printing preference is not a change to the game.
    assert not table.undo_action.isEnabled()


def test_a_layout_that_fits_no_card_cannot_be_printed(
    table: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = print_options(table)
    assert options is not None
    dialog = PrintChoiceDialog(options, "Export PDF…", ask_paper=True, parent=table)
    qtbot.addWidget(dialog)
    dialog.buttons[ALL_CARDS].setChecked(True)
    form = dialog.layout_form
    form.card_size.setCurrentIndex(form.card_size.findData("tarot"))
    form.fold_over.setChecked(True)
    assert dialog.ok.isEnabled() and form.fit.text() == "2 cards a page on A4"
    # On A4 and Letter every choice the form allows holds a card; a smaller paper (as
    # a printer may have) does not hold a tarot pair.
    monkeypatch.setitem(card_layout_form.PAPER_MM, "A4", (148.0, 210.0))
    form.set_paper("A4")
    assert not dialog.ok.isEnabled()
    assert "do not fit" in form.fit.text() and "smaller" in form.fit.text()
    form.fold_over.setChecked(False)
    assert dialog.ok.isEnabled()
    form.fold_over.setChecked(True)
    dialog.buttons[PLAYERS].setChecked(True)  # sheets print whatever the cards' layout
    assert dialog.ok.isEnabled() and not form.card_size.isEnabled()
    assert form.sheets_two_sided.isEnabled()


def test_sheets_two_sided_start_each_player_on_fresh_paper(
    table: MainWindow, tmp_path: Path
) -> None:
    options = print_options(table)
    assert options is not None
    layout = PrintLayout(CardPrintOptions(back_offset_mm=(1.0, 1.0)), sheets_two_sided=True)
    out = tmp_path / "two-sided.pdf"
    assert export_job(table, make_job(table, PLAYERS, options, layout), out) == 4
    texts = page_texts(out)
    assert "Kara Voss" in texts[0] and "page 2 of 2" in texts[1] and "Brother Ilian" in texts[2]
    one_sided = tmp_path / "one-sided.pdf"
    assert export_job(table, make_job(table, PLAYERS, options), one_sided) == 2


def test_the_alignment_test_from_the_file_menu(table: MainWindow, qtbot: QtBot) -> None:
    action = table.findChild(QAction, "actionPrintAlignment")
    assert action is not None and action.isEnabled()
    assert action in table.menuBar().actions()[0].menu().actions()
    seen: list[int] = []

    when_modal(
        qtbot, preview_pages(seen, "Print Preview: Print Alignment Test"), QPrintPreviewDialog
    )
    action.trigger()
    assert seen == [2]


def test_a_preview_paper_that_holds_no_card_says_so_plainly(
    table: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter

    from desktop.ui.print_choice import _guarded

    options = print_options(table)
    assert options is not None
    folded = PrintLayout(CardPrintOptions("tarot", fold_over=True))
    job = make_job(table, ALL_CARDS, options, folded)
    writer = QPdfWriter(str(tmp_path / "a6.pdf"))
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A6), QPageLayout.Orientation.Portrait, QMarginsF()
        )
    )
    # As the preview calls it, when its page setup is set to A6: no exception escapes.
    assert _guarded(table, job.paint)(writer) == 0
    qtbot.waitUntil(lambda: "do not fit" in table.statusBar().currentMessage())
