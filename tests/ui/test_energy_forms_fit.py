"""Issue 16: at 1366 x 768 the Between Sessions workspace shows each energy entry form
whole, not in a scroll area two fields high, and the month keeps its three-line days."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QScrollArea

from desktop.ui.docks.energy_calendar import EnergyCalendarWidget
from desktop.ui.docks.energy_forms import EntryForms
from desktop.ui.main_window import MainWindow


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
