"""The roll log during a game (issue 27, Play item 6), through the real store, the Dice
Table, the Play dock and the Roll Log dock.

RULES.md section 5 (R5): "Every roll-log line carries the campaign day, and the game,
scene, round and turn when one is running, beside the wall-clock time. A game is running
from Start game on: a roll before its first scene belongs to the game (scene, round and
turn empty). The Roll Log shows and exports these fields; its time is the wall clock,
labelled as such, beside the campaign day and date." and "A roll is logged when it is
made, whether or not its outcome is applied (a conflict rolled and then abandoned is
still in the log)."
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.roll_log import COLUMNS, RollLogWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from tests.ui.docks import shown_dock
from tests.ui.scripted import ScriptedRng

CLICK = Qt.MouseButton.LeftButton


def _roll_one(window: MainWindow, qtbot: QtBot, table: DiceTableWidget, face: int) -> None:
    """The selected character puts one pool die in the tray and clicks Roll."""
    assert window.session is not None and table._character is not None
    die = next(
        d
        for d in window.session.campaign.kit.dice(table._character.id)
        if d.place == "pool" and d.kind == "ordinary"
    )
    table.toggle_tray(die.id)
    window.session.rng = ScriptedRng([face])
    qtbot.mouseClick(table.roll_button, CLICK)


def _shown(log: RollLogWidget, row: int) -> dict[str, str]:
    record = log.model.records[row]
    return {name: log.model.cell(record, c) for c, name in enumerate(COLUMNS)}


def test_rolls_in_a_game_show_and_export_its_game_scene_round_and_turn(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    assert window.session is not None
    session = window.session
    campaign = session.campaign
    ash = campaign.roster.add("Ash", "pc").id
    campaign.kit.add_dice(ash, count=4)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    play = shown_dock(window, "play", PlayWidget)
    session.select_character(ash)
    _roll_one(window, qtbot, table, 5)  # before any game
    qtbot.mouseClick(play.game_bar.start_button, CLICK)
    game = campaign.games.running()
    assert game is not None
    _roll_one(window, qtbot, table, 4)  # after Start game, before the first scene
    qtbot.keyClicks(play.scene_editor.text, "A ford")
    qtbot.keyClick(play.scene_editor.text, Qt.Key.Key_Return)
    session.select_character(ash)
    _roll_one(window, qtbot, table, 3)  # scene 1, round 1, Ash's turn (1)

    newest, before_scene, outside = campaign.rolls.all()
    # R5: "a roll before its first scene belongs to the game (scene, round and turn empty)".
    assert (before_scene.game_id, before_scene.scene, before_scene.round) == (game.id, None, None)
    assert (newest.game_id, newest.scene, newest.round, newest.turn) == (game.id, 1, 1, 1)
    assert outside.game_id is None

    log = shown_dock(window, "rollLog", RollLogWidget)
    log.reload()
    # R5: "its time is the wall clock, labelled as such, beside the campaign day and date".
    assert COLUMNS[:2] == ("Campaign day", "Wall clock")
    shown = _shown(log, 0)
    assert shown["Campaign day"] == "Day 1 · Sun 01 Mar 2026"
    assert shown["Wall clock"] == newest.at.replace("T", " ")
    assert shown["In game"] == f"Game {game.id} · scene 1 · round 1 · turn 1"
    assert _shown(log, 1)["In game"] == f"Game {game.id}"
    assert _shown(log, 2)["In game"] == ""

    out = tmp_path / "log.csv"
    log.export_csv(out)
    with out.open(encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        lines = list(reader)
        header = list(reader.fieldnames or [])
    assert {"Campaign day", "Wall clock", "Game", "Scene", "Round", "Turn", "Day"} <= set(header)
    assert [(r["Game"], r["Scene"], r["Round"], r["Turn"]) for r in lines] == [
        (str(game.id), "1", "1", "1"),
        (str(game.id), "", "", ""),
        ("", "", "", ""),
    ]


def _rolled_conflict(window: MainWindow, qtbot: QtBot) -> tuple[DiceTableWidget, int]:
    """Kara rolls a conflict against a thug on the Dice Table; nothing is applied."""
    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara", "pc").id
    thug = campaign.roster.add("Thug", "npc").id
    campaign.kit.add_dice(kara, count=3)
    campaign.kit.add_dice(thug, count=3)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    window.session.select_character(kara)
    table.set_opponent(thug)
    table.toggle_tray(campaign.kit.dice(kara)[0].id)
    table.toggle_tray(campaign.kit.dice(thug)[0].id)
    window.session.rng = ScriptedRng([5, 2])
    qtbot.mouseClick(table.roll_button, CLICK)
    assert table.has_unapplied_conflict()
    return table, thug


def test_a_conflict_rolled_and_set_aside_is_in_the_log(window: MainWindow, qtbot: QtBot) -> None:
    assert window.session is not None
    session = window.session
    campaign = session.campaign
    window.activateWindow()
    qtbot.waitActive(window)
    table, thug = _rolled_conflict(window, qtbot)
    bryn = campaign.roster.add("Bryn", "pc").id
    campaign.kit.add_dice(bryn, count=2)
    dice = {c.id: campaign.kit.dice(c.id) for c in campaign.roster.all()}
    steps = session.undo_stack.count()
    # Kara's conflict is rolled; the GM gives the next player the turn (N), and the Dice
    # Table follows Bryn: Kara's conflict is set aside, and the log keeps it.
    play = shown_dock(window, "play", PlayWidget)
    qtbot.mouseClick(play.game_bar.start_button, CLICK)
    qtbot.keyClicks(play.scene_editor.text, "An alley")
    qtbot.keyClick(play.scene_editor.text, Qt.Key.Key_Return)
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_N)
    assert session.selected_character == bryn
    [line] = campaign.rolls.all()
    assert line.kind == "conflict" and line.detail["applied"] is False
    assert "Kara 5 against Thug 2" in line.summary and "Not applied" in line.summary
    assert line.game_id is not None  # rolled in the game, logged when set aside
    # No die moved, and only the game's steps joined the undo stack.
    assert {c.id: campaign.kit.dice(c.id) for c in campaign.roster.all()} == dice
    assert all(
        session.undo_stack.text(i) in {"Start game", "Set the scene", "Next turn"}
        for i in range(steps, session.undo_stack.count())
    )
    # Bryn rolls a conflict and the GM discards it: in the log too.
    table.set_opponent(thug)
    table.toggle_tray(campaign.kit.dice(bryn)[0].id)  # the Thug's die is still in its tray
    session.rng = ScriptedRng([1, 6])
    qtbot.mouseClick(table.roll_button, CLICK)
    assert table.has_unapplied_conflict()
    qtbot.mouseClick(table.conflict_box.discard_button, CLICK)
    newest, _kara = campaign.rolls.all()
    assert "Bryn 1 against Thug 6" in newest.summary and "discarded" in newest.summary


def test_quitting_with_an_unapplied_conflict_asks_first(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.session is not None
    path = window.session.campaign.path
    _rolled_conflict(window, qtbot)
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes]
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    window.activateWindow()
    qtbot.waitActive(window)
    quit_key = (Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.focusWidget() or window, *quit_key)
    assert "not applied" in asked[0]
    assert window.isVisible()  # Cancel: the window and its conflict stay
    assert window.session is not None
    assert window.session.campaign.rolls.all() == []
    qtbot.keyClick(window.focusWidget() or window, *quit_key)
    assert not window.isVisible()  # Quit anyway: the roll stays in the log
    assert len(asked) == 2
    reopened = Campaign.open(path, data_dir=window.data_dir)
    try:
        [line] = reopened.rolls.all()
        assert "Not applied: the campaign was closed" in line.summary
    finally:
        reopened.close()
