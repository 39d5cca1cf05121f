""" "The players' luck" (issue 33): opened from End game's summary in the Play dock and
from Campaign > Players' Luck…; its sentences are the view's; Show puts only player
characters on the player display; Send gives a text handout to every player's page,
which one undo takes back; a game without player rolls says so plainly."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from desktop.ui.player_display.luck_screen import LuckScreen
from desktop.ui.players_luck_dialog import ALREADY_SENT, NOT_YET, SENT, PlayersLuckDialog
from desktop.ui.theme import apply_theme
from desktop.views import players_luck as views_module
from desktop.views.player import payload, player_characters, player_view
from desktop.views.players_luck import (
    NO_GAME_ENDED,
    NO_PLAYER_ROLLS,
    TITLE,
    PlayersLuck,
    judge_players,
    players_luck,
)
from desktop.views.players_rolls import PlayersRolls
from desktop.views.tray_luck import TrayOddsCache
from tests.ui.docks import campaign_of, session_of, shown_dock
from tests.ui.test_player_display import display_text
from tests.views.test_players_luck import conflict, roll

NPC = "Vex the Unseen"


def play_a_game(window: MainWindow, qtbot: QtBot, *, npc_only: bool = False) -> PlayWidget:
    """Start game and End game by the Play dock's buttons; Kara and Bryn (PCs) and an
    NPC roll in between (the NPC only, with `npc_only`)."""
    campaign = campaign_of(window)
    kara = campaign.roster.add("Kara Voss", "pc").id
    bryn = campaign.roster.add("Bryn", "pc").id
    vex = campaign.roster.add(NPC, "npc").id
    play = shown_dock(window, "play", PlayWidget)
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    for _ in range(6):
        roll(campaign, vex, (12, 12))
        if not npc_only:
            roll(campaign, kara, (8, 7), (6, 5))
            roll(campaign, bryn, (6, 2))
            conflict(campaign, (kara, (10, 9)), (vex, (12, 1)))
    qtbot.mouseClick(play.game_bar.end_button, Qt.MouseButton.LeftButton)
    assert campaign.games.current().game_id is None
    return play


def opened_from_end_game(window: MainWindow, qtbot: QtBot, play: PlayWidget) -> PlayersLuckDialog:
    assert play.game_bar.luck_button.isVisible()
    qtbot.mouseClick(play.game_bar.luck_button, Qt.MouseButton.LeftButton)
    dialog = window.players_luck.dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    return judged(dialog, qtbot)


def judged(dialog: PlayersLuckDialog, qtbot: QtBot) -> PlayersLuckDialog:
    """`dialog` once the pool has judged the lines as they are now."""
    qtbot.waitUntil(lambda: dialog.luck is not None and not dialog.busy)
    return dialog


def screen_judged(screen: LuckScreen, qtbot: QtBot) -> LuckScreen:
    """The display's screen once its lines are judged, as the campaign is now."""
    qtbot.waitUntil(lambda: screen.luck is not None and not screen.busy)
    return screen


def test_end_game_offers_the_players_luck_and_its_sentences_are_the_views(
    window: MainWindow, qtbot: QtBot
) -> None:
    play = play_a_game(window, qtbot)
    dialog = opened_from_end_game(window, qtbot, play)
    luck = players_luck(campaign_of(window), TrayOddsCache())
    assert dialog.texts() == list(luck.said())
    assert [p.name for p in luck.players] == ["Kara Voss", "Bryn"]
    assert dialog.texts()[0].startswith("Kara Voss rolled above expectation")
    assert dialog.texts()[-1].startswith("The table rolled")
    assert NPC not in "\n".join(dialog.texts())
    assert dialog.game.text() == luck.game_title
    # Undo End game: the game runs again, the button leaves with the summary.
    session_of(window).undo_stack.undo()
    assert not play.game_bar.luck_button.isVisible()
    dialog.close()


def test_show_puts_only_player_characters_on_the_display(window: MainWindow, qtbot: QtBot) -> None:
    play = play_a_game(window, qtbot)
    dialog = opened_from_end_game(window, qtbot, play)
    controller = window.player_display
    controller.recap_action.setChecked(True)
    qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
    display = controller.window
    assert display is not None and display.isVisible()
    assert display.stack.currentWidget() is display.luck_page
    assert controller.luck_action.isChecked() and not controller.recap_action.isChecked()
    screen_judged(display.luck, qtbot)
    assert display.luck.texts() == dialog.texts()
    shown = display_text(display.luck)
    assert TITLE in shown and NPC not in shown and "Kara Voss" in shown
    # A renamed player is read again at once, under the new name.
    campaign = campaign_of(window)
    kara = next(c for c in campaign.roster.all() if c.name == "Kara Voss")
    campaign.roster.update(kara.id, name="Kara Vane")
    qtbot.waitUntil(lambda: display.luck.texts()[0].startswith("Kara Vane rolled"))
    controller.luck_action.setChecked(False)
    assert not dialog.show_button.isChecked()
    assert display.stack.currentWidget() is display.content
    dialog.close()
    controller.close()


