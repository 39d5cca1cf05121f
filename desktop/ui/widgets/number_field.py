"""A whole number the GM types, checked by a rule where it is typed.

A spin box silently drops letters and clamps what does not fit (9999 becomes 99): the
GM then resolves or writes a value they never typed. This field keeps what was typed,
asks the rule, and shows the rule's own message beside it; `value()` is None until the
rule accepts the text, so nothing is resolved or written from a refused value.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from desktop.rules import numbers
from desktop.ui.form_helpers import error_label, show_error
from desktop.ui.plain_text import tooltip
from desktop.ui.theme import ERROR, colour
from desktop.ui.zoom import zoom_size


class NumberField(QLineEdit):
    """Typed text -> `typed_number` -> `check` (a rules function that raises ValueError)."""

    checked = Signal()  # the text changed and was checked again

    def __init__(
        self,
        what: str,
        check: Callable[[int], object],
        parent: QWidget | None = None,
        *,
        placeholder: str = "",
        width: int = 64,
        optional: bool = False,
    ) -> None:
        super().__init__(parent)
        self._what = what
        self._check = check
        self._optional = optional  # an empty box means "none" (a throw to roll, no NR)
        self._problem: str | None = None
        self.setPlaceholderText(placeholder)
        zoom_size(self, maximumWidth=width)
        # Read out by what it holds ("The damage" -> "Damage"); a form may name it better.
        self.setAccessibleName(spoken_name(what))
        self.textChanged.connect(self._recheck)
        self._recheck()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        # Clicked or tabbed into, the number is selected: typing replaces it (a click
        # and the new number), as in a spin box. After the click has placed the cursor.
        if event.reason() in (
            Qt.FocusReason.MouseFocusReason,
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
        ):
            QTimer.singleShot(0, self, self.selectAll)  # not if the field is gone by then

    def problem(self) -> str | None:
        """The rule's message for what is typed, or None when the rule accepts it."""
        return self._problem

    def value(self) -> int | None:
        """The typed number the rule accepts, else None (also for an optional empty box)."""
        if self._problem is not None or not self.text().strip():
            return None
        return numbers.typed_number(self.text(), self._what)

    def setValue(self, value: int) -> None:  # Qt's spelling, as QSpinBox
        self.setText(str(value))

    def _recheck(self) -> None:
        if self._optional and not self.text().strip():
            self._problem = None
            self.setStyleSheet("")
            self.setToolTip("")
            self.checked.emit()
            return
        try:
            self._check(numbers.typed_number(self.text(), self._what))
        except ValueError as error:
            self._problem = str(error)
        else:
            self._problem = None
        # An empty box is not a mistake yet: it only waits for a number.
        shown = self._problem is not None and bool(self.text().strip())
        red = colour(self.palette(), ERROR).name()
        self.setStyleSheet(f"QLineEdit {{ border: 1px solid {red}; }}" if shown else "")
        self.setToolTip(tooltip(self._problem) if shown and self._problem else "")
        self.checked.emit()


def problem_label(field: NumberField, name: str) -> QLabel:
    """A label (named `name`) under `field` that says why what was typed is refused."""
    label = error_label(name)
    field.checked.connect(
        lambda: show_error(label, field.problem() if field.text().strip() else None)
    )
    return label


def spoken_name(what: str) -> str:
    """A field's name from the words its messages use: "The challenge's dice" is read
    out as "Challenge's dice", "A throw" as "Throw"."""
    for article in ("The ", "A ", "An ", "Each "):  # untranslated: the rule's English words
        if what.startswith(article) and len(what) > len(article):
            rest = what[len(article) :]
            return rest[0].upper() + rest[1:]
    return what
