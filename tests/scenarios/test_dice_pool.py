"""RULES.md section 2, the Energy System dice pool, played on the Dice Table, the Roster
and the character's kit with scripted dice. Each test cites the line it checks."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.rules import dicepool
from desktop.store import Campaign, DieRecord
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.main_window import MainWindow
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.scripted import ScriptedRng

CLICK = Qt.MouseButton.LeftButton


def _table(window: MainWindow, name: str = "Kara", sizes: tuple[int, ...] = (6, 6, 6)) -> int:
    assert window.session is not None
    campaign = window.session.campaign
    who = campaign.roster.add(name, "pc")
    for size in sizes:
        campaign.kit.add_dice(who.id, size=size, count=1)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    window.session.select_character(who.id)
    return who.id


def _all_ones(
    window: MainWindow, sizes: tuple[int, ...]
) -> tuple[Campaign, DiceTableWidget, int, list[DieRecord]]:
    """Kara's whole pool in the tray, rolled as all ones (a catastrophe)."""
    kara = _table(window, sizes=sizes)
    assert window.session is not None
    campaign = window.session.campaign
    table = shown_dock(window, "diceTable", DiceTableWidget)
    dice = campaign.kit.dice(kara)
    for die in dice:
        table.toggle_tray(die.id)
    window.session.rng = ScriptedRng([1] * len(dice))
    table.roll()
    return campaign, table, kara, dice


def test_all_ones_the_player_picks_the_die_to_keep(window: MainWindow, qtbot: QtBot) -> None:
    """ "All-ones tuple (catastrophe): the player chooses: (a) every rolled die but one
    goes to the table and that one stays in the pool ... the player also picks *which*
    die (the app suggests keeping the largest, removing the smallest).\""""
    campaign, table, kara, dice = _all_ones(window, sizes=(6, 8, 6))
    assert table.choice_frame.isVisibleTo(table)
    # The suggestion: keep the d8, lose a d6.
    assert table.choice_frame.keep_die_combo.currentData() == dice[1].id
    assert table.choice_frame.lose_die_combo.currentData() in (dice[0].id, dice[2].id)
    # The player keeps the last d6 instead.
    table.choice_frame.keep_die_combo.setCurrentIndex(
        table.choice_frame.keep_die_combo.findData(dice[2].id)
    )
    qtbot.mouseClick(table.choice_frame.keep_button, CLICK)
    places = {d.id: d.place for d in campaign.kit.dice(kara)}
    assert places == {dice[0].id: "table", dice[1].id: "table", dice[2].id: "pool"}
    [logged] = campaign.rolls.all()
    assert logged.detail["chosen"] == dice[2].id


