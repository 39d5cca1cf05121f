"""A character's downtime side: stress, trauma, hit points, XP, virtue and vice, friends.

Shown as the "Downtime" tab of the roster's character form. Tracks are drawn as rows of
boxes (a click sets how many are marked); every edit replaces the character's sheet
through one `SetDowntimeSheet` command, checked first with the rules' own values
(`StressTrack`, `Health`), and the store's change notice refreshes the view. Typing in a
text field is written after a pause, and a burst of typing folds into one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import downtime
from desktop.store import DowntimeSheet, NotFound, Topic
from desktop.ui.card_commands import UpdateSettings
from desktop.ui.downtime_commands import SetDowntimeSheet
from desktop.ui.form_helpers import (
    CampaignView,
    error_label,
    follow_changes,
    show_error,
    vertical_scroll,
)
from desktop.ui.plain_text import PlainLabel, RichLabel, escaped
from desktop.ui.session import CampaignSession
from desktop.ui.theme import HINT_STYLE, MARK_INK, STRESS, TRAUMA, XP, Role, colour
from desktop.ui.window_language import ptr, tr
from desktop.ui.zoom import zoom_size

TOPICS = frozenset({Topic.DOWNTIME, Topic.CHARACTERS, Topic.CAMPAIGN, Topic.SETTINGS})
TYPING_PAUSE_MS = 600
TRAUMA_BOXES = 4  # the sheet's trauma track: 0..4
XP_BOXES = 8  # drawn per XP track; a track with more marks grows a box at a time
HP_LIMIT = 999
MIN_STRESS_TRACK = 2


def accent(palette: QPalette, colours: Role) -> QColor:
    """A track's colour (theme.STRESS, TRAUMA or XP), the light or dark variant to suit the
    palette; the cross drawn in a marked box carries the meaning where the colour does not."""
    return colour(palette, colours)


def clicked_marks(marked: int, box: int) -> int:
    """Marks after a click on box `box` (0-based): up to and including it, or, on the last
    marked box, one fewer, so a mistaken mark is one click away from undone."""
    return box if marked == box + 1 else box + 1


class BoxTrack(QWidget):
    """A row of boxes, `marked` of `count` filled from the left; a click sets the marks.

    Arrow keys (or + and -) move the mark by one. Box size follows the room there is, so a
    20-box stress track still fits the narrow roster dock.
    """

    marks_requested = Signal(int)
    MAX_BOX = 22
    MIN_BOX = 9
    GAP = 4

    def __init__(
        self, count: int, colours: Role, label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._count = count
        self._marked = 0
        self._colours = colours
        self._label = label
        self._editable = True
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._describe()

    # -- state -----------------------------------------------------------------------------

    @property
    def count(self) -> int:
        return self._count

    @property
    def marked(self) -> int:
        return self._marked

    def set_state(self, marked: int, count: int) -> None:
        if (marked, count) != (self._marked, self._count):
            self._marked, self._count = marked, count
            self.updateGeometry()
            self.update()
            self._describe()

    def set_editable(self, editable: bool) -> None:
        self._editable = editable
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if editable else Qt.CursorShape.ArrowCursor
        )

    def _describe(self) -> None:
        text = tr("{track}: {marked} of {count} marked").format(
            track=self._label, marked=self._marked, count=self._count
        )
        self.setAccessibleName(text)
        hint = tr("Click a box to mark up to it; click the last marked box to clear it.")
        self.setToolTip(f"{text}.\n{hint}")

    # -- geometry --------------------------------------------------------------------------

    def box_size(self) -> float:
        room = (self.width() - self.GAP * (self._count - 1) - 2) / max(1, self._count)
        return max(float(self.MIN_BOX), min(float(self.MAX_BOX), room))

    def box_rect(self, index: int) -> QRectF:
        size = self.box_size()
        return QRectF(1 + index * (size + self.GAP), 1, size, size)

    def box_at(self, point: QPointF) -> int | None:
        for index in range(self._count):
            if self.box_rect(index).adjusted(-2, -2, 2, 2).contains(point):
                return index
        return None

    def sizeHint(self) -> QSize:
        width = self._count * (self.MAX_BOX + self.GAP)
        return QSize(int(width), self.MAX_BOX + 2)

    def minimumSizeHint(self) -> QSize:
        return QSize(int(self._count * (self.MIN_BOX + self.GAP)), self.MAX_BOX + 2)

    # -- input -----------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        box = self.box_at(event.position())
        if event.button() != Qt.MouseButton.LeftButton or box is None or not self._editable:
            super().mousePressEvent(event)
            return
        self.marks_requested.emit(clicked_marks(self._marked, box))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {
            Qt.Key.Key_Right: 1,
            Qt.Key.Key_Plus: 1,
            Qt.Key.Key_Up: 1,
            Qt.Key.Key_Left: -1,
            Qt.Key.Key_Minus: -1,
            Qt.Key.Key_Down: -1,
        }
        step = steps.get(Qt.Key(event.key()))
        if step is None or not self._editable:
            super().keyPressEvent(event)
            return
        wanted = max(0, min(self._count, self._marked + step))
        if wanted != self._marked:
            self.marks_requested.emit(wanted)

    # -- drawing ---------------------------------------------------------------------------

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        fill = accent(palette, self._colours)
        if not self.isEnabled():
            fill = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
        outline = palette.color(QPalette.ColorRole.WindowText)
        outline.setAlphaF(0.55)
        for index in range(self._count):
            self._paint_box(painter, self.box_rect(index), index < self._marked, fill, outline)
        if self.hasFocus():
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), 1.5, Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            last = self.box_rect(max(0, self._marked - 1))
            painter.drawRoundedRect(last.adjusted(-2, -2, 2, 2), 4, 4)
        painter.end()

    def _paint_box(
        self, painter: QPainter, rect: QRectF, marked: bool, fill: QColor, outline: QColor
    ) -> None:
        radius = rect.width() * 0.18
        if marked:
            painter.setPen(QPen(fill.darker(130), 1.2))
            painter.setBrush(QBrush(fill))
            painter.drawRoundedRect(rect, radius, radius)
            # A cross in every marked box: marked and empty differ in shape, not only hue.
            inset = rect.width() * 0.27
            cross = rect.adjusted(inset, inset, -inset, -inset)
            painter.setPen(QPen(colour(self.palette(), MARK_INK), max(1.5, rect.width() / 9)))
            painter.drawLine(cross.topLeft(), cross.bottomRight())
            painter.drawLine(cross.topRight(), cross.bottomLeft())
            return
        painter.setPen(QPen(outline, 1.2))
        painter.setBrush(self.palette().color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, radius, radius)


class DowntimeSheetWidget(CampaignView):
    """The selected character's downtime sheet, edited in place, undoably."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(TOPICS, self.reload, parent)
        self._character_id: int | None = None
        self._name = ""
        self._sheet: DowntimeSheet | None = None
        self._track_length = downtime.DEFAULT_STRESS_TRACK
        self._pending: str | None = None  # the text field being typed, until a pause
        self._shown_texts: dict[str, str] = {}  # each text field's stored text, last shown
        self._typing_timer = QTimer(self, singleShot=True, interval=TYPING_PAUSE_MS)
        self._typing_timer.timeout.connect(self.flush_edits)

        self.stress_track = BoxTrack(self._track_length, STRESS, tr("Stress"))
        self.stress_track.setObjectName("stressTrack")
        self.stress_track.marks_requested.connect(self._set_stress)
        self.stress_label = _value_label("stressValue")
        self.track_spin = QSpinBox()
        self.track_spin.setObjectName("stressTrackLength")
        self.track_spin.setRange(MIN_STRESS_TRACK, downtime.MAX_STRESS_TRACK)
        self.track_spin.setKeyboardTracking(False)
        self.track_spin.setSuffix(tr(" boxes"))
        self.track_spin.setToolTip(
            tr("How many stress boxes every character of the campaign has (a campaign setting).")
        )
        self.track_spin.valueChanged.connect(self._set_track_length)
        self.trauma_track = BoxTrack(TRAUMA_BOXES, TRAUMA, tr("Trauma"))
        self.trauma_track.setObjectName("traumaTrack")
        self.trauma_track.marks_requested.connect(self._set_trauma)
        self.trauma_label = _value_label("traumaValue")

        self.hp_spin = _spin("hpCurrent", 0, HP_LIMIT, tr("Hit points now"))
        self.hp_max_spin = _spin("hpMax", 1, HP_LIMIT, tr("Maximum hit points"))
        self.hp_spin.valueChanged.connect(self._set_hp)
        self.hp_max_spin.valueChanged.connect(self._set_hp_max)
        self.recovery_label = PlainLabel()
        self.recovery_label.setObjectName("recoveryHint")
        self.recovery_label.setStyleSheet(HINT_STYLE)
        self.recovery_label.setWordWrap(True)

        self.xp_grid = QGridLayout()
        self.xp_grid.setHorizontalSpacing(8)
        self.xp_grid.setVerticalSpacing(4)
        self.xp_rows: dict[str, tuple[QLabel, BoxTrack, QLabel]] = {}

        self.virtue_edit = _line("virtueEdit", tr("How they do good: Charity, Honour, Faith…"))
        self.vice_edit = _line("viceEdit", tr("What they crave: Gambling, Pleasure, Obligation…"))
        self.purveyor_edit = _line("purveyorEdit", tr("Who sells it, and where"))
        self.friends_edit = _text("friendsEdit", tr("One friend a line"))
        self.contacts_edit = _text("contactsEdit", tr("One contact a line"))
        self._texts: dict[str, QLineEdit | QPlainTextEdit] = {
            "virtue": self.virtue_edit,
            "vice": self.vice_edit,
            "vice_purveyor": self.purveyor_edit,
            "friends": self.friends_edit,
            "contacts": self.contacts_edit,
        }
        for field, editor in self._texts.items():
            _on_typing(editor, lambda *_args, f=field: self._typed(f))
            if isinstance(editor, QLineEdit):
                editor.editingFinished.connect(self.flush_edits)

        self.error_label = error_label("sheetError")
        self.kind_hint = PlainLabel(
            tr(
                "Downtime activities are for player characters; this sheet still keeps "
                "stress, harm and contacts."
            )
        )
        self.kind_hint.setObjectName("kindHint")
        self.kind_hint.setWordWrap(True)
        self.kind_hint.setStyleSheet(HINT_STYLE)
        self.kind_hint.hide()
        self._build_layout()
        self.reload()

    def _build_layout(self) -> None:
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.setSpacing(6)
        layout.addWidget(self.kind_hint)

        layout.addWidget(_heading(tr("Stress")))
        stress_row = QHBoxLayout()
        stress_row.addWidget(self.stress_track, 1)
        stress_row.addWidget(self.stress_label)
        layout.addLayout(stress_row)
        length_row = QHBoxLayout()
        length_label = PlainLabel(tr("Track (whole campaign):"))
        length_label.setStyleSheet(HINT_STYLE)
        length_label.setBuddy(self.track_spin)
        length_row.addWidget(length_label)
        length_row.addWidget(self.track_spin)
        length_row.addStretch(1)
        layout.addLayout(length_row)
        layout.addWidget(_heading(tr("Trauma")))
        trauma_row = QHBoxLayout()
        trauma_row.addWidget(self.trauma_track, 1)
        trauma_row.addWidget(self.trauma_label)
        layout.addLayout(trauma_row)

        layout.addWidget(_heading(tr("Hit points")))
        hp_row = QHBoxLayout()
        hp_row.addWidget(self.hp_spin)
        hp_row.addWidget(PlainLabel(ptr("hit points: 3 of 10", "of")))
        hp_row.addWidget(self.hp_max_spin)
        hp_row.addSpacing(8)
        hp_row.addWidget(self.recovery_label, 1)
        layout.addLayout(hp_row)

        layout.addWidget(_heading(tr("XP")))
        layout.addLayout(self.xp_grid)

        layout.addWidget(_heading(tr("Virtue and vice")))
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        for row, (text, editor) in enumerate(
            (
                (tr("&Virtue"), self.virtue_edit),
                (tr("V&ice"), self.vice_edit),
                (tr("&Purveyor"), self.purveyor_edit),
            )
        ):
            label = PlainLabel(text)
            label.setBuddy(editor)
            grid.addWidget(label, row, 0)
            grid.addWidget(editor, row, 1)
        layout.addLayout(grid)

        people = QHBoxLayout()
        for text, notes in (
            (tr("&Friends"), self.friends_edit),
            (tr("&Contacts"), self.contacts_edit),
        ):
            column = QVBoxLayout()
            heading = _heading(text)
            heading.setBuddy(notes)
            column.addWidget(heading)
            column.addWidget(notes)
            people.addLayout(column)
        layout.addLayout(people, 1)
        layout.addWidget(self.error_label)

        # Scrolls rather than growing the roster dock's minimum height, as the kit does.
        scroll = vertical_scroll(content, "downtimeScroll")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    # -- following the campaign ---------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        self.flush_edits()
        self._session = follow_changes(self._session, session, self._on_changed)
        self._character_id = None
        self.reload()

    def show_character(self, character_id: int | None) -> None:
        if character_id == self._character_id:
            return
        self.flush_edits()  # what was typed belongs to the character it was typed for
        self._show_error(None)
        self._character_id = character_id
        self.reload()

    @property
    def writable(self) -> bool:
        return (
            self._session is not None
            and not self._session.read_only
            and self._character_id is not None
        )

    @property
    def sheet(self) -> DowntimeSheet | None:
        return self._sheet

    def reload(self) -> None:
        self._sheet, kind = None, ""
        session = self._session
        if session is not None:
            length = session.campaign.settings().get("stress_track")
            self._track_length = int(length or downtime.DEFAULT_STRESS_TRACK)
        if session is not None and self._character_id is not None:
            try:
                character = session.campaign.roster.get(self._character_id)
                self._sheet = session.campaign.downtime.sheet(self._character_id)
            except NotFound:  # deleted: the roster moves the selection on in a moment
                self._character_id = None
            else:
                self._name, kind = character.name, character.kind
        self.kind_hint.setVisible(bool(kind) and kind != "pc")
        self._show_sheet(self._sheet)
        self.setEnabled(self._sheet is not None)

    def _show_sheet(self, sheet: DowntimeSheet | None) -> None:
        writable = self.writable
        stress = sheet.stress if sheet else 0
        self.stress_track.set_state(stress, self._track_length)
        self.stress_label.setText(f"{stress} / {self._track_length}")
        _set_spin(self.track_spin, self._track_length)
        self.track_spin.setEnabled(self._session is not None and not self._session.read_only)
        trauma = sheet.trauma if sheet else 0
        self.trauma_track.set_state(trauma, TRAUMA_BOXES)
        self.trauma_label.setText(f"{trauma} / {TRAUMA_BOXES}")
        for track in (self.stress_track, self.trauma_track):
            track.set_editable(writable)
        hp_max = sheet.hp_max if sheet else 1
        _set_spin(self.hp_max_spin, hp_max)
        self.hp_spin.blockSignals(True)  # a lower maximum is a refresh, not an edit
        self.hp_spin.setMaximum(hp_max)
        self.hp_spin.blockSignals(False)
        _set_spin(self.hp_spin, sheet.hp if sheet else 0)
        for spin in (self.hp_spin, self.hp_max_spin):
            spin.setReadOnly(not writable)
        self.recovery_label.setText(
            tr("A recovery restores {hp} HP").format(hp=downtime.recovery_hp(hp_max))
            if sheet
            else ""
        )
        self._show_xp(sheet.xp if sheet else (), writable)
        for field, editor in self._texts.items():
            editor.setReadOnly(not writable)
            stored = getattr(sheet, field) if sheet else ""
            # What the GM is typing stays (a write refused, a full disk), unless the
            # stored text itself changed (an undo, a redo).
            if field != self._pending or stored != self._shown_texts.get(field):
                _set_text(editor, stored)
            self._shown_texts[field] = stored

    def _show_xp(self, xp: tuple[tuple[str, int], ...], writable: bool) -> None:
        names = [track for track, _marks in xp]
        if names != list(self.xp_rows):
            self._rebuild_xp_rows(names)
        for track, marks in xp:
            _label, boxes, value = self.xp_rows[track]
            boxes.set_state(marks, max(XP_BOXES, marks + 1))
            boxes.set_editable(writable)
            value.setText(tr("{count} XP").format(count=marks))

    def _rebuild_xp_rows(self, names: list[str]) -> None:
        for label, boxes, value in self.xp_rows.values():
            for widget in (label, boxes, value):
                self.xp_grid.removeWidget(widget)
                widget.deleteLater()
        self.xp_rows = {}
        for row, track in enumerate(names):
            label = PlainLabel(track)
            boxes = BoxTrack(XP_BOXES, XP, tr("{track} XP").format(track=track))
            boxes.setObjectName(f"xpTrack{track}")
            boxes.marks_requested.connect(lambda marks, t=track: self._set_xp(t, marks))
            value = _value_label(f"xpValue{track}")
            self.xp_grid.addWidget(label, row, 0)
            self.xp_grid.addWidget(boxes, row, 1)
            self.xp_grid.addWidget(value, row, 2)
            self.xp_rows[track] = (label, boxes, value)
        self.xp_grid.setColumnStretch(1, 1)

    # -- edits --------------------------------------------------------------------------------

    def _set_stress(self, marks: int) -> None:
        try:
            downtime.StressTrack(marks, self._track_length)
        except ValueError as error:
            self._show_error(str(error))
            return
        self._change("stress", stress=marks)

    def _set_trauma(self, marks: int) -> None:
        self._change("trauma", trauma=marks)

    def _set_hp(self, hp: int) -> None:
        if self._sheet is None or hp == self._sheet.hp:
            return
        try:
            downtime.Health(hp, self._sheet.hp_max)
        except ValueError as error:
            self._show_error(str(error))
            return
        self._change("hp", hp=hp)

    def _set_hp_max(self, hp_max: int) -> None:
        sheet = self._sheet
        if sheet is None or hp_max == sheet.hp_max:
            return
        # A lower maximum takes the current HP down with it, in the same step.
        hp = min(sheet.hp, hp_max)
        try:
            downtime.Health(hp, hp_max)
        except ValueError as error:
            self._show_error(str(error))
            return
        self._change("hp_max", hp=hp, hp_max=hp_max)

    def _set_xp(self, track: str, marks: int) -> None:
        if self._sheet is None:
            return
        xp = tuple((name, marks if name == track else old) for name, old in self._sheet.xp)
        self._change("xp", xp=xp)

    def _typed(self, field: str) -> None:
        # Written at each change, not after a pause: a crash loses nothing seen on screen
        # (the steps of one burst merge into one undo step). The field is the pending
        # one first, so the refresh the write brings leaves what is being typed alone
        # until a pause in typing.
        self._pending = field
        self._typing_timer.start()
        self._write_text(field)

    def flush_edits(self) -> None:
        """Write the text field typed in the last moments (before a switch or a close)."""
        self._typing_timer.stop()
        field, self._pending = self._pending, None
        if field is not None:
            self._write_text(field)

    def _write_text(self, field: str) -> None:
        if self._sheet is not None:
            self._change(field, **{field: _text_of(self._texts[field])})

    def _change(self, field: str, **changes: Any) -> None:  # fields of a DowntimeSheet
        sheet, session = self._sheet, self._session
        if sheet is None or session is None or not self.writable:
            return
        after = replace(sheet, **changes)
        if after == sheet:
            return
        command = SetDowntimeSheet(session, self._name, sheet, after, field)
        self._push(command)

    def _set_track_length(self, length: int) -> None:
        session = self._session
        if session is None or session.read_only or length == self._track_length:
            return
        text = tr("Make the stress track {length} boxes").format(length=length)
        if not self._push(UpdateSettings(session, text, stress_track=length)):
            _set_spin(self.track_spin, self._track_length)  # refused: show the setting again

    def _push(self, command: SetDowntimeSheet | UpdateSettings) -> bool:
        """Push; a refusal from the store is shown under the sheet as well."""
        assert self._session is not None
        done = self._session.push(command)
        self._show_error(None if done else self._session.last_failure)
        return done

    def _show_error(self, message: str | None) -> None:
        show_error(self.error_label, message)


