"""Corners of a game at the table (issue 27, Play): the turn after a player leaves the
order, two characters of one name, the GM's award when the round cannot end, End game
taking awarded dice back, and a party-wide all-ones choice. Each goes through the real
store and the real Play dock.

Rule lines cited: RULES.md section 2 (R2).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from tests.ui.docks import shown_dock
from tests.ui.scripted import ScriptedRng


def _counts(window: MainWindow, character_id: int) -> tuple[int, int, int]:
    assert window.session is not None
    return window.session.campaign.kit.dice_counts()[character_id]


def _key(window: MainWindow, qtbot: QtBot, key: Qt.Key) -> None:
    """One key press, where the GM's focus is (the dock's keys work window-wide)."""
    qtbot.keyClick(window.focusWidget() or window, key)


def _start(window: MainWindow, qtbot: QtBot, scene: str, members: list[int]) -> PlayWidget:
    """Start game and set a scene with `members` ticked, as the GM clicks and types."""
    play = shown_dock(window, "play", PlayWidget)
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    for character_id in members:
        play.scene_editor.set_member(character_id, True)
    qtbot.keyClicks(play.scene_editor.text, scene)
    qtbot.keyClick(play.scene_editor.text, Qt.Key.Key_Return)
    return play


def test_the_turn_moves_on_from_the_seat_of_a_player_who_left(
    window: MainWindow, qtbot: QtBot
) -> None:
    """R2 Play order: "each player, clockwise from the GM in seating order, declares one
    action"; Out of play: "one with no die anywhere is out of play for good". The turn
    goes on to the seat after the one who left, not back to the first."""
    assert window.session is not None
    campaign = window.session.campaign
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    cole = campaign.roster.add("Cole", "pc").id
    campaign.kit.add_dice(ash, count=2)
    [last] = campaign.kit.add_dice(bryn, count=1)
    campaign.kit.add_dice(cole, count=2)
    play = _start(window, qtbot, "A rope bridge", [])
    assert campaign.games.current().turn_name == "Ash"
    _key(window, qtbot, Qt.Key.Key_N)
    assert campaign.games.current().turn_name == "Bryn"
    # On Bryn's turn the last die of the pool is lost: Bryn leaves the order for good.
    campaign.kit.update_dice([replace(last, place="removed")])
    assert [s.name for s in campaign.games.current().order] == ["Ash", "Cole"]
    assert play.turn_order.next_button.isEnabled()
    _key(window, qtbot, Qt.Key.Key_N)
    view = campaign.games.current()
    assert view.turn_name == "Cole", "the turn went back to the first seat"
    assert not play.turn_order.next_button.isEnabled()  # Cole was the round's last
    assert "Cole" in play.turn_order.action_label.text()
    assert campaign.games.seating() == [ash, bryn, cole]


def test_two_characters_of_one_name_each_roll_against_the_party_wide_condition(
    window: MainWindow, qtbot: QtBot
) -> None:
    """R2: "Characters are told apart by id, never by name: two may share a name." A
    party-wide condition: "every character in the scene rolls against that one total"."""
    assert window.session is not None
    session = window.session
    campaign = session.campaign
    first = campaign.roster.add("Ash", "pc").id
    second = campaign.roster.add("Ash", "pc").id
    rain = campaign.roster.add("Cold Rain", "challenge").id
    campaign.kit.add_dice(first, count=2)
    campaign.kit.add_dice(second, count=2)
    campaign.kit.add_dice(rain, size=12, count=3)
    play = _start(window, qtbot, "Cold rain on the pass", [rain])
    play.scene_editor.condition.setCurrentIndex(play.scene_editor.condition.findData(rain))
    qtbot.mouseClick(play.scene_editor.update_button, Qt.MouseButton.LeftButton)
    assert campaign.games.current().condition_id == rain
    # Rain 6; the first Ash 2 + 3 = 5 loses a die, the second 4 + 5 = 9 wins.
    session.rng = ScriptedRng([6, 2, 3, 4, 5])
    qtbot.mouseClick(play.challenges.party_button, Qt.MouseButton.LeftButton)
    [line] = campaign.rolls.all()
    sides = line.detail["against_party"]
    assert [side["character_id"] for side in sides] == [first, second]  # type: ignore[index]
    assert [side["total"] for side in sides] == [5, 9]  # type: ignore[index]
    assert _counts(window, first) == (1, 0, 1)
    assert _counts(window, second) == (2, 0, 0)
    assert _counts(window, rain) == (2, 0, 1)
    assert "There is no die" not in play.challenges.result.text()
