"""A downtime session run through the real window: Downtime > Start Downtime Session.

Characters train and indulge their vice with scripted dice, pay for an extra activity,
a faction's clock ticks by a fortune roll; the summary tells it, and the session is
walked back and forth step by step through the undo stack, checked in the campaign file.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QPushButton, QRadioButton
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.downtime.activity_form import ActivityForm
from desktop.ui.downtime.dialog import DowntimeSessionDialog
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from tests.ui.scripted import ScriptedRng

CLICK = Qt.MouseButton.LeftButton


@pytest.fixture
def session(window: MainWindow) -> CampaignSession:
    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.roster.add("Brann", "pc")
    campaign.roster.add("Harbourmaster", "npc")
    sheet = campaign.downtime.sheet(kara.id)
    campaign.downtime.set_sheet(replace(sheet, stress=4, vice="Gambling"))
    campaign.chapter.update(coin=3, rep=5)
    sashes = campaign.factions.add("Red Sashes", tier=2, hold="strong", status=-1)
    campaign.factions.add("Lampblacks", tier=1)
    campaign.clocks.add("Take the docks", 6, owner_kind="faction", owner_id=sashes.id)
    return window.session


def start(window: MainWindow) -> DowntimeSessionDialog:
    action = window.findChild(QAction, "start_downtime")
    assert action is not None
    assert action in window.downtime.menu.actions()
    action.trigger()
    dialog = window.downtime.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def pick(form: ActivityForm, activity: str) -> None:
    form.activity_combo.setCurrentIndex(form.activity_combo.findData(activity))


def choose(dialog: DowntimeSessionDialog, name: str) -> ActivityForm:
    for row in range(dialog.characters.count()):
        if dialog.characters.item(row).text().startswith(name):
            dialog.characters.setCurrentRow(row)
            return dialog.form
    raise AssertionError(f"{name} is not in the list")


def start_activity(window: MainWindow, name: str, activity: str) -> ActivityForm:
    """Start a session, choose the character called `name` and pick `activity` for them."""
    form = choose(start(window), name)
    pick(form, activity)
    return form


def character_id(campaign: Campaign, name: str) -> int:
    return next(c.id for c in campaign.roster.all() if c.name == name)


def xp(campaign: Campaign, name: str, track: str) -> int:
    return dict(campaign.downtime.sheet(character_id(campaign, name)).xp)[track]


def test_the_menu_starts_a_session_for_the_player_characters(
    window: MainWindow, session: CampaignSession
) -> None:
    dialog = start(window)
    assert session.campaign.downtime.session() == 1
    names = [dialog.characters.item(r).text() for r in range(dialog.characters.count())]
    assert names == ["Kara Voss\n2 free left", "Brann\n2 free left"]  # no NPC
    assert "Downtime session 1" in dialog.windowTitle()
    assert "3</b> coin" in dialog.header.text()
    dialog.close()
    start(window)  # nothing recorded yet: the same session goes on
    assert session.campaign.downtime.session() == 1
    session.undo_stack.undo()
    assert session.campaign.downtime.session() == 0


def test_train_indulge_and_an_extra_activity_step_by_step(
    window: MainWindow, session: CampaignSession, qtbot: QtBot
) -> None:
    campaign = session.campaign
    dialog = start(window)
    form = choose(dialog, "Kara Voss")
    before = session.undo_stack.count()

    pick(form, "train")
    form.track_combo.setCurrentIndex(form.track_combo.findData("Prowess"))
    assert "Prowess XP 0 → 1" in form.preview.text()
    qtbot.mouseClick(form.record_button, CLICK)
    assert xp(campaign, "Kara Voss", "Prowess") == 1
    assert "1</b> of 2 free" in form.allowance.text()
    trained = form.track_combo.findData("Prowess")
    assert not form.track_combo.model().item(trained).isEnabled()  # once per downtime

    session.rng = ScriptedRng([6])
    pick(form, "indulge_vice")
    qtbot.mouseClick(form.findChild(QPushButton, "viceRoll"), CLICK)
    assert form.vice_face.value() == 6
    assert form.overindulge_box.isVisibleTo(form)  # 6 cleared more than the 4 marked
    assert not form.record_button.isEnabled()
    assert "pick how they overindulge" in form.preview.text()
    form.findChild(QRadioButton, "overindulge_brag").setChecked(True)
    assert "Chapter rep 5 → 3" in form.preview.text()
    qtbot.mouseClick(form.record_button, CLICK)
    kara = campaign.downtime.sheet(character_id(campaign, "Kara Voss"))
    assert kara.stress == 0
    assert campaign.chapter.get().rep == 3

    assert form.extra_row.isVisibleTo(form)  # both free activities used
    pick(form, "train")
    assert form.track_combo.currentData() == "Insight"  # the first track still free
    form.extra_combo.setCurrentIndex(form.extra_combo.findData("coin"))
    assert "Chapter coin 3 → 2" in form.preview.text()
    qtbot.mouseClick(form.record_button, CLICK)
    assert xp(campaign, "Kara Voss", "Insight") == 1
    assert campaign.chapter.get().coin == 2

    entries = campaign.downtime.entries()
    assert [e.activity for e in entries] == ["train", "indulge_vice", "train"]
    assert entries[2].extra == "coin"
    dialog.tabs.setCurrentIndex(2)
    lines = [dialog.summary.item(r).text() for r in range(dialog.summary.count())]
    assert lines[0] == "1. Kara Voss trained Prowess (+1 XP)."
    assert "overindulged: Brag about your exploits" in lines[1]
    assert lines[2].endswith("an extra activity paid with 1 coin.")
    assert "3</b> steps" in dialog.summary_total.text()

    stack = session.undo_stack
    assert stack.count() == before + 3
    stack.undo()
    assert (xp(campaign, "Kara Voss", "Insight"), campaign.chapter.get().coin) == (0, 3)
    assert dialog.summary.item(2).text().endswith("(undone)")
    stack.undo()
    assert campaign.downtime.sheet(character_id(campaign, "Kara Voss")).stress == 4
    assert campaign.chapter.get().rep == 5
    stack.undo()
    assert xp(campaign, "Kara Voss", "Prowess") == 0
    assert campaign.downtime.of_character(character_id(campaign, "Kara Voss")).free_left == 2
    assert "2</b> of 2 free" in form.allowance.text()
    stack.redo()
    stack.redo()
    stack.redo()
    assert xp(campaign, "Kara Voss", "Prowess") == 1
    assert xp(campaign, "Kara Voss", "Insight") == 1
    assert (campaign.chapter.get().coin, campaign.chapter.get().rep) == (2, 3)
    assert [e.undone for e in campaign.downtime.entries()] == [False, False, False]


def test_an_extra_activity_is_refused_without_coin_or_rep(
    window: MainWindow, session: CampaignSession, qtbot: QtBot
) -> None:
    campaign = session.campaign
    campaign.chapter.update(coin=0, rep=0)
    form = start_activity(window, "Brann", "exemplify_virtue")
    session.rng = ScriptedRng([2, 5])
    for _ in range(2):
        qtbot.mouseClick(form.findChild(QPushButton, "virtueRoll"), CLICK)
        qtbot.mouseClick(form.record_button, CLICK)
    assert len(campaign.downtime.entries()) == 2
    form.virtue_face.setValue(3)
    assert form.extra_row.isVisibleTo(form)
    assert "An extra activity costs 1 coin; there is 0." in form.preview.text()
    assert not form.record_button.isEnabled()
    form.extra_combo.setCurrentIndex(form.extra_combo.findData("rep"))
    assert "An extra activity costs 1 rep; there is 0." in form.preview.text()
    assert len(campaign.downtime.entries()) == 2


def test_a_project_clock_made_and_raised_with_coin(
    window: MainWindow, session: CampaignSession, qtbot: QtBot
) -> None:
    campaign = session.campaign
    form = start_activity(window, "Brann", "long_term_project")
    assert form.clock_combo.currentData() == -1  # Brann has no clock yet: a new one
    form.clock_name.setText("Find the map")
    form.clock_segments.setValue(8)
    picker = form.picker
    picker.level_combo.setCurrentIndex(picker.level_combo.findData("failure"))
    picker.coin_spin.setValue(1)
    assert "Success" in picker.raised_label.text()
    assert "“Find the map” 0/8 → 2/8" in form.preview.text()
    qtbot.mouseClick(form.record_button, CLICK)
    brann = character_id(campaign, "Brann")
    clocks = [
        c for c in campaign.clocks.all() if c.owner_kind == "character" and c.owner_id == brann
    ]
    assert [(c.name, c.segments, c.filled) for c in clocks] == [("Find the map", 8, 2)]
    assert campaign.chapter.get().coin == 2
    assert campaign.downtime.entries()[0].coin_spent == 1
    assert form.clock_combo.currentData() == clocks[0].id  # the next work goes on it

    session.undo_stack.undo()
    assert not [
        c for c in campaign.clocks.all() if c.owner_id == brann and c.name == "Find the map"
    ]
    assert campaign.chapter.get().coin == 3
    session.undo_stack.redo()
    assert [c.filled for c in campaign.clocks.all() if c.name == "Find the map"] == [2]


def test_acquiring_an_asset_shows_its_quality(
    window: MainWindow, session: CampaignSession, qtbot: QtBot
) -> None:
    campaign = session.campaign
    campaign.chapter.update(tier=1)
    form = start_activity(window, "Kara Voss", "acquire_asset")
    form.asset_edit.setText("a fast boat")
    session.rng = ScriptedRng([6, 6, 6])  # 18 against Risky 11: Critical x1
    qtbot.mouseClick(form.picker.roll_button, CLICK)
    assert "Critical ×1" in form.picker.roll_label.text()
    form.quality_coin.setValue(2)
    assert "Quality 3" in form.preview.text()  # tier 1 + 1, +1 for 2 coin
    qtbot.mouseClick(form.record_button, CLICK)
    entry = campaign.downtime.entries()[0]
    assert entry.summary.startswith("Kara Voss acquired a fast boat at quality 3")
    assert campaign.chapter.get().coin == 1


def test_a_faction_clock_ticks_by_a_fortune_roll(
    window: MainWindow, session: CampaignSession, qtbot: QtBot
) -> None:
    campaign = session.campaign
    dialog = start(window)
    dialog.tabs.setCurrentIndex(1)
    phase = dialog.factions
    clock = next(c for c in campaign.clocks.all() if c.name == "Take the docks")
    phase.select_clock(clock.id)
    assert phase.picker.dice_spin.value() == 2  # tier 2
    phase.modifier_spin.setValue(1)
    assert phase.picker.dice_spin.value() == 3
    session.rng = ScriptedRng([4, 4, 4])  # 12 against Risky 11: Success, 2 ticks
    qtbot.mouseClick(phase.picker.roll_button, CLICK)
    assert "0/6 → 2/6" in phase.preview.text()
    qtbot.mouseClick(phase.tick_button, CLICK)
    assert campaign.clocks.get(clock.id).filled == 2
    entry = campaign.downtime.entries()[0]
    assert entry.activity == "faction_tick" and entry.character_id == 0
    assert entry.summary.startswith("Red Sashes advanced “Take the docks” by 2 (Success")

    # An entered result, no dice: a critical x2 ticks 4, never past full.
    picker = phase.picker
    picker.level_combo.setCurrentIndex(picker.level_combo.findData("critical"))
    picker.multiplier_spin.setValue(2)
    assert "2/6 → 6/6" in phase.preview.text()
    qtbot.mouseClick(phase.tick_button, CLICK)
    assert campaign.clocks.get(clock.id).filled == 6
    assert "complete" in campaign.downtime.entries()[1].summary

    session.undo_stack.undo()
    assert campaign.clocks.get(clock.id).filled == 2
    session.undo_stack.undo()
    assert campaign.clocks.get(clock.id).filled == 0
    session.undo_stack.redo()
    assert campaign.clocks.get(clock.id).filled == 2


def test_recovering_with_stress_is_not_an_activity(
    window: MainWindow, session: CampaignSession, qtbot: QtBot
) -> None:
    campaign = session.campaign
    kara_id = character_id(campaign, "Kara Voss")
    sheet = campaign.downtime.sheet(kara_id)
    campaign.downtime.set_sheet(replace(sheet, hp=4))
    form = start_activity(window, "Kara Voss", "healing")
    qtbot.mouseClick(form.recover_button, CLICK)
    kara = campaign.downtime.sheet(kara_id)
    assert (kara.hp, kara.stress) == (6, 5)  # a quarter of 10, for 1 stress
    assert campaign.downtime.of_character(kara_id).free_left == 2
    session.undo_stack.undo()
    assert campaign.downtime.sheet(kara_id).hp == 4


def test_closing_the_campaign_closes_the_dialog(
    window: MainWindow, session: CampaignSession
) -> None:
    dialog = start(window)
    window.close_campaign()
    QApplication.processEvents()
    assert not dialog.isVisible()
    assert window.downtime.dialog is None


def test_undoing_past_the_start_of_a_session_redoes_its_steps(
    window: MainWindow, session: CampaignSession, qtbot: QtBot
) -> None:
    campaign = session.campaign
    form = start_activity(window, "Kara Voss", "train")
    form.track_combo.setCurrentIndex(form.track_combo.findData("Prowess"))
    qtbot.mouseClick(form.record_button, CLICK)
    (entry,) = campaign.downtime.entries()
    stack = session.undo_stack
    stack.undo()  # the step
    stack.undo()  # the session's start: the session and its undone step go
    assert campaign.downtime.session() == 0
    failures: list[str] = []
    session.failed.connect(failures.append)
    stack.redo()
    stack.redo()
    assert failures == []
    assert campaign.downtime.entries() == [entry]  # the same step, the same id
    assert xp(campaign, "Kara Voss", "Prowess") == 1
    stack.undo()
    stack.undo()
    assert campaign.downtime.session() == 0 and xp(campaign, "Kara Voss", "Prowess") == 0