# -- small builders -----------------------------------------------------------------------------


def _heading(text: str) -> QLabel:
    return RichLabel(f"<b>{escaped(text)}</b>")  # untranslated: markup around words given


def _value_label(name: str) -> QLabel:
    label = PlainLabel()
    label.setObjectName(name)
    zoom_size(label, minimumWidth=44)
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return label


def _spin(name: str, low: int, high: int, tip: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(low, high)
    spin.setKeyboardTracking(False)  # typing "12" writes 12 once, not 1 then 12
    spin.setToolTip(tip)
    spin.setAccessibleName(tip)  # the tip says what the number is
    return spin


def _line(name: str, placeholder: str) -> QLineEdit:
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(placeholder)
    return edit


def _text(name: str, placeholder: str) -> QPlainTextEdit:
    edit = QPlainTextEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(placeholder)
    edit.setTabChangesFocus(True)
    edit.setMinimumHeight(70)
    return edit


def _on_typing(editor: QLineEdit | QPlainTextEdit, slot: Callable[[], None]) -> None:
    if isinstance(editor, QLineEdit):
        editor.textEdited.connect(slot)
    else:
        editor.textChanged.connect(slot)


def _text_of(editor: QLineEdit | QPlainTextEdit) -> str:
    return editor.text() if isinstance(editor, QLineEdit) else editor.toPlainText()


def _set_text(editor: QLineEdit | QPlainTextEdit, text: str) -> None:
    if _text_of(editor) == text:
        return
    editor.blockSignals(True)  # a refresh from the store is not the GM typing
    if isinstance(editor, QLineEdit):
        editor.setText(text)
    else:
        editor.setPlainText(text)
    editor.blockSignals(False)


def _set_spin(spin: QSpinBox, value: int) -> None:
    if spin.value() != value:
        spin.blockSignals(True)
        spin.setValue(value)
        spin.blockSignals(False)
