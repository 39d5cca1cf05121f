"""A row of widgets that wraps in a narrow dock (desktop/ui/widgets/flow.py): side by side
while they fit, as a QHBoxLayout lays them; on more rows when the words are long; given
its English words, never narrower than the row is in English; a widget at the end kept
to the right edge; a filled row's widgets sharing its width."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from desktop.ui.widgets.flow import Flow


def _row(qtbot: QtBot, texts: list[str], english: list[str] | None = None) -> QWidget:
    holder = QWidget()
    qtbot.addWidget(holder)
    column = QVBoxLayout(holder)
    row = Flow()
    for number, text in enumerate(texts):
        row.add(QPushButton(text), 1, english=english[number] if english else None)
    column.addLayout(row)
    return holder


def _buttons(holder: QWidget) -> list[QPushButton]:
    return holder.findChildren(QPushButton)


def test_side_by_side_where_they_fit_as_a_box_layout_lays_them(qtbot: QtBot) -> None:
    texts = ["Next turn (N)", "End round (R)"]
    holder = _row(qtbot, texts)
    box = QWidget()
    qtbot.addWidget(box)
    line = QHBoxLayout(box)
    for text in texts:
        line.addWidget(QPushButton(text), 1)
    width = holder.sizeHint().width() + 60
    for widget in (holder, box):
        widget.resize(width, widget.sizeHint().height())
        widget.show()
    qtbot.waitExposed(holder)
    shown = [b.geometry().getRect() for b in _buttons(holder)]
    boxed = [b.geometry().getRect() for b in _buttons(box)]
    assert shown == boxed


def test_long_words_wrap_onto_a_second_line_and_the_least_width_is_the_widest(
    qtbot: QtBot,
) -> None:
    holder = _row(qtbot, ["Nächster Zug (N)", "Runde beenden (R)"])
    first, second = _buttons(holder)
    widest = max(first.sizeHint().width(), second.sizeHint().width())
    margins = holder.layout().contentsMargins()
    assert holder.minimumSizeHint().width() == widest + margins.left() + margins.right()
    width = holder.minimumSizeHint().width()
    holder.resize(width, holder.heightForWidth(width))
    holder.show()
    qtbot.waitExposed(holder)
    assert second.y() > first.y()  # below, not cut short
    for button in (first, second):
        assert button.width() >= button.sizeHint().width()
        assert holder.rect().contains(button.geometry())


def test_given_its_english_words_the_row_keeps_the_english_width(qtbot: QtBot) -> None:
    english = ["Add", "Delete"]
    in_english = _row(qtbot, english, english)
    longer = _row(qtbot, ["Hinzufügen und mehr", "Löschen"], english)
    assert longer.minimumSizeHint().width() == in_english.minimumSizeHint().width()
    width = longer.minimumSizeHint().width()
    longer.resize(width, longer.heightForWidth(width))
    longer.show()
    qtbot.waitExposed(longer)
    first, second = _buttons(longer)
    assert second.y() > first.y()  # the German wraps within the English width


def test_a_row_wraps_with_its_end_widget_at_the_right_edge(qtbot: QtBot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    row = Flow(holder)
    buttons = [QPushButton(text) for text in ("Conflict", "Add die", "Empty tray")]
    for button in buttons:
        row.add(button, whole=True)
    roll = QPushButton("Roll")
    row.add(roll, whole=True, end=True)
    wide = row.sizeHint().width()
    assert row.minimumSize().width() == max(b.sizeHint().width() for b in [*buttons, roll])
    row.setGeometry(holder.rect().adjusted(0, 0, wide - holder.width(), 0))
    assert {b.y() for b in [*buttons, roll]} == {0}  # one row when it has the room
    assert roll.geometry().right() == wide - 1
    narrow = wide - roll.sizeHint().width()
    assert row.heightForWidth(narrow) > row.heightForWidth(wide)
    row.setGeometry(holder.rect().adjusted(0, 0, narrow - holder.width(), 0))
    assert roll.y() > buttons[0].y()  # Roll alone on the second row, at its right edge
    assert roll.geometry().right() == narrow - 1


def test_a_filled_row_shares_its_width(qtbot: QtBot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    row = Flow(holder)
    first, second = QPushButton("Rest 2 hours"), QPushButton("Rest a day")
    row.add(first, 1, whole=True)
    row.add(second, 1, whole=True)
    row.setGeometry(holder.rect().adjusted(0, 0, 400 - holder.width(), 0))
    assert first.width() == second.width()
    assert second.geometry().right() == 399


def test_a_stretch_takes_the_room_of_its_own_row_only(qtbot: QtBot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    row = Flow(holder)
    check, count = QPushButton("Show done"), QPushButton("12 clocks")
    row.add(check)
    row.addStretch()
    row.add(count)
    row.setGeometry(holder.rect().adjusted(0, 0, 400 - holder.width(), 0))
    assert count.geometry().right() == 399  # the count at the row's end
    narrow = check.sizeHint().width()
    row.setGeometry(holder.rect().adjusted(0, 0, narrow - holder.width(), 0))
    assert count.y() > check.y() and count.x() == 0  # below the check box, at its start


def test_a_tall_minimum_is_the_height_with_every_widget_on_a_row_of_its_own(
    qtbot: QtBot,
) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    short, tall = Flow(), Flow(tall_minimum=True)
    for row in (short, tall):
        for text in ("Add", "Edit", "Delete"):
            button = QPushButton(text)
            button.setParent(holder)
            row.add(button)
    one = max(b.sizeHint().height() for b in holder.findChildren(QPushButton))
    assert short.minimumSize().height() == one
    assert tall.minimumSize().height() == 3 * one + 2 * tall.gap()
