"""Issue 34, screen readers: every control of every dock, of the toolbars, the start page
and the dialogs the GM meets most has a name a screen reader can read."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from desktop.ui.docks.clock_dialogs import (
    ApplyResultDialog,
    ClockNoteDialog,
    NewClockDialog,
    RenameClockDialog,
    ResizeClockDialog,
)
from desktop.ui.docks.clocks import ClocksWidget
from desktop.ui.end_day import EndDayDialog
from desktop.ui.main_window import MainWindow
from desktop.ui.workspaces import WORKSPACES
from tests.ui.accessible_walk import accessible_name, dock_tabs_are_named, settle, unnamed
from tests.ui.docks import campaign_of, session_of, shown_dock


def report(found: dict[str, QWidget]) -> str:
    per_dock = Counter(key.split(":")[0] for key in found)
    return f"{dict(per_dock)}\n" + "\n".join(sorted(found))


def sample_window(make_window: Callable[[], MainWindow]) -> MainWindow:
    window = make_window()
    window.resize(1920, 1080)
    window.open_sample()
    while not window.is_ready():
        settle()
    settle()
    return window


def test_every_control_of_every_dock_in_every_workspace_is_named(
    make_window: Callable[[], MainWindow],
) -> None:
    window = sample_window(make_window)
    found: dict[str, QWidget] = {}
    for workspace in WORKSPACES:
        window.show_workspace(workspace.name)
        settle()
        found |= unnamed(window)  # the toolbars, the status bar, the docks as laid out
        for panel in window.panels:
            panel.show()
            panel.raise_()
            settle()
            found |= unnamed(panel)
        assert not dock_tabs_are_named(window)
    assert not found, report(found)


def test_the_start_page_and_toolbars_are_named(make_window: Callable[[], MainWindow]) -> None:
    window = make_window()  # no campaign: the start page
    settle()
    found = unnamed(window)
    assert not found, report(found)


def test_the_end_day_dialog_is_named(window: MainWindow, qtbot: QtBot) -> None:
    campaign_of(window).roster.add("Kara Voss", "pc")
    dialog = EndDayDialog(session_of(window), window)
    qtbot.addWidget(dialog)
    dialog.show()
    settle()
    found = unnamed(dialog)
    assert not found, report(found)


def test_the_clock_dialogs_are_named(window: MainWindow, qtbot: QtBot) -> None:
    clocks = shown_dock(window, "clocks", ClocksWidget)
    campaign = campaign_of(window)
    clock = campaign.clocks.add("Storm season", 8)
    dialogs = [
        NewClockDialog(clocks.owners, clocks.default_owner_key(), window),
        RenameClockDialog(clock, window),
        ResizeClockDialog(clock, window),
        ClockNoteDialog(clock, window),
        ApplyResultDialog(clock, window),
    ]
    found: dict[str, QWidget] = {}
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        settle()
        found |= unnamed(dialog)
        dialog.close()
    assert not found, report(found)


def test_a_form_row_named_by_text_names_its_field_and_a_label_widget_does_not(
    qtbot: QtBot,
) -> None:
    """What the fixes rely on: Qt names a field from the text of its QFormLayout row
    (the row's label is made its buddy), not from a label widget put beside it."""
    form = QWidget()
    qtbot.addWidget(form)
    layout = QFormLayout(form)
    by_text, by_widget = QLineEdit(), QSpinBox()
    layout.addRow("&Zone", by_text)
    layout.addRow(QLabel("Tier"), by_widget)
    form.show()
    assert accessible_name(by_text) == "Zone"
    assert accessible_name(by_widget) == ""
