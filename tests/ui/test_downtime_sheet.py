"""The Downtime tab of the roster's character form, driven through the real window.

Stress and XP are marked by clicking their boxes, text is typed, the stress track's
length is a campaign setting; every edit is checked in the campaign file and walked back
and forth through the session's undo stack.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.downtime_sheet import BoxTrack, DowntimeSheetWidget, clicked_marks

CLICK = Qt.MouseButton.LeftButton


def open_sheet(window: MainWindow, name: str) -> DowntimeSheetWidget:
    """The Downtime tab of the roster, showing the character called `name`."""
    session = current(window)
    roster = next(p for p in window.panels if p.name == "roster")
    roster.show()
    widget = roster.content()
    assert isinstance(widget, RosterWidget)
    character = next(c for c in session.campaign.roster.all() if c.name == name)
    session.select_character(character.id)
    form = widget.form
    form.tabs.setCurrentWidget(form.downtime_page)
    QApplication.processEvents()
    return form.downtime


def current(window: MainWindow) -> CampaignSession:
    assert window.session is not None
    return window.session


def click_box(qtbot: QtBot, track: BoxTrack, index: int) -> None:
    point = track.box_rect(index).center()
    qtbot.mouseClick(track, CLICK, pos=QPoint(int(point.x()), int(point.y())))


def sheet_of(campaign: Campaign, name: str):  # type: ignore[no-untyped-def]
    character = next(c for c in campaign.roster.all() if c.name == name)
    return campaign.downtime.sheet(character.id)


def test_a_click_is_up_to_the_box_and_the_last_mark_clears() -> None:
    assert clicked_marks(0, 2) == 3
    assert clicked_marks(3, 2) == 2  # the last marked box: one fewer
    assert clicked_marks(5, 1) == 2


def test_clicking_stress_boxes_marks_stress_undoably(window: MainWindow, qtbot: QtBot) -> None:
    session = current(window)
    session.campaign.roster.add("Kara Voss", "pc")
    sheet = open_sheet(window, "Kara Voss")
    track = sheet.stress_track
    assert track.count == 9  # the campaign's default track
    assert sheet.stress_label.text() == "0 / 9"

    click_box(qtbot, track, 2)
    assert sheet_of(session.campaign, "Kara Voss").stress == 3
    assert track.marked == 3
    assert sheet.stress_label.text() == "3 / 9"
    click_box(qtbot, track, 2)  # the last marked box again: back to 2
    assert sheet_of(session.campaign, "Kara Voss").stress == 2

    stack = session.undo_stack
    stack.undo()
    assert sheet_of(session.campaign, "Kara Voss").stress == 3
    assert track.marked == 3
    stack.undo()
    assert sheet_of(session.campaign, "Kara Voss").stress == 0
    assert sheet.stress_label.text() == "0 / 9"
    stack.redo()
    assert sheet_of(session.campaign, "Kara Voss").stress == 3


def test_arrow_keys_move_the_mark(window: MainWindow, qtbot: QtBot) -> None:
    session = current(window)
    session.campaign.roster.add("Kara Voss", "pc")
    sheet = open_sheet(window, "Kara Voss")
    sheet.trauma_track.setFocus()
    qtbot.keyClick(sheet.trauma_track, Qt.Key.Key_Right)
    qtbot.keyClick(sheet.trauma_track, Qt.Key.Key_Right)
    qtbot.keyClick(sheet.trauma_track, Qt.Key.Key_Left)
    assert sheet_of(session.campaign, "Kara Voss").trauma == 1
    assert sheet.trauma_label.text() == "1 / 4"


def test_typing_a_vice_is_one_undo_step(window: MainWindow, qtbot: QtBot) -> None:
    session = current(window)
    session.campaign.roster.add("Kara Voss", "pc")
    sheet = open_sheet(window, "Kara Voss")
    before = session.undo_stack.count()

    qtbot.keyClicks(sheet.vice_edit, "Gambling")
    sheet.flush_edits()  # as a pause in typing does
    assert sheet_of(session.campaign, "Kara Voss").vice == "Gambling"
    qtbot.keyClicks(sheet.vice_edit, " at Nell's")
    qtbot.waitUntil(lambda: sheet_of(session.campaign, "Kara Voss").vice == "Gambling at Nell's")
    assert session.undo_stack.count() == before + 1  # the two bursts folded into one

    session.undo_stack.undo()
    assert sheet_of(session.campaign, "Kara Voss").vice == ""
    assert sheet.vice_edit.text() == ""
    session.undo_stack.redo()
    assert sheet.vice_edit.text() == "Gambling at Nell's"


def test_friends_and_purveyor_stay_with_their_character(window: MainWindow, qtbot: QtBot) -> None:
    session = current(window)
    session.campaign.roster.add("Kara Voss", "pc")
    session.campaign.roster.add("Brann", "pc")
    sheet = open_sheet(window, "Kara Voss")
    qtbot.keyClicks(sheet.friends_edit, "Old Nell")
    qtbot.keyClick(sheet.friends_edit, Qt.Key.Key_Return)
    qtbot.keyClicks(sheet.friends_edit, "Captain Rook")
    qtbot.keyClicks(sheet.purveyor_edit, "The Gilded Eel")  # flushes the friends first
    open_sheet(window, "Brann")  # switching writes what was typed, for Kara
    kara = sheet_of(session.campaign, "Kara Voss")
    assert kara.friends == "Old Nell\nCaptain Rook"
    assert kara.vice_purveyor == "The Gilded Eel"
    assert sheet_of(session.campaign, "Brann").friends == ""
    assert sheet.friends_edit.toPlainText() == ""


def test_xp_and_hit_points(window: MainWindow, qtbot: QtBot) -> None:
    session = current(window)
    session.campaign.roster.add("Kara Voss", "pc")
    sheet = open_sheet(window, "Kara Voss")
    assert list(sheet.xp_rows) == ["Insight", "Prowess", "Resolve", "Self"]
    _label, prowess, value = sheet.xp_rows["Prowess"]
    click_box(qtbot, prowess, 1)
    assert dict(sheet_of(session.campaign, "Kara Voss").xp)["Prowess"] == 2
    assert value.text() == "2 XP"

    sheet.hp_max_spin.setValue(8)  # below the current 10: HP follows in the same step
    kara = sheet_of(session.campaign, "Kara Voss")
    assert (kara.hp, kara.hp_max) == (8, 8)
    sheet.hp_spin.setValue(3)
    assert sheet_of(session.campaign, "Kara Voss").hp == 3
    assert sheet.recovery_label.text() == "A recovery restores 2 HP"
    session.undo_stack.undo()
    session.undo_stack.undo()
    kara = sheet_of(session.campaign, "Kara Voss")
    assert (kara.hp, kara.hp_max) == (10, 10)
    assert sheet.hp_max_spin.value() == 10


def test_the_stress_track_length_is_a_campaign_setting(window: MainWindow, qtbot: QtBot) -> None:
    session = current(window)
    session.campaign.roster.add("Kara Voss", "pc")
    sheet = open_sheet(window, "Kara Voss")
    sheet.track_spin.setValue(12)
    assert session.campaign.settings()["stress_track"] == 12
    assert sheet.stress_track.count == 12
    click_box(qtbot, sheet.stress_track, 10)
    assert sheet_of(session.campaign, "Kara Voss").stress == 11

    sheet.track_spin.setValue(6)  # Kara has 11: the store refuses, naming her
    assert session.campaign.settings()["stress_track"] == 12
    assert sheet.error_label.isVisibleTo(sheet)
    assert "Kara Voss" in sheet.error_label.text()
    assert sheet.track_spin.value() == 12

    session.undo_stack.undo()  # the stress
    session.undo_stack.undo()  # the track length
    assert session.campaign.settings()["stress_track"] == 9
    assert sheet.stress_track.count == 9
