"""The small dialogs of the Clocks dock: new clock, rename, resize, note, apply a result.

Each dialog checks its values with the rules before it closes and shows the rules'
message next to the field; the dock opens them with `open()` (never a blocking
`exec()`) and turns an accepted dialog into one undo command.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.paint.clocks import ClockStyle, paint_clock
from desktop.rules import downtime
from desktop.store import ClockRecord
from desktop.ui.accessible import named
from desktop.ui.form_helpers import error_label
from desktop.ui.plain_text import PlainLabel
from desktop.ui.widgets.clock_board import Owner
from desktop.ui.widgets.number_field import NumberField
from desktop.ui.window_language import ntr, tr
from desktop.ui.zoom import zoom_size

# A result's level in words (the rules' `Result.label` is English).
LEVEL_WORDS = {
    downtime.FAILURE: N_("Failure"),
    downtime.SUCCESS: N_("Success"),
    downtime.CRITICAL: N_("Critical"),
}


def result_label(result: downtime.Result) -> str:
    """Failure, Success or Critical ×m, in the window's language."""
    if result.level == downtime.CRITICAL:
        return tr("Critical ×{multiplier}").format(multiplier=result.multiplier)
    return tr(LEVEL_WORDS[result.level])


class DialPreview(QWidget):
    """A dial drawn by `paint_clock`, to show what a dialog is about to do."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.segments = 4
        self.filled = 0
        self.preview: int | None = None
        self.setFixedSize(QSize(84, 84))

    def show_clock(self, segments: int, filled: int, preview: int | None = None) -> None:
        self.segments, self.filled, self.preview = segments, filled, preview
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_clock(
            painter,
            QRectF(self.rect()).adjusted(4, 4, -4, -4),
            self.segments,
            self.filled,
            style=ClockStyle.for_palette(self.palette()),
            preview=self.preview,
        )
        painter.end()


class _CheckedDialog(QDialog):
    """A form with an error line under it; `check()` raises ValueError to refuse OK."""

    def __init__(self, title: str, ok_text: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout()
        self.error_label = error_label("clockDialogError")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button.setText(ok_text)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.body = QHBoxLayout()
        self.body.addLayout(self.form, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(self.body)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        # The field typed in first. The buttons were made before the form's fields, so
        # Qt's first focus is OK: a name typed at once went nowhere.
        self.typed_first: QWidget | None = None

    def showEvent(self, event: QShowEvent) -> None:
        if self.typed_first is not None:
            self.typed_first.setFocus(Qt.FocusReason.OtherFocusReason)
        super().showEvent(event)

    @property
    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def check(self) -> None:
        """Raise ValueError with a plain message when the values can't be used."""

    def accept(self) -> None:
        try:
            self.check()
        except ValueError as error:
            self.error_label.setText(f"⚠ {error}")
            self.error_label.show()
            return
        super().accept()


