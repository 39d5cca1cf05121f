"""RULES.md section 1, SySCards: "A Dice Throw is one d100: 1..100", "Efficiency is
1..100", "Necessary Rate (NR) is 1..100". Issue 13, item 5: a value the rules refuse is
refused at the field, with the rule's message, and nothing is resolved or written.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.ui.main_window import MainWindow
from tests.ui.docks import campaign_of
from tests.ui.test_syscards_dock import cards, select  # noqa: F401


@pytest.fixture
def knife_work(cards: object) -> object:  # noqa: F811
    """The SySCards dock with the card Knife work selected."""
    select(cards, "Knife work")  # type: ignore[arg-type]
    return cards


def test_letters_typed_as_a_throw_resolve_nothing(
    window: MainWindow, knife_work: object, qtbot: QtBot
) -> None:
    act = knife_work.act  # type: ignore[attr-defined]
    assert act.throw_spin.text() == ""  # empty until a throw is typed
    assert not act.typed_button.isEnabled()
    qtbot.keyClicks(act.throw_spin, "ab")
    assert act.throw_spin.text() == "ab"  # kept, not silently dropped
    assert not act.typed_button.isEnabled()
    assert "A throw must be a whole number, not 'ab'." in act.field_error.text()
    qtbot.keyClick(act.throw_spin, Qt.Key.Key_Return)
    assert campaign_of(window).rolls.all() == []  # nothing resolved, nothing logged
    act.throw_spin.clear()
    qtbot.keyClicks(act.throw_spin, "101")
    assert "between 1 and 100, not 101" in act.field_error.text()
    assert not act.typed_button.isEnabled()
    act.throw_spin.clear()
    qtbot.keyClicks(act.throw_spin, "60")
    assert act.typed_button.isEnabled() and not act.field_error.isVisibleTo(act)
    qtbot.mouseClick(act.typed_button, Qt.MouseButton.LeftButton)
    [logged] = campaign_of(window).rolls.all()
    assert logged.detail["throw"] == 60


def test_a_necessary_rate_of_9999_is_refused_not_clamped(
    window: MainWindow, knife_work: object, qtbot: QtBot
) -> None:
    act = knife_work.act  # type: ignore[attr-defined]
    act.nr_spin.clear()
    qtbot.keyClicks(act.nr_spin, "9999")
    assert act.nr_spin.text() == "9999"
    assert "The Necessary Rate must be between 1 and 100, not 9999." in act.field_error.text()
    assert not act.roll_button.isEnabled()
    assert act.resolve(50) is None
    assert campaign_of(window).rolls.all() == []


def test_an_efficiency_of_9999_stays_on_screen_refused(
    window: MainWindow, knife_work: object, qtbot: QtBot
) -> None:
    editor = knife_work.editor  # type: ignore[attr-defined]
    field = editor.numbers["efficiency"]
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, "9999")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert field.text() == "9999"  # what was typed, not 999
    assert "efficiency must be between 1 and 100, not 9999." in editor.error_label.text()
    stored = {c.name: c.efficiency for c in campaign_of(window).cards.all()}
    assert stored["Knife work"] == 30


def test_undoing_an_act_clears_its_result_line(
    window: MainWindow, knife_work: object, qtbot: QtBot
) -> None:
    act = knife_work.act  # type: ignore[attr-defined]
    qtbot.keyClicks(act.throw_spin, "70")
    qtbot.mouseClick(act.typed_button, Qt.MouseButton.LeftButton)
    assert "Action Mode" in act.result_label.text()
    window.undo_action.trigger()
    assert act.result_label.text() == ""
    assert campaign_of(window).rolls.all()[0].undone


def test_a_challenge_with_a_refused_throw_resolves_nothing(
    window: MainWindow,
    cards: object,  # noqa: F811
) -> None:
    """A challenge's typed throw and forced NR are the rules' 1..100 too: 9999 is refused
    where it is typed, with the rule's message, and no challenge is logged."""
    challenge = cards.challenge  # type: ignore[attr-defined]
    for name in ("Kara Voss", "Saltmarsh drake"):
        select(cards, name)  # type: ignore[arg-type]
        cards._add_contender()  # type: ignore[attr-defined]
    problems: list[str] = []
    assert window.session is not None
    window.session.failed.connect(problems.append)
    challenge.set_values(0, velocity=1, forced_nr=0, throw=9999)
    challenge.set_values(1, velocity=1, forced_nr=0, throw=50)
    assert challenge.resolve() is None
    assert problems[-1] == "A throw must be between 1 and 100, not 9999."
    challenge.set_values(0, velocity=1, forced_nr=0, throw=60)
    challenge.table.cellWidget(1, 2).setText("abc")
    assert challenge.resolve() is None
    assert problems[-1] == "A forced Necessary Rate must be a whole number, not 'abc'."
    assert campaign_of(window).rolls.all() == []
    challenge.table.cellWidget(1, 2).setText("")  # empty: no forced NR
    assert challenge.resolve() is not None
    assert campaign_of(window).rolls.all()[0].kind == "challenge"
