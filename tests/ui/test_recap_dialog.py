""" "Previously on…" (issue 31): Start game in the Play dock opens it when a game ended
before; it shows the GM's recap or the players'; Send gives the players' recap to every
player's page (one undo step); Show puts the players' recap on the player display, and
never a secret, whichever one the GM is reading.
"""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from desktop.ui.recap_dialog import ALREADY_SENT, SENT, RecapDialog
from desktop.views.player import payload, player_characters, player_view
from desktop.views.recap import NO_GAME_ENDED, recap
from tests.ui.docks import campaign_of, session_of, shown_dock
from tests.ui.test_player_display import display_text
from tests.views.secret_campaign import GM_NUMBERS, MARKS, SECRET, leaks
from tests.views.test_recap_secrets import NPC_TOTAL, play_on

SECRETS = (SECRET, *MARKS.values())


def started(window: MainWindow, qtbot: QtBot) -> RecapDialog | None:
    """Start game as the GM does, by its button in the Play dock; the recap window if
    that opened it."""
    play = shown_dock(window, "play", PlayWidget)
    assert play.game_bar.start_button.isEnabled()
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    assert campaign_of(window).games.current().game_id is not None
    dialog = window.recap.dialog
    return dialog if dialog is not None and dialog.isVisible() else None


def test_start_game_opens_the_recap_of_the_game_before(window: MainWindow, qtbot: QtBot) -> None:
    play_on(campaign_of(window))
    dialog = started(window, qtbot)
    assert dialog is not None and not dialog.isModal()
    # The GM's recap first: it holds the secrets; the players' holds none.
    assert "Sekrit hidden clock: now 5 of 6" in dialog.texts()
    assert leaks("\n".join(dialog.texts()), SECRETS, ())
    dialog.players_check.setChecked(True)
    players = recap(campaign_of(window), players=True)
    assert dialog.texts() == list(players.lines)
    assert "Since then, 2 days passed (day 1 -> 3)." in dialog.texts()
    assert leaks("\n".join(dialog.texts()), SECRETS, (*GM_NUMBERS, NPC_TOTAL)) == []
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == players.text()
    dialog.players_check.setChecked(False)
    assert "Sekrit hidden clock: now 5 of 6" in dialog.texts()
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


def test_no_recap_at_the_first_game_or_when_turned_off(window: MainWindow, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    campaign.roster.add("Ash", "pc")
    assert started(window, qtbot) is None  # no game ended before this one
    # From the menu, it says so plainly.
    assert window.recap.action in window.campaign_menu.actions()
    window.recap.action.trigger()
    dialog = window.recap.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.texts() == [NO_GAME_ENDED]
    assert not dialog.send_button.isEnabled() and not dialog.show_button.isEnabled()
    dialog.at_start_check.setChecked(False)  # the GM turns it off: remembered
    assert not window.settings.recap_at_start()
    dialog.close()
    play = shown_dock(window, "play", PlayWidget)
    qtbot.mouseClick(play.game_bar.end_button, Qt.MouseButton.LeftButton)
    assert started(window, qtbot) is None  # a game ended before, but the GM said no


def test_send_gives_the_players_recap_to_every_page(window: MainWindow, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    play_on(campaign)
    dialog = started(window, qtbot)
    assert dialog is not None
    before = len(campaign.handouts.all())
    qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)  # reading the GM's
    assert dialog.outcome.text() == SENT
    given = campaign.handouts.all()[before:]
    assert len(given) == 1 and given[0].character_id is None  # one, to every player
    players = recap(campaign, players=True)
    assert given[0].title == players.title and given[0].text == players.body()
    qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)  # once is enough
    assert dialog.outcome.text() == ALREADY_SENT
    assert len(campaign.handouts.all()) == before + 1
    for character_id, name in player_characters(campaign):
        page = payload(player_view(campaign, character_id))
        texts = [h["text"] for h in page["handouts"]]  # type: ignore[attr-defined]
        assert players.body() in texts
        others = tuple(mark for who, mark in MARKS.items() if who != name)
        text = json.dumps(page, ensure_ascii=False)
        assert leaks(text, (SECRET, *others), (*GM_NUMBERS, NPC_TOTAL)) == [], name
    session_of(window).undo_stack.undo()
    assert len(campaign.handouts.all()) == before
    dialog.close()


def test_show_puts_the_players_recap_on_the_display(window: MainWindow, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    play_on(campaign)
    dialog = started(window, qtbot)
    assert dialog is not None and not dialog.players_check.isChecked()  # the GM's shown
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    display = window.player_display.window
    assert display is not None and display.isVisible()
    assert display.recap_shown and display.stack.currentWidget() is display.recap_page
    assert window.player_display.recap_action.isChecked()
    players = recap(campaign, players=True)
    assert display.recap.texts() == list(players.lines)
    assert "Sash war: now 3 of 8" in display.recap.texts()
    shown = display_text(display)
    assert players.title in shown
    assert leaks(shown, SECRETS, (*GM_NUMBERS, NPC_TOTAL)) == []
    # The GM hides a clock meanwhile: it leaves the display in the same turn.
    sash_war = next(c for c in campaign.clocks.all() if c.name == "Sash war")
    campaign.clocks.update(sash_war.id, shown=False)
    assert "Sash war: now 3 of 8" not in display.recap.texts()
    # Blanking still wins; unblanked, the recap again.
    window.player_display.blank_action.setChecked(True)
    assert display.blanked
    window.player_display.blank_action.setChecked(False)
    assert display.stack.currentWidget() is display.recap_page
    # Hidden from the display's menu action: the button follows, the sections are back.
    window.player_display.recap_action.setChecked(False)
    assert not dialog.show_button.isChecked()
    assert display.stack.currentWidget() is display.content
    dialog.close()
    window.player_display.close()


def test_a_long_recap_fits_the_display(window: MainWindow, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    ash = campaign.roster.add("Ash", "pc")
    clocks = [campaign.clocks.add(f"Clock {n}", 8, shown=True).id for n in range(6)]
    campaign.games.start()
    for number in range(5):
        campaign.games.set_scene(f"Scene {number}: " + "a long road " * 20, members=(ash.id,))
        for clock in clocks:
            campaign.clocks.update(clock, filled=number + 1)
    campaign.games.finish()
    display = window.player_display.open()
    display.resize(1366, 768)
    window.player_display.show_recap(True)
    qtbot.waitUntil(lambda: display.recap.isVisible())
    lines = display.recap.lines
    assert len(lines) == 4 + 1 + 6  # four scenes, "… and 1 more", six clocks
    last = lines[-1]
    bottom = last.mapTo(display, last.rect().bottomLeft()).y()
    assert bottom <= display.height()
    assert last.font().pixelSize() < display.recap.unit * 1.6  # made smaller to fit
    window.player_display.close()
