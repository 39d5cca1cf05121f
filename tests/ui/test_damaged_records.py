"""A value the checks would refuse that gets past the open (a file GM Desk trusts, then
changed by another program) reaches no view as an exception: the view shows the record
as damaged, in plain words, and points to File > Check Campaign."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
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