def test_all_ones_the_player_picks_the_die_to_lose(window: MainWindow, qtbot: QtBot) -> None:
    """ "(b) one rolled die is removed (damage) and the rest return to the pool.\""""
    campaign, table, kara, dice = _all_ones(window, sizes=(6, 8))
    assert table.choice_frame.lose_die_combo.currentData() == dice[0].id  # the smallest suggested
    table.choice_frame.lose_die_combo.setCurrentIndex(
        table.choice_frame.lose_die_combo.findData(dice[1].id)
    )
    qtbot.mouseClick(table.choice_frame.lose_button, CLICK)
    assert {d.id: d.place for d in campaign.kit.dice(kara)} == {
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

    def kind_tip() -> str:
        row = roster.model.row_of(kara)
        assert row is not None
        return str(roster.model.data(roster.model.index(row, 1), Qt.ItemDataRole.ToolTipRole))

    # The Kind column says the state in short (its 110 px cut the long words); the
    # tooltip says the kind and the state in full.
    assert kind_text() == "Player character"
    first, _second = campaign.kit.dice(kara)
    table.move_die(first, "table")
    table.move_die(campaign.kit.dice(kara)[1], "table")
    assert "out of play (no die in the pool)" in table.counts_label.text()
    assert kind_text() == "Out of play"
    assert kind_tip() == "Player character · out of play (no die in the pool)"
    table.take_damage(2)  # "Damage removes dice from the pool first, then from the table."
    assert "out for good (no die left)" in table.counts_label.text()
    assert kind_text() == "Out for good"
    assert kind_tip() == "Player character · out for good (no die left)"
    window.session.undo_stack.undo()  # the damage
    assert kind_text() == "Out of play"
    window.session.undo_stack.undo()  # one die back in the pool
    assert kind_text() == "Player character"


def test_the_starting_dice_setting_sets_the_pool_offered(window: MainWindow) -> None:
    """ "Character creation: 10 d6 by default (campaign setting starting_dice, used
    wherever a starting pool is offered). A broad trait costs one die.\""""
    assert window.session is not None
    campaign = window.session.campaign
    mira = campaign.roster.add("Mira", "pc")
    campaign.kit.add_trait(mira.id, "Quick", value=1, broad=True)
    roster = shown_dock(window, "roster", RosterWidget)
    kit = roster.form.kit
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


def test_depletion_d4_pairs_the_table_and_a_tuple(window: MainWindow) -> None:
    """ "every die other than a d4 that shows 1 goes to the table. d4s deplete only in
    pairs"; "Total = sum of the faces rolled + the number of depleted dice on the
    table"; "Tuple: two or more dice rolled, all showing the same face: one depleted die
    returns from the table to the pool.\""""
    kara = _table(window, sizes=(4, 4, 4, 6, 6))
    assert window.session is not None
    campaign = window.session.campaign
    table = shown_dock(window, "diceTable", DiceTableWidget)
    d4a, d4b, d4c, d6a, d6b = campaign.kit.dice(kara)
    for die in (d4a, d4b, d4c, d6a):
        table.toggle_tray(die.id)
    window.session.rng = ScriptedRng([1, 1, 1, 2])  # three d4s show 1, the d6 a 2
    table.roll()
    places = [d.place for d in campaign.kit.dice(kara)]
    # Three d4s show 1: one pair, so one d4 goes to the table; the d6 showed 2.
    assert places.count("table") == 1 and campaign.rolls.all()[0].total == 5
    # The next roll counts the depleted die: d6 shows 4, +1 for the table = 5.
    table.toggle_tray(d6b.id)
    window.session.rng = ScriptedRng([4])
    table.roll()
    assert campaign.rolls.all()[0].total == 5
    # A tuple (3, 3) brings the depleted d4 back.
    for die in (d6a, d6b):
        table.toggle_tray(die.id)
    window.session.rng = ScriptedRng([3, 3])
    table.roll()
    assert [d.place for d in campaign.kit.dice(kara)].count("table") == 0
    assert campaign.rolls.all()[0].total == 7  # 3 + 3 + the one on the table when rolled


def test_rest_returns_depleted_then_restores_removed(window: MainWindow) -> None:
    """ "Rest: two hours of rest return one depleted die to the pool; once the table is
    empty, each full day of rest restores one removed die.\""""
    kara = _table(window, sizes=(6, 6, 6))
    campaign = campaign_of(window)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    first, second, third = campaign.kit.dice(kara)
    table.move_die(first, "table")
    table.move_die(campaign.kit.dice(kara)[1], "removed")
    table.rest(24)  # a day of rest with a die on the table: the depleted one comes back
    assert sorted(d.place for d in campaign.kit.dice(kara)) == ["pool", "pool", "removed"]
    table.rest(24)  # the table is empty: the removed die is restored
    assert [d.place for d in campaign.kit.dice(kara)] == ["pool"] * 3
    del second, third


def test_a_conflict_with_weapon_and_armour_dice(window: MainWindow, qtbot: QtBot) -> None:
    """ "The loser loses 1 + (difference // 10) dice. ... the winner may roll one damage
    die (red) of its weapon and add it to its total, and the loser may roll one
    protection die (blue) of its armour ...; if that closes the gap, no damage.\""""
    kara = _table(window, sizes=(12, 12, 12))
    assert window.session is not None
    campaign = window.session.campaign
    thug = campaign.roster.add("Thug", "npc")
    campaign.kit.add_dice(thug.id, size=6, count=4)
    campaign.kit.add_item(kara, "Cutlass", "weapon", die_size=8)
    campaign.kit.add_item(thug.id, "Leather", "armour", die_size=6)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.set_opponent(thug.id)
    for die in [d for d in campaign.kit.dice(kara) if d.kind == "ordinary"]:
        table.toggle_tray(die.id)
    thug_dice = [d for d in campaign.kit.dice(thug.id) if d.kind == "ordinary"]
    table.toggle_tray(thug_dice[0].id)
    window.session.rng = ScriptedRng([12, 11, 10, 2])  # 33 against 2
    table.roll()
    # 12 + 11 + 10 = 33 against 2: 1 + 31 // 10 = 4 dice, before any protection.
    assert "Kara wins 33 to 2" in table.conflict_box.result_label.text()
    assert "Thug loses 4 dice" in table.conflict_box.result_label.text()
    window.session.rng = ScriptedRng([6])
    table.roll_item_die("protection")
    # The armour's d6 shows 6: 33 - (2 + 6) = 25 -> 1 + 25 // 10 = 3 dice lost.
    assert "Thug loses 3 dice" in table.conflict_box.result_label.text()
    qtbot.mouseClick(table.conflict_box.apply_button, CLICK)
    places = sorted(d.place for d in campaign.kit.dice(thug.id) if d.kind == "ordinary")
    assert places.count("removed") == 3

    # A win by less than the protection die closes the gap: no damage.
    before = sorted(d.place for d in campaign.kit.dice(thug.id))
    last = next(d for d in campaign.kit.dice(thug.id) if d.kind == "ordinary" and d.place == "pool")
    for die in [d for d in campaign.kit.dice(kara) if d.kind == "ordinary" and d.place == "pool"][
        :1
    ]:
        table.toggle_tray(die.id)
    table.toggle_tray(last.id)
    window.session.rng = ScriptedRng([5, 3, 4])  # Kara 5 against 3; the leather shows 4
    table.roll()
    table.roll_item_die("protection")
    assert "no damage" in table.conflict_box.result_label.text()
    qtbot.mouseClick(table.conflict_box.apply_button, CLICK)
    assert sorted(d.place for d in campaign.kit.dice(thug.id)) == before