def test_send_reaches_every_players_page_and_one_undo_takes_it_back(
    window: MainWindow, qtbot: QtBot
) -> None:
    play = play_a_game(window, qtbot)
    dialog = opened_from_end_game(window, qtbot, play)
    campaign = campaign_of(window)
    before = len(campaign.handouts.all())
    qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
    assert dialog.outcome.text() == SENT
    given = campaign.handouts.all()[before:]
    assert len(given) == 1 and given[0].character_id is None and given[0].title == TITLE
    body = players_luck(campaign, TrayOddsCache()).body()
    assert given[0].text == body
    for character_id, _name in player_characters(campaign):
        page = payload(player_view(campaign, character_id))
        texts = [h["text"] for h in page["handouts"]]  # type: ignore[attr-defined]
        assert body in texts
        assert NPC not in str(page["handouts"])
    qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
    assert dialog.outcome.text() == ALREADY_SENT and len(campaign.handouts.all()) == before + 1
    session_of(window).undo_stack.undo()
    assert len(campaign.handouts.all()) == before
    for character_id, _name in player_characters(campaign):
        page = payload(player_view(campaign, character_id))
        assert body not in [h["text"] for h in page["handouts"]]  # type: ignore[attr-defined]
    dialog.close()


def test_the_odds_are_judged_off_the_gui_thread_and_send_waits_for_them(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[threading.Thread] = []

    def judge(read: PlayersRolls, cache: TrayOddsCache) -> PlayersLuck:
        threads.append(threading.current_thread())
        return judge_players(read, cache)

    monkeypatch.setattr(views_module, "judge_players", judge)
    play = play_a_game(window, qtbot)
    dialog = opened_from_end_game(window, qtbot, play)
    assert threads and threading.main_thread() not in threads
    window.player_display.show_luck(True)  # the display's screen judges off it too
    display = window.player_display.window
    assert display is not None
    screen_judged(display.luck, qtbot)
    assert len(threads) > 1 and threading.main_thread() not in threads
    window.player_display.close()
    assert dialog.judge.cache is not None and dialog.judge.cache.computed > 0
    campaign = campaign_of(window)
    before = len(campaign.handouts.all())
    kara = next(c for c in campaign.roster.all() if c.name == "Kara Voss")
    roll(campaign, kara.id, (12, 12))  # after the game: not in it, but read again
    campaign.roster.update(kara.id, name="Kara Vane")  # in it: its lines are named anew
    dialog.send()  # before the change is judged: nothing sent yet
    assert dialog.outcome.text() == NOT_YET and len(campaign.handouts.all()) == before
    qtbot.waitUntil(lambda: dialog.texts()[0].startswith("Kara Vane") and not dialog.busy)
    dialog.send()
    assert dialog.outcome.text() == SENT
    assert "Kara Vane rolled" in campaign.handouts.all()[-1].text
    dialog.close()


def test_the_menu_says_plainly_when_there_is_nothing_to_tell(
    window: MainWindow, qtbot: QtBot
) -> None:
    assert window.players_luck.action in window.campaign_menu.actions()
    window.players_luck.action.trigger()
    dialog = window.players_luck.dialog
    assert dialog is not None and judged(dialog, qtbot).texts() == [NO_GAME_ENDED]
    assert not dialog.send_button.isEnabled() and not dialog.show_button.isEnabled()
    play_a_game(window, qtbot, npc_only=True)  # the open window follows the game's end
    qtbot.waitUntil(lambda: dialog.texts() == [NO_PLAYER_ROLLS] and not dialog.busy)
    assert not dialog.send_button.isEnabled() and dialog.show_button.isEnabled()
    before = len(campaign_of(window).handouts.all())
    dialog.send()
    assert dialog.outcome.text() == NO_PLAYER_ROLLS
    assert len(campaign_of(window).handouts.all()) == before
    dialog.close()


def test_a_large_table_fits_the_display(window: MainWindow, qtbot: QtBot) -> None:
    campaign = campaign_of(window)
    players = [campaign.roster.add(f"Player number {n} of the company", "pc").id for n in range(12)]
    campaign.games.start()
    for _ in range(5):
        for player in players:
            roll(campaign, player, (6, 6), (8, 1))
    campaign.games.finish()
    display = window.player_display.open()
    display.resize(1366, 768)
    window.player_display.show_luck(True)
    qtbot.waitUntil(lambda: display.luck.isVisible())
    screen_judged(display.luck, qtbot)
    lines = display.luck.lines
    assert len(lines) == 12 + 1  # each player, then the table
    last = lines[-1]
    assert last.text().startswith("The table rolled")
    bottom = last.mapTo(display, last.rect().bottomLeft()).y()
    assert bottom <= display.height()
    assert last.font().pixelSize() < display.luck.unit * 2.0  # made smaller to fit
    window.player_display.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_window_and_the_display_screen_render(
    window: MainWindow, qtbot: QtBot, scheme: str, tmp_path: Path
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, scheme)
    try:
        play = play_a_game(window, qtbot)
        dialog = opened_from_end_game(window, qtbot, play)
        dialog.show_button.click()
        display = window.player_display.window
        assert display is not None
        display.resize(1280, 720)
        screen_judged(display.luck, qtbot)
        qtbot.wait(10)
        out = Path(os.environ.get("GMDESK_SHOTS", tmp_path))
        assert dialog.grab().save(str(out / f"players_luck_dialog_{scheme}.png"))
        assert play.grab().save(str(out / f"players_luck_play_dock_{scheme}.png"))
        assert display.grab().save(str(out / f"players_luck_display_{scheme}.png"))
        assert all(label.isVisible() for label in display.luck.lines)
        dialog.close()
        window.player_display.close()
    finally:
        apply_theme(app, None)


def test_the_window_and_the_screen_leave_the_odds_to_the_worker() -> None:
    """Importing the window, the display and the judge loads no odds (icepool takes
    about 80 ms to import): the worker loads them with its first judging."""
    code = (
        "import sys\n"
        "import desktop.ui.main_window, desktop.ui.players_luck_dialog\n"
        "import desktop.ui.player_display.window, desktop.ui.players_luck_judge\n"
        "print(sorted(m for m in ('icepool', 'desktop.rules.odds') if m in sys.modules))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert found.stdout.strip() == "[]"
