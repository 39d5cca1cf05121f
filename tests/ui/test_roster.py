"""The Roster dock driven through real widgets, with undo and redo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop.ui.docks.roster import RosterWidget
from desktop.ui.main_window import MainWindow
from tests.ui.docks import campaign_of


def roster_of(window: MainWindow) -> RosterWidget:
    content = window.panels[0].content()
    assert isinstance(content, RosterWidget)
    return content


def names(window: MainWindow) -> list[str]:
    assert window.session is not None
    return [c.name for c in window.session.campaign.roster.all()]


def shown_names(roster: RosterWidget) -> list[str]:
    model = roster.model
    return [model.data(model.index(row, 0)) for row in range(model.rowCount())]


def type_name(qtbot: QtBot, roster: RosterWidget, text: str) -> None:
    edit = roster.form.name_edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


def test_add_rename_and_undo_redo(window: MainWindow, qtbot: QtBot) -> None:
    roster = roster_of(window)
    qtbot.mouseClick(roster.add_button, Qt.MouseButton.LeftButton)
    assert names(window) == ["New character"]
    assert shown_names(roster) == ["New character"]
    assert window.session is not None and window.session.selected_character is not None

    type_name(qtbot, roster, "Kara Voss")
    assert names(window) == ["Kara Voss"]
    assert window.undo_action.text() == "&Undo Rename New character to Kara Voss"

    window.undo_action.trigger()
    assert names(window) == ["New character"]
    assert roster.form.name_edit.text() == "New character"
    window.undo_action.trigger()
    assert names(window) == []
    assert shown_names(roster) == []
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert names(window) == ["Kara Voss"]
    assert shown_names(roster) == ["Kara Voss"]


def test_a_bad_name_is_shown_at_the_field_and_not_written(window: MainWindow, qtbot: QtBot) -> None:
    roster = roster_of(window)
    roster.add("npc")
    type_name(qtbot, roster, " " * 3)
    assert roster.form.name_error.isVisible()
    assert "cannot be empty" in roster.form.name_error.text()
    assert names(window) == ["New NPC"]
    type_name(qtbot, roster, "Hollis")
    assert not roster.form.name_error.isVisible()
    assert names(window) == ["Hollis"]


def test_change_kind_and_notes(window: MainWindow, qtbot: QtBot) -> None:
    roster = roster_of(window)
    roster.add("pc")
    combo = roster.form.kind_combo
    combo.setCurrentIndex(2)
    combo.activated.emit(2)
    assert window.session is not None
    [record] = window.session.campaign.roster.all()
    assert record.kind == "challenge"
    notes = roster.form.notes_edit
    notes.setFocus()
    qtbot.keyClicks(notes, "Rising water")
    qtbot.keyClicks(notes, ", rotten steps")
    qtbot.waitUntil(lambda: window.session.campaign.roster.all()[0].notes != "", timeout=3000)
    assert window.session.campaign.roster.all()[0].notes == "Rising water, rotten steps"
    window.undo_action.trigger()  # typing merges into one step
    assert window.session.campaign.roster.all()[0].notes == ""
    window.undo_action.trigger()
    assert window.session.campaign.roster.all()[0].kind == "pc"


def test_inline_rename_in_the_table(window: MainWindow) -> None:
    roster = roster_of(window)
    roster.add("pc")
    index = roster.model.index(0, 0)
    roster.model.setData(index, "Brother Ilian")
    assert names(window) == ["Brother Ilian"]


@pytest.mark.parametrize(
    "answer", [QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.Cancel]
)
def test_delete_asks_first_and_can_be_undone(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, answer: object
) -> None:
    roster = roster_of(window)
    roster.add("pc")
    roster.add("npc")
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", question)
    qtbot.mouseClick(roster.delete_button, Qt.MouseButton.LeftButton)
    assert asked and "New NPC" in asked[0]
    if answer == QMessageBox.StandardButton.Cancel:
        assert names(window) == ["New character", "New NPC"]
        return
    assert names(window) == ["New character"]
    assert window.undo_action.text() == "&Undo Delete New NPC"
    window.undo_action.trigger()
    assert names(window) == ["New character", "New NPC"]
    assert window.session is not None
    assert roster.selected_id() == window.session.campaign.roster.all()[1].id


def test_filter_by_text_and_kind(window: MainWindow, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    for name, kind in [("Kara", "pc"), ("Karst Hound", "challenge"), ("Hollis", "npc")]:
        campaign.roster.add(name, kind)
    roster = roster_of(window)
    qtbot.keyClicks(roster.filter_edit, "kar")
    assert shown_names(roster) == ["Kara", "Karst Hound"]
    roster.kind_filter.setCurrentIndex(3)  # challenges
    assert shown_names(roster) == ["Karst Hound"]
    assert roster.count_label.text() == "1 of 3 shown"
    roster.filter_edit.setText("zzz")
    assert roster.stack.currentWidget() is roster.empty_label


def test_selection_is_published_to_the_session(window: MainWindow) -> None:
    assert window.session is not None
    heard: list[object] = []
    window.session.character_selected.connect(heard.append)
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara")
    hollis = campaign.roster.add("Hollis", "npc")
    roster = roster_of(window)
    roster.table.selectRow(1)
    assert heard[-1] == hollis.id
    window.session.select_character(kara.id)
    assert roster.selected_id() == kara.id


def test_read_only_roster_offers_no_edits(
    window: MainWindow, make_window: object, data_dir: object
) -> None:
    assert window.session is not None
    window.session.campaign.roster.add("Kara")
    path = window.session.campaign.path
    second = make_window()  # type: ignore[operator]
    from desktop.store import Campaign

    read_only = Campaign.open(path, data_dir=data_dir, read_only=True)  # type: ignore[arg-type]
    from desktop.ui.session import CampaignSession

    second.set_session(CampaignSession(read_only, second))
    roster = roster_of(second)
    assert not roster.add_button.isEnabled()
    roster.table.selectRow(0)
    assert not roster.delete_button.isEnabled()
    assert roster.form.name_edit.isReadOnly()
    assert "read-only" in second.windowTitle()


def test_a_character_edit_step_is_named_by_its_field() -> None:
    from desktop.store import CharacterRecord
    from desktop.ui.commands import character_edit_text

    kara = CharacterRecord(1, "Kara", "pc", "", 1)
    assert character_edit_text(kara, "notes", "Tall") == "Edit notes of Kara"
    assert character_edit_text(kara, "name", "Mara") == "Rename Kara to Mara"
    assert character_edit_text(kara, "kind", "npc") == "Make Kara a NPC"
