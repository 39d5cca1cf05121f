"""A row of buttons that wraps in a narrow dock (desktop/ui/widgets/wrap_row.py): side by
side while they fit, as a QHBoxLayout lays them; on more lines when the words are long;
and, given its English words, never narrower than the row is in English."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from desktop.ui.widgets.wrap_row import WrapRow


def _row(qtbot: QtBot, texts: list[str], english: list[str] | None = None) -> QWidget:
    holder = QWidget()
    qtbot.addWidget(holder)
    column = QVBoxLayout(holder)
    row = WrapRow()
    for number, text in enumerate(texts):
        row.add(QPushButton(text), 1, english[number] if english else None)
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
