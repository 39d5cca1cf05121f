"""View > Zoom In / Out / Reset (Ctrl++, Ctrl+-, Ctrl+0): the docks' text and the dice
grow by steps, the step is remembered for the next window, the player display keeps
its own size. (That every workspace still fits 1920 x 1080 at 150% is
tests/ui/test_screen_fit.py's.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from desktop.app import parse_args
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.faction_ladder import FactionLadderWidget
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.palette.catalogue import gather
from desktop.ui.panel import Panel
from desktop.ui.settings import Settings
from desktop.ui.zoom import ZOOM_STEPS, apply_zoom, nearest_step, step_from, zoom_percent

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def back_to_100() -> Iterator[None]:
    """The zoom is the application's: the next test starts at 100% whatever this one left."""
    yield
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_zoom(app, 100)


def app_points() -> float:
    return QApplication.font().pointSizeF()


def press(window: MainWindow, qtbot: QtBot, key: Qt.Key, times: int = 1) -> None:
    """`key` with Ctrl on the window, as the GM presses it."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    for _ in range(times):
        qtbot.keyClick(window, key, CTRL)
    QApplication.processEvents()


def content(window: MainWindow, name: str) -> object:
    panel: Panel = next(p for p in window.panels if p.name == name)
    return panel.content()


def test_ctrl_plus_twice_grows_the_text_by_two_steps_and_ctrl_0_resets_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    base = app_points()
    press(window, qtbot, Qt.Key.Key_Plus, times=2)
    assert zoom_percent() == 125
    assert app_points() == pytest.approx(base * 1.25)
    assert window.statusBar().currentMessage() == "Zoom 125%"
    press(window, qtbot, Qt.Key.Key_Minus)
    assert zoom_percent() == 110
    assert app_points() == pytest.approx(base * 1.1)
    press(window, qtbot, Qt.Key.Key_0)
    assert zoom_percent() == 100
    assert app_points() == pytest.approx(base)
    assert window.statusBar().currentMessage() == "Zoom 100%"


def test_ctrl_equals_zooms_in_as_ctrl_plus_does(window: MainWindow, qtbot: QtBot) -> None:
    """On most keyboards + is Shift with =: Ctrl and the = key zoom in too."""
    press(window, qtbot, Qt.Key.Key_Equal)
    assert zoom_percent() == 110


def test_the_steps_stop_at_either_end(window: MainWindow) -> None:
    for _ in range(len(ZOOM_STEPS) + 2):
        window.zoom.zoom_in_action.trigger()
    assert zoom_percent() == ZOOM_STEPS[-1]
    for _ in range(len(ZOOM_STEPS) + 2):
        window.zoom.zoom_out_action.trigger()
    assert zoom_percent() == ZOOM_STEPS[0]
    assert step_from(ZOOM_STEPS[0], -1) == ZOOM_STEPS[0]


def test_the_zoom_is_remembered_for_the_next_window(
    make_window: Callable[[], MainWindow], settings_path: Path
) -> None:
    first = make_window()
    base = app_points()
    first.zoom.zoom_in_action.trigger()
    first.zoom.zoom_in_action.trigger()
    first.settings.sync()
    assert Settings(QSettings(str(settings_path), QSettings.Format.IniFormat)).zoom() == 125
    first.close()
    apply_zoom(QApplication.instance(), 100)  # type: ignore[arg-type]  # as a new start
    assert app_points() == pytest.approx(base)
    make_window()
    assert zoom_percent() == 125
    assert app_points() == pytest.approx(base * 1.25)


def test_the_view_menu_and_the_palette_offer_the_three_with_their_keys(
    window: MainWindow,
) -> None:
    view = window.view_menu.actions()
    names = {action.objectName(): action for action in view}
    for name in ("actionZoomIn", "actionZoomOut", "actionZoomReset"):
        assert name in names
    keys = {seq.toString() for seq in names["actionZoomIn"].shortcuts()}
    assert {"Ctrl++", "Ctrl+="} <= keys
    assert "Ctrl+-" in {seq.toString() for seq in names["actionZoomOut"].shortcuts()}
    assert names["actionZoomReset"].shortcut().toString() == "Ctrl+0"
    commands = {command.key: command for command in gather(window)}
    assert commands["actionZoomIn"].title == "Zoom In"
    assert commands["actionZoomIn"].shortcut
    assert commands["actionZoomReset"].reason == ""  # on without a campaign too


def test_the_dice_and_the_docks_own_sizes_grow_with_the_zoom(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.show_workspace("play")
    table = content(window, "diceTable")
    roster = content(window, "roster")
    assert isinstance(table, DiceTableWidget) and isinstance(roster, RosterWidget)
    QApplication.processEvents()
    view_hint = table.view.sizeHint()
    name_pixels = table.name_label.font().pixelSize()
    roll_least = table.roll_button.minimumWidth()
    kind_column = roster.table.horizontalHeader().sectionSize(1)
    die_side = table.view.transform().m11()
    window.zoom.set_zoom(150)
    QApplication.processEvents()
    assert table.view.sizeHint().width() == round(view_hint.width() * 1.5)
    assert table.view.sizeHint().height() == round(view_hint.height() * 1.5)
    assert table.view.transform().m11() == pytest.approx(die_side * 1.5)  # the dice drawn
    assert table.name_label.font().pixelSize() == round(name_pixels * 1.5)
    assert table.roll_button.minimumWidth() == round(roll_least * 1.5)
    assert roster.table.horizontalHeader().sectionSize(1) == round(kind_column * 1.5)
    # The dice are laid out to the width they now have in the scene: none is cut off.
    for item in table.scene.die_items.values():
        shown = table.view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        assert shown.width() >= 54 * 1.5 - 1
        assert table.view.viewport().rect().right() >= shown.right()


def test_the_docks_titles_follow_a_change_of_zoom(window: MainWindow) -> None:
    """Qt paints a dock's title in the font the dock was made with while the dock's
    font is the application's: after a change it would stay at the old size."""
    window.zoom.set_zoom(150)
    QApplication.processEvents()  # the application's font reaches the widgets
    for panel in window.panels:
        assert panel.font().pointSizeF() == pytest.approx(app_points()), panel.name
        assert panel.font() != QApplication.font("QDockWidget"), panel.name


