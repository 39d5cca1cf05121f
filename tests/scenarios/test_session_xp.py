"""End game offers the end-of-session XP marks in the Play dock (issue 15): the GM ticks
who played to their vice, picks each one's track, applies them as one undo step, or
skips and nothing is written.

Rule line cited: downtime-and-factions.txt, Roleplaying & XP (RX): "by playing to the
nature of your character's vice, you earn XP at the end of the session." The amount is
not given; the app marks one XP (`downtime.SESSION_XP`), as Train's "mark 1 XP".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.store import XP_MAX, Campaign
from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from desktop.ui.session import CampaignSession
from tests.scenarios.test_play_a_game import _key
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.test_downtime_sheet import open_sheet

CLICK = Qt.MouseButton.LeftButton


def _end_a_game(window: MainWindow, qtbot: QtBot) -> tuple[PlayWidget, dict[str, int]]:
    campaign = campaign_of(window)
    ids = {name: campaign.roster.add(name, "pc").id for name in ("Ash", "Bryn", "Cole")}
    ids["Bandit"] = campaign.roster.add("Bandit", "npc").id
    for cid in ids.values():
        campaign.kit.add_dice(cid, size=6, count=2)
    play = shown_dock(window, "play", PlayWidget)
    qtbot.mouseClick(play.game_bar.start_button, CLICK)
    qtbot.mouseClick(play.game_bar.end_button, CLICK)
    assert campaign.games.running() is None
    return play, ids


def _xp(window: MainWindow, character_id: int) -> dict[str, int]:
    assert window.session is not None
    return dict(window.session.campaign.downtime.sheet(character_id).xp)


def test_end_game_marks_xp_for_two_characters_as_one_undo_step(
    window: MainWindow, qtbot: QtBot
) -> None:
    assert window.session is not None
    session = window.session
    play, ids = _end_a_game(window, qtbot)
    step = play.session_xp
    # The step is offered in the dock, one row per player character (no NPC).
    assert play.session_xp_box.isVisibleTo(play)
    assert set(step.rows) == {ids["Ash"], ids["Bryn"], ids["Cole"]}
    assert "Ash played to their vice" in step.rows[ids["Ash"]][0].toolTip()
    # Keyboard: the first box has the focus; Space ticks Ash (first track, Insight).
    assert window.focusWidget() is step.rows[ids["Ash"]][0]
    _key(window, qtbot, Qt.Key.Key_Space)
    bryn_box, bryn_tracks = step.rows[ids["Bryn"]]
    bryn_box.setChecked(True)
    bryn_tracks.setCurrentIndex(bryn_tracks.findData("Self"))
    sheet = open_sheet(window, "Bryn")
    commands = session.undo_stack.count()
    qtbot.keyClick(step.rows[ids["Ash"]][0], Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)

    # RX: each character who played to their vice earns XP at the end of the session:
    # one mark on the chosen track; Cole was not ticked and earns none.
    assert _xp(window, ids["Ash"])["Insight"] == 1
    assert _xp(window, ids["Bryn"]) == {"Insight": 0, "Prowess": 0, "Resolve": 0, "Self": 1}
    assert set(_xp(window, ids["Cole"]).values()) == {0}
    # The downtime sheet shows the new mark (the store notified it).
    assert sheet.xp_rows["Self"][2].text() == "1 XP"
    assert not play.session_xp_box.isVisibleTo(play)
    # One undo step for all the marks.
    assert session.undo_stack.count() == commands + 1
    session.undo_stack.undo()
    assert set(_xp(window, ids["Ash"]).values()) == {0}
    assert set(_xp(window, ids["Bryn"]).values()) == {0}
    assert sheet.xp_rows["Self"][2].text() == "0 XP"
    session.undo_stack.redo()
    assert _xp(window, ids["Bryn"])["Self"] == 1


def test_skipping_the_xp_step_writes_nothing(window: MainWindow, qtbot: QtBot) -> None:
    assert window.session is not None
    session = window.session
    play, ids = _end_a_game(window, qtbot)
    commands = session.undo_stack.count()
    play.session_xp.rows[ids["Ash"]][0].setChecked(True)
    _key(window, qtbot, Qt.Key.Key_Escape)  # Skip is one key
    assert not play.session_xp_box.isVisibleTo(play)
    assert session.undo_stack.count() == commands
    for cid in ids.values():
        assert set(_xp(window, cid).values()) == {0}


def test_a_full_track_cannot_be_marked_and_apply_needs_a_tick(
    window: MainWindow, qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    ash = campaign.roster.add("Ash", "pc").id
    campaign.kit.add_dice(ash, size=6, count=2)
    full = tuple((track, XP_MAX) for track, _marks in campaign.downtime.sheet(ash).xp)
    campaign.downtime.set_sheet(replace(campaign.downtime.sheet(ash), xp=full))
    play = shown_dock(window, "play", PlayWidget)
    qtbot.mouseClick(play.game_bar.start_button, CLICK)
    qtbot.mouseClick(play.game_bar.end_button, CLICK)
    box, tracks = play.session_xp.rows[ash]
    # Every track is at its limit: nothing past it can be ticked or chosen.
    assert not box.isEnabled() and not tracks.isEnabled()
    box.setChecked(True)
    qtbot.mouseClick(play.session_xp.apply_button, CLICK)
    assert "Tick who played" in play.session_xp.message.text()
    assert dict(campaign.downtime.sheet(ash).xp)["Insight"] == XP_MAX


def test_undoing_end_game_closes_the_xp_step(window: MainWindow, qtbot: QtBot) -> None:
    assert window.session is not None
    play, _ids = _end_a_game(window, qtbot)
    window.session.undo_stack.undo()
    assert window.session.campaign.games.running() is not None
    assert not play.session_xp_box.isVisibleTo(play)


def test_a_read_only_campaign_shows_the_step_disabled_with_the_reason(
    make_window: Callable[[], MainWindow], campaign_path: Path, data_dir: Path
) -> None:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    made = Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1))
    ash = made.roster.add("Ash", "pc").id
    made.kit.add_dice(ash, size=6, count=2)
    made.games.start()
    made.games.end()
    made.close()
    window = make_window()
    campaign = Campaign.open(campaign_path, data_dir=data_dir, read_only=True)
    window.set_session(CampaignSession(campaign, window))
    play = shown_dock(window, "play", PlayWidget)
    assert not play.game_bar.end_button.isEnabled()
    [ended] = campaign.games.all()
    play.offer_session_xp(ended)
    box, tracks = play.session_xp.rows[ash]
    assert not box.isEnabled() and not tracks.isEnabled()
    assert not play.session_xp.apply_button.isEnabled()
    assert "read-only" in play.session_xp.message.text()
    assert play.session_xp.skip_button.isEnabled()  # closing the step writes nothing
