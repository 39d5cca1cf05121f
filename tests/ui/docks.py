"""Reaching a dock's content in a test as a GM would: show the dock, raise its tab.

Or, for a widget tested on its own, showing it over a session without the window; and
the window's open session and campaign.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession

W = TypeVar("W", bound=QWidget)


def session_of(window: MainWindow) -> CampaignSession:
    """The window's open session (the test opened a campaign)."""
    assert window.session is not None
    return window.session


def campaign_of(window: MainWindow) -> Campaign:
    """The window's open campaign."""
    return session_of(window).campaign


def shown_dock(window: MainWindow, name: str, kind: type[W]) -> W:
    """The content of the dock whose object name is `name`, shown and raised."""
    for panel in window.panels:
        if panel.name == name:
            panel.show()
            panel.raise_()
            widget = panel.content()
            assert isinstance(widget, kind)
            return widget
    raise AssertionError(f"no {name} dock")


def shown_alone(qtbot: QtBot, widget: W, session: CampaignSession, width: int, height: int) -> W:
    """`widget` on its own (no window), following `session`, shown at `width` x `height`."""
    qtbot.addWidget(widget)
    widget.set_session(session)  # type: ignore[attr-defined]
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget
