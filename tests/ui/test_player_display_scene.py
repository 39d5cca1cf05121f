"""The player display's scene (issue 17): the scene's line of text, the round, whose turn
it is and the turn order, from the Play dock's game; hidden while no game runs. Only
what is said aloud at the table reaches it: no NPC or challenge of the scene's cast, no
hidden clock or faction. Every change reaches it in the same event-loop turn."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from desktop.ui.player_display.scene_section import TURN_MARK, SceneSection
from desktop.ui.player_display.window import PlayerDisplayWindow
from tests.ui.docks import shown_dock
from tests.ui.test_player_display import display_text

SCENE = "The bridge at dusk"


def _campaign(window: MainWindow) -> Campaign:
    assert window.session is not None
    return window.session.campaign


def _scene(display: PlayerDisplayWindow) -> SceneSection:
    section = display.section(SceneSection)
    assert isinstance(section, SceneSection)
    return section


def _game(window: MainWindow, qtbot: QtBot) -> tuple[PlayWidget, dict[str, int]]:
    """Three players with dice and a villain, a game started and its scene set."""
    campaign = _campaign(window)
    ids = {name: campaign.roster.add(name, "pc").id for name in ("Ash", "Bryn", "Cole")}
    for cid in ids.values():
        campaign.kit.add_dice(cid, size=6, count=2)
    ids["Dask"] = campaign.roster.add("Captain Dask", "npc").id
    play = shown_dock(window, "play", PlayWidget)
    qtbot.mouseClick(play.game_bar.start_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(play.scene_editor.text, SCENE)
    qtbot.keyClick(play.scene_editor.text, Qt.Key.Key_Return)
    return play, ids


def test_no_game_no_scene_section(window: MainWindow) -> None:
    display = window.player_display.open()
    scene = _scene(display)
    assert not scene.isVisibleTo(display)
    assert "Scene" not in display_text(display).replace("Player Display", "")


def test_the_scene_and_whose_turn_follow_the_play_dock_at_once(
    window: MainWindow, qtbot: QtBot
) -> None:
    display = window.player_display.open()
    play, ids = _game(window, qtbot)
    scene = _scene(display)
    assert scene.isVisibleTo(display)
    assert scene.title.text() == "Scene 1"
    assert scene.scene_text.text() == SCENE
    assert scene.round.text() == "Round 1"
    assert scene.turn.text() == f"{TURN_MARK} Ash's turn"
    seats = [scene.findChild(type(scene.turn), f"playerSeat{ids[n]}") for n in ("Ash", "Bryn")]
    assert [s.text() for s in seats if s is not None] == [f"{TURN_MARK} 1. Ash", "2. Bryn"]

    play.next_turn()  # the dock's Next turn: the store's notification, no waiting
    assert scene.turn.text() == f"{TURN_MARK} Bryn's turn"
    text = display_text(display)
    assert f"{TURN_MARK} 2. Bryn" in text and f"{TURN_MARK} 1. Ash" not in text
    assert "1. Ash" in text

    play.end_round()
    assert scene.round.text() == "Round 2"
    assert scene.turn.text() == f"{TURN_MARK} Ash's turn"

    # A player with no die left in the pool is out of play: said in words, and skipped.
    campaign = _campaign(window)
    campaign.kit.update_dice([replace(d, place="table") for d in campaign.kit.dice(ids["Bryn"])])
    assert "2. Bryn — out of play" in display_text(display)
    play.next_turn()
    assert scene.turn.text() == f"{TURN_MARK} Cole's turn"

    # Undo reaches it too: the command path the dock uses.
    assert window.session is not None
    window.session.undo_stack.undo()
    assert scene.turn.text() == f"{TURN_MARK} Ash's turn"


def test_end_game_hides_the_section(window: MainWindow, qtbot: QtBot) -> None:
    display = window.player_display.open()
    play, _ids = _game(window, qtbot)
    assert SCENE in display_text(display)
    play.end_game()
    scene = _scene(display)
    assert not scene.isVisibleTo(display)
    text = display_text(display)
    assert SCENE not in text and "Ash's turn" not in text and "Round 1" not in text
    assert window.session is not None
    window.session.undo_stack.undo()  # the game resumes, and so does the section
    assert scene.isVisibleTo(display) and scene.scene_text.text() == SCENE


def test_the_cast_and_hidden_things_stay_behind_the_screen(
    window: MainWindow, qtbot: QtBot
) -> None:
    campaign = _campaign(window)
    campaign.clocks.add("Secret Plan", 8)
    campaign.factions.add("Hidden Cabal", status=-2, shown=False)
    display = window.player_display.open()
    play, ids = _game(window, qtbot)
    # The villain joins the scene's cast and a player declares an action.
    members = [ids["Ash"], ids["Bryn"], ids["Cole"], ids["Dask"]]
    play.set_scene(SCENE, members, 0, False)
    play.declare(ids["Ash"], "Sneak past the guards")
    text = display_text(display)
    assert SCENE in text and "Ash's turn" in text
    for secret in ("Captain Dask", "Dask", "Secret Plan", "Hidden Cabal", "Sneak past"):
        assert secret not in text


def test_a_display_opened_during_a_game_shows_it(window: MainWindow, qtbot: QtBot) -> None:
    _game(window, qtbot)
    display = window.player_display.open()
    scene = _scene(display)
    assert scene.isVisibleTo(display) and scene.turn.text() == f"{TURN_MARK} Ash's turn"


def test_a_long_scene_is_cut_and_leaves_the_rest_room(window: MainWindow, qtbot: QtBot) -> None:
    display = window.player_display.open()
    play, _ids = _game(window, qtbot)
    long_scene = " ".join(["The river floods the lower town and the bells ring"] * 39)
    play.set_scene(long_scene, [], 0, False)
    scene = _scene(display)
    shown = scene.scene_text.text()
    assert shown.endswith(" …") and long_scene.startswith(shown[:-2])
    assert len(shown) <= 302
    # At 720 lines the scene band keeps under half the height for the other sections.
    needed = scene.heightForWidth(display.width() - 40)  # the grid's margins taken off
    assert 0 < needed < display.height() / 2
