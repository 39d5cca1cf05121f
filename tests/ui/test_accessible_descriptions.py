"""Issue 34, screen readers: a painted widget says its state in its accessible
description, and says it again when the state changes (the dice, the clocks, the
faction ladder, the card preview)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from desktop.rules.dicepool import Kind
from desktop.store.clocks import OWNER_FACTION
from desktop.ui.docks.clocks import ClocksWidget
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.syscards import SysCardsWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.widgets.number_field import spoken_name
from tests.ui.accessible_walk import accessible_name
from tests.ui.docks import campaign_of, session_of
from tests.ui.scripted import ScriptedRng
from tests.ui.test_clocks_dock import clocks, show_clocks  # noqa: F401 (a fixture)
from tests.ui.test_dice_table import dice, table  # noqa: F401 (a fixture)
from tests.ui.test_faction_ladder import ladder_of
from tests.ui.test_syscards_dock import cards, select  # noqa: F401 (a fixture)


def description(widget: QWidget) -> str:
    QApplication.processEvents()
    return widget.accessibleDescription()


def test_the_dice_table_says_the_die_selected_and_its_changes(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
) -> None:
    campaign = campaign_of(window)
    kara = dice(window)[0].character_id
    [damage] = campaign.kit.add_dice(kara, size=8, kind=Kind.DAMAGE)
    view = table.view
    assert accessible_name(view) == "Dice table"
    assert description(view) == "pool 4, tray 0, table 0, removed 0, items 1"

    table.scene.die_items[damage.id].setSelected(True)
    assert description(view) == "d8, damage die, in pool"
    table.scene.clearSelection()
    first = dice(window)[0]
    table.scene.die_items[first.id].setSelected(True)
    assert description(view) == "d6 die, in pool"
    table.toggle_tray(first.id)
    assert description(view) == "d6 die, in tray"

    session_of(window).rng = ScriptedRng([1])
    table.roll()
    assert description(view) == "d6 die, depleted on the table, shows 1, depleted by this roll"

    table.scene.clearSelection()
    assert description(view) == "pool 3, tray 0, table 1, removed 0, items 1"


def test_tumbling_dice_are_not_read_out_frame_by_frame(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    first = dice(window)[0]
    table.toggle_tray(first.id)
    table.scene.die_items[first.id].setSelected(True)
    said: list[str] = []
    table.animate_check.setChecked(True)
    session_of(window).rng = ScriptedRng([4])
    table.roll()
    assert table.is_rolling()
    while table.is_rolling():
        said.append(description(table.view))
        qtbot.wait(20)
    assert set(said) == {"d6 die, in tray"}  # as it was before the roll
    assert description(table.view) == "d6 die, in pool, shows 4"


def test_a_clock_says_its_name_fill_and_whether_players_see_it(
    window: MainWindow,
    clocks: ClocksWidget,  # noqa: F811
) -> None:
    campaign = campaign_of(window)
    clock = campaign.clocks.add("Storm season", 8, filled=2)
    board = show_clocks(window).board
    assert accessible_name(board) == "Clocks"
    assert description(board) == "1 clock, none chosen"
    board.set_current(clock.id)
    assert description(board) == "Storm season, 2 of 8, hidden from players"
    campaign.clocks.update(clock.id, filled=8, shown=True)
    assert description(board) == "Storm season, 8 of 8, full, shown to players"


def test_a_faction_says_its_rung_status_and_clocks(window: MainWindow) -> None:
    campaign = campaign_of(window)
    sashes = campaign.factions.add("Red Sashes", tier=2, hold="weak", status=-1)
    campaign.clocks.add("Crackdown", 6, owner_kind=OWNER_FACTION, owner_id=sashes.id, filled=2)
    ladder = ladder_of(window)
    view = ladder.view
    assert accessible_name(view) == "Faction ladder"
    assert description(view) == "1 faction, none selected"
    ladder.scene.cards[sashes.id].setSelected(True)
    said = description(view)
    assert said.startswith("Red Sashes, Tier 2, Weak hold, Status with the chapter: −1")
    assert "Clock Crackdown: 2 of 6" in said and "<" not in said
    campaign.factions.move(sashes.id, 3, 0)
    assert description(view).startswith("Red Sashes, Tier 3")


def test_the_card_preview_says_the_card(
    window: MainWindow,
    cards: SysCardsWidget,  # noqa: F811
) -> None:
    preview = cards.preview
    assert accessible_name(preview) == "Card preview"
    select(cards, "Knife work")
    said = description(preview)
    assert said.startswith("Knife work, skill, owned by Kara Voss, efficiency 30")
    knife = next(c for c in campaign_of(window).cards.all() if c.name == "Knife work")
    campaign_of(window).cards.update(knife.id, efficiency=45)
    assert "efficiency 45" in description(preview)
    select(cards, "Saltmarsh drake")
    assert description(preview).startswith("Saltmarsh drake, creature, efficiency 55")


def test_a_number_field_is_named_by_what_it_holds() -> None:
    assert spoken_name("The challenge's dice") == "Challenge's dice"
    assert spoken_name("A throw") == "Throw"
    assert spoken_name("Coin") == "Coin"
    assert spoken_name("The ") == "The "
