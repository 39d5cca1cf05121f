"""A value the checks would refuse that gets past the open (a file GM Desk trusts, then
changed by another program) reaches no view as an exception: the view shows the record
as damaged, in plain words, and points to File > Check Campaign."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop.store import Campaign, DamagedRecord, Topic, trust
from desktop.store.errors import CampaignRefused
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow
from tests.bad_files import whole_campaign


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


# Values another program writes into a campaign GM Desk has open: each broke a view
# (a traceback into Qt) when a change or a selection made it read them again.
WRITTEN_WHILE_OPEN = {
    "character kind": "UPDATE character SET kind = 'bogus'",
    "character name": "UPDATE character SET name = ''",
    "faction tier": "UPDATE faction SET tier = 99",
    "faction status": "UPDATE faction SET status = 9",
    "chapter coin": "UPDATE chapter SET coin = -5",
    "chapter tier": "UPDATE chapter SET tier = 'high'",
    "card efficiency": "UPDATE card SET efficiency = 500",
    "energy day": "UPDATE energy_day SET state = '{\"what\": 1}'",
    "roll total": "UPDATE roll_log SET total = 'lots'",
    "start date": "UPDATE campaign SET start_date = 'the day the sky fell'",
    "settings": "UPDATE campaign SET settings = '{not json'",
    "game state": "UPDATE game SET state = 'x'",
}


@pytest.fixture(scope="module")
def whole_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return whole_campaign(tmp_path_factory.mktemp("whole")).read_bytes()


@pytest.mark.parametrize("value", WRITTEN_WHILE_OPEN)
def test_a_value_written_while_open_is_told_plainly_never_raised(
    value: str,
    whole_bytes: bytes,
    make_window: Callable[[], MainWindow],
    qtbot: QtBot,
    tmp_path: Path,
    data_dir: Path,
) -> None:
    path = tmp_path / "campaigns" / "Harbour Nights.gmdesk"
    path.parent.mkdir()
    path.write_bytes(whole_bytes)
    window = make_window()
    assert window.open_campaign(path, interactive=False)
    qtbot.waitUntil(window.is_ready)
    for panel in window.panels:
        panel.content()  # every dock built, each reading the campaign
    window.player_display.open()  # and the players' screen
    session = window.session
    assert session is not None

    _written_by_another_program(path, WRITTEN_WHILE_OPEN[value])
    for topic in Topic:
        session.changed.emit(str(topic))
    for character in session.campaign.roster.all():
        session.select_character(character.id)
    qtbot.wait(20)  # any exception raised into Qt fails the test here

    message = window.statusBar().currentMessage()
    assert "“Harbour Nights.gmdesk” holds a record GM Desk cannot use" in message, message
    assert "File > Check Campaign" in message
    assert "Traceback" not in message and "Error" not in message
    boxes = [box for box in window.findChildren(QMessageBox) if box.objectName() == "problemBox"]
    assert len(boxes) == 1  # told once, not once per view
    window.close_campaign()
    # Not trusted as GM Desk's own at the next open: every value is checked again.
    assert not trust.is_trusted(path, data_dir)
    with pytest.raises(CampaignRefused):
        Campaign.open(path, data_dir=data_dir).close()


def test_an_export_meeting_a_damaged_die_writes_nothing_and_says_why(
    window: MainWindow, campaign_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The export wrote a die of size 7 into a document the import then refuses; it now
    reads the die as damaged, and says so."""
    from PySide6.QtWidgets import QFileDialog

    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara Voss", "pc")
    die = campaign.kit.add_dice(kara.id, size=6, count=1)[0]
    _written_by_another_program(campaign_path, "UPDATE die SET size = 7")
    exported = tmp_path / "export.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(exported), ""))

    window.export_json()

    assert not exported.exists()
    assert not [leftover for leftover in tmp_path.iterdir() if "partial" in leftover.name]
    message = window.statusBar().currentMessage()
    assert message.startswith(f"Nothing was exported. Die {die.id} of Kara Voss is damaged"), (
        message
    )
    assert "File > Check Campaign" in message
