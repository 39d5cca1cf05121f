"""Losing no work around closes, animations and failed opens (found in review)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.docks.syscards import SysCardsWidget
from desktop.ui.main_window import MainWindow
from tests.ui.docks import campaign_of
from tests.ui.tumble import NEVER_SETTLES_MS, settles


def content(window: MainWindow, kind: type) -> object:
    for panel in window.panels:
        widget = panel.content()
        if isinstance(widget, kind):
            return widget
    raise AssertionError(kind)


def test_notes_typed_just_before_closing_are_kept(
    window: MainWindow, qtbot: QtBot, data_dir: Path
) -> None:
    assert window.session is not None
    kara = window.session.campaign.roster.add("Kara")
    roster = content(window, RosterWidget)
    assert isinstance(roster, RosterWidget)
    window.session.select_character(kara.id)
    qtbot.keyClicks(roster.form.notes_edit, "Owes Hollis 3 coin")
    path = window.session.campaign.path
    window.close_campaign()  # before the typing pause has passed
    with Campaign.open(path, data_dir=data_dir, read_only=True) as reopened:
        assert reopened.roster.get(kara.id).notes == "Owes Hollis 3 coin"


def test_card_info_typed_just_before_closing_is_kept(
    window: MainWindow, qtbot: QtBot, data_dir: Path
) -> None:
    assert window.session is not None
    card = window.session.campaign.cards.add("Knife work", "skill")
    cards = content(window, SysCardsWidget)
    assert isinstance(cards, SysCardsWidget)
    cards.reload()
    cards.table.selectRow(0)
    qtbot.keyClicks(cards.editor.info_edit, "Rejection at NR 40")
    path = window.session.campaign.path
    window.close_campaign()
    with Campaign.open(path, data_dir=data_dir, read_only=True) as reopened:
        assert "Rejection at NR 40" in reopened.cards.get(card.id).info


@pytest.fixture
def rolling(window: MainWindow) -> DiceTableWidget:
    assert window.session is not None
    campaign = window.session.campaign
    kara = campaign.roster.add("Kara")
    campaign.kit.add_dice(kara.id, size=6, count=3)
    table = content(window, DiceTableWidget)
    assert isinstance(table, DiceTableWidget)
    window.session.select_character(kara.id)
    table.animate_check.setChecked(True)
    for die in campaign.kit.dice(kara.id):
        table.toggle_tray(die.id)
    window.session.rng = random.Random(3)
    return table


def test_an_animated_roll_never_lands_in_another_campaign(
    window: MainWindow, rolling: DiceTableWidget, qtbot: QtBot, tmp_path: Path, data_dir: Path
) -> None:
    assert window.session is not None
    copy = tmp_path / "copy.gmdesk"
    window.session.campaign.save_copy(copy)
    rolling.roll()
    assert window.open_campaign(copy)
    assert window.session is not None
    window.session.select_character(window.session.campaign.roster.all()[0].id)
    # Wait for the roll's tumble to end, however long it takes: had it survived the
    # switch, it would land now, in the wrong campaign.
    qtbot.waitUntil(lambda: not rolling.is_rolling(), timeout=NEVER_SETTLES_MS)
    assert window.session.campaign.rolls.all() == []


def test_an_animated_roll_lands_after_the_character_is_re_read(
    window: MainWindow, rolling: DiceTableWidget, qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    with settles(qtbot, rolling.animation):
        rolling.roll()
        assert not window.undo_action.isEnabled()  # nothing changes the pool mid-roll
        character = campaign.roster.all()[0]
        campaign.roster.update(character.id, notes="renamed while rolling")
    assert len(campaign.rolls.all()) == 1
    assert window.undo_action.isEnabled()


def test_a_refused_open_keeps_the_open_campaign(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.session is not None
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: None)
    before = window.session.campaign.path
    bogus = tmp_path / "bogus.gmdesk"
    bogus.write_text("no")
    assert not window.open_campaign(bogus)
    assert window.session is not None and window.session.campaign.path == before


def test_two_cards_of_one_name_can_meet_in_a_challenge(window: MainWindow) -> None:
    campaign = campaign_of(window)
    first = campaign.cards.add("Guard", "character", efficiency=30)
    second = campaign.cards.add("Guard", "character", efficiency=40)
    cards = content(window, SysCardsWidget)
    assert isinstance(cards, SysCardsWidget)
    cards.challenge.add_card(first)
    cards.challenge.add_card(second)
    cards.challenge.set_values(0, velocity=0, forced_nr=0, throw=50)
    cards.challenge.set_values(1, velocity=0, forced_nr=0, throw=50)
    outcome = cards.challenge.resolve()
    assert outcome is not None
    assert outcome.order == (f"Guard [{second.id}]", f"Guard [{first.id}]")
