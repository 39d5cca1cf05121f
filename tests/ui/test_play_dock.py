"""The Play dock's own behaviour (issue 15): the final condition of a character out for
good, undo of each step, and a game resumed when the campaign is opened again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from tests.ui.docks import campaign_of, shown_dock


def _game(window: MainWindow, qtbot: QtBot) -> tuple[PlayWidget, int, int]:
    campaign = campaign_of(window)
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    campaign.kit.add_dice(ash, size=6, count=2)
    campaign.kit.add_dice(bryn, size=6, count=2)
    play = shown_dock(window, "play", PlayWidget)
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(play.scene_editor.text, "The bridge at dusk")
    qtbot.keyClick(play.scene_editor.text, Qt.Key.Key_Return)
    return play, ash, bryn


def test_out_for_good_leaves_the_order_and_its_final_condition_is_recorded(
    window: MainWindow, qtbot: QtBot
) -> None:
    play, ash, bryn = _game(window, qtbot)
    assert window.session is not None
    campaign = window.session.campaign
    campaign.kit.update_dice([replace(d, place="removed") for d in campaign.kit.dice(bryn)])
    # RULES.md s.2 Out of play: "one with no die anywhere is out of play for good and the
    # GM records its final condition".
    assert play.turn_order.seats.count() == 1
    assert "Ash" in play.turn_order.seats.item(0).text()
    assert "Bryn" in play.turn_order.gone.text()
    assert play.turn_order.final.isVisibleTo(play)
    qtbot.keyClicks(play.turn_order.final_text, "Swept away by the river")
    qtbot.keyClick(play.turn_order.final_text, Qt.Key.Key_Return)
    assert campaign.roster.get(bryn).notes == "Final condition: Swept away by the river"
    window.session.undo_stack.undo()
    assert campaign.roster.get(bryn).notes == ""
    assert campaign.roster.get(ash).notes == ""


def test_every_step_undoes_and_a_reopened_campaign_resumes(
    window: MainWindow, qtbot: QtBot, make_window: Callable[[], MainWindow]
) -> None:
    play, ash, bryn = _game(window, qtbot)
    assert window.session is not None
    session = window.session
    qtbot.mouseClick(play.turn_order.next_button, Qt.MouseButton.LeftButton)
    assert session.campaign.games.current().turn_of == bryn
    assert session.selected_character == bryn
    session.undo_stack.undo()  # Next turn
    assert session.campaign.games.current().turn_of == ash
    session.undo_stack.redo()
    # Undo back to before Start game: no game at all; redo all of it.
    steps = session.undo_stack.index()
    session.undo_stack.setIndex(0)
    assert session.campaign.games.all() == []
    assert play.game_bar.start_button.isEnabled()
    session.undo_stack.setIndex(steps)
    assert session.campaign.games.current().turn_of == bryn
    qtbot.mouseClick(play.turn_order.end_round_button, Qt.MouseButton.LeftButton)
    assert session.campaign.games.current().round == 2
    shown = play.game_bar.status.text()
    path = session.campaign.path
    window.close()
    again = make_window()
    assert again.open_campaign(path, interactive=False)
    resumed = shown_dock(again, "play", PlayWidget)
    # Issue 15: "A game survives a crash or a closed window: reopening resumes it."
    assert resumed.game_bar.status.text() == shown == "Scene 1 · Round 2 · Ash's turn"
    assert resumed.scene_editor.text.text() == "The bridge at dusk"


def test_the_turn_order_draws_its_rows_at_once(qtbot: QtBot) -> None:
    """The rows of the turn order are drawn when shown, not only after a later resize
    (its model once held its signals while filled, and the view drew an empty list)."""
    from PySide6.QtGui import QColor, QImage

    from desktop.store import PlayView, Seat
    from desktop.ui.play.turn_order import TurnOrder

    order = TurnOrder()
    qtbot.addWidget(order)
    order.resize(300, 260)
    order.show()
    qtbot.waitExposed(order)
    seats = tuple(
        Seat(character_id=n, name=name, state="in_play", state_words="in play", turn=n)
        for n, name in enumerate(("Kara Voss", "Brother Ilian", "Mira Threnody"), start=1)
    )
    order.show_view(
        PlayView(game_id=1, scene_number=1, round=1, turn=2, turn_of=2, order=seats), True
    )
    image = order.seats.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    base = QColor(image.pixel(image.width() - 2, image.height() - 2)).lightness()
    inked = sum(
        1
        for y in range(0, min(image.height(), 60))
        for x in range(0, image.width(), 2)
        if abs(QColor(image.pixel(x, y)).lightness() - base) > 80
    )
    assert order.seats.count() == 3
    assert inked > 50, "the turn order was drawn empty"


def test_start_game_waits_for_a_player_character(window: MainWindow, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    play = shown_dock(window, "play", PlayWidget)
    start = play.game_bar.start_button
    assert not start.isEnabled()
    assert start.toolTip() == "There is no player character to play: add one to the roster first."
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    assert campaign.games.current().game_id is None
    campaign.roster.add("Old Hollis", "npc")
    assert not start.isEnabled()
    campaign.roster.add("Ash", "pc")
    assert start.isEnabled()
    assert start.toolTip() == "Record every character's pool size and begin play."
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    assert campaign.games.current().game_id is not None
