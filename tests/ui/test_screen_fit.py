"""The layout fits the screen it is on: on a 1366 x 768 laptop and a 1920 x 1080 screen,
the first start and a later one, each workspace opened from each other one and reset,
the window (frame and all) stays within the screen, its minimum never exceeds it, no
dock's content is narrower than it needs and nothing in a dock scrolls sideways."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.roll_log import COLUMNS, RollLogWidget
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from tests.ui.screen_fit import LONG_NAMES, screen_config


@pytest.mark.slow  # two starts and eighteen workspace changes, in a process of its own
@pytest.mark.parametrize(
    ("size", "zoom", "language"),
    [
        ((1366, 768), 100, "en"),
        ((1920, 1080), 100, "en"),
        ((1920, 1080), 150, "en"),
        # Every word about 40% longer than English, and the languages GM Desk ships.
        ((1366, 768), 100, "pseudo"),
        ((1366, 768), 100, "fr"),
        ((1366, 768), 100, "de"),
        ((1366, 768), 100, "es"),
    ],
)
def test_every_workspace_fits_the_screen(
    tmp_path: Path, size: tuple[int, int], zoom: int, language: str
) -> None:
    """At View > Zoom's 150% too, every workspace fits a 1920 x 1080 screen, and no
    label, button or group's title of a dock is cut short: in English, in each language
    GM Desk ships and in the pseudo-locale."""
    env = {
        **os.environ,
        "GM_DESK_HOME": str(tmp_path / "home"),
        "QT_QPA_PLATFORM": screen_config(*size, tmp_path),
        "PYTHONPATH": str(Path(__file__).parents[2]),
    }
    result = subprocess.run(
        [sys.executable, "-m", "tests.ui.screen_fit", str(tmp_path), str(zoom), language],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_the_roll_logs_filter_does_not_grow_with_long_names(
    session: CampaignSession, qtbot: QtBot
) -> None:
    """Built with the campaign open (a later start), the Show box took the longest
    name's width: the roll log's minimum went from 279 to 352 px and, tabbed with the
    Play dock, pushed the window past a 1366-pixel screen."""
    before = RollLogWidget()
    qtbot.addWidget(before)
    before.set_session(session)
    for name in LONG_NAMES:
        session.campaign.roster.add(name, "pc")
    after = RollLogWidget()  # built with the long names already there
    qtbot.addWidget(after)
    after.set_session(session)
    assert after.minimumSizeHint().width() == before.minimumSizeHint().width()
    assert after.minimumSizeHint().width() < 300  # the Play dock's own least width


def test_the_first_start_fits_a_screen_smaller_than_its_default(
    make_window: Callable[[], MainWindow],
) -> None:
    """The first start sized the window 1366 x 768 inside its frame: on a screen that
    size (the tests' offscreen one is 800 x 800) the frame and the status bar were past
    the screen's edge."""
    window = make_window()
    screen = window.screen().availableGeometry()
    assert window.frameGeometry().size() != window.size()  # the frame is counted
    assert screen.contains(window.frameGeometry())
    assert screen.contains(window.statusBar().geometry().translated(window.geometry().topLeft()))


def _sample_in_play(make_window: Callable[[], MainWindow], qtbot: QtBot) -> MainWindow:
    window = make_window()
    window.resize(1366, 768)
    window.open_sample()
    window.show_workspace("play")
    window.reset_layout()
    qtbot.waitUntil(window.is_ready)
    return window


def test_the_roll_log_in_play_at_1366_shows_day_who_kind_and_total(
    make_window: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    """Tabbed with the Play dock (303 px), it showed When and Who only: Kind began at 320
    and Total at 640."""
    window = _sample_in_play(make_window, qtbot)
    panel = next(p for p in window.panels if p.name == "rollLog")
    panel.raise_()
    qtbot.waitUntil(window.is_ready)
    log = panel.content()
    assert isinstance(log, RollLogWidget)
    table, header = log.table, log.table.horizontalHeader()
    assert log.model.rowCount() > 0  # the sample campaign's rolls
    room = table.viewport().width()
    assert room < 320
    for name in ("Campaign day", "Who", "Kind", "Total"):
        column = COLUMNS.index(name)
        left = header.sectionViewportPosition(column)
        assert left >= 0 and left + header.sectionSize(column) <= room, name
        if name != "Campaign day":  # the date cut short at its end; the rest is whole
            assert header.sectionSize(column) >= table.sizeHintForColumn(column), name
    assert header.sectionSize(COLUMNS.index("Campaign day")) >= 80


def _shows_whole(label: QLabel) -> bool:
    """Whether `label` shows all its text: each line, or each wrapped word, in its width."""
    room = label.contentsRect().width()
    metrics = label.fontMetrics()
    if label.wordWrap():
        widest = max(metrics.horizontalAdvance(word) for word in label.text().split())
        return widest <= room and label.heightForWidth(label.width()) <= label.height()
    return metrics.horizontalAdvance(label.text()) <= room


def test_out_of_play_is_said_in_whole_words_in_the_dice_table_and_the_roster(
    make_window: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    """At 1366 x 768 the Dice Table's header cut "out of play (no die in the pool)" short,
    and the roster's 110-pixel Kind column showed "Player charac…"."""
    window = _sample_in_play(make_window, qtbot)
    assert window.session is not None
    campaign = window.session.campaign
    long_name = LONG_NAMES[0]
    who = campaign.roster.add(long_name, "pc")
    campaign.kit.add_dice(who.id, size=6, count=2)
    table = next(p for p in window.panels if p.name == "diceTable").content()
    assert isinstance(table, DiceTableWidget)
    least = table.minimumSizeHint().width()
    window.session.select_character(who.id)
    table.animate_check.setChecked(False)
    for die in campaign.kit.dice(who.id):
        table.move_die(die, "table")  # no die left in the pool: out of play
    roster = next(p for p in window.panels if p.name == "roster").content()
    assert isinstance(roster, RosterWidget)
    for _ in range(3):  # the labels are laid out, then the dock
        QApplication.processEvents()
    assert "out of play (no die in the pool)" in table.counts_label.text()
    assert _shows_whole(table.counts_label)
    # A long name gives way, told whole in its tooltip: it used to widen the table (and
    # the window past the screen) and leave the counts "Pool 0 ·".
    assert table.minimumSizeHint().width() <= least
    assert _shows_whole(table.name_label) or table.name_label.toolTip() == long_name
    row = roster.model.row_of(who.id)
    assert row is not None
    assert roster.model.data(roster.model.index(row, 1)) == "Out of play"
    assert roster.table.sizeHintForColumn(1) <= roster.table.columnWidth(1)


def test_the_roll_logs_day_keeps_its_number_when_cut_short(
    make_window: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    """Cut in its middle at its least width, the walk read "Day 1… 2026" for day 15: the
    day's number is what the column is for, the date after it gives way first."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QStyleOptionViewItem

    from desktop.ui.docks.roll_log_columns import LEAST_WHEN

    window = _sample_in_play(make_window, qtbot)
    log = next(p for p in window.panels if p.name == "rollLog").content()
    assert isinstance(log, RollLogWidget)
    column = COLUMNS.index("Campaign day")
    index = log.model.index(0, column)
    text = str(index.data())
    day = text.split(" · ")[0]
    assert day.startswith("Day 1")  # the sample's lines, on days 14 and 15
    delegate = log.table.itemDelegateForColumn(column)
    option = QStyleOptionViewItem()
    delegate.initStyleOption(option, index)
    shown = QFontMetrics(option.font).elidedText(text, option.textElideMode, LEAST_WHEN - 8)
    assert shown != text and shown.startswith(f"{day} ")
