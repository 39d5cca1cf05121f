"""A short game played through the Play dock and the Dice Table (issue 15): three
players and a party-wide condition over three rounds, the GM's award at a round's end,
a player going out of play and coming back, and End game growing one pool.

Rule lines cited: energy-system-dice-pool.txt (ES) and RULES.md section 2 (R2).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from pytestqt.qtbot import QtBot

from desktop.ui.docks.dice_table import DiceTableWidget
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


def _roll_two(window: MainWindow, table: DiceTableWidget, faces: list[int]) -> None:
    """On the Dice Table: the selected character puts two pool dice in the tray, rolls."""
    assert window.session is not None and table._character is not None
    pool = [d for d in window.session.campaign.kit.dice(table._character.id) if d.place == "pool"]
    for die in pool[: len(faces)]:
        table.toggle_tray(die.id)
    window.session.rng = ScriptedRng(faces)
    table.roll()


def _tick(play: PlayWidget, ids: list[int]) -> None:
    for character_id in ids:
        play.scene_editor.set_member(character_id, True)


def test_three_rounds_with_a_condition_an_award_out_of_play_and_growth(
    window: MainWindow, qtbot: QtBot
) -> None:
    assert window.session is not None
    session = window.session
    campaign = session.campaign
    ash = campaign.roster.add("Ash", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    cole = campaign.roster.add("Cole", "pc").id
    rain = campaign.roster.add("Cold Rain", "challenge").id
    bandit = campaign.roster.add("Bandit", "npc").id
    campaign.kit.add_dice(ash, size=6, count=3)
    campaign.kit.add_dice(bryn, size=6, count=3)
    campaign.kit.add_dice(cole, size=6, count=2)
    campaign.kit.add_dice(rain, size=12, count=5)
    campaign.kit.add_dice(bandit, size=6, count=1)
    campaign.kit.add_dice(bandit, size=6, count=1, place="table")
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    play = shown_dock(window, "play", PlayWidget)
    window.activateWindow()
    qtbot.waitActive(window)

    # -- Start game ----------------------------------------------------------------------
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    game = campaign.games.running()
    assert game is not None
    # R2 "A game": "Start records each character's pool size (ordinary dice in pool + on
    # the table)": the Bandit's depleted die counts.
    assert dict(game.started_with)[bandit] == 2
    assert dict(game.started_with)[bryn] == 3

    # The seating, dragged: Cole moves between Ash and Bryn (remembered per campaign).
    seats = play.turn_order.seats
    seats.model().moveRow(QModelIndex(), 2, QModelIndex(), 1)
    assert campaign.games.seating() == [ash, cole, bryn]

    # -- Round 1: the GM sets the scene ----------------------------------------------------
    # ES Play Order: "The Game Master (GM) starts play by setting the scene."
    qtbot.keyClicks(play.scene_editor.text, "A muddy road, cold rain falling")
    _tick(play, [rain])
    index = play.scene_editor.condition.findData(rain)
    play.scene_editor.condition.setCurrentIndex(index)
    qtbot.keyClick(play.scene_editor.text, Qt.Key.Key_Return)
    view = campaign.games.current()
    # ES Play Order: "Players take turns going clockwise from the GM": the seating.
    assert [seat.name for seat in view.order] == ["Ash", "Cole", "Bryn"]
    assert (view.scene_number, view.round, view.turn_name) == (1, 1, "Ash")
    assert view.condition_id == rain
    assert "Ash's turn" in play.game_bar.status.text()
    # Issue 15: "The Dice Table follows the turn".
    assert session.selected_character == ash

    # Ash declares one action and rolls two of her dice on the Dice Table.
    qtbot.keyClicks(play.turn_order.action, "Push the cart out of the mud")
    qtbot.keyClick(play.turn_order.action, Qt.Key.Key_Return)
    assert campaign.games.current().order[0].action == "Push the cart out of the mud"
    _roll_two(window, table, [4, 5])
    logged = campaign.rolls.all()[0]
    # Issue 15: "each roll is logged with the game, scene, round and turn as well as the
    # campaign day".
    assert (logged.game_id, logged.scene, logged.round, logged.turn) == (game.id, 1, 1, 1)
    assert logged.day == campaign.summary().current_day

    # The party-wide condition rolls once; everyone rolls against that one total.
    # ES Noncharacter Challenges: "If a condition is effecting the whole party, roll only
    # once per turn and the characters all try to beat the same difficulty."
    assert play.challenges.count.text() == "1"  # no earlier roll: one die is offered
    session.rng = ScriptedRng([2, 3, 4, 2, 5, 5, 6])  # Rain 2; Ash 7, Cole 7, Bryn 11
    qtbot.mouseClick(play.challenges.party_button, Qt.MouseButton.LeftButton)
    # ES: "If the player wins the challenge, they damage the challenge by removing die":
    # three winners, each by less than 10, remove one die each (R2 Conflict).
    assert _counts(window, rain) == (2, 0, 3)
    assert "against the party" in play.challenges.result.text()

    _key(window, qtbot, Qt.Key.Key_N)
    assert campaign.games.current().turn_name == "Cole"
    assert session.selected_character == cole
    _roll_two(window, table, [1, 4])  # R2 Depletion: the 1 goes to the table
    assert _counts(window, cole) == (1, 1, 0)
    _key(window, qtbot, Qt.Key.Key_N)
    assert campaign.games.current().turn_name == "Bryn"
    assert not play.turn_order.next_button.isEnabled()  # the round's turns are done

    # -- End of round 1: the GM's award ----------------------------------------------------
    # ES Storytelling: "At the end of a round ... the GM may award one depleted die from
    # NPC or noncharacter challenges to one of the players."
    assert "Bandit" in play.round_award.source.currentText()
    play.round_award.receiver.setCurrentIndex(play.round_award.receiver.findData(bryn))
    _key(window, qtbot, Qt.Key.Key_A)
    assert _counts(window, bryn) == (3, 1, 0)  # R2 Awards: it lands on the table
    assert _counts(window, bandit) == (1, 0, 0)
    view = campaign.games.current()
    # ES Play Order: "The order starts again with the GM updating the scene and then the
    # players clockwise from the GM."
    assert (view.round, view.turn_name) == (2, "Ash")
    assert all(not seat.action for seat in view.order)

    # -- Round 2: the condition puts Cole out of play ----------------------------------------
    # R2: "A non-character challenge offers the same number of dice it rolled last turn."
    assert play.challenges.count.text() == "1"
    play.challenges.count.setText("2")
    session.rng = ScriptedRng([8, 3, 3, 4, 3, 5, 6])  # Rain 11; Ash 7, Cole 3+1, Bryn 11+1
    qtbot.mouseClick(play.challenges.party_button, Qt.MouseButton.LeftButton)
    # R2 Conflict: "The loser loses 1 + (difference // 10) dice"; "Damage removes dice
    # from the pool first, then from the table."
    assert _counts(window, ash) == (2, 0, 1)
    assert _counts(window, cole) == (0, 1, 1)
    assert _counts(window, rain) == (1, 0, 4)  # Bryn won: the condition lost one more
    view = campaign.games.current()
    cole_seat = next(seat for seat in view.order if seat.character_id == cole)
    # R2 Out of play: "a character with no die left in its pool ... is out of play";
    # shown in words, not only by colour.
    assert cole_seat.state == "out_of_play"
    assert "out of play" in play.turn_order.seats.item(1).text()
    _key(window, qtbot, Qt.Key.Key_N)
    # Issue 15: "Out of play characters are marked in the turn order and skipped".
    assert campaign.games.current().turn_name == "Bryn"
    # R2: "skipping is one key": R ends the round with no award.
    _key(window, qtbot, Qt.Key.Key_R)
    assert campaign.games.current().round == 3
    assert _counts(window, bryn) == (3, 1, 0)  # no award was given

    # -- Round 3: Cole comes back, Bryn's tuple -------------------------------------------
    session.select_character(cole)
    table.rest(2)  # R2 Rest: "two hours of rest return one depleted die to the pool"
    view = campaign.games.current()
    assert next(s for s in view.order if s.character_id == cole).state == "in_play"
    _key(window, qtbot, Qt.Key.Key_N)
    assert campaign.games.current().turn_name == "Cole"  # back in the order, not skipped
    _key(window, qtbot, Qt.Key.Key_N)
    assert campaign.games.current().turn_name == "Bryn"
    _roll_two(window, table, [3, 3])
    # R2 Tuple: "one depleted die returns from the table to the pool".
    assert _counts(window, bryn) == (4, 0, 0)
    assert campaign.rolls.all()[0].turn == 3

    # -- End game ----------------------------------------------------------------------------
    qtbot.mouseClick(play.game_bar.end_button, Qt.MouseButton.LeftButton)
    [ended] = campaign.games.all()
    # ES Storytelling: "If the player ends the game with more dice in their dice pool than
    # they started with, they make the new number of dice their character's dice pool."
    # Ash lost a die and Cole rested back to one: only Bryn grew.
    assert ended.grown == ((bryn, 3, 4),)
    assert "Bryn 3 → 4" in play.game_bar.summary.text()
    assert campaign.games.running() is None
    assert play.game_bar.start_button.isEnabled()

    # Everything is one undo stack: End game undone, the game runs again; redone, ends.
    session.undo_stack.undo()
    assert campaign.games.running() is not None
    assert campaign.games.current().turn_name == "Bryn"
    session.undo_stack.redo()
    assert campaign.games.running() is None


def test_hostile_input_in_the_dock_gives_plain_messages(window: MainWindow, qtbot: QtBot) -> None:
    assert window.session is not None
    campaign = window.session.campaign
    campaign.roster.add("Ash", "pc")
    rain = campaign.roster.add("Cold Rain", "challenge").id
    play = shown_dock(window, "play", PlayWidget)
    problems: list[str] = []
    window.session.failed.connect(problems.append)
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    # An empty scene is refused where it is typed, and nothing is written.
    qtbot.keyClick(play.scene_editor.text, Qt.Key.Key_Return)
    assert "cannot be empty" in play.scene_editor.error.text()
    assert campaign.games.running().scenes == ()  # type: ignore[union-attr]
    _tick(play, [rain])
    qtbot.keyClicks(play.scene_editor.text, "A storm")
    qtbot.mouseClick(play.scene_editor.new_button, Qt.MouseButton.LeftButton)
    # A huge number or letters for the dice: the field says so, nothing is rolled.
    for typed in ("99999999999999999999", "lots", "-3"):
        play.challenges.count.setText(typed)
        qtbot.mouseClick(play.challenges.roll_button, Qt.MouseButton.LeftButton)
        assert play.challenges.result.text(), typed
        assert "Traceback" not in play.challenges.result.text()
    assert campaign.rolls.all() == []
    # The challenge has no dice yet: a plain message, no roll.
    play.challenges.count.setText("1")
    qtbot.mouseClick(play.challenges.roll_button, Qt.MouseButton.LeftButton)
    assert "no die in the pool" in play.challenges.result.text()
    assert campaign.rolls.all() == []
