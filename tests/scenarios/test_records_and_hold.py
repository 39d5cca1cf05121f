"""RULES.md section 5, Records, and section 4, Losing hold, through the store and the
Roll Log, Chapter and Faction Ladder docks."""

from __future__ import annotations

import csv
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.store.exchange import export_campaign, import_campaign
from desktop.ui.docks.chapter import ChapterWidget
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.faction_ladder import FactionLadderWidget
from desktop.ui.docks.roll_log import RollLogWidget
from desktop.ui.image_check import image_decodes
from desktop.ui.main_window import MainWindow
from tests.ui.docks import shown_dock
from tests.ui.scripted import ScriptedRng

_LEFT = Qt.MouseButton.LeftButton


def test_every_roll_log_line_carries_the_campaign_day(
    window: MainWindow, tmp_path: Path, data_dir: Path
) -> None:
    """ "Every roll-log line carries the campaign day ... beside the wall-clock time.\""""
    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara", "pc")
    campaign.kit.add_dice(kara.id, size=6, count=2)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    window.session.select_character(kara.id)
    campaign.calendar.end_day()
    campaign.calendar.end_day()  # day 3
    die = campaign.kit.dice(kara.id)[0]
    table.toggle_tray(die.id)
    window.session.rng = ScriptedRng([4])
    table.roll()
    [line] = campaign.rolls.all()
    assert line.day == 3
    log = shown_dock(window, "rollLog", RollLogWidget)
    log.reload()
    assert log.model.cell(log.model.records[0], 0).startswith("Day 3 · ")
    out = tmp_path / "log.csv"
    log.export_csv(out)
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0][-1] == "Day" and rows[1][-1] == "3"
    # The day travels with the campaign's JSON export and import.
    exported = tmp_path / "out.json"
    export_campaign(campaign, exported)
    imported = import_campaign(
        exported, tmp_path / "again.gmdesk", data_dir=data_dir, images=image_decodes
    )
    try:
        assert imported.rolls.all()[0].day == 3
    finally:
        imported.close()


def test_the_chapter_loses_hold_down_to_the_lair_under_threat(
    window: MainWindow, qtbot: QtBot
) -> None:
    """ "Losing hold is an action on the chapter and on every faction ...: strong -> weak;
    weak -> one tier lower, still weak. A tier-0 weak chapter that loses hold gets a
    visible 'lair under threat' mark until the GM clears it.\""""
    assert window.session is not None
    campaign = window.session.campaign
    campaign.chapter.update(tier=1, hold="strong")
    dock = shown_dock(window, "chapter", ChapterWidget)
    sheet = dock.sheet
    assert not sheet.threat_row.isVisibleTo(sheet)
    for expected in ((1, "weak"), (0, "weak")):
        qtbot.mouseClick(sheet.lose_hold_button, _LEFT)
        chapter = campaign.chapter.get()
        assert (chapter.tier, chapter.hold) == expected
        assert not chapter.lair_threatened
    qtbot.mouseClick(sheet.lose_hold_button, _LEFT)
    assert campaign.chapter.get().lair_threatened
    assert (campaign.chapter.get().tier, campaign.chapter.get().hold) == (0, "weak")
    assert sheet.threat_row.isVisibleTo(sheet)
    assert "Lair under threat" in sheet.lair_threat.text()  # in words
    # Nothing is left to lose while the lair is marked: no undo step that changes nothing.
    assert not sheet.lose_hold_button.isEnabled()
    window.session.undo_stack.undo()
    assert not campaign.chapter.get().lair_threatened
    assert sheet.lose_hold_button.isEnabled()
    window.session.undo_stack.redo()
    qtbot.mouseClick(sheet.clear_threat_button, _LEFT)
    assert sheet.lose_hold_button.isEnabled()  # losing again marks the lair again
    assert not campaign.chapter.get().lair_threatened
    assert not sheet.threat_row.isVisibleTo(sheet)


def test_a_faction_loses_hold_from_the_ladder(window: MainWindow) -> None:
    """ "Losing hold is an action ... on every faction (an operation against it, a lost
    war)\""""
    assert window.session is not None
    campaign = window.session.campaign
    sashes = campaign.factions.add("Red Sashes", tier=2, hold="strong")
    campaign.factions.add("Lampblacks", tier=1)
    ladder = shown_dock(window, "faction_ladder", FactionLadderWidget)
    ladder.lose_hold(sashes.id)
    assert (campaign.factions.get(sashes.id).tier, campaign.factions.get(sashes.id).hold) == (
        2,
        "weak",
    )
    ladder.lose_hold(sashes.id)
    moved = campaign.factions.get(sashes.id)
    assert (moved.tier, moved.hold, moved.position) == (1, "weak", 1)  # after the Lampblacks
    window.session.undo_stack.undo()
    back = campaign.factions.get(sashes.id)
    assert (back.tier, back.hold, back.position) == (2, "weak", 0)
    rats = campaign.factions.add("Dock Rats", tier=0, hold="weak")
    problems: list[str] = []
    window.session.failed.connect(problems.append)
    ladder.lose_hold(rats.id)
    assert problems == ["At tier 0 with weak hold there is no hold left to lose."]