class SegmentsPicker(QWidget):
    """The clock's size typed (2-12 segments), with one-click 4, 6 and 8 (the common
    sizes). A size out of range is refused at the field with the rule's message, never
    clamped (9999 used to become 12 without a word)."""

    changed = Signal(int)  # a size the rule accepts

    def __init__(self, value: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = NumberField(tr("A clock's size"), _check_segments, width=56)
        self.field.setObjectName("clockSegments")
        self.field.setValue(value)
        self.field.setToolTip(
            tr("{low} to {high} segments").format(
                low=downtime.MIN_SEGMENTS, high=downtime.MAX_SEGMENTS
            )
        )
        self.quick = QButtonGroup(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.field)
        layout.addWidget(PlainLabel(tr("segments")))
        for size in downtime.COMMON_SEGMENTS:
            button = QPushButton(str(size))
            button.setObjectName(f"clockQuick{size}")
            button.setCheckable(True)
            zoom_size(button, fixedWidth=36)
            button.setToolTip(tr("A {size}-segment clock").format(size=size))
            self.quick.addButton(button, size)
            layout.addWidget(button)
        self.quick.idClicked.connect(self.field.setValue)
        self.field.checked.connect(self._on_checked)
        self._sync_quick(value)

    def value(self) -> int:
        """The size typed; ValueError with the rule's message when it is refused."""
        value = self.field.value()
        if value is None:
            raise ValueError(self.field.problem() or tr("Type the clock's size first."))
        return value

    def _on_checked(self) -> None:
        value = self.field.value()
        self._sync_quick(value)
        if value is not None:
            self.changed.emit(value)

    def _sync_quick(self, value: int | None) -> None:
        for button in self.quick.buttons():
            button.setChecked(self.quick.id(button) == value)


def _check_segments(segments: int) -> None:
    """The rule's own check of a clock's size (a clock of that size can be made)."""
    downtime.Clock("size", segments)


class NewClockDialog(_CheckedDialog):
    def __init__(self, owners: list[Owner], owner_key: str, parent: QWidget | None = None) -> None:
        super().__init__(tr("New clock"), tr("Create"), parent)
        self.setObjectName("newClockDialog")
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("clockName")
        self.name_edit.setPlaceholderText(tr("e.g. The watch closes in"))
        self.segments = SegmentsPicker(6)
        self.owner_combo = QComboBox()
        self.owner_combo.setObjectName("clockOwner")
        for owner in owners:
            self.owner_combo.addItem(owner.title, owner.key)
        self.owner_combo.setCurrentIndex(max(0, self.owner_combo.findData(owner_key)))
        self.dial = DialPreview()
        self.form.addRow(tr("&Name"), self.name_edit)
        self.typed_first = self.name_edit
        self.form.addRow(tr("&Size"), self.segments)
        self.form.addRow(tr("&Owner"), self.owner_combo)
        # New clocks are the GM's secret until shown (issue 17).
        self.shown = QCheckBox(tr("Shown to &players"))
        self.shown.setObjectName("clockShown")
        self.shown.setToolTip(tr("Show this clock on the player display"))
        self.form.addRow("", self.shown)
        self.body.addWidget(self.dial, 0, Qt.AlignmentFlag.AlignTop)
        self.segments.changed.connect(lambda n: self.dial.show_clock(n, 0))
        self.dial.show_clock(self.segments.value(), 0)

    def name(self) -> str:
        return self.name_edit.text().strip()

    def owner(self) -> tuple[str, int]:
        kind, _, owner_id = str(self.owner_combo.currentData()).partition(":")
        return kind, int(owner_id)

    def check(self) -> None:
        _require_name(self.name())
        downtime.Clock(self.name(), self.segments.value())


class _ClockDialog(_CheckedDialog):
    """A dialog about one `clock`: `title`, a template, heads it with the clock's name
    as its {name}; `name` names it for tests and styles."""

    def __init__(
        self, clock: ClockRecord, title: str, ok_text: str, name: str, parent: QWidget | None
    ) -> None:
        super().__init__(title.format(name=clock.name), ok_text, parent)
        self.setObjectName(name)
        self.clock = clock


class RenameClockDialog(_ClockDialog):
    def __init__(self, clock: ClockRecord, parent: QWidget | None = None) -> None:
        super().__init__(clock, tr("Rename {name}"), tr("Rename"), "renameClockDialog", parent)
        self.name_edit = QLineEdit(clock.name)
        self.name_edit.setObjectName("clockName")
        self.name_edit.selectAll()
        self.form.addRow(tr("&Name"), self.name_edit)
        self.typed_first = self.name_edit
        zoom_size(self, minimumWidth=320)

    def name(self) -> str:
        return self.name_edit.text().strip()

    def check(self) -> None:
        _require_name(self.name())
        downtime.Clock(self.name(), self.clock.segments, self.clock.filled)


def _require_name(name: str) -> None:
    if not name:
        raise ValueError(tr("Give the clock a name."))


class ResizeClockDialog(_ClockDialog):
    def __init__(self, clock: ClockRecord, parent: QWidget | None = None) -> None:
        super().__init__(clock, tr("Resize {name}"), tr("Resize"), "resizeClockDialog", parent)
        self.segments = SegmentsPicker(clock.segments)
        self.cut_label = PlainLabel()
        self.cut_label.setObjectName("clockCutWarning")
        self.cut_label.setWordWrap(True)
        self.dial = DialPreview()
        self.form.addRow(tr("&Size"), self.segments)
        self.typed_first = self.segments.field
        self.form.addRow("", self.cut_label)
        self.body.addWidget(self.dial, 0, Qt.AlignmentFlag.AlignTop)
        self.segments.changed.connect(self._show)
        self._show(clock.segments)

    def resized(self) -> downtime.Clock:
        return self.clock.clock.resize(self.segments.value())

    def _show(self, segments: int) -> None:
        resized = self.clock.clock.resize(segments)
        self.dial.show_clock(resized.segments, resized.filled)
        cut = self.clock.filled - resized.filled
        self.cut_label.setText(
            ntr(
                "⚠ {count} filled segment will be cut off.",
                "⚠ {count} filled segments will be cut off.",
                cut,
            ).format(count=cut)
            if cut
            else tr("{filled} of {segments} filled.").format(
                filled=resized.filled, segments=resized.segments
            )
        )

    def check(self) -> None:
        self.resized()


class ClockNoteDialog(_ClockDialog):
    def __init__(self, clock: ClockRecord, parent: QWidget | None = None) -> None:
        super().__init__(clock, tr("Note on {name}"), tr("Save"), "clockNoteDialog", parent)
        self.note_edit = QPlainTextEdit(clock.note)
        self.note_edit.setObjectName("clockNote")
        named(self.note_edit, tr("Note"))
        # Tab leaves the notes: a keyboard user is never held in them.
        self.note_edit.setTabChangesFocus(True)
        self.note_edit.setPlaceholderText(tr("What fills it, what happens when it is full…"))
        self.form.addRow(self.note_edit)
        self.typed_first = self.note_edit
        self.resize(380, 220)

    def note(self) -> str:
        return self.note_edit.toPlainText().strip()


class ApplyResultDialog(_ClockDialog):
    """Failure, Success or Critical ×m: shows the segments it marks before it is applied."""

    def __init__(self, clock: ClockRecord, parent: QWidget | None = None) -> None:
        super().__init__(
            clock, tr("Apply a result to {name}"), tr("Apply"), "applyResultDialog", parent
        )
        self.levels = QButtonGroup(self)
        row = QHBoxLayout()
        for index, level in enumerate(downtime.LEVELS):
            button = QRadioButton(tr(LEVEL_WORDS[level]))
            button.setObjectName(f"result_{level}")
            self.levels.addButton(button, index)
            row.addWidget(button)
        self.levels.button(1).setChecked(True)
        self.multiplier = QSpinBox()
        self.multiplier.setObjectName("resultMultiplier")
        self.multiplier.setRange(1, 20)
        self.multiplier.setPrefix("×")
        self.ticks_label = PlainLabel()
        self.ticks_label.setObjectName("resultTicks")
        self.ticks_label.setWordWrap(True)
        self.dial = DialPreview()
        self.form.addRow(tr("Result"), row)
        self.form.addRow(tr("Critical &multiplier"), self.multiplier)
        self.form.addRow("", self.ticks_label)
        self.body.addWidget(self.dial, 0, Qt.AlignmentFlag.AlignTop)
        self.levels.idToggled.connect(lambda _id, _on: self._show())
        self.multiplier.valueChanged.connect(lambda _value: self._show())
        self._show()

    def level(self) -> str:
        return downtime.LEVELS[max(0, self.levels.checkedId())]

    def chosen_result(self) -> downtime.Result:
        level = self.level()
        return downtime.Result(level, self.multiplier.value() if level == downtime.CRITICAL else 0)

    def ticks(self) -> int:
        result = self.chosen_result()
        return downtime.clock_ticks(result.level, result.multiplier)

    def advanced(self) -> downtime.Clock:
        return self.clock.clock.advance(self.chosen_result())

    def _show(self) -> None:
        self.multiplier.setEnabled(self.level() == downtime.CRITICAL)
        ticks = self.ticks()
        after = self.advanced()
        text = ntr(
            "{result} marks {count} segment:\n{before} → {after}",
            "{result} marks {count} segments:\n{before} → {after}",
            ticks,
        ).format(
            result=result_label(self.chosen_result()),
            count=ticks,
            before=f"{self.clock.filled}/{self.clock.segments}",
            after=f"{after.filled}/{after.segments}",
        )
        if self.clock.filled + ticks > after.segments:
            text = tr("{marks} (a clock never fills past full)").format(marks=text)
        self.ticks_label.setText(text)
        self.dial.show_clock(self.clock.segments, self.clock.filled, preview=after.filled)
        self.ok_button.setEnabled(after.filled != self.clock.filled)

    def check(self) -> None:
        self.chosen_result()
