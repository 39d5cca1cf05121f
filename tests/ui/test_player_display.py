"""The player display (issue 17): what it shows, what it never shows, and how fast.

A hidden clock or faction must never reach the display: not as a label, not in any
widget's text, tooltip or graphics item. Changes reach it in the same event-loop turn
as the GM's action (the store's notification), so no test here waits.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop.store import OWNER_FACTION
from desktop.ui.clock_commands import UpdateClock
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.faction_commands import EditFaction
from desktop.ui.main_window import MainWindow
from desktop.ui.player_display.clocks_section import ClocksSection
from desktop.ui.player_display.factions_section import FactionsSection
from desktop.ui.player_display.pools_section import PoolsSection
from desktop.ui.player_display.roll_section import RollSection
from desktop.ui.player_display.screens import display_screen
from desktop.ui.player_display.window import PlayerDisplayWindow
from desktop.ui.shown_commands import set_clock_shown, set_faction_shown
from tests.ui.docks import campaign_of
from tests.ui.scripted import ScriptedRng


def display_text(display: QWidget) -> str:
    """Every text the display holds: labels, buttons, tooltips, titles, scene items."""
    texts = [display.windowTitle(), display.toolTip()]
    for widget in display.findChildren(QWidget):
        texts.append(widget.toolTip())
        texts.append(widget.accessibleName())
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                if isinstance(item, QGraphicsTextItem):
                    texts.append(item.toPlainText())
                elif isinstance(item, QGraphicsSimpleTextItem):
                    texts.append(item.text())
                texts.append(item.toolTip())
    return "\n".join(t for t in texts if t)


@pytest.fixture
def secrets(window: MainWindow) -> dict[str, int]:
    campaign = campaign_of(window)
    sashes = campaign.factions.add("Red Sashes", status=2)
    cabal = campaign.factions.add("Hidden Cabal", status=-2, shown=False)
    return {
        "public": campaign.clocks.add("Public Doom", 6, shown=True).id,
        "secret": campaign.clocks.add("Secret Plan", 8).id,
        # Shown, but its owner is hidden: it would name the cabal, so it stays hidden.
        "cabal_clock": campaign.clocks.add(
            "Cabal scheme", 4, owner_kind=OWNER_FACTION, owner_id=cabal.id, shown=True
        ).id,
        "sashes": sashes.id,
        "cabal": cabal.id,
    }


@pytest.fixture
def display(window: MainWindow) -> PlayerDisplayWindow:
    return window.player_display.open()


def test_view_menu_opens_the_display_without_taking_the_focus(window: MainWindow) -> None:
    action = window.player_display.open_action
    assert action in window.view_menu.actions()
    assert action.shortcut() == QKeySequence("Ctrl+Shift+D")
    focused = QApplication.focusWidget()
    action.trigger()
    display = window.player_display.window
    assert display is not None and display.isVisible() and action.isChecked()
    assert display.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus
    assert display.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    assert QApplication.focusWidget() is focused
    assert QApplication.activeWindow() is not display
    action.trigger()
    assert window.player_display.window is None and not action.isChecked()


def test_hidden_clocks_and_factions_never_reach_the_display(
    window: MainWindow, secrets: dict[str, int], display: PlayerDisplayWindow
) -> None:
    text = display_text(display)
    assert "Public Doom" in text and "Red Sashes" in text
    for secret in ("Secret Plan", "Hidden Cabal", "Cabal scheme"):
        assert secret not in text
    clocks = display.section(ClocksSection)
    assert isinstance(clocks, ClocksSection) and clocks.clock_ids == [secrets["public"]]

    # Showing and hiding, from the GM's window, in the same turn.
    session = window.session
    assert session is not None
    campaign = campaign_of(window)
    set_clock_shown(session, campaign.clocks.get(secrets["secret"]), True)
    assert "Secret Plan" in display_text(display)
    set_clock_shown(session, campaign.clocks.get(secrets["public"]), False)
    assert "Public Doom" not in display_text(display)
    set_faction_shown(session, campaign.factions.get(secrets["sashes"]), False)
    text = display_text(display)
    assert "Red Sashes" not in text and "Hidden Cabal" not in text
    session.undo_stack.undo()
    assert "Red Sashes" in display_text(display)
    session.undo_stack.undo()
    session.undo_stack.undo()
    text = display_text(display)
    assert "Public Doom" in text and "Secret Plan" not in text


def test_the_eye_on_the_clock_board_and_the_ladder_shows_in_one_click(
    window: MainWindow, secrets: dict[str, int], display: PlayerDisplayWindow
) -> None:
    from desktop.ui.docks.clocks import ClocksWidget
    from desktop.ui.docks.faction_ladder import FactionLadderWidget
    from tests.ui.docks import shown_dock

    board = shown_dock(window, "clocks", ClocksWidget).board
    board.shown_requested.emit(secrets["secret"], True)
    assert "Secret Plan" in display_text(display)
    ladder = shown_dock(window, "faction_ladder", FactionLadderWidget)
    ladder.scene.shown_requested.emit(secrets["cabal"])
    assert "Hidden Cabal" in display_text(display)
    assert window.session is not None
    assert window.session.undo_stack.undoText() == "Show Hidden Cabal to players"


def test_a_roll_a_tick_and_a_status_change_reach_the_display_at_once(
    window: MainWindow, secrets: dict[str, int], display: PlayerDisplayWindow
) -> None:
    from tests.ui.docks import shown_dock

    session = window.session
    assert session is not None
    campaign = campaign_of(window)
    kara = campaign.roster.add("Kara Voss", "pc")
    campaign.kit.add_dice(kara.id, size=6, count=4)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    table.animate_check.setChecked(False)
    session.select_character(kara.id)
    campaign.kit.update_dice([replace(d, in_tray=True) for d in campaign.kit.dice(kara.id)[:2]])
    pools = display.section(PoolsSection)
    assert isinstance(pools, PoolsSection) and pools.rows[kara.id][:3] == (4, 0, 0)

    # Faces that are not all ones: two ones wait for the GM's choice and log nothing yet.
    session.rng = ScriptedRng([4, 5])
    table.roll()
    [logged] = campaign.rolls.all()
    roll = display.section(RollSection)
    assert isinstance(roll, RollSection)
    assert roll.roll_id == logged.id
    assert "Kara Voss" in roll.header.text()
    assert len(roll.dice.dice) == 2
    assert roll.animation.running() and roll.total.text() == "…"  # the dice tumble first
    in_pool, on_table, _removed, _state = pools.rows[kara.id]
    assert (in_pool, on_table) == tuple(
        sum(d.place == place for d in campaign.kit.dice(kara.id)) for place in ("pool", "table")
    )
    roll.land()  # the tumble's end, without waiting for its frames
    assert not roll.animation.running()
    assert roll.total.text() == str(logged.total)
    assert roll.words.text() == logged.summary

    clock = campaign.clocks.get(secrets["public"])
    session.push(UpdateClock(session, clock, "Tick", filled=3))
    assert "3 of 6" in display_text(display)

    sashes = campaign.factions.get(secrets["sashes"])
    session.push(EditFaction(session, sashes, status=-3))
    assert "−3 War" in display_text(display)
    factions = display.section(FactionsSection)
    assert isinstance(factions, FactionsSection)
    assert "at war" in factions.chapter.text()


def test_an_npc_roll_stays_behind_the_screen(
    window: MainWindow, display: PlayerDisplayWindow
) -> None:
    campaign = campaign_of(window)
    villain = campaign.roster.add("Captain Dask", "npc")
    campaign.rolls.log(villain.id, villain.name, "roll", {"dice": []}, 11, "Dask rolled 11.")
    assert "Dask" not in display_text(display)


def test_blanking_with_one_key(window: MainWindow, display: PlayerDisplayWindow) -> None:
    blank = window.player_display.blank_action
    assert blank.shortcut() == QKeySequence("F9")
    assert blank.shortcutContext() == Qt.ShortcutContext.ApplicationShortcut
    blank.trigger()
    assert display.blanked and not display.content.isVisible()
    assert display.blank_page.isVisible()
    blank.trigger()
    assert not display.blanked and display.content.isVisible()


def test_full_screen_on_the_chosen_screen_is_remembered(window: MainWindow) -> None:
    controller = window.player_display
    screen = QGuiApplication.screens()[-1]
    controller.show_on(screen)
    display = controller.window
    assert display is not None
    assert display.isFullScreen() and display.screen() is screen
    assert not display.menu_bar.isVisible()  # the players see no menu
    assert controller.full_action.isChecked()
    assert window.settings.player_screen() == screen.name()
    controller.full_action.trigger()
    assert not display.isFullScreen() and display.menu_bar.isVisible()

    controller.close()
    assert controller.window is None
    assert controller.open().screen() is screen
    assert display_screen(screen.name(), None) is screen
    # A screen no longer there: one the GM's window is not on, else the primary.
    assert display_screen("unplugged", None) in QGuiApplication.screens()


def test_closing_the_campaign_empties_the_display(
    window: MainWindow, secrets: dict[str, int], display: PlayerDisplayWindow
) -> None:
    window.close_campaign()
    text = display_text(display)
    assert "Public Doom" not in text and "Red Sashes" not in text


def test_f9_blanks_the_display_dark_and_the_gm_is_told(
    window: MainWindow, display: PlayerDisplayWindow, qtbot: QtBot
) -> None:
    focused = QApplication.focusWidget() or window
    qtbot.keyClick(focused, Qt.Key.Key_F9)
    assert display.blanked
    image = display.grab().toImage()
    middle = image.pixelColor(image.width() // 2, image.height() // 2)
    assert middle.lightness() < 30, middle.name()  # not the light theme's white
    note = window.findChild(QLabel, "statusPlayerBlanked")
    assert note is not None and note.isVisible()
    assert note.text() == "Player display blanked (F9 shows it again)"
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_F9)
    assert not display.blanked and not note.isVisible()