def test_the_faction_ladder_is_drawn_at_the_zoom(window: MainWindow) -> None:
    window.show_workspace("prep")
    ladder = content(window, "faction_ladder")
    assert isinstance(ladder, FactionLadderWidget)
    before = ladder.view.sizeHint()
    window.zoom.set_zoom(125)
    QApplication.processEvents()
    assert ladder.view.transform().m11() == pytest.approx(1.25)
    assert ladder.view.sizeHint().width() > before.width()


def test_stepping_in_and_back_leaves_every_size_as_it_was(window: MainWindow, qtbot: QtBot) -> None:
    """Each size is scaled from its 100% value, never from the last step's: 100 -> 110
    -> 125 -> 200 -> 100 does not drift by a pixel."""
    table = content(window, "diceTable")
    assert isinstance(table, DiceTableWidget)
    own = {label: label.font().pixelSize() for label in table.findChildren(QLabel)}
    least = table.counts_label.minimumWidth()
    for step in (110, 125, 200, 90, 100):
        window.zoom.set_zoom(step)
    assert {label: label.font().pixelSize() for label in table.findChildren(QLabel)} == own
    assert table.counts_label.minimumWidth() == least


def test_the_player_display_keeps_its_own_size(window: MainWindow) -> None:
    window.player_display.open()
    shown = window.player_display.window
    assert shown is not None
    points = shown.font().pointSizeF()
    menu_points = shown.menu_bar.font().pointSizeF()
    window.zoom.set_zoom(175)
    QApplication.processEvents()
    assert shown.font().pointSizeF() == points
    assert shown.menu_bar.font().pointSizeF() == menu_points
    window.player_display.close()


@pytest.mark.parametrize(
    ("stored", "read"),
    [("abc", 100), ("", 100), ("1e9", 100), ("-5", 100), ("150", 150), ("137", 137)],
)
def test_a_stored_zoom_that_is_not_a_step_reads_plainly(
    tmp_path: Path, stored: str, read: int
) -> None:
    ini = tmp_path / "settings.ini"
    ini.write_text(f"[window]\nzoom={stored}\n")
    settings = Settings(QSettings(str(ini), QSettings.Format.IniFormat))
    assert settings.zoom() == read
    assert nearest_step(settings.zoom()) in ZOOM_STEPS
    assert nearest_step(137) == 125


def test_zoom_on_the_command_line_for_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_args(["--zoom", "150%"]).zoom == 150
    for bad in ("big", "1000"):
        with pytest.raises(SystemExit):
            parse_args(["--zoom", bad])
        assert "--zoom" in capsys.readouterr().err


def test_a_step_back_brings_the_window_back_within_the_screen(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The walk on a 1366 x 768 laptop: two steps in grew the window to 1574 px to hold
    the docks' wider least sizes, and Ctrl+0 left it that wide, the Play dock half off
    the screen. Back at 100% it is as wide as the screen lets it, or its least width."""
    room = window.screen().availableGeometry().width()
    press(window, qtbot, Qt.Key.Key_Plus, times=3)
    qtbot.waitUntil(lambda: window.width() > room)  # 150%: wider than the screen
    wide = window.width()
    press(window, qtbot, Qt.Key.Key_0)
    qtbot.waitUntil(lambda: window.width() < wide)
    assert window.width() <= max(room, window.minimumSizeHint().width())
    assert window.frameGeometry().left() >= window.screen().availableGeometry().left()
