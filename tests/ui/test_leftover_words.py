"""Issue 27's smaller leftovers in the words the GM reads: the party roll's dice in the
roll log, and a conflict that protection turned."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.roll_log import COLUMNS, RollLogWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from tests.ui.docks import campaign_of, session_of, shown_dock
from tests.ui.scripted import ScriptedRng


def test_a_party_roll_names_its_dice_in_the_roll_log(window: MainWindow, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    ash = campaign.roster.add("Ash", "pc").id
    flood = campaign.roster.add("The flood", "challenge").id
    campaign.kit.add_dice(ash, size=6, count=2)
    campaign.kit.add_dice(flood, size=8, count=1)
    play = shown_dock(window, "play", PlayWidget)
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    campaign.games.set_scene("The bridge at dusk", [ash, flood], flood, new=True)
    play.reload()
    play.challenges.count.setValue(1)
    play.challenges.party_count.setValue(2)
    session_of(window).rng = ScriptedRng([5, 3, 4])
    qtbot.mouseClick(play.challenges.party_button, Qt.MouseButton.LeftButton)
    log = shown_dock(window, "rollLog", RollLogWidget)
    log.reload()
    party = next(r for r in log.model.records if r.kind == "conflict")
    assert log.model.cell(party, COLUMNS.index("Dice")) == "d8"  # not "dNone→d8"


def test_a_win_that_protection_turned_says_who_won_and_the_totals_after_the_dice(
    window: MainWindow,
) -> None:
    campaign = campaign_of(window)
    kara = campaign.roster.add("Kara", "pc").id
    thug = campaign.roster.add("Thug", "npc").id
    campaign.kit.add_dice(kara, size=6, count=1)
    campaign.kit.add_dice(thug, size=6, count=1)
    campaign.kit.add_item(thug, "Leather", "armour", die_size=8)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    session_of(window).select_character(kara)
    table.set_opponent(thug)
    for character in (kara, thug):
        die = next(d for d in campaign.kit.dice(character) if d.kind == "ordinary")
        table.toggle_tray(die.id)
    session_of(window).rng = ScriptedRng([5, 3, 7])  # Kara 5 against 3; the leather 7
    table.roll()
    table.roll_item_die("protection")
    text = table.conflict_box.result_label.text()
    assert text == (
        "Kara 5 against Thug 3: Kara wins; with the item dice (Leather +7) it is 5 against 10, "
        "so Thug's protection stops the damage: no damage."
    )  # not "Kara wins 5 to 10"
