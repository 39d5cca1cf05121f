"""Issue 27, stale text: a result or a message stays on screen only while it holds. The
Last roll box after its roll is undone, the previous game's conflict and party-roll
results in the next game, and a message about the campaign just closed are gone."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.docks.chapter import ChapterWidget
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.syscards import SysCardsWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.scripted import ScriptedRng
from tests.ui.test_dice_table import dice, table  # noqa: F401 (a fixture)
from tests.ui.test_syscards_dock import cards, select  # noqa: F401 (a fixture)

CTRL = Qt.KeyboardModifier.ControlModifier


def press(qtbot: QtBot, key: Qt.Key, modifiers: Qt.KeyboardModifier | None = None) -> None:
    """A key where the GM's focus is."""
    focused = QApplication.focusWidget()
    assert focused is not None
    qtbot.keyClick(focused, key, modifiers or Qt.KeyboardModifier.NoModifier)


def test_the_last_roll_goes_when_its_roll_is_undone(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    assert window.session is not None
    window.session.rng = ScriptedRng([4, 5])
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton)
    press(qtbot, Qt.Key.Key_2)
    press(qtbot, Qt.Key.Key_Space)
    assert "Kara Voss" in table.result_label.text() and "9" in table.result_label.text()
    press(qtbot, Qt.Key.Key_Z, CTRL)
    assert window.session.campaign.rolls.all()[0].undone
    assert table.result_label.text() == "No roll yet."
    # A later step undone leaves the roll's line alone.
    press(qtbot, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)  # redo the roll
    window.session.rng = ScriptedRng([6, 6])
    press(qtbot, Qt.Key.Key_2)
    press(qtbot, Qt.Key.Key_Space)
    shown = table.result_label.text()
    table.add_die(8)
    press(qtbot, Qt.Key.Key_Z, CTRL)  # the new die goes; the roll stands
    assert table.result_label.text() == shown


def test_the_last_games_results_are_not_the_next_games(window: MainWindow, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    assert window.session is not None
    kara = campaign.roster.add("Kara", "pc").id
    thug = campaign.roster.add("Thug", "npc").id
    rain = campaign.roster.add("Cold Rain", "challenge").id
    campaign.kit.add_dice(kara, size=6, count=4)
    campaign.kit.add_dice(thug, size=6, count=3)
    campaign.kit.add_dice(rain, size=12, count=5)
    desk = shown_dock(window, "diceTable", DiceTableWidget)
    desk.animate_check.setChecked(False)
    play = shown_dock(window, "play", PlayWidget)
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(play.scene_editor.text, "A muddy road")
    play.scene_editor.set_member(rain, True)
    play.scene_editor.condition.setCurrentIndex(play.scene_editor.condition.findData(rain))
    qtbot.keyClick(play.scene_editor.text, Qt.Key.Key_Return)

    window.session.rng = ScriptedRng([2, 5, 5, 5, 5])  # Rain 2 against Kara's dice
    qtbot.mouseClick(play.challenges.party_button, Qt.MouseButton.LeftButton)
    assert "against the party" in play.challenges.result.text()

    window.session.select_character(kara)
    desk.set_opponent(thug)
    for die in (*campaign.kit.dice(kara)[:1], *campaign.kit.dice(thug)[:1]):
        desk.toggle_tray(die.id)
    window.session.rng = ScriptedRng([5, 3])
    desk.roll()
    desk.apply_conflict()
    conflict_line = desk.conflict_box.result_label.text()
    assert "Kara" in conflict_line and "Thug" in conflict_line
    assert desk.result_label.text() == conflict_line

    qtbot.mouseClick(play.game_bar.end_button, Qt.MouseButton.LeftButton)
    assert campaign.games.running() is None
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    assert campaign.games.running() is not None
    assert play.challenges.result.text() == ""
    assert desk.result_label.text() == "No roll yet."
    assert desk.conflict_box.result_label.text() == "Fill both trays, then Roll."


def test_a_message_about_the_last_campaign_goes_with_it(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, data_dir: Path
) -> None:
    assert window.session is not None
    sheet = shown_dock(window, "chapter", ChapterWidget).sheet
    sheet.edit("Set the chapter to tier 9", tier=9)  # refused, and said beside the sheet
    assert "9" in sheet.error.text() and not sheet.error.isHidden()
    window.session.report_failure("No trait steps left for Kara: tick one of her traits.")
    window.session.report_breakage("The change could not be saved: the disk is full.")
    assert "the disk is full" in window.statusBar().currentMessage()
    box = window.findChild(QMessageBox, "problemBox")
    assert box is not None and box.isVisible()

    other = tmp_path / "Other.gmdesk"
    Campaign.create(other, data_dir=data_dir).close()
    assert window.open_campaign(other, interactive=False)
    assert window.session is not None and window.session.campaign.path == other
    assert window.statusBar().currentMessage() == ""
    shown = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert shown == []
    assert sheet.error.isHidden()


def test_a_challenges_outcome_goes_when_it_is_undone(
    window: MainWindow,
    cards: SysCardsWidget,  # noqa: F811
) -> None:
    challenge = cards.challenge
    for name in ("Kara Voss", "Saltmarsh drake"):
        select(cards, name)
        cards._add_contender()
    challenge.set_values(0, velocity=1, forced_nr=0, throw=60)
    challenge.set_values(1, velocity=1, forced_nr=0, throw=30)
    assert challenge.resolve() is not None
    assert "Kara Voss" in challenge.result_label.text()
    window.undo_action.trigger()
    assert campaign_of(window).rolls.all()[0].undone
    assert challenge.result_label.text() == ""
