"""Keyboard only (issue 34): every dock of every workspace, walked with Tab and with
Shift+Tab over the sample campaign, reaches every control a GM can click and is never
held by one (a notes box that types the Tab, a table that walks its every cell).

First found (and fixed): the roster's, chapter's and card Info's notes kept the Tab;
the roster, roll log, card and Energy Calendar tables walked every cell; the Clocks
toolbar's buttons, the Dice Table's new-die chip and the journal's links took no focus.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtWidgets import QApplication, QTabWidget
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow
from desktop.ui.panel import Panel
from desktop.ui.statistics.widget import StatisticsWidget
from desktop.ui.workspaces import WORKSPACES
from tests.ui.focus_walk import controls_in, name_of, takes_tab, unreachable, walk


def _settled(panel: Panel) -> None:
    """Let the Statistics view's report arrive first: its buttons are enabled only then,
    and a report landing mid-walk made them controls the walk had passed as disabled."""
    views = panel.content().findChildren(StatisticsWidget)
    deadline = time.monotonic() + 20
    while any(v.isVisible() and (v.stale or v.worker.busy()) for v in views):
        assert time.monotonic() < deadline, "the Statistics view never had its report"
        QApplication.processEvents()
        time.sleep(0.01)
    QApplication.processEvents()


def _problems(where: str, panel: Panel) -> list[str]:
    content = panel.content()
    QApplication.processEvents()
    _settled(panel)
    controls = controls_in(content)
    first = next((c for c in controls if takes_tab(c)), None)
    if first is None:
        return [f"{where}: no control takes the focus from Tab"] if controls else []
    found = []
    for backwards in (False, True):
        direction = "Shift+Tab" if backwards else "Tab"
        walked = walk(first, backwards)
        if walked.trap is not None:
            found.append(f"{where}: {direction} is held by {name_of(walked.trap)}")
        missed = unreachable(content, walked)
        found += [f"{where}: {direction} never reaches {name_of(c)}" for c in missed]
    return found


def _each_page(where: str, panel: Panel) -> list[str]:
    """The dock walked once per page of each of its tab widgets (a page's controls are
    shown only with it)."""
    found = _problems(where, panel)
    for tabs in panel.content().findChildren(QTabWidget):
        if not tabs.isVisible():
            continue
        shown = tabs.currentIndex()
        for index in range(tabs.count()):
            if index != shown and tabs.isTabEnabled(index):
                tabs.setCurrentIndex(index)
                QApplication.processEvents()
                found += _problems(f"{where}, {tabs.tabText(index)!r} tab", panel)
        tabs.setCurrentIndex(shown)
    return found


def test_every_dock_is_walked_by_tab_and_shift_tab_without_a_trap(
    qtbot: QtBot, make_window: Callable[[], MainWindow]
) -> None:
    window = make_window()
    window.resize(1366, 768)
    window.open_sample()
    qtbot.waitUntil(window.is_ready)
    window.activateWindow()
    assert window.session is not None
    # A character selected: the Dice Table's and roster's controls are all enabled.
    window.session.select_character(window.session.campaign.roster.all()[0].id)
    found: list[str] = []
    walked = 0
    for workspace in WORKSPACES:
        window.show_workspace(workspace.name)
        QApplication.processEvents()
        for panel in window.panels:
            if workspace.name not in panel.workspaces:
                continue
            panel.show()
            panel.raise_()
            QApplication.processEvents()
            found += _each_page(f"{workspace.name}/{panel.name}", panel)
            walked += 1
    assert walked >= 10  # every workspace's docks, not none
    assert not found, "\n".join(found)


def test_the_walk_finds_a_trap_and_an_unreachable_control(qtbot: QtBot) -> None:
    """The walker itself: a notes box that types the Tab holds it, and a button that
    takes no focus is never reached."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

    root = QWidget()
    qtbot.addWidget(root)
    layout = QVBoxLayout(root)
    field, notes, button = QLineEdit(), QPlainTextEdit(), QPushButton("Roll")
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    for widget in (field, notes, button):
        layout.addWidget(widget)
    root.show()
    qtbot.waitExposed(root)
    root.activateWindow()
    walked = walk(field)
    assert walked.trap is notes
    assert button in unreachable(root, walked)
    notes.setTabChangesFocus(True)
    walked = walk(field)
    assert walked.trap is None
    assert unreachable(root, walked) == [button]


def test_tab_walks_a_journal_pieces_links_and_enter_opens_one(qtbot: QtBot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

    from desktop.ui.widgets.page_text import PageText

    root = QWidget()
    qtbot.addWidget(root)
    layout = QVBoxLayout(root)
    before, after = QLineEdit(), QLineEdit()
    text = PageText('<p><a href="clock:1">Storm</a> and <a href="faction:2">Lampblacks</a></p>')
    plain = PageText("<p>No link here</p>")
    for widget in (before, text, plain, after):
        layout.addWidget(widget)
    root.show()
    qtbot.waitExposed(root)
    root.activateWindow()
    assert text.links() == ["clock:1", "faction:2"]
    assert plain.focusPolicy() == Qt.FocusPolicy.NoFocus  # only read: Tab passes it by
    opened: list[str] = []
    text.link_activated.connect(opened.append)
    walked = walk(before)
    assert walked.trap is None
    assert [w for w in walked.reached] == [before, text, text, after]
    before.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(before, Qt.Key.Key_Tab)
    assert text.current_link() == "clock:1"
    qtbot.keyClick(text, Qt.Key.Key_Tab)
    assert text.current_link() == "faction:2"
    qtbot.keyClick(text, Qt.Key.Key_Return)
    assert opened == ["faction:2"]
    qtbot.keyClick(text, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert text.current_link() == "clock:1"
    qtbot.keyClick(text, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is before
