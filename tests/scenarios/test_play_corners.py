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

from desktop.store.games import ROUND_MAX
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


def _start_with_condition(window: MainWindow, qtbot: QtBot, condition: int) -> PlayWidget:
    """Start game, set a scene with `condition` in it and made its party-wide condition."""
    play = _start(window, qtbot, "Cold rain on the pass", [condition])
    play.scene_editor.condition.setCurrentIndex(play.scene_editor.condition.findData(condition))
    qtbot.mouseClick(play.scene_editor.update_button, Qt.MouseButton.LeftButton)
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
    play = _start_with_condition(window, qtbot, rain)
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


def test_an_award_with_a_round_that_cannot_end_leaves_everything_as_it_was(
    window: MainWindow, qtbot: QtBot
) -> None:
    """R2 Play order: "At a round's end the app offers the GM's award of one depleted die
    ... to a player". The award and the end of the round are one step: when the round
    cannot end, the die has not moved and the undo stack matches the campaign."""
    assert window.session is not None
    session = window.session
    campaign = session.campaign
    ash = campaign.roster.add("Ash", "pc").id
    bandit = campaign.roster.add("Bandit", "npc").id
    campaign.kit.add_dice(ash, count=2)
    campaign.kit.add_dice(bandit, count=1, place="table")
    play = _start(window, qtbot, "An ambush", [bandit])
    # A scene that has run its rounds (a long one, or a file another program wrote).
    game = campaign.games.running()
    assert game is not None
    campaign.games.put(replace(game, round=ROUND_MAX))
    steps = session.undo_stack.count()
    dice_before = {c: campaign.kit.dice(c) for c in (ash, bandit)}
    play.round_award.receiver.setCurrentIndex(play.round_award.receiver.findData(ash))
    assert "Bandit" in play.round_award.source.currentText()
    qtbot.mouseClick(play.round_award.award_button, Qt.MouseButton.LeftButton)
    assert {c: campaign.kit.dice(c) for c in (ash, bandit)} == dice_before
    assert campaign.games.current().round == ROUND_MAX
    assert session.undo_stack.count() == steps

    # A round that can end: the award and the end are one undo step, undone together.
    campaign.games.put(replace(game, round=3))
    qtbot.mouseClick(play.round_award.award_button, Qt.MouseButton.LeftButton)
    assert _counts(window, ash) == (2, 1, 0)
    assert _counts(window, bandit) == (0, 0, 0)
    assert campaign.games.current().round == 4
    assert session.undo_stack.count() == steps + 1
    session.undo_stack.undo()
    assert {c: campaign.kit.dice(c) for c in (ash, bandit)} == dice_before
    assert campaign.games.current().round == 3
    session.undo_stack.redo()
    assert _counts(window, ash) == (2, 1, 0)
    assert campaign.games.current().round == 4


def test_end_game_grows_pools_and_takes_the_boosts_back_as_one_step(
    window: MainWindow, qtbot: QtBot
) -> None:
    """R2 "A game": "N = max(S, ordinary dice in the pool at the end) ... End game then
    makes the character's ordinary dice in pool + on the table at most N, taking the
    surplus off the table ... The summary names who grew (S -> N) and whose boosts went
    back, and End game is one undo step." """
    assert window.session is not None
    session = window.session
    campaign = session.campaign
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    campaign.kit.add_dice(ash, count=8)
    campaign.kit.add_dice(bryn, count=3)
    play = _start(window, qtbot, "The long road", [])
    # During the game: one of Ash's dice depletes, and two are awarded to her table;
    # Bryn's tuple brings an awarded die into the pool (it counts: Bryn grows 3 -> 4).
    first = campaign.kit.dice(ash)[0]
    campaign.kit.update_dice([replace(first, place="table")])
    campaign.kit.add_dice(ash, count=2, place="table")
    campaign.kit.add_dice(bryn, count=1, place="pool")
    assert _counts(window, ash) == (7, 3, 0)
    before = {c: campaign.kit.dice(c) for c in (ash, bryn)}
    steps = session.undo_stack.count()
    qtbot.mouseClick(play.game_bar.end_button, Qt.MouseButton.LeftButton)
    # Ash: S = 8, 7 in the pool: N = 8; 7 + 3 on the table is 10, two taken back.
    assert _counts(window, ash) == (7, 1, 0)
    assert _counts(window, bryn) == (4, 0, 0)
    [ended] = campaign.games.all()
    assert ended.grown == ((bryn, 3, 4),)
    summary = play.game_bar.summary.text()
    assert "Bryn 3 → 4" in summary
    assert "Ash 2 dice" in summary and "went back" in summary
    assert session.undo_stack.count() == steps + 1
    # Rest cannot bring the taken dice back: they are gone, not removed by damage.
    assert sum(1 for d in campaign.kit.dice(ash) if d.place == "removed") == 0

    session.undo_stack.undo()
    assert {c: campaign.kit.dice(c) for c in (ash, bryn)} == before
    assert campaign.games.running() is not None
    session.undo_stack.redo()
    assert _counts(window, ash) == (7, 1, 0)
    assert campaign.games.running() is None


def test_a_party_wide_all_ones_waits_for_the_players_choice(
    window: MainWindow, qtbot: QtBot
) -> None:
    """R2: "a character who rolls all ones there makes the all-ones choice like any other
    roll (the player chooses, and which die)"; All-ones tuple: "(b) one rolled die is
    removed (damage) and the rest return to the pool"."""
    assert window.session is not None
    session = window.session
    campaign = session.campaign
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    rain = campaign.roster.add("Cold Rain", "challenge").id
    small, large = campaign.kit.add_dice(ash, count=1) + campaign.kit.add_dice(ash, size=8)
    campaign.kit.add_dice(ash, count=1)
    campaign.kit.add_dice(bryn, count=2)
    campaign.kit.add_dice(rain, size=4, count=3)
    play = _start_with_condition(window, qtbot, rain)
    dice_before = {c: campaign.kit.dice(c) for c in (ash, bryn, rain)}
    # Rain 2 (its one die), Ash 1 and 1 (all ones), Bryn 3 + 4.
    session.rng = ScriptedRng([2, 1, 1, 3, 4])
    qtbot.mouseClick(play.challenges.party_button, Qt.MouseButton.LeftButton)
    choice = play.challenges.all_ones
    assert choice.isVisible()
    assert "Ash" in choice.label.text()
    # Nothing is written, and nothing can be undone, until the player has chosen.
    assert campaign.rolls.all() == []
    assert {c: campaign.kit.dice(c) for c in (ash, bryn, rain)} == dice_before
    assert not session.undo_stack.isActive()
    # The rules suggest losing the smaller die; the player loses the d8 instead.
    choice.lose_die_combo.setCurrentIndex(choice.lose_die_combo.findData(large.id))
    qtbot.mouseClick(choice.lose_button, Qt.MouseButton.LeftButton)
    assert not choice.isVisible()
    assert session.undo_stack.isActive()
    [line] = campaign.rolls.all()
    ash_side = line.detail["against_party"][0]  # type: ignore[index]
    assert (ash_side["choice"], ash_side["chosen"]) == ("lose_one", large.id)
    assert "Ash 2 (all ones, lost a d8 and the rest went back to the pool)" in line.summary
    places = {d.id: d.place for d in campaign.kit.dice(ash)}
    assert places[large.id] == "removed"
    # Ash 2 against Rain 2: a tie, no damage; the other rolled die is back in the pool.
    assert places[small.id] == "pool"
    assert play.challenges.result.text() == line.summary
