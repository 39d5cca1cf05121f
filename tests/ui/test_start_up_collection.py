"""Python's garbage collector is off while GM Desk starts (issue 19) and back on, as it
was found, once the docks on screen are filled or the command is done."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from desktop.app import _open_at_start, main
from desktop.store import Campaign
from desktop.ui.main_window import MainWindow


@pytest.fixture
def collector() -> Iterator[None]:
    """Leave the collector as the test found it."""
    was_on = gc.isenabled()
    yield
    if was_on:
        gc.enable()
    else:
        gc.disable()


def test_a_command_leaves_the_collector_as_it_found_it(collector: None, tmp_path: Path) -> None:
    asked = ["--screenshot", str(tmp_path / "shot.png")]  # refused: it needs --smoke-test
    gc.enable()
    assert main(asked) == 2
    assert gc.isenabled()
    gc.disable()
    assert main(asked) == 2
    assert not gc.isenabled()  # a caller that had it off keeps it off


def test_the_window_collects_again_once_its_docks_are_filled(
    collector: None, qtbot: QtBot, second_window: MainWindow, campaign_path: Path
) -> None:
    window = second_window  # a start with a saved layout: the docks fill after the first paint
    window.show_layout_before_opening()
    gc.disable()  # as `main` turns it off before the window is made
    _open_at_start(window, campaign_path, collecting=True)
    assert window.session is not None
    assert not gc.isenabled() and not window.is_ready()
    qtbot.waitUntil(window.is_ready)
    assert gc.isenabled()


def test_a_refused_start_collects_again_at_once(
    collector: None,
    make_window: Callable[[], MainWindow],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: said.append(text))
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda _p, _t, text, *_a: said.append(text) or QMessageBox.StandardButton.No,
    )
    window = make_window()
    window.show_layout_before_opening()
    bogus = tmp_path / "bogus.gmdesk"
    bogus.write_bytes(b"\x00" * 4096)
    gc.disable()
    _open_at_start(window, bogus, collecting=True)
    assert window.session is None and said  # the GM is told why
    assert gc.isenabled()


def test_a_campaign_that_cannot_be_made_brings_the_start_page_and_collects_again(
    collector: None, qtbot: QtBot, second_window: MainWindow, tmp_path: Path
) -> None:
    window = second_window
    window.show_layout_before_opening()
    gc.disable()
    _open_at_start(window, tmp_path / "no such folder" / "x.gmdesk", collecting=True)
    assert window.session is None
    qtbot.waitUntil(gc.isenabled)  # the filler let go: nothing waits for a campaign
    assert window.start_page.isVisible()
    assert window.findChild(QMessageBox, "problemBox") is not None  # the GM is told why


def test_the_campaign_opened_at_start_is_freed_when_another_is_opened(
    collector: None,
    qtbot: QtBot,
    second_window: MainWindow,
    campaign_path: Path,
    tmp_path: Path,
    data_dir: Path,
) -> None:
    """The collector paused for the start frees the campaign opened then, once back on."""
    window = second_window
    window.show_layout_before_opening()
    gc.disable()
    _open_at_start(window, campaign_path, collecting=True)
    qtbot.waitUntil(window.is_ready)
    assert window.session is not None
    first = weakref.ref(window.session.campaign)
    other = tmp_path / "Other.gmdesk"
    Campaign.create(other, data_dir=data_dir).close()
    assert window.open_campaign(other, interactive=False)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    gc.collect()
    assert first() is None
