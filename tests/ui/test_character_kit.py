"""The character's traits, items and starting pool, edited through real widgets.

The kit is driven on its own over a real campaign file (and once inside the roster's
form), with the session's undo stack, so these tests do not depend on the other docks.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QSpinBox, QTableView, QWidget
from pytestqt.qtbot import QtBot

from desktop.rules import dicepool
from desktop.store import Campaign, CharacterRecord
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.character_kit import CharacterKit, ItemModel, TraitModel
from tests.ui.docks import shown_alone

CLICK = Qt.MouseButton.LeftButton


@pytest.fixture
def kit(qtbot: QtBot, session: CampaignSession) -> CharacterKit:
    return shown_alone(qtbot, CharacterKit(), session, 380, 560)


def add(session: CampaignSession, name: str, kind: str = "pc") -> CharacterRecord:
    return session.campaign.roster.add(name, kind)


def editor_at(table: QTableView, row: int, column: int) -> QWidget:
    """Open the in-place editor of a cell (as a double-click does) and return it."""
    index = table.model().index(row, column)
    if table.indexWidget(index) is None:
        table.setCurrentIndex(index)
        table.edit(index)
    editor = table.indexWidget(index)
    assert editor is not None, "no editor opened"
    return editor


def type_into(qtbot: QtBot, table: QTableView, row: int, column: int, text: str) -> None:
    editor = editor_at(table, row, column)
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    settle()


def set_spin(qtbot: QtBot, table: QTableView, row: int, column: int, value: int) -> None:
    editor = editor_at(table, row, column)
    assert isinstance(editor, QSpinBox)
    editor.setValue(value)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    settle()


def pick(table: QTableView, row: int, column: int, text: str) -> None:
    editor = editor_at(table, row, column)
    assert isinstance(editor, QComboBox)
    position = editor.findText(text)
    editor.setCurrentIndex(position)
    editor.activated.emit(position)  # what a pick from the drop-down sends
    settle()


def tick(table: QTableView, row: int, column: int, on: bool) -> None:
    """What a click on a cell's check box does: the view sets the check state."""
    state = Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
    table.model().setData(table.model().index(row, column), state, Qt.ItemDataRole.CheckStateRole)
    settle()


def settle() -> None:
    """Let an in-place edit land: Qt commits an editor's Enter in a posted call, and the
    kit writes the edit in another, once the editor has closed."""
    for _ in range(3):
        QApplication.processEvents()


def trait_rows(session: CampaignSession, character: CharacterRecord) -> list[tuple]:
    return [(t.name, t.value, t.broad) for t in session.campaign.kit.traits(character.id)]


def item_rows(session: CampaignSession, character: CharacterRecord) -> list[tuple]:
    campaign = session.campaign
    dice = {d.id: d for d in campaign.kit.dice(character.id)}
    return [
        (i.name, i.kind, dice[i.die_id].size, i.deplete) for i in campaign.kit.items(character.id)
    ]


def ordinary(session: CampaignSession, character: CharacterRecord) -> list[int]:
    return [d.size for d in session.campaign.kit.dice(character.id) if d.kind == "ordinary"]


# -- traits ------------------------------------------------------------------------------------


def test_add_edit_delete_a_trait_with_undo_and_redo(
    qtbot: QtBot, kit: CharacterKit, session: CampaignSession
) -> None:
    kara = add(session, "Kara Voss")
    kit.show_character(kara.id)
    qtbot.mouseClick(kit.add_trait_button, CLICK)
    assert trait_rows(session, kara) == [("New trait", 1, False)]

    # The name's editor is open at once, so the GM just types.
    type_into(qtbot, kit.trait_table, 0, TraitModel.NAME, "Harbour-wise")
    set_spin(qtbot, kit.trait_table, 0, TraitModel.VALUE, 2)
    tick(kit.trait_table, 0, TraitModel.BROAD, True)
    assert trait_rows(session, kara) == [("Harbour-wise", 2, True)]
    assert kit.traits.data(kit.traits.index(0, TraitModel.BROAD)) == "Broad"
    assert session.undo_stack.undoText() == "Make Harbour-wise broad"

    for expected in (
        [("Harbour-wise", 2, False)],
        [("Harbour-wise", 1, False)],
        [("New trait", 1, False)],
        [],
    ):
        session.undo_stack.undo()
        assert trait_rows(session, kara) == expected
    assert kit.traits.rowCount() == 0
    for _ in range(4):
        session.undo_stack.redo()
    assert trait_rows(session, kara) == [("Harbour-wise", 2, True)]
    [trait] = session.campaign.kit.traits(kara.id)

    kit.trait_table.selectRow(0)
    qtbot.mouseClick(kit.delete_trait_button, CLICK)
    assert trait_rows(session, kara) == []
    session.undo_stack.undo()
    assert session.campaign.kit.traits(kara.id) == [trait]  # the same id, value and place


def test_a_bad_trait_value_is_refused_with_a_message(
    qtbot: QtBot, kit: CharacterKit, session: CampaignSession
) -> None:
    kara = add(session, "Kara Voss")
    session.campaign.kit.add_trait(kara.id, "Knife work")
    session.campaign.kit.add_trait(kara.id, "Sea songs")
    kit.show_character(kara.id)
    steps = session.undo_stack.count()

    type_into(qtbot, kit.trait_table, 0, TraitModel.NAME, "   ")
    assert kit.trait_error.isVisible()
    assert "cannot be empty" in kit.trait_error.text()

    # A name the store refuses (two traits of one character share it) is shown the same way.
    type_into(qtbot, kit.trait_table, 0, TraitModel.NAME, "sea SONGS")
    assert "already has a trait called “Sea songs”" in kit.trait_error.text()
    assert trait_rows(session, kara) == [("Knife work", 1, False), ("Sea songs", 1, False)]
    assert session.undo_stack.count() == steps

    type_into(qtbot, kit.trait_table, 0, TraitModel.NAME, "Knives")
    assert not kit.trait_error.isVisible()
    assert trait_rows(session, kara)[0] == ("Knives", 1, False)


def test_a_new_trait_gets_a_name_of_its_own(
    qtbot: QtBot, kit: CharacterKit, session: CampaignSession
) -> None:
    kara = add(session, "Kara Voss")
    kit.show_character(kara.id)
    kit.add_trait()
    kit.add_trait()
    assert [name for name, *_ in trait_rows(session, kara)] == ["New trait", "New trait 2"]


# -- items -------------------------------------------------------------------------------------


def test_add_edit_delete_items_with_undo_and_redo(
    qtbot: QtBot, kit: CharacterKit, session: CampaignSession
) -> None:
    campaign = session.campaign
    kara = add(session, "Kara Voss")
    kit.show_character(kara.id)
    qtbot.mouseClick(kit.add_item_button, CLICK)
    type_into(qtbot, kit.item_table, 0, ItemModel.NAME, "Boarding cutlass")
    pick(kit.item_table, 0, ItemModel.DIE, "d8")
    tick(kit.item_table, 0, ItemModel.DEPLETE, True)
    kit.add_item_button.menu().actions()[1].trigger()  # Add armour
    type_into(qtbot, kit.item_table, 1, ItemModel.NAME, "Oilskin coat")
    assert item_rows(session, kara) == [
        ("Boarding cutlass", "weapon", 8, True),
        ("Oilskin coat", "armour", 6, False),
    ]

    # Their dice are the character's too: a red damage die and a blue protection die,
    # ready in the Dice Table's items area.
    cutlass, coat = campaign.kit.items(kara.id)
    dice = {d.item_id: d for d in campaign.kit.dice(kara.id)}
    assert (dice[cutlass.id].kind, dice[cutlass.id].place) == ("damage", "pool")
    assert (dice[coat.id].kind, dice[coat.id].place) == ("protection", "pool")

    # Armour's protection die always depletes: shown ticked, and it cannot be unticked.
    deplete = kit.items.index(1, ItemModel.DEPLETE)
    assert kit.items.data(deplete, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert not kit.items.flags(deplete) & Qt.ItemFlag.ItemIsUserCheckable
    tick(kit.item_table, 1, ItemModel.DEPLETE, False)
    assert item_rows(session, kara)[1] == ("Oilskin coat", "armour", 6, False)

    for expected in (
        [("Boarding cutlass", "weapon", 8, True), ("New armour", "armour", 6, False)],
        [("Boarding cutlass", "weapon", 8, True)],
        [("Boarding cutlass", "weapon", 8, False)],
        [("Boarding cutlass", "weapon", 6, False)],
        [("New weapon", "weapon", 6, False)],
        [],
    ):
        session.undo_stack.undo()
        assert item_rows(session, kara) == expected
    assert campaign.kit.dice(kara.id) == []
    for _ in range(6):
        session.undo_stack.redo()
    assert campaign.kit.items(kara.id) == [cutlass, coat]  # the same ids, dice included

    kit.item_table.selectRow(1)  # armour's fixed cell does not stop its row being picked
    assert kit.delete_item_button.isEnabled()
    kit.item_table.selectRow(0)
    qtbot.mouseClick(kit.delete_item_button, CLICK)
    assert [i.name for i in campaign.kit.items(kara.id)] == ["Oilskin coat"]
    assert cutlass.die_id not in {d.id for d in campaign.kit.dice(kara.id)}
    session.undo_stack.undo()
    assert campaign.kit.items(kara.id) == [cutlass, coat]
    assert {d.item_id: d for d in campaign.kit.dice(kara.id)} == dice


def test_a_bad_item_name_is_refused_with_a_message(
    qtbot: QtBot, kit: CharacterKit, session: CampaignSession
) -> None:
    kara = add(session, "Kara Voss")
    session.campaign.kit.add_item(kara.id, "Boarding cutlass", "weapon", 8)
    kit.show_character(kara.id)
    steps = session.undo_stack.count()
    type_into(qtbot, kit.item_table, 0, ItemModel.NAME, "x" * 81)
    assert kit.item_error.isVisible()
    assert "at most 80 characters" in kit.item_error.text()
    assert item_rows(session, kara) == [("Boarding cutlass", "weapon", 8, False)]
    assert session.undo_stack.count() == steps


def test_a_used_item_die_shows_as_used(kit: CharacterKit, session: CampaignSession) -> None:
    from dataclasses import replace

    campaign = session.campaign
    kara = add(session, "Kara Voss")
    crossbow = campaign.kit.add_item(kara.id, "Hand crossbow", "weapon", 10)
    [die] = campaign.kit.dice(kara.id)
    kit.show_character(kara.id)
    cell = kit.items.index(0, ItemModel.DIE)
    assert "ready" in kit.items.data(cell, Qt.ItemDataRole.ToolTipRole)
    campaign.kit.update_dice([replace(die, place="table")])  # the table refreshes the kit
    assert "used up" in kit.items.data(cell, Qt.ItemDataRole.ToolTipRole)
    assert kit.items.record(0) == crossbow


# -- starting pools --------------------------------------------------------------------------


def test_create_a_characters_pool_less_its_traits(
    qtbot: QtBot, kit: CharacterKit, session: CampaignSession
) -> None:
    campaign = session.campaign
    kara = add(session, "Kara Voss")
    campaign.kit.add_trait(kara.id, "Strong", broad=True)
    for name in ("Physics", "Knots"):
        campaign.kit.add_trait(kara.id, name)
    kit.show_character(kara.id)

    # 10 d6 by default; one broad trait costs a die, two constrained ones a whole die.
    assert kit.pool_box.isVisible()
    assert kit.pool_box.plan() == (6, 8)
    assert "less 2" in kit.pool_box.summary.text()
    assert kit.pool_box.create_button.text() == "Create 8 d6"
    qtbot.mouseClick(kit.pool_box.create_button, CLICK)
    assert ordinary(session, kara) == [6] * 8
    assert not kit.pool_box.isVisible()  # a character with a pool is not new any more
    assert session.undo_stack.undoText() == "Create the pool of Kara Voss: 8d6"

    session.undo_stack.undo()
    assert ordinary(session, kara) == []
    assert kit.pool_box.isVisible()
    session.undo_stack.redo()
    assert ordinary(session, kara) == [6] * 8


def test_a_trait_added_before_the_pool_costs_a_die(
    kit: CharacterKit, session: CampaignSession
) -> None:
    kara = add(session, "Kara Voss")
    kit.show_character(kara.id)
    assert kit.pool_box.plan() == (6, dicepool.DEFAULT_POOL_DICE)
    kit.add_trait()
    tick(kit.trait_table, 0, TraitModel.BROAD, True)
    assert kit.pool_box.plan() == (6, dicepool.DEFAULT_POOL_DICE - 1)


def test_traits_that_cost_every_die_leave_no_pool_to_create(
    kit: CharacterKit, session: CampaignSession
) -> None:
    kara = add(session, "Kara Voss")
    for n in range(dicepool.DEFAULT_POOL_DICE):
        session.campaign.kit.add_trait(kara.id, f"Trait {n}", broad=True)
    kit.show_character(kara.id)
    assert kit.pool_box.plan() is None
    assert not kit.pool_box.create_button.isEnabled()
    assert "leaving none" in kit.pool_box.summary.text()


def test_create_a_challenges_pool_from_a_preset(
    qtbot: QtBot, kit: CharacterKit, session: CampaignSession
) -> None:
    gate = add(session, "The Drowned Gate", "challenge")
    kit.show_character(gate.id)
    box = kit.pool_box
    assert box.preset_combo.isVisible()
    assert [box.preset_combo.itemText(i) for i in range(box.preset_combo.count())] == [
        "Easy (5)",
        "Tiring (10)",
        "Draining (20)",
        "Exhausting (40)",
        "Deadly (80)",
    ]
    box.preset_combo.setCurrentIndex(box.preset_combo.findData("Deadly"))
    sizes = [box.size_combo.itemText(i) for i in range(box.size_combo.count())]
    assert sizes == ["d6", "d8", "d10", "d12"]
    box.size_combo.setCurrentIndex(box.size_combo.findData(8))
    assert box.plan() == (8, 18)
    assert "18 dice" in box.summary.text()
    qtbot.mouseClick(box.create_button, CLICK)
    assert ordinary(session, gate) == [8] * 18

    session.undo_stack.undo()
    assert ordinary(session, gate) == []
    assert box.isVisible()


def test_no_pool_is_offered_to_a_character_with_dice(
    kit: CharacterKit, session: CampaignSession
) -> None:
    from dataclasses import replace

    kara = add(session, "Kara Voss")
    dice = session.campaign.kit.add_dice(kara.id, count=2)
    # All removed by damage: out of play, not new, so no fresh pool hides that.
    session.campaign.kit.update_dice([replace(d, place="removed") for d in dice])
    kit.show_character(kara.id)
    assert not kit.pool_box.isVisible()


# -- read-only, deleted characters, the roster ------------------------------------------------


def test_a_read_only_campaign_shows_the_kit_without_edits(
    qtbot: QtBot, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "Locked.gmdesk"
    with Campaign.create(path, data_dir=data_dir, start_date=date(2026, 3, 1)) as writable:
        kara = writable.roster.add("Kara Voss")
        writable.kit.add_trait(kara.id, "Harbour-wise")
        writable.kit.add_item(kara.id, "Boarding cutlass", "weapon", 8, True)
    campaign = Campaign.open(path, data_dir=data_dir, read_only=True)
    session = CampaignSession(campaign)
    widget = CharacterKit()
    qtbot.addWidget(widget)
    widget.set_session(session)
    widget.show_character(kara.id)
    widget.show()
    try:
        assert widget.traits.rowCount() == 1 and widget.items.rowCount() == 1
        assert not widget.add_trait_button.isEnabled()
        assert not widget.add_item_button.isEnabled()
        assert not widget.pool_box.isVisible()
        for model in (widget.traits, widget.items):
            for column in range(model.columnCount()):
                flags = model.flags(model.index(0, column))
                assert not flags & Qt.ItemFlag.ItemIsEditable
                assert not flags & Qt.ItemFlag.ItemIsUserCheckable
        widget.add_trait()  # refused quietly: nothing to write to
        assert len(campaign.kit.traits(kara.id)) == 1
    finally:
        widget.set_session(None)
        session.close()


def test_a_deleted_character_empties_the_kit(kit: CharacterKit, session: CampaignSession) -> None:
    kara = add(session, "Kara Voss")
    session.campaign.kit.add_trait(kara.id, "Harbour-wise")
    kit.show_character(kara.id)
    assert kit.traits.rowCount() == 1
    session.campaign.roster.delete(kara.id)
    assert kit.traits.rowCount() == 0
    assert not kit.isEnabled()


def test_the_roster_form_has_notes_first_then_the_kit(
    qtbot: QtBot, session: CampaignSession
) -> None:
    kara = add(session, "Kara Voss")
    session.campaign.kit.add_trait(kara.id, "Harbour-wise", 2, True)
    ilian = add(session, "Brother Ilian")
    roster = RosterWidget()
    qtbot.addWidget(roster)
    roster.set_session(session)
    tabs = roster.form.tabs
    assert [tabs.tabText(i) for i in range(tabs.count())] == [
        "N&otes",
        "&Traits && items",
        "Do&wntime",
    ]
    assert tabs.currentWidget() is roster.form.notes_edit
    tabs.setCurrentWidget(roster.form.kit_page)

    kit = roster.form.kit
    assert kit.traits.record(0).name == "Harbour-wise"  # the first row is selected on open
    session.select_character(ilian.id)
    assert kit.traits.rowCount() == 0
    kit.add_trait()
    assert [t.name for t in session.campaign.kit.traits(ilian.id)] == ["New trait"]
