"""RULES.md section 2, the Energy System dice pool, played on the Dice Table, the Roster
and the character's kit with scripted dice. Each test cites the line it checks."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.rules import dicepool
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.widgets.character_kit import CharacterKit
from tests.scenarios.conftest import ScriptedRng
from tests.ui.docks import shown_dock

CLICK = Qt.MouseButton.LeftButton


def _table(window: MainWindow, name: str = "Kara", sizes: tuple[int, ...] = (6, 6, 6)) -> int:
    assert window.session is not None
    campaign = window.session.campaign
    who = campaign.add_character(name, "pc")
    for size in sizes:
        campaign.add_dice(who.id, size=size, count=1)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    window.session.select_character(who.id)
    return who.id


def test_all_ones_the_player_picks_the_die_to_keep(window: MainWindow, qtbot: QtBot) -> None:
    """ "All-ones tuple (catastrophe): the player chooses: (a) every rolled die but one
    goes to the table and that one stays in the pool ... the player also picks *which*
    die (the app suggests keeping the largest, removing the smallest).\""""
    kara = _table(window, sizes=(6, 8, 6))
    assert window.session is not None
    campaign = window.session.campaign
    table = shown_dock(window, "diceTable", DiceTableWidget)
    dice = campaign.dice(kara)
    for die in dice:
        table.toggle_tray(die.id)
    window.session.rng = ScriptedRng([1, 1, 1])
    table.roll()
    assert table.choice_frame.isVisibleTo(table)
    # The suggestion: keep the d8, lose a d6.
    assert table.keep_die_combo.currentData() == dice[1].id
    assert table.lose_die_combo.currentData() in (dice[0].id, dice[2].id)
    # The player keeps the last d6 instead.
    table.keep_die_combo.setCurrentIndex(table.keep_die_combo.findData(dice[2].id))
    qtbot.mouseClick(table.keep_button, CLICK)
    places = {d.id: d.place for d in campaign.dice(kara)}
    assert places == {dice[0].id: "table", dice[1].id: "table", dice[2].id: "pool"}
    [logged] = campaign.rolls()
    assert logged.detail["chosen"] == dice[2].id


def test_all_ones_the_player_picks_the_die_to_lose(window: MainWindow, qtbot: QtBot) -> None:
    """ "(b) one rolled die is removed (damage) and the rest return to the pool.\""""
    kara = _table(window, sizes=(6, 8))
    assert window.session is not None
    campaign = window.session.campaign
    table = shown_dock(window, "diceTable", DiceTableWidget)
    dice = campaign.dice(kara)
    for die in dice:
        table.toggle_tray(die.id)
    window.session.rng = ScriptedRng([1, 1])
    table.roll()
    assert table.lose_die_combo.currentData() == dice[0].id  # the smallest suggested
    table.lose_die_combo.setCurrentIndex(table.lose_die_combo.findData(dice[1].id))
    qtbot.mouseClick(table.lose_button, CLICK)
    assert {d.id: d.place for d in campaign.dice(kara)} == {
        dice[0].id: "pool",
        dice[1].id: "removed",
    }


def test_out_of_play_and_out_for_good_are_said_in_words(window: MainWindow) -> None:
    """ "Out of play: a character with no die left in its pool ... is out of play until a
    die comes back ...; one with no die anywhere is out of play for good ... Roster, Dice
    Table, sheets and the player display show both states in words, not only by colour.\""""
    kara = _table(window, sizes=(6, 6))
    assert window.session is not None
    campaign = window.session.campaign
    table = shown_dock(window, "diceTable", DiceTableWidget)
    roster = shown_dock(window, "roster", RosterWidget)

    def kind_text() -> str:
        row = roster.model.row_of(kara)
        assert row is not None
        return str(roster.model.data(roster.model.index(row, 1)))

    assert kind_text() == "Player character"
    first, _second = campaign.dice(kara)
    table.move_die(first, "table")
    table.move_die(campaign.dice(kara)[1], "table")
    assert "out of play (no die in the pool)" in table.counts_label.text()
    assert kind_text() == "Player character · out of play (no die in the pool)"
    table.take_damage(2)  # "Damage removes dice from the pool first, then from the table."
    assert "out for good (no die left)" in table.counts_label.text()
    assert kind_text() == "Player character · out for good (no die left)"
    window.session.undo_stack.undo()  # the damage
    assert kind_text() == "Player character · out of play (no die in the pool)"
    window.session.undo_stack.undo()  # one die back in the pool
    assert kind_text() == "Player character"


def test_the_starting_dice_setting_sets_the_pool_offered(window: MainWindow) -> None:
    """ "Character creation: 10 d6 by default (campaign setting starting_dice, used
    wherever a starting pool is offered). A broad trait costs one die.\""""
    assert window.session is not None
    campaign = window.session.campaign
    mira = campaign.add_character("Mira", "pc")
    campaign.add_trait(mira.id, "Quick", value=1, broad=True)
    kit = window.findChild(CharacterKit)
    assert kit is not None
    shown_dock(window, "roster", RosterWidget)
    window.session.select_character(mira.id)
    kit.show_character(mira.id)
    assert kit.pool_box.plan() == (6, dicepool.DEFAULT_POOL_DICE - 1)
    kit.pool_box.starting_spin.setValue(12)
    kit.pool_box.starting_spin.editingFinished.emit()
    assert campaign.settings()["starting_dice"] == 12
    assert kit.pool_box.plan() == (6, 11)  # 12 less the broad trait
    window.session.undo_stack.undo()
    assert campaign.settings()["starting_dice"] == 10
    assert kit.pool_box.plan() == (6, 9)
