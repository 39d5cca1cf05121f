"""The Play workspace as saved comes back as it was: the second start on a 1366 x 768
screen shows the same docks at the same sizes, every dock on screen fills (a dock
tabbed out of sight waits for its tab), and the Play dock is never narrower than its
content (a squeezed one cut its right side off)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QApplication, QScrollArea, QTabWidget
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow


def _start(make_window: Callable[[], MainWindow], qtbot: QtBot) -> MainWindow:
    window = make_window()
    window.resize(1366, 768)
    window.open_sample()
    window.show_workspace("play")
    qtbot.waitUntil(window.is_ready)
    QApplication.processEvents()
    return window


def _widths(window: MainWindow) -> dict[str, int]:
    return {p.name: p.width() for p in window.panels if p.is_on_screen()}


def test_the_second_start_shows_the_first_ones_layout(
    make_window: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    first = _start(make_window, qtbot)
    widths = _widths(first)
    assert set(widths) == {"roster", "diceTable", "play"}
    first.close()
    second = _start(make_window, qtbot)  # same settings: the saved layout
    assert second.is_ready()  # the clocks and the roll log wait behind their tabs
    assert _widths(second) == widths
    play = next(p for p in second.panels if p.name == "play").content()
    scroll = play.findChild(QScrollArea, "playScroll")
    assert scroll is not None and scroll.widget() is not None
    assert scroll.viewport().width() >= scroll.widget().minimumSizeHint().width()


def test_opening_a_tab_built_on_first_use_does_not_widen_the_roster(
    make_window: Callable[[], MainWindow], qtbot: QtBot
) -> None:
    """The roster's Traits & items tab is built when first opened, after the first
    start at 1366 x 768 gave the roster its width; it used to take 2 px more."""
    window = _start(make_window, qtbot)
    roster = next(p for p in window.panels if p.name == "roster")
    before = roster.width()
    tabs = roster.content().findChild(QTabWidget, "rosterTabs")
    assert tabs is not None
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        for _ in range(5):  # the page is built, then laid out, then the dock follows
            QApplication.processEvents()
        assert roster.content().minimumSizeHint().width() <= before, tabs.tabText(index)
        assert roster.width() == before, tabs.tabText(index)
