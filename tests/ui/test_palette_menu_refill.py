"""The walk's crash (a long French session): the palette asked every menu to fill itself
each time it gathered (at opening and as each dock out of sight was built), and Open
Recent refilled itself with `QMenu.clear()`, deleting its entries. A recent entry run
from the palette whose opening waited (a message, a slow disk) let the next gather
delete the entry in the middle of its own trigger; Open Recent raised after, then the
window crashed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import shiboken6
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.main_window import MainWindow
from desktop.ui.palette.catalogue import menu_actions
from desktop.ui.palette.commands import CommandMode


def test_a_recent_entry_run_from_the_palette_outlives_its_trigger(
    make_window: Callable[[], MainWindow], tmp_path: Path, data_dir: Path, qtbot: QtBot
) -> None:
    first = tmp_path / "first.gmdesk"
    other = tmp_path / "other.gmdesk"
    for path, name in ((first, "Salt"), (other, "Harbour Lights")):
        Campaign.create(path, data_dir=data_dir, name=name, start_date=date(2026, 3, 1)).close()
    window = make_window()
    assert window.open_campaign(other, interactive=False)
    assert window.open_campaign(first, interactive=False)
    popup = window.palette_popup()
    popup.open_palette()
    mode = popup.commands
    assert isinstance(mode, CommandMode)
    assert not mode.is_complete()  # docks out of sight still to build, one a turn
    popup.box.setText("harbour")
    row = next(r for r in popup.shown_rows if r.title.startswith("Harbour Lights"))
    action = mode.commands[row.key].action
    opened: list[bool] = []

    def slow_open(path: Path, **_kwargs: object) -> bool:
        # The opening waits on an event loop: the docks' building goes on meanwhile.
        qtbot.waitUntil(mode.is_complete, timeout=20_000)
        qtbot.wait(10)
        opened.append(shiboken6.isValid(action))
        return True

    window.open_campaign = slow_open  # type: ignore[method-assign]
    assert popup.run_row(row)
    assert opened == [True]
    assert shiboken6.isValid(action)
    QApplication.processEvents()
    window.recent_menu.aboutToShow.emit()  # File > Open Recent, after
    assert [a.text() for a in window.recent_menu.actions()][:2] == [
        "Salt  —  first.gmdesk",
        "Harbour Lights  —  other.gmdesk",
    ]


def test_each_gather_keeps_the_recent_entries_as_they_are(
    make_window: Callable[[], MainWindow], tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "one.gmdesk"
    Campaign.create(path, data_dir=data_dir, name="One").close()
    window = make_window()
    assert window.open_campaign(path, interactive=False)
    before = [a for a, _place in menu_actions(window.menuBar())]
    again = [a for a, _place in menu_actions(window.menuBar())]
    assert all(shiboken6.isValid(a) for a in before)
    assert before == again
