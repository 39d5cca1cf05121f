"""Small frictions of issue 16: Enter closes the End Day summary, deleting a character
names the clocks that go with them, exports are named after the campaign."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from desktop.ui.docks.roster import RosterWidget
from desktop.ui.end_day import EndDayDialog
from desktop.ui.file_names import campaign_stem, export_path
from desktop.ui.main_window import MainWindow
from tests.ui.docks import campaign_of


def test_enter_closes_the_end_day_summary(window: MainWindow, qtbot: QtBot) -> None:
    assert window.session is not None
    window.session.campaign.roster.add("Kara")
    dialog = EndDayDialog(window.session, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # 1: End Day
    assert window.session.campaign.summary().current_day == 2
    assert dialog.isVisible() and "Day 1 ended" in dialog.summary_label.text()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # 2: the summary read, closed
    assert not dialog.isVisible()
    assert QDialog.result(dialog) == QDialog.DialogCode.Accepted
    assert window.session.campaign.summary().current_day == 2  # ended once only


def test_deleting_a_character_names_their_clocks(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = campaign_of(window)
    kara = campaign.roster.add("Kara")
    campaign.clocks.add("Pay off the harbourmaster", 6, owner_kind="character", owner_id=kara.id)
    campaign.clocks.add("Storm season", 8)
    roster = window.panels[0].content()
    assert isinstance(roster, RosterWidget)
    roster.reload()
    roster._select_row(0)  # the only character
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", question)
    assert roster.selected_id() == kara.id
    roster.delete_selected()
    assert "Their clock goes too: Pay off the harbourmaster." in asked[0]
    assert "Storm season" not in asked[0]
    assert len(campaign.clocks.all()) == 2  # cancelled: nothing went


def test_exports_are_named_after_the_campaign(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert campaign_stem('The Saltmarsh Ledger: "Act I"?') == "The Saltmarsh Ledger Act I"
    assert campaign_stem(" ../ ") == "Campaign"
    assert export_path(Path("/x"), "Ledger", "roll log", ".csv") == Path("/x/Ledger roll log.csv")
    offered: list[str] = []

    def save_name(_parent: object, _title: str, start: str, *_args: object) -> tuple[str, str]:
        offered.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    window.export_json()
    assert window.session is not None
    folder = window.session.campaign.path.parent
    assert offered == [str(folder / "Test Campaign.json")]
