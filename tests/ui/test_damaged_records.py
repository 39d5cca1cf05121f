"""A value the checks would refuse that gets past the open (a file GM Desk trusts, then
changed by another program) reaches no view as an exception: the view shows the record
as damaged, in plain words, and points to File > Check Campaign."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.store import DamagedRecord
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow


def _dice_table(window: MainWindow) -> DiceTableWidget:
    for panel in window.panels:
        content = panel.content()
        if isinstance(content, DiceTableWidget):
            return content
    raise AssertionError("no Dice Table dock")


def _written_by_another_program(path: Path, statement: str) -> None:
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("PRAGMA ignore_check_constraints=ON")
        connection.execute(statement)


def test_a_die_of_size_7_shows_as_damaged_in_the_dice_table(
    window: MainWindow, qtbot: QtBot, campaign_path: Path
) -> None:
    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara Voss", "pc")
    dice = campaign.kit.add_dice(kara.id, size=6, count=3)
    qtbot.waitUntil(window.is_ready)
    table = _dice_table(window)

    _written_by_another_program(campaign_path, f"UPDATE die SET size = 7 WHERE id = {dice[1].id}")
    window.session.select_character(kara.id)  # the table reads Kara's dice
    campaign.kit.add_trait(kara.id, "Harbour-wise", value=2, broad=True)  # and again
    qtbot.wait(50)  # any exception raised into Qt fails the test here

    note = table.damage_label
    assert note.isVisible()
    text = note.text()
    assert f"Die {dice[1].id} of Kara Voss is damaged" in text, text
    assert "Die size must be one of 4, 6, 8, 10, 12, 20, not 7." in text
    assert "File > Check Campaign" in text
    assert "Traceback" not in text and "ValueError" not in text
    assert table.name_label.text() == "Kara Voss"
    assert not table.roll_button.isEnabled()

    with pytest.raises(DamagedRecord):
        campaign.kit.dice(kara.id)
    # Mended from outside again: the table shows the dice and no note.
    _written_by_another_program(campaign_path, "UPDATE die SET size = 6")
    campaign.kit.add_trait(kara.id, "Quick", value=1, broad=False)
    qtbot.waitUntil(lambda: not table.damage_label.isVisible())
    assert len(table._dice) == 3


def test_a_damaged_die_shows_in_the_character_kit_and_a_conflict_says_so(
    window: MainWindow, qtbot: QtBot, campaign_path: Path
) -> None:
    from desktop.ui.docks.roster import RosterWidget

    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara Voss", "pc")
    ilian = campaign.roster.add("Brother Ilian", "npc")
    campaign.kit.add_dice(kara.id, size=6, count=2)
    bad = campaign.kit.add_dice(ilian.id, size=8, count=2)[0]
    qtbot.waitUntil(window.is_ready)
    roster = next(p.content() for p in window.panels if isinstance(p.content(), RosterWidget))
    assert isinstance(roster, RosterWidget)
    kit = roster.form.kit

    _written_by_another_program(campaign_path, f"UPDATE die SET kind = 'bogus' WHERE id = {bad.id}")
    window.session.select_character(ilian.id)
    kit.show_character(ilian.id)
    qtbot.wait(50)
    assert not kit.damage_label.isHidden()  # its tab is not the one shown
    assert f"Die {bad.id} of Brother Ilian is damaged" in kit.damage_label.text()

    # Kara against Ilian: the table reads Ilian's dice as the opponent's.
    window.session.select_character(kara.id)
    table = _dice_table(window)
    qtbot.mouseClick(table.conflict_button, Qt.MouseButton.LeftButton)
    assert table.conflict_box.set_opponent(ilian.id)
    qtbot.wait(50)
    assert table.conflict_box.opponent_dice == []
    message = window.statusBar().currentMessage()
    assert f"Die {bad.id} of Brother Ilian is damaged" in message, message
    assert "File > Check Campaign" in message
    assert not table.damage_label.isVisible()  # Kara's own dice are sound
