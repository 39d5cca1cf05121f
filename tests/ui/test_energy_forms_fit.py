"""Issue 16: at 1366 x 768 the Between Sessions workspace shows each energy entry form
whole, not in a scroll area two fields high, and the month keeps its three-line days;
an amount that does not fit is refused at its field."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QScrollArea
from pytestqt.qtbot import QtBot

from desktop.ui.docks.energy_calendar import EnergyCalendarWidget
from desktop.ui.docks.energy_forms import EntryForms, TaskPage
from desktop.ui.main_window import MainWindow
from tests.ui.test_energy_calendar import _calendar, _campaign, _kara


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_every_energy_form_stands_whole(window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    window.show_workspace("between")
    window.reset_layout()
    calendar = next(p.content() for p in window.panels if p.name == "energyCalendar")
    assert isinstance(calendar, EnergyCalendarWidget) and calendar.isVisible()
    forms = calendar.findChild(EntryForms)
    assert forms is not None
    assert forms.findChildren(QScrollArea) == []  # nothing of the form scrolls
    for index in range(forms.kind.count()):
        forms.kind.setCurrentIndex(index)
        QApplication.processEvents()
        page, title = forms.page, forms.kind.itemText(index)
        wanted = page.minimumSizeHint()
        assert page.height() >= wanted.height(), title
        assert page.width() >= wanted.width(), title  # no field cut at the right
    # Six weeks of days still show their three lines (available, store, a bar).
    assert calendar.grid.height() >= 22 + 6 * 46


def test_an_energy_amount_out_of_range_is_refused_at_the_field(
    window: MainWindow, qtbot: QtBot
) -> None:
    kara = _kara(window)
    forms = _calendar(window).ledger.forms
    page = forms.choose("Task")
    assert isinstance(page, TaskPage)
    page.committed.clear()
    qtbot.keyClicks(page.committed, "99999")
    assert page.committed.text() == "99999"  # kept as typed, never cut to 9999
    assert "between 0 and 9999, not 99999" in (page.committed.problem() or "")
    assert "Cannot add" in forms.outcome.text() and "99999" in forms.outcome.text()
    assert not forms.add.isEnabled()
    before = _campaign(window).calendar.day(kara, 1)
    qtbot.mouseClick(forms.add, Qt.MouseButton.LeftButton)
    assert _campaign(window).calendar.day(kara, 1) == before  # nothing written
    page.committed.clear()
    qtbot.keyClicks(page.committed, "9999")
    assert page.committed.problem() is None
    qtbot.keyClick(page.committed, Qt.Key.Key_Down)  # Up and Down still step it
    assert page.committed.text() == "9998"
