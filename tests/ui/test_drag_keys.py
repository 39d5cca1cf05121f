"""Every drag has a keyboard way (issue 34): a die between pool, tray and table, a
depleted die awarded to a chosen character, a player reseated, a faction moved on the
ladder. Keys are pressed on the real widgets of a real window; the store must change
exactly as the drag changes it, and undo must take it back."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow
from tests.ui.test_dice_table import dice, table  # noqa: F401  (the Dice Table fixture)


def places(window: MainWindow, name: str = "Kara Voss") -> list[tuple[str, bool]]:
    return [(d.place, d.in_tray) for d in dice(window, name)]


def press(qtbot: QtBot, widget: object, key: Qt.Key, mods: object = None) -> None:
    modifier = Qt.KeyboardModifier.NoModifier if mods is None else mods
    qtbot.keyClick(widget, key, modifier)  # type: ignore[arg-type]


def test_arrows_pick_a_die_and_keys_move_it_as_the_drag_does(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    assert window.session is not None
    table.view.setFocus()
    first, second, *_ = dice(window)
    press(qtbot, table.view, Qt.Key.Key_Right)  # nothing picked: the first die
    assert table.scene.selected_die() is not None
    assert table.scene.selected_die().record.id == first.id  # type: ignore[union-attr]
    press(qtbot, table.view, Qt.Key.Key_Right)
    assert table.scene.selected_die().record.id == second.id  # type: ignore[union-attr]
    press(qtbot, table.view, Qt.Key.Key_Left)
    assert table.scene.selected_die().record.id == first.id  # type: ignore[union-attr]

    press(qtbot, table.view, Qt.Key.Key_Return)  # into the tray: the drop on the tray
    assert places(window)[0] == ("pool", True)
    assert window.undo_action.text().endswith("Move d6 to the tray")
    press(qtbot, table.view, Qt.Key.Key_Backspace)  # back to the pool
    assert places(window)[0] == ("pool", False)
    press(qtbot, table.view, Qt.Key.Key_T)  # onto the table, depleted
    assert places(window)[0] == ("table", False)
    assert places(window)[1:] == [("pool", False)] * 3
    press(qtbot, table.view, Qt.Key.Key_Backspace)
    assert places(window)[0] == ("pool", False)
    window.undo_action.trigger()
    assert places(window)[0] == ("table", False)
    window.undo_action.trigger()
    assert places(window)[0] == ("pool", False)


def test_up_and_down_go_to_the_next_area(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    _first, second, *_ = dice(window)
    table.move_die(second, "table")
    table.view.setFocus()
    press(qtbot, table.view, Qt.Key.Key_Down)  # the first die (pool)
    press(qtbot, table.view, Qt.Key.Key_Down)  # the row below: the depleted die
    assert table.scene.selected_die().record.id == second.id  # type: ignore[union-attr]
    press(qtbot, table.view, Qt.Key.Key_Up)
    assert table.scene.selected_die().record.place == "pool"  # type: ignore[union-attr]


def choose_in_menu(text: str, seen: list[str]) -> None:
    """Pick the entry starting with `text` in the menu about to open."""

    def pick() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu), "no menu opened"
        seen.extend(a.text() for a in menu.actions() if not a.isSeparator())
        action = next(a for a in menu.actions() if a.text().startswith(text))
        action.trigger()
        menu.close()

    QTimer.singleShot(0, pick)


def test_g_awards_the_selected_depleted_die_to_a_chosen_character(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    """The roster drop's award: the same one undo step, the die on the receiver's table."""
    assert window.session is not None
    first, *_ = dice(window)
    table.move_die(first, "table")
    table.view.setFocus()
    press(qtbot, table.view, Qt.Key.Key_Right)  # the first die in the pool
    press(qtbot, table.view, Qt.Key.Key_Down)  # the depleted one, on the table below
    assert table.scene.selected_die().record.id == first.id  # type: ignore[union-attr]
    seen: list[str] = []
    choose_in_menu("Brother Ilian", seen)
    press(qtbot, table.view, Qt.Key.Key_G)
    assert "Brother Ilian" in seen and "Kara Voss" not in seen
    [given] = dice(window, "Brother Ilian")
    assert (given.id, given.place) == (first.id, "table")
    assert len(dice(window)) == 3
    assert window.undo_action.text().endswith("Award a depleted d6 to Brother Ilian")
    window.undo_action.trigger()
    assert dice(window, "Brother Ilian") == []
    assert len(dice(window)) == 4


def test_g_on_a_pool_die_says_why_and_writes_nothing(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    assert window.session is not None
    problems: list[str] = []
    window.session.failed.connect(problems.append)
    table.view.setFocus()
    press(qtbot, table.view, Qt.Key.Key_Right)
    press(qtbot, table.view, Qt.Key.Key_G)
    assert problems and "depleted" in problems[0]
    assert dice(window, "Brother Ilian") == []
    assert not window.session.undo_stack.count()


def test_the_menu_key_opens_the_selected_dies_menu_with_its_keys(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    first, *_ = dice(window)
    table.move_die(first, "table")
    table.view.setFocus()
    press(qtbot, table.view, Qt.Key.Key_Right)
    press(qtbot, table.view, Qt.Key.Key_Down)
    seen: list[str] = []
    choose_in_menu("Move to the pool", seen)
    press(qtbot, table.view, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    assert "Move to the pool\tBackspace" in seen
    assert any(text.startswith("Award to") for text in seen)
    assert places(window)[0] == ("pool", False)


def test_ctrl_up_and_down_reseat_the_picked_player_as_the_drag_does(
    window: MainWindow, qtbot: QtBot
) -> None:
    from desktop.ui.play.play_panel import PlayWidget
    from desktop.ui.play.turn_order import MOVE_DOWN_KEY, MOVE_UP_KEY
    from tests.ui.docks import campaign_of, shown_dock

    campaign = campaign_of(window)
    ash, bryn, cole = (campaign.roster.add(n, "pc").id for n in ("Ash", "Bryn", "Cole"))
    for who in (ash, bryn, cole):
        campaign.kit.add_dice(who, size=6, count=2)
    play = shown_dock(window, "play", PlayWidget)
    play.game_bar.start_button.click()
    seats = play.turn_order.seats
    assert seats.ids() == [ash, bryn, cole]
    assert MOVE_UP_KEY in seats.toolTip() and MOVE_DOWN_KEY in seats.toolTip()
    seats.setFocus()
    seats.setCurrentRow(2)
    press(qtbot, seats, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    # The drag of Cole between Ash and Bryn writes this seating (test_play_a_game).
    assert campaign.games.seating() == [ash, cole, bryn]
    assert seats.ids() == [ash, cole, bryn]
    assert seats.currentRow() == 1  # the pick follows Cole: a second press moves him on
    press(qtbot, seats, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert campaign.games.seating() == [cole, ash, bryn]
    press(qtbot, seats, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)  # first already
    assert campaign.games.seating() == [cole, ash, bryn]
    press(qtbot, seats, Qt.Key.Key_Down)  # a plain arrow only moves the pick
    assert campaign.games.seating() == [cole, ash, bryn] and seats.currentRow() == 1
    press(qtbot, seats, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert campaign.games.seating() == [cole, bryn, ash]
    assert window.session is not None
    window.session.undo_stack.undo()
    assert campaign.games.seating() == [cole, ash, bryn]
    window.session.undo_stack.undo()
    window.session.undo_stack.undo()
    assert campaign.games.seating() == [ash, bryn, cole]


def test_keys_pick_a_faction_and_move_it_on_the_ladder_as_the_drag_does(
    window: MainWindow, qtbot: QtBot
) -> None:
    from tests.ui.test_faction_ladder import by_name, in_row, seed

    widget = seed(window)
    assert window.session is not None
    campaign = window.session.campaign
    red, lamp = by_name(window, "Red Sashes"), by_name(window, "Lampblacks")
    authority = by_name(window, "Harbour Authority")
    view = widget.view
    view.setFocus()
    ctrl = Qt.KeyboardModifier.ControlModifier
    press(qtbot, view, Qt.Key.Key_Right)  # none picked: the first card, top down
    assert widget.scene.selected_id() == authority.id
    press(qtbot, view, Qt.Key.Key_Down)  # the line below: tier 2's first card
    assert widget.scene.selected_id() == red.id
    press(qtbot, view, Qt.Key.Key_Right)
    assert widget.scene.selected_id() == lamp.id
    # Ctrl+Left: the drop of Lampblacks before Red Sashes (test_drag_within_a_row_reorders).
    press(qtbot, view, Qt.Key.Key_Left, ctrl)
    assert campaign.factions.get(lamp.id).position == 0
    assert campaign.factions.get(red.id).position == 1
    press(qtbot, view, Qt.Key.Key_Left, ctrl)  # first already: nothing written
    steps = window.session.undo_stack.count()
    assert steps == 1
    # Ctrl+Up: the drag to the next tier up, at the end of its row.
    press(qtbot, view, Qt.Key.Key_Up, ctrl)
    moved = campaign.factions.get(lamp.id)
    assert (moved.tier, moved.position) == (3, 0)
    assert in_row(widget, lamp.id) == 3
    window.session.undo_stack.undo()
    window.session.undo_stack.undo()
    assert (campaign.factions.get(lamp.id).tier, campaign.factions.get(lamp.id).position) == (2, 1)
    assert campaign.factions.get(red.id).position == 0


def test_shift_f10_opens_the_picked_factions_menu_with_its_keys(
    window: MainWindow, qtbot: QtBot
) -> None:
    from tests.ui.test_faction_ladder import by_name, seed

    widget = seed(window)
    red = by_name(window, "Red Sashes")
    widget.scene.select(red.id)
    widget.view.setFocus()
    press(qtbot, widget.view, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    menu = widget.menu
    assert menu is not None and menu.objectName() == "factionContextMenu"
    texts = [a.text() for a in menu.actions()]
    assert "Move Up a Tier\tCtrl+Up" in texts
    assert "Move Right in the Row\tCtrl+Right" in texts
    later = next(a for a in menu.actions() if a.objectName() == "menuLater")
    later.trigger()
    assert window.session is not None
    assert window.session.campaign.factions.get(red.id).position == 1
    menu.close()


def test_enter_on_the_new_die_chip_awards_it_as_its_drop_on_the_table(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    table.new_die_size.setCurrentIndex(table.new_die_size.findData(8))
    assert table.new_die.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert "Enter" in table.new_die.toolTip()
    table.new_die.setFocus()
    press(qtbot, table.new_die, Qt.Key.Key_Return)
    new = dice(window)[-1]
    assert (new.size, new.place, len(dice(window))) == (8, "table", 5)
    assert window.undo_action.text().endswith("Award a new d8 to Kara Voss")
    window.undo_action.trigger()
    assert len(dice(window)) == 4


def test_ctrl_arrows_reorder_a_clock_as_its_drag_does(window: MainWindow, qtbot: QtBot) -> None:
    from tests.ui.docks import campaign_of, session_of
    from tests.ui.test_clocks_dock import show_clocks

    clocks = show_clocks(window)
    campaign = campaign_of(window)
    first = campaign.clocks.add("First", 4)
    campaign.clocks.add("Second", 4)
    third = campaign.clocks.add("Third", 4)
    board = clocks.board
    board.set_current(third.id)
    board.setFocus()
    ctrl = Qt.KeyboardModifier.ControlModifier
    names = lambda: [c.name for c in campaign.clocks.all()]  # noqa: E731
    press(qtbot, board, Qt.Key.Key_Left, ctrl)
    assert names() == ["First", "Third", "Second"]
    press(qtbot, board, Qt.Key.Key_Up, ctrl)
    # The drop of the third in front of the first (test_drag_reorders_within_a_group).
    assert names() == ["Third", "First", "Second"]
    press(qtbot, board, Qt.Key.Key_Left, ctrl)  # first already: nothing written
    assert session_of(window).undo_stack.count() == 2
    board.set_current(first.id)
    press(qtbot, board, Qt.Key.Key_Right, ctrl)
    assert names() == ["Third", "Second", "First"]
    assert board.current_id == first.id  # the clock moved stays picked
    stack = session_of(window).undo_stack
    for _ in range(3):
        stack.undo()
    assert names() == ["First", "Second", "Third"]


def test_ctrl_up_orders_tied_acts_as_their_drag_does(window: MainWindow, qtbot: QtBot) -> None:
    from desktop.ui.docks.syscards import SysCardsWidget
    from tests.ui.docks import campaign_of, shown_dock
    from tests.ui.test_syscards_dock import select

    campaign = campaign_of(window)
    campaign.cards.add("Kara Voss", "character", efficiency=40)
    twin = campaign.cards.add("Kara's twin", "character", efficiency=40)
    cards = shown_dock(window, "syscards", SysCardsWidget)
    challenge = cards.challenge
    for name in ("Kara Voss", twin.name):
        select(cards, name)
        challenge.add_button.click()
    challenge.set_values(0, velocity=0, forced_nr=0, throw=60)
    challenge.set_values(1, velocity=0, forced_nr=0, throw=60)
    outcome = challenge.resolve()
    assert outcome is not None and outcome.undecided
    ties = challenge.ties
    assert "Ctrl+Up" in ties.toolTip()
    ties.setFocus()
    ties.setCurrentRow(1)
    press(qtbot, ties, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    assert [ties.item(i).text() for i in range(ties.count())] == [twin.name, "Kara Voss"]
    assert ties.currentRow() == 0
    settled = challenge.confirm_ties()
    assert settled is not None and settled.order == (twin.name, "Kara Voss")
