"""One activity of the selected character: choose it, roll, see the effect, record."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QFont, QStandardItemModel
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.rules import downtime
from desktop.store import ClockRecord
from desktop.ui.downtime.look import PREVIEW_STYLE, clock_icon
from desktop.ui.downtime.planning import (
    MAX_COIN,
    NEW_CLOCK,
    POSITION_OF_TARGET,
    PROJECT_SEGMENTS,
    ROLLING,
    Context,
    Plan,
    activity_word,
    healing_word,
    overindulgence_words,
    plan_asset,
    plan_healing,
    plan_project,
    plan_recover,
    plan_train,
    plan_vice,
    plan_virtue,
    position_word,
)
from desktop.ui.downtime.result_picker import ResultPicker
from desktop.ui.form_helpers import (
    error_label,
    labelled_row,
    push_button,
    show_error,
    spread_row,
    wide_and_narrow,
    wrapped_label,
)
from desktop.ui.plain_text import PlainLabel, escaped
from desktop.ui.theme import HINT_STYLE
from desktop.ui.window_language import ntr, tr, window_translator

# -- a character's activity ----------------------------------------------------------------------


def _face_row(
    prefix: str, sides: int, rng: Callable[[], random.Random], changed: Callable[[], None]
) -> tuple[QHBoxLayout, QSpinBox]:
    """A die rolled here or entered from the table: 0 shows as "not rolled"."""
    spin = QSpinBox()
    spin.setObjectName(f"{prefix}Face")
    spin.setRange(0, sides)
    spin.setSpecialValueText(tr("not rolled"))
    spin.valueChanged.connect(changed)
    button = QPushButton(tr("Roll d{sides}").format(sides=sides))
    button.setObjectName(f"{prefix}Roll")
    button.clicked.connect(lambda: spin.setValue(downtime.roll_die(rng(), sides)))
    row = spread_row([button, PlainLabel(tr("or the face")), spin])
    return row, spin


class ActivityForm(QWidget):
    """One activity of the selected character: choose it, roll, see the effect, record."""

    record_requested = Signal(object)  # Plan
    recover_requested = Signal(object, object, str)  # sheet before, sheet after, what happened

    def __init__(self, rng: Callable[[], random.Random]) -> None:
        super().__init__()
        self._ctx: Context | None = None
        self._plan: Plan | None = None
        self._writable = False
        self.title = PlainLabel()
        self.title.setObjectName("activityTitle")
        self.allowance = wrapped_label("allowance", rich=True)
        self.extra_combo = QComboBox()
        self.extra_combo.setObjectName("extraPayment")
        self.extra_combo.addItem(tr("1 coin"), downtime.COIN)
        self.extra_combo.addItem(tr("1 rep"), downtime.REP)
        self.extra_row = labelled_row(tr("Pay for this extra activity with"), self.extra_combo)
        self.activity_combo = QComboBox()
        self.activity_combo.setObjectName("activityChoice")
        words = window_translator()
        for key in downtime.ACTIVITY_LABELS:
            self.activity_combo.addItem(activity_word(words, key), key)
        self.picker = ResultPicker(rng, coin=True, prefix="activity")
        # Only the chosen activity's page is shown, so the box is as tall as that page.
        self.pages = QWidget()
        self._pages_layout = QVBoxLayout(self.pages)
        self._pages_layout.setContentsMargins(0, 0, 0, 0)
        self._build_pages(rng)
        self.preview = wrapped_label("preview", rich=True)
        self.preview.setStyleSheet(PREVIEW_STYLE)
        self.record_button = push_button(tr("Record activity"), "recordActivity", self._record)
        self.record_button.setDefault(True)
        self._build_layout()

        self.activity_combo.currentIndexChanged.connect(self._on_activity)
        self.extra_combo.currentIndexChanged.connect(self.update_preview)
        self.picker.changed.connect(self.update_preview)
        self._on_activity()

    def _build_pages(self, rng: Callable[[], random.Random]) -> None:
        words = window_translator()
        self.asset_edit = QLineEdit()
        self.asset_edit.setObjectName("assetName")
        self.asset_edit.setPlaceholderText(tr("A fast boat, a gang of thugs, a forger's services…"))
        self.quality_coin = QSpinBox()
        self.quality_coin.setObjectName("qualityCoin")
        self.quality_coin.setRange(0, MAX_COIN - MAX_COIN % downtime.QUALITY_COIN)
        self.quality_coin.setSingleStep(downtime.QUALITY_COIN)
        self.quality_coin.setSuffix(tr(" coin"))
        self.quality_coin.setToolTip(tr("2 coin for each level of quality above the roll's."))
        asset = QFormLayout()
        asset.addRow(tr("Asset"), self.asset_edit)
        asset.addRow(tr("More quality"), self.quality_coin)

        self.clock_combo = QComboBox()
        self.clock_combo.setObjectName("projectClock")
        self.clock_combo.setIconSize(QSize(20, 20))
        self.clock_name = QLineEdit()
        self.clock_name.setObjectName("projectName")
        self.clock_name.setPlaceholderText(tr("Name of the new project"))
        self.clock_segments = QSpinBox()
        self.clock_segments.setObjectName("projectSegments")
        self.clock_segments.setRange(downtime.MIN_SEGMENTS, downtime.MAX_SEGMENTS)
        self.clock_segments.setValue(PROJECT_SEGMENTS)
        self.clock_segments.setSuffix(tr(" segments"))
        self.new_clock_row = wide_and_narrow(self.clock_name, self.clock_segments)
        project = QFormLayout()
        project.addRow(tr("Clock"), self.clock_combo)
        project.addRow("", self.new_clock_row)

        self.mode_combo = QComboBox()
        self.mode_combo.setObjectName("healingMode")
        for key in downtime.HEALING_MODES:
            self.mode_combo.addItem(healing_word(words, key), key)
        self.mode_hint = PlainLabel()
        self.mode_hint.setStyleSheet(HINT_STYLE)
        self.mode_hint.setWordWrap(True)
        self.recover_button = push_button(tr("Recover with 1 stress instead"), "recoverWithStress")
        self.recover_button.setToolTip(
            tr(
                "Expend 1 stress to recover a quarter of maximum HP. Allowed during downtime; "
                "it is not an activity."
            )
        )
        healing = QFormLayout()
        healing.addRow(tr("Treatment"), self.mode_combo)
        healing.addRow("", self.mode_hint)
        healing.addRow("", self.recover_button)

        self.track_combo = QComboBox()
        self.track_combo.setObjectName("trainTrack")
        self.upgrade_check = QCheckBox(tr("The chapter has the Training upgrade (+1 XP)"))
        self.upgrade_check.setObjectName("trainingUpgrade")
        train = QFormLayout()
        train.addRow(tr("XP track"), self.track_combo)
        train.addRow("", self.upgrade_check)

        virtue_row, self.virtue_face = _face_row(
            "virtue", downtime.VIRTUE_DIE, rng, self.update_preview
        )
        virtue = QFormLayout()
        virtue.addRow(tr("Stress cleared"), virtue_row)

        vice_row, self.vice_face = _face_row("vice", downtime.VICE_DIE, rng, self.update_preview)
        self.overindulge_box = QGroupBox(tr("Overindulged: how?"))
        self.overindulge_box.setObjectName("overindulgence")
        self.overindulge_group = QButtonGroup(self)
        box_layout = QVBoxLayout(self.overindulge_box)
        for number, key in enumerate(downtime.OVERINDULGENCES):
            label, effect = overindulgence_words(words, key)
            button = QRadioButton(tr("{way}: {effect}").format(way=label, effect=effect))
            button.setObjectName(f"overindulge_{key}")
            button.setProperty("key", key)
            self.overindulge_group.addButton(button, number)
            box_layout.addWidget(button)
        vice = QFormLayout()
        vice.addRow(tr("Stress cleared"), vice_row)
        vice.addRow(self.overindulge_box)

        self._pages: dict[str, QWidget] = {}
        for key, layout in (
            (downtime.ACQUIRE_ASSET, asset),
            (downtime.LONG_TERM_PROJECT, project),
            (downtime.HEALING, healing),
            (downtime.TRAIN, train),
            (downtime.EXEMPLIFY_VIRTUE, virtue),
            (downtime.INDULGE_VICE, vice),
        ):
            page = QWidget()
            layout.setContentsMargins(0, 0, 0, 0)
            page.setLayout(layout)
            self._pages[key] = page
            self._pages_layout.addWidget(page)

        for signal in (
            self.asset_edit.textChanged,
            self.quality_coin.valueChanged,
            self.clock_name.textChanged,
            self.clock_segments.valueChanged,
            self.track_combo.currentIndexChanged,
            self.upgrade_check.toggled,
            self.overindulge_group.idToggled,
        ):
            signal.connect(self.update_preview)
        self.clock_combo.currentIndexChanged.connect(self._on_clock)
        self.mode_combo.currentIndexChanged.connect(self._on_mode)
        self.recover_button.clicked.connect(self._recover)

    def _build_layout(self) -> None:
        title_font = QFont(self.title.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.25)
        title_font.setBold(True)
        self.title.setFont(title_font)
        choose = QFormLayout()
        choose.addRow(tr("Activity"), self.activity_combo)
        self.roll_box = QGroupBox(tr("The roll"))
        roll_layout = QVBoxLayout(self.roll_box)
        roll_layout.addWidget(self.picker)
        self.effect_box = QGroupBox(tr("The activity"))
        effect_layout = QVBoxLayout(self.effect_box)
        effect_layout.addWidget(self.pages)
        self.error_label = error_label("activityError", hidden=False)
        buttons = spread_row([], [self.record_button])
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.allowance)
        layout.addWidget(self.extra_row)
        layout.addLayout(choose)
        layout.addWidget(self.effect_box)
        layout.addWidget(self.roll_box)
        layout.addWidget(self.preview)
        layout.addWidget(self.error_label)
        layout.addLayout(buttons)
        layout.addStretch(1)

    # -- following the store -------------------------------------------------------------------

    def set_context(self, ctx: Context | None, writable: bool) -> None:
        self._ctx, self._writable = ctx, writable
        self.setEnabled(ctx is not None)
        if ctx is None:
            self.title.setText(tr("Pick a player character"))
            self.allowance.clear()
            self.extra_row.hide()
            self.update_preview()
            return
        self.title.setText(ctx.name)
        self._show_allowance(ctx)
        self._fill_clocks(ctx.clocks)
        self._fill_tracks(ctx)
        self.recover_button.setEnabled(writable)
        self.update_preview()

    def _show_allowance(self, ctx: Context) -> None:
        progress, chapter = ctx.progress, ctx.chapter
        taken = len(progress.taken)
        if progress.free_left:
            if progress.at_war:
                text = ntr(
                    "<b>{left}</b> of {count} free activity left "
                    "(one while the chapter is at war).",
                    "<b>{left}</b> of {count} free activities left "
                    "(one while the chapter is at war).",
                    progress.free,
                )
            else:
                text = ntr(
                    "<b>{left}</b> of {count} free activity left.",
                    "<b>{left}</b> of {count} free activities left.",
                    progress.free,
                )
            text = text.format(left=progress.free_left, count=progress.free)
        else:
            if progress.at_war:
                text = ntr(
                    "Free activities used ({count} taken (one while the chapter is at war)). "
                    "Another costs {cost} coin or rep: the chapter has {coin} coin and {rep} rep.",
                    "Free activities used ({count} taken (one while the chapter is at war)). "
                    "Another costs {cost} coin or rep: the chapter has {coin} coin and {rep} rep.",
                    taken,
                )
            else:
                text = ntr(
                    "Free activities used ({count} taken). Another costs {cost} coin or rep: "
                    "the chapter has {coin} coin and {rep} rep.",
                    "Free activities used ({count} taken). Another costs {cost} coin or rep: "
                    "the chapter has {coin} coin and {rep} rep.",
                    taken,
                )
            text = text.format(
                count=taken,
                cost=downtime.EXTRA_ACTIVITY_COST,
                coin=chapter.coin,
                rep=chapter.rep,
            )
        self.allowance.setText(text)
        self.extra_row.setVisible(progress.free_left == 0)

    def _fill_clocks(self, clocks: tuple[ClockRecord, ...]) -> None:
        current = self.clock_combo.currentData()
        self.clock_combo.blockSignals(True)
        self.clock_combo.clear()
        for clock in clocks:
            if not clock.done:
                self.clock_combo.addItem(
                    clock_icon(clock.segments, clock.filled, self.palette()),
                    f"{clock.name}  ({clock.filled}/{clock.segments})",
                    clock.id,
                )
        self.clock_combo.addItem(tr("A new project clock…"), NEW_CLOCK)
        index = self.clock_combo.findData(current) if current is not None else 0
        self.clock_combo.setCurrentIndex(max(0, index))
        self.clock_combo.blockSignals(False)
        self._on_clock()

    def _fill_tracks(self, ctx: Context) -> None:
        current = self.track_combo.currentData()
        self.track_combo.blockSignals(True)
        self.track_combo.clear()
        first_free = -1
        for index, (track, marks) in enumerate(ctx.sheet.xp):
            trained = not ctx.progress.can_train(track)
            if trained:
                text = tr("{track}  (trained this downtime)").format(track=track)
            else:
                text = tr("{track}  ({marks} XP)").format(track=track, marks=marks)
            self.track_combo.addItem(text, track)
            if trained:
                model = self.track_combo.model()
                item = model.item(index) if isinstance(model, QStandardItemModel) else None
                if item is not None:  # a combo box's own model is a QStandardItemModel
                    item.setEnabled(False)
            elif first_free < 0:
                first_free = index
        index = self.track_combo.findData(current) if current else -1
        if index < 0 or not ctx.progress.can_train(str(current)):
            index = first_free
        self.track_combo.setCurrentIndex(max(0, index))
        self.track_combo.blockSignals(False)

    # -- choices -------------------------------------------------------------------------------

    def activity(self) -> str:
        return str(self.activity_combo.currentData())

    def _on_activity(self) -> None:
        activity = self.activity()
        for key, page in self._pages.items():
            page.setVisible(key == activity)
        self.effect_box.setTitle(activity_word(window_translator(), activity))
        self.roll_box.setVisible(activity in ROLLING)
        self._on_mode()

    def _on_clock(self) -> None:
        self.new_clock_row.setVisible(self.clock_combo.currentData() == NEW_CLOCK)
        self.update_preview()

    def _on_mode(self) -> None:
        if self.activity() != downtime.HEALING:
            self.picker.set_position(self.picker.position_combo.currentData(), locked=False)
            self.update_preview()
            return
        mode = downtime.healing_mode(str(self.mode_combo.currentData()))
        position = POSITION_OF_TARGET[mode.target]
        self.picker.set_position(position, locked=True, tip=tr("Set by the way of healing."))
        if mode.stress and mode.disadvantage:
            hint = tr(
                "Rolls against {position} ({target}), takes {stress} stress; roll with "
                "disadvantage. Failure recovers once, Success twice, Critical 2 + m times."
            )
        elif mode.stress:
            hint = tr(
                "Rolls against {position} ({target}), takes {stress} stress. "
                "Failure recovers once, Success twice, Critical 2 + m times."
            )
        elif mode.disadvantage:
            hint = tr(
                "Rolls against {position} ({target}), costs no stress; roll with "
                "disadvantage. Failure recovers once, Success twice, Critical 2 + m times."
            )
        else:
            hint = tr(
                "Rolls against {position} ({target}), costs no stress. "
                "Failure recovers once, Success twice, Critical 2 + m times."
            )
        self.mode_hint.setText(
            hint.format(
                position=position_word(window_translator(), position),
                target=mode.target,
                stress=mode.stress,
            )
        )
        self.update_preview()

    def _clock(self) -> ClockRecord | None:
        wanted = self.clock_combo.currentData()
        if self._ctx is None or wanted == NEW_CLOCK:
            return None
        return next((c for c in self._ctx.clocks if c.id == wanted), None)

    def _overindulgence(self) -> str:
        button = self.overindulge_group.checkedButton()
        return str(button.property("key")) if button is not None else ""

    # -- the plan --------------------------------------------------------------------------------

    def make_plan(self) -> Plan:
        """The step the form describes now; ValueError says what is missing or refused."""
        ctx = self._ctx
        if ctx is None:
            raise ValueError(tr("Pick a player character."))
        ctx = replace(ctx, extra=str(self.extra_combo.currentData()))
        activity, picker = self.activity(), self.picker
        if activity == downtime.ACQUIRE_ASSET:
            return plan_asset(
                ctx,
                self.asset_edit.text(),
                picker.require_result(),
                picker.coin(),
                self.quality_coin.value(),
            )
        if activity == downtime.LONG_TERM_PROJECT:
            return plan_project(
                ctx,
                self._clock(),
                self.clock_name.text(),
                self.clock_segments.value(),
                picker.require_result(),
                picker.coin(),
            )
        if activity == downtime.HEALING:
            mode = str(self.mode_combo.currentData())
            return plan_healing(ctx, mode, picker.require_result(), picker.coin())
        if activity == downtime.TRAIN:
            track = str(self.track_combo.currentData() or "")
            return plan_train(ctx, track, self.upgrade_check.isChecked())
        if activity == downtime.EXEMPLIFY_VIRTUE:
            return plan_virtue(ctx, self.virtue_face.value())
        return plan_vice(ctx, self.vice_face.value(), self._overindulgence())

    def update_preview(self) -> None:
        self._show_overindulgence()
        try:
            self._plan = self.make_plan()
        except ValueError as error:
            self._plan = None
            self.preview.setText(f"<i>{escaped(str(error))}</i>")  # untranslated: markup
        else:
            lines = [escaped(line) for line in self._plan.lines]  # names: only text
            shown = "<br>".join(lines)  # untranslated: markup
            self.preview.setText(shown or tr("Nothing changes on the sheets."))
        self.record_button.setEnabled(self._writable and self._plan is not None)
        self.error_label.clear()
        self.error_label.hide()

    def _show_overindulgence(self) -> None:
        ctx, face = self._ctx, self.vice_face.value()
        over = ctx is not None and face > 0 and downtime.indulge_vice(ctx.stress, face).overindulged
        self.overindulge_box.setVisible(over)

    def _record(self) -> None:
        if self._plan is not None:
            self.record_requested.emit(self._plan)

    def _recover(self) -> None:
        if self._ctx is None:
            return
        try:
            sheet, text = plan_recover(self._ctx)
        except ValueError as error:
            self.show_error(str(error))
            return
        self.recover_requested.emit(self._ctx.sheet, sheet, text)

    def recorded(self, plan: Plan) -> None:
        """After a step is written: a fresh form for the next activity (a project clock
        the step made is picked, for the next work on it)."""
        made = plan.step.new_clock
        if made is not None and self._ctx is not None:
            ids = [c.id for c in self._ctx.clocks if c.name == made.name]
            if ids:
                self.clock_combo.setCurrentIndex(self.clock_combo.findData(max(ids)))
        self.picker.reset()
        self.asset_edit.clear()
        self.quality_coin.setValue(0)
        self.clock_name.clear()
        for spin in (self.virtue_face, self.vice_face):
            spin.setValue(0)
        self.overindulge_group.setExclusive(False)
        for button in self.overindulge_group.buttons():
            button.setChecked(False)
        self.overindulge_group.setExclusive(True)
        self.update_preview()

    def show_error(self, message: str) -> None:
        show_error(self.error_label, message)


# -- the factions' phase ---------------------------------------------------------------------------
